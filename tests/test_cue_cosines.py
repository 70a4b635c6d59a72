"""The cue's cosines are exact: the same to the last bit whatever the order of the sum (so
whatever the CPU's kernels or the BLAS's threads), equal to integer arithmetic on the grid."""

from __future__ import annotations

import numpy as np

from chronomem.extractors.rules.cue.cosines import cosines
from chronomem.gridmath import on_grid
from chronomem.providers.local import GRID


def _unit_on_grid(rng: np.random.Generator, rows: int) -> np.ndarray:
    raw = rng.normal(size=(rows, 384))
    raw /= np.linalg.norm(raw, axis=1, keepdims=True)
    return np.rint(raw / GRID) * GRID


def test_cosines_equal_integer_arithmetic_in_any_order() -> None:
    rng = np.random.default_rng(7)
    queries, bank = _unit_on_grid(rng, 5), _unit_on_grid(rng, 300)
    got = cosines(queries.astype(np.float32), on_grid(bank))
    q, b = on_grid(queries).astype(np.int64), on_grid(bank).astype(np.int64)
    assert np.array_equal(got, (q @ b.T).astype(np.float64) * GRID * GRID)
    order = rng.permutation(384)  # another order of the sum: the same bits
    assert np.array_equal(got, cosines(queries[:, order], on_grid(bank[:, order])))
