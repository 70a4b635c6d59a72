"""The learned reader's span tagger: BIO decoding, exact arithmetic, torch export, training."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest

from chronomem.extractors.learned.tagger import (
    TAGS,
    TASKS,
    WEIGHT_GRID,
    Direction,
    Tagger,
    viterbi,
)
from chronomem.gridmath import on_grid
from chronomem.providers.local import GRID

OUT, BEGIN, INSIDE = (TAGS.index(t) for t in ("O", "B", "I"))


def random_tagger(seed: int, size: int = 16, hidden: int = 6) -> Tagger:
    rng = np.random.default_rng(seed)

    def grid(*shape: int) -> np.ndarray:
        return on_grid(rng.standard_normal(shape) * 0.4, WEIGHT_GRID)

    def direction() -> Direction:
        return Direction(grid(size, 3 * hidden), grid(hidden, 3 * hidden),
                         rng.standard_normal(3 * hidden) * 0.1,
                         rng.standard_normal(3 * hidden) * 0.1)  # fmt: skip

    return Tagger(direction(), direction(), grid(2 * hidden, 3 * len(TASKS)), np.zeros(6))


def test_viterbi_never_opens_with_i_nor_puts_i_after_o() -> None:
    # per wordpiece: scores of O, B, I (thousandths); the greedy reading would be I, O, I, I
    scores = np.array([[0, 100, 900], [500, 0, 0], [0, 400, 700], [0, 0, 800]])
    path = viterbi(scores)
    assert path[0] != INSIDE
    assert all(not (a == OUT and b == INSIDE) for a, b in pairwise(path))
    assert path == [BEGIN, OUT, BEGIN, INSIDE]  # the best allowed path, not the greedy one cut
    assert viterbi(np.zeros((0, 3))) == []
    assert viterbi(np.zeros((3, 3))) == [OUT] * 3  # ties go to the lower tag


def test_the_tags_do_not_depend_on_the_order_of_the_sums() -> None:
    """Every product is of grid integers, so it is exact: summing the input dimensions in
    another order (as another CPU's BLAS may) gives the same logits to the last bit."""
    tagger = random_tagger(3)
    states = np.random.default_rng(4).standard_normal((9, 16)).astype(np.float32)
    order = np.random.default_rng(5).permutation(16)
    shuffled = Tagger(
        Direction(tagger.forward.w_ih[order], *vars_of(tagger.forward)[1:]),
        Direction(tagger.backward.w_ih[order], *vars_of(tagger.backward)[1:]),
        tagger.w_out,
        tagger.b_out,
    )
    assert np.array_equal(tagger.logits(states), shuffled.logits(states[:, order]))
    decoded = tagger.tags(states)
    assert set(decoded) == set(TASKS)
    for path, p in decoded.values():
        assert len(path) == 9 and np.allclose(p.sum(axis=1), 1.0)


def vars_of(d: Direction) -> tuple[np.ndarray, ...]:
    return (d.w_ih, d.w_hh, d.b_ih, d.b_hh)


def test_saved_arrays_load_back_to_the_same_tagger() -> None:
    tagger = random_tagger(8)
    arrays = tagger.arrays("tagger")
    assert arrays["tagger.forward.w_ih"].dtype == np.int32  # grid integers stored compactly
    back = Tagger.from_arrays(arrays, "tagger")
    states = np.random.default_rng(9).standard_normal((5, 16))
    assert np.array_equal(back.logits(states), tagger.logits(states))


def test_the_numpy_tagger_computes_what_the_torch_model_does() -> None:
    torch = pytest.importorskip("torch")
    from chronomem.extractors.learned.tagger_training import export

    torch.manual_seed(1)
    gru = torch.nn.GRU(16, 6, batch_first=True, bidirectional=True)
    out = torch.nn.Linear(12, 3 * len(TASKS))
    states = on_grid(np.random.default_rng(2).standard_normal((7, 16)), GRID) * GRID
    with torch.no_grad():
        h, _ = gru(torch.tensor(states[None], dtype=torch.float32))
        expected = out(h)[0].numpy().reshape(7, len(TASKS), 3)
    got = export(gru, out).logits(states) / 1000
    assert np.abs(got - expected).max() < 0.01  # grids of 2^-14 and 2^-11: close, not equal


def test_training_is_seeded_and_learns_spans_that_depend_on_their_neighbours() -> None:
    """A wordpiece is a value's B when the one before it is a marker, and its I when the
    one before is a B: no single wordpiece says it, the neighbours do."""
    pytest.importorskip("torch")
    from chronomem.extractors.learned.tagger_training import TaggerRecipe, fit_tagger

    rng = np.random.default_rng(11)
    marker, plain = rng.standard_normal(8), rng.standard_normal(8)
    data = []
    for _ in range(160):
        length = int(rng.integers(5, 9))
        at = int(rng.integers(0, length - 2))
        x = np.stack([plain + rng.standard_normal(8) * 0.3 for _ in range(length)])
        x[at] = marker + rng.standard_normal(8) * 0.3
        y = np.zeros((length, len(TASKS)), dtype=np.int64)
        y[at + 1, 0], y[at + 2, 0] = BEGIN, INSIDE
        data.append((x.astype(np.float32), y))
    recipe = TaggerRecipe(hidden=8, epochs=25, batch=16, lr=0.02, dropout=0.0)
    first, second = fit_tagger(data[:120], recipe), fit_tagger(data[:120], recipe)
    assert np.array_equal(first.forward.w_ih, second.forward.w_ih)
    right = sum(first.tags(x)["value"][0] == y[:, 0].tolist() for x, y in data[120:])
    assert right >= 36  # of 40 sequences never seen, whole tag sequences right


def test_the_tagger_reads_how_each_word_is_written_beside_its_state() -> None:
    """The encoder is uncased: the tagger's input adds, per wordpiece, how its word is
    written (a capital, all capitals, digits, its first piece, a sentence's first word,
    punctuation and quotes around it)."""
    from chronomem.extractors.learned.features import SHAPES, piece_shapes

    text = 'Ana: moved to Tampere, "Nokia" hired me in 2021. NASA too'
    words = ["Ana", ":", "moved", "to", "Tam", "pere", ",", '"', "Nokia", '"', "hired", "me",
             "in", "2021", ".", "NASA", "too"]  # fmt: skip
    offsets, at = [], 0
    for w in words:
        at = text.index(w, at)
        offsets.append((at, at + len(w)))
        at += len(w)
    shapes = piece_shapes(text, offsets)

    def on(word: str, nth: int = 0) -> set[str]:
        row = [i for i, w in enumerate(words) if w == word][nth]
        return {name for name, v in zip(SHAPES, shapes[row], strict=True) if v}

    assert on("Ana") == {"initial", "capital", "first", "punct_after"}
    assert on("moved") == {"initial", "first", "punct_before"}  # after "Ana:"
    assert on("to") == {"initial"}
    word = {"capital", "midcap", "punct_after"}  # of the word: every piece of "Tampere"
    assert on("Tam") == {"initial", *word} and on("pere") == word
    assert on("Nokia") == {"initial", "capital", "midcap", "quote", "punct_before", "punct_after"}
    assert on("2021") == {"initial", "digit", "punct_after"}
    assert on("NASA") == {"initial", "capital", "caps", "first", "punct_before"}


def test_the_shapes_a_tagger_reads_are_saved_with_it() -> None:
    from chronomem.extractors.learned.features import SHAPES, piece_inputs
    from chronomem.providers.local import TokenStates

    base = random_tagger(8, size=16 + 2)
    tagger = Tagger(base.forward, base.backward, base.w_out, base.b_out, ("capital", "digit"))
    back = Tagger.from_arrays(tagger.arrays("tagger"), "tagger")
    assert back.shapes == ("capital", "digit")
    text = "met Ana in 2020"
    offsets = [(0, 0), (0, 3), (4, 7), (8, 10), (11, 15), (0, 0)]
    states = np.random.default_rng(3).standard_normal((6, 16)).astype(np.float32)
    x = piece_inputs(TokenStates(states[0], states, offsets), text, 4, back.shapes)
    assert x.shape == (4, 18) and x[:, 16].tolist() == [0, 1, 0, 0]
    assert x[:, 17].tolist() == [0, 0, 0, 1] and set(back.shapes) <= set(SHAPES)
    assert np.array_equal(back.logits(x), tagger.logits(x))
