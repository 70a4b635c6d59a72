"""Training the span tagger (``tagger.py``) with torch; training time only.

torch (CPU) is needed here and nowhere else: ``pip install torch==2.13.0`` (the CPU build)
before running ``scripts/train_reader.py``. Seeded, one thread, deterministic algorithms,
a fixed batch order: the same corpus gives the same weights on the same machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from chronomem.errors import UsageError
from chronomem.extractors.learned.corpus import Item
from chronomem.extractors.learned.features import SHAPES, piece_inputs
from chronomem.extractors.learned.labels import tag_tokens
from chronomem.extractors.learned.tagger import (
    TAGS,
    TASKS,
    WEIGHT_GRID,
    Direction,
    Tagger,
)
from chronomem.gridmath import on_grid
from chronomem.providers.local import GRID, TokenStates

Sequences = list[tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]]


@dataclass(frozen=True, slots=True)
class TaggerRecipe:
    """How the tagger is trained (chosen on the corpus's held-out split)."""

    hidden: int = 64
    epochs: int = 8
    batch: int = 32
    lr: float = 2e-3
    dropout: float = 0.25
    weight_decay: float = 1e-5
    seed: int = 20
    shapes: tuple[str, ...] = SHAPES  # how a word is written, read beside its states


def tagger_sequences(
    items: Sequence[Item], encodings: Sequence[TokenStates], shapes: tuple[str, ...] = SHAPES
) -> Sequences:
    """Per item: the tagger's input (``features.piece_inputs``) and the tags, shape
    (wordpieces, tasks)."""
    out: Sequences = []
    for item, enc in zip(items, encodings, strict=True):
        inner = enc.offsets[1:-1]
        columns = []
        for task in TASKS:
            spans = dict.fromkeys(getattr(f, task) for f in item.facts)
            tags = tag_tokens(inner, [(s, "") for s in spans if s])
            columns.append([TAGS.index(t) for t in tags])
        tags_by_piece = np.asarray(columns, dtype=np.int64).T.reshape(-1, len(TASKS))
        out.append((piece_inputs(enc, item.text, len(inner), shapes), tags_by_piece))
    return out


def fit_tagger(data: Sequences, recipe: TaggerRecipe = TaggerRecipe()) -> Tagger:
    """Train the BiGRU tagger on ``data`` (``tagger_sequences``) and export it."""
    torch, nn = _torch()
    torch.manual_seed(recipe.seed)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    data = [(x, y) for x, y in data if len(x)]
    net = _net(nn, data[0][0].shape[1], recipe)
    opt = torch.optim.Adam(net.parameters(), lr=recipe.lr, weight_decay=recipe.weight_decay)
    order = np.random.default_rng(recipe.seed)
    for _ in range(recipe.epochs):
        net.train()
        perm = order.permutation(len(data))
        for start in range(0, len(perm), recipe.batch):
            batch = [data[i] for i in perm[start : start + recipe.batch]]
            opt.zero_grad()
            loss = _batch_loss(torch, nn, net, batch)
            loss.backward()
            opt.step()
    return export(net.gru, net.out, recipe.shapes)


def tag_arrays(tagger: Tagger, states: npt.NDArray[np.float32]) -> npt.NDArray[np.int64]:
    """The tagger's decoded tags for one sequence, shape (wordpieces, tasks)."""
    decoded = tagger.tags(states)
    return np.asarray([decoded[t][0] for t in TASKS], dtype=np.int64).T.reshape(-1, len(TASKS))


def export(gru: Any, out: Any, shapes: tuple[str, ...] = ()) -> Tagger:
    """A torch ``nn.GRU`` (one layer, bidirectional) and ``nn.Linear`` as a :class:`Tagger`
    with its weights on ``WEIGHT_GRID``, reading the ``shapes`` columns."""

    def w(name: str) -> npt.NDArray[np.float64]:
        return np.asarray(getattr(gru, name).detach().numpy(), dtype=np.float64)

    def direction(suffix: str) -> Direction:
        return Direction(
            on_grid(w(f"weight_ih_l0{suffix}").T, WEIGHT_GRID),
            on_grid(w(f"weight_hh_l0{suffix}").T, WEIGHT_GRID),
            w(f"bias_ih_l0{suffix}"),
            w(f"bias_hh_l0{suffix}"),
        )

    w_out = np.asarray(out.weight.detach().numpy(), dtype=np.float64).T
    b_out = np.asarray(out.bias.detach().numpy(), dtype=np.float64)
    return Tagger(direction(""), direction("_reverse"), on_grid(w_out, WEIGHT_GRID), b_out, shapes)


def _batch_loss(torch: Any, nn: Any, net: Any, batch: Sequences) -> Any:
    lengths = [len(x) for x, _ in batch]
    width = max(lengths)
    x = np.zeros((len(batch), width, batch[0][0].shape[1]), dtype=np.float32)
    y = np.full((len(batch), width, len(TASKS)), -100, dtype=np.int64)
    for i, (xs, ys) in enumerate(batch):
        x[i, : len(xs)] = on_grid(xs, GRID) * GRID
        y[i, : len(ys)] = ys
    logits = net(torch.from_numpy(x), torch.tensor(lengths))
    target = torch.from_numpy(y)
    return nn.functional.cross_entropy(
        logits.reshape(-1, len(TAGS)), target.reshape(-1), ignore_index=-100
    )


def _net(nn: Any, size: int, recipe: TaggerRecipe) -> Any:  # a torch module
    class Net(nn.Module):  # type: ignore[misc]  # torch's base class is untyped here
        def __init__(self) -> None:
            super().__init__()
            self.drop = nn.Dropout(recipe.dropout)
            self.gru = nn.GRU(size, recipe.hidden, batch_first=True, bidirectional=True)
            self.out = nn.Linear(2 * recipe.hidden, len(TASKS) * len(TAGS))

        def forward(self, x: Any, lengths: Any) -> Any:
            pack = nn.utils.rnn.pack_padded_sequence
            packed = pack(self.drop(x), lengths, batch_first=True, enforce_sorted=False)
            h, _ = self.gru(packed)
            h, _ = nn.utils.rnn.pad_packed_sequence(h, batch_first=True, total_length=x.shape[1])
            return self.out(self.drop(h)).reshape(x.shape[0], x.shape[1], len(TASKS), len(TAGS))

    return Net()


def _torch() -> tuple[Any, Any]:
    try:
        import torch
        from torch import nn
    except ImportError as exc:
        raise UsageError(
            "training the span tagger needs torch (CPU): pip install torch==2.13.0 "
            "--index-url https://download.pytorch.org/whl/cpu"
        ) from exc
    return torch, nn
