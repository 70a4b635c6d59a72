"""Cosines of the default encoder's vectors, exact and on one thread.

The vectors are put on the encoder's grid and multiplied as integers
(:mod:`chronomem.gridmath`), so a cosine is the same to the last bit on every CPU and a
threshold decided on it cannot flip between machines; the product runs on one BLAS thread.
"""

from __future__ import annotations

from typing import Any

from chronomem.gridmath import Grid, on_grid, one_blas_thread
from chronomem.providers.local import GRID


def cosines(queries: Any, bank: Grid) -> Grid:
    """Each query's cosine with each row of ``bank`` (already ``on_grid``)."""
    with one_blas_thread():
        products = on_grid(queries) @ bank.T
    return products * (GRID * GRID)
