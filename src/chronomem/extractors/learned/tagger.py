"""The span tagger: one bidirectional GRU over a clause's wordpiece states, BIO tags out.

The value and ends taggers share the GRU (trained with torch at training time only,
``tagger_training.py``); inference here is numpy. Each wordpiece's tags are read with the
whole clause around it, and a span is decoded by Viterbi under the BIO constraint (an
``I`` only after a ``B`` or an ``I``), so a multi-word name is not cut in the middle.

Same text, same tags on every CPU: the weights are stored as integer multiples of
``WEIGHT_GRID``, the encoder's states and the GRU's hidden states are put on the
encoder's grid, so every matrix product is of integers and exact in float64 whatever the
summation order; sigmoid and tanh (whose last bit may differ between SIMD paths) feed
only values rounded back to the grid, and the logits are rounded to ``LOGIT_DECIMALS``
and decoded as integers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

import numpy as np
import numpy.typing as npt

from chronomem.extractors.learned.heads import LOGIT_DECIMALS
from chronomem.gridmath import on_grid, one_blas_thread
from chronomem.providers.local import GRID

F64 = npt.NDArray[np.float64]
WEIGHT_GRID: Final = 2.0**-14
TASKS: Final = ("value", "ends")  # the span kinds the tagger reads, in output order
TAGS: Final = ("O", "B", "I")
_SCALE: Final = 10**LOGIT_DECIMALS
# BIO: an I may follow only a B or an I (rows: previous tag, columns: next tag)
_ALLOWED: Final = np.array([[1, 1, 0], [1, 1, 1], [1, 1, 1]], dtype=bool)


@dataclass(frozen=True, slots=True)
class Direction:
    """One direction of the GRU (torch's layout: gates r, z, n; weights as grid integers)."""

    w_ih: F64  # (input, 3 * hidden)
    w_hh: F64  # (hidden, 3 * hidden)
    b_ih: F64  # (3 * hidden,)
    b_hh: F64


@dataclass(frozen=True, slots=True)
class Both:
    """The two directions run as one: step ``t`` of the backward direction reads wordpiece
    ``len(x) - 1 - t``, and the gates of both are one row laid out ``r_f r_b z_f z_b n_f
    n_b``, the hidden states one row ``h_f h_b``, their weights one block-diagonal matrix
    (the zeros add exact zeros), already scaled by the grids' steps (a power of two: exact).
    Every sum is of grid integers, so each gate is what the two directions computed apart
    give, to the last bit; one small product per step instead of two."""

    w_ih: F64  # (input, 6 * hidden): the forward direction's gates, then the backward's
    b_ih: F64
    w_hh: F64  # (2 * hidden, 6 * hidden), in the interleaved layout, scaled
    b_hh: F64

    @classmethod
    def of(cls, forward: Direction, backward: Direction) -> Both:
        size = forward.w_hh.shape[0]
        w_hh = np.zeros((2 * size, 6 * size))
        b_hh = np.zeros(6 * size)
        for k, d in enumerate((forward, backward)):
            rows = slice(k * size, (k + 1) * size)
            for gate in range(3):
                columns = slice((2 * gate + k) * size, (2 * gate + k + 1) * size)
                w_hh[rows, columns] = d.w_hh[:, gate * size : (gate + 1) * size]
                b_hh[columns] = d.b_hh[gate * size : (gate + 1) * size]
        w_ih = np.hstack([forward.w_ih, backward.w_ih])
        b_ih = np.concatenate([forward.b_ih, backward.b_ih])
        return cls(w_ih, b_ih, w_hh * (GRID * WEIGHT_GRID), b_hh)

    def hidden(self, x: F64) -> F64:
        size = self.w_hh.shape[0] // 2
        steps = len(x)
        both = x @ self.w_ih * (GRID * WEIGHT_GRID) + self.b_ih  # (steps, 6 * hidden)
        forward = both[:, : 3 * size].reshape(steps, 3, 1, size)
        backward = both[::-1, 3 * size :].reshape(steps, 3, 1, size)
        inputs = np.concatenate([forward, backward], axis=2).reshape(steps, 6 * size)
        h = np.zeros(2 * size)
        out = np.empty((steps, 2 * size))
        for t in range(steps):
            gates = h @ self.w_hh + self.b_hh
            rz = _sigmoid(inputs[t, : 4 * size] + gates[: 4 * size])
            z = rz[2 * size :]
            n = np.tanh(inputs[t, 4 * size :] + rz[: 2 * size] * gates[4 * size :])
            h = np.rint(((1.0 - z) * n + z * h * GRID) / GRID)
            out[t] = h
        return np.hstack([out[:, :size], out[::-1, size:]])


@dataclass(frozen=True, slots=True)
class Tagger:
    """The GRU's two directions and one linear layer to ``len(TASKS) * 3`` tag logits;
    ``shapes``: the columns of how a word is written it reads beside each wordpiece's state
    (``features.piece_inputs``; saved with the weights)."""

    forward: Direction
    backward: Direction
    w_out: F64  # (2 * hidden, len(TASKS) * 3), grid integers
    b_out: F64
    shapes: tuple[str, ...] = ()
    both: Both = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "both", Both.of(self.forward, self.backward))

    def logits(self, states: npt.ArrayLike) -> F64:
        """Per wordpiece and task, the tag logits as integers (thousandths):
        shape (wordpieces, len(TASKS), 3)."""
        x = on_grid(states, GRID)
        with one_blas_thread():  # products of a few hundred numbers: more threads only spin
            h = self.both.hidden(x)
            z = h @ self.w_out * (GRID * WEIGHT_GRID) + self.b_out
        return np.rint(z * _SCALE).reshape(len(x), len(TASKS), len(TAGS))

    def tags(self, states: npt.ArrayLike) -> dict[str, tuple[list[int], F64]]:
        """Per task: the best tag sequence under the BIO constraint and each wordpiece's
        tag probabilities."""
        z = self.logits(states)
        out = {}
        for k, task in enumerate(TASKS):
            scores = z[:, k, :]
            p = np.exp((scores - scores.max(axis=1, keepdims=True)) / _SCALE)
            out[task] = (viterbi(scores), p / p.sum(axis=1, keepdims=True))
        return out

    def arrays(self, prefix: str) -> dict[str, npt.NDArray[np.generic]]:
        """The weights to save: grid integers as int32, biases as float64."""
        out: dict[str, npt.NDArray[np.generic]] = {
            f"{prefix}.w_out": self.w_out.astype(np.int32),
            f"{prefix}.b_out": self.b_out,
            f"{prefix}.shapes": np.asarray(self.shapes, dtype=np.str_),
        }
        for name, d in (("forward", self.forward), ("backward", self.backward)):
            out[f"{prefix}.{name}.w_ih"] = d.w_ih.astype(np.int32)
            out[f"{prefix}.{name}.w_hh"] = d.w_hh.astype(np.int32)
            out[f"{prefix}.{name}.b_ih"], out[f"{prefix}.{name}.b_hh"] = d.b_ih, d.b_hh
        return out

    @classmethod
    def from_arrays(cls, arrays: Mapping[str, npt.ArrayLike], prefix: str) -> Tagger:
        def get(name: str) -> F64:
            return np.asarray(arrays[f"{prefix}.{name}"], dtype=np.float64)

        forward, backward = (
            Direction(*(get(f"{d}.{part}") for part in ("w_ih", "w_hh", "b_ih", "b_hh")))
            for d in ("forward", "backward")
        )
        shapes = tuple(str(s) for s in np.asarray(arrays.get(f"{prefix}.shapes", [])).tolist())
        return cls(forward, backward, get("w_out"), get("b_out"), shapes)


def viterbi(scores: F64) -> list[int]:
    """The tag sequence of highest total score (integers: exact) that starts with no ``I``
    and has no ``I`` after an ``O``; ties go to the lower tag index. (Three tags: plain
    integers in Python, no array per step.)"""
    if not len(scores):
        return []
    rows: list[list[int]] = np.asarray(scores, dtype=np.int64).tolist()
    allowed = [[i for i in range(len(TAGS)) if _ALLOWED[i, j]] for j in range(len(TAGS))]
    total = [v if j != TAGS.index("I") else None for j, v in enumerate(rows[0])]
    back: list[list[int]] = []
    for row in rows[1:]:
        best = [_best(total, allowed[j]) for j in range(len(TAGS))]
        back.append(best)
        total = [_plus(total[b], v) for b, v in zip(best, row, strict=True)]
    path = [_best(total, range(len(TAGS)))]
    for best in reversed(back):
        path.append(best[path[-1]])
    return path[::-1]


def _best(total: Sequence[int | None], among: Sequence[int]) -> int:
    """The first of ``among`` with the highest total (``None``: impossible)."""
    best = among[0]
    for i in among[1:]:
        if total[i] is not None and (total[best] is None or total[i] > total[best]):  # type: ignore[operator]
            best = i
    return best


def _plus(total: int | None, score: int) -> int | None:
    return None if total is None else total + score


def _sigmoid(x: F64) -> F64:
    return 1.0 / (1.0 + np.exp(-x))
