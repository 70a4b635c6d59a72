"""Cosines of the default encoder's vectors, exact and on one thread.

The encoder's vectors lie on a grid of 2^-11 (``providers/local.py``): as integers they
multiply and add exactly in float64 (every partial sum is an integer far below 2^53), so a
cosine is the same to the last bit whatever the order of the sum — on AVX2 or AVX-512, with
one BLAS thread or eight — and a threshold decided on it cannot flip between machines.

The product runs with the BLAS limited to one thread: at the cue's sizes (tens of clauses
against a few thousand prototypes) more threads finish no sooner, and OpenBLAS's idle
threads spin, which doubled the CPU of ingesting long turns. ``threadpoolctl`` (the
``local`` extra) sets the limit; without it the product is the same, only on more threads.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from chronomem.providers.local import GRID

Grid = npt.NDArray[np.float64]


def on_grid(vectors: Any) -> Grid:
    """``vectors`` as integer multiples of the grid (float64, exact)."""
    return np.rint(np.asarray(vectors, dtype=np.float64) / GRID)


def cosines(queries: Any, bank: Grid) -> Grid:
    """Each query's cosine with each row of ``bank`` (already ``on_grid``)."""
    with one_blas_thread():
        products = on_grid(queries) @ bank.T
    return products * (GRID * GRID)


def one_blas_thread() -> AbstractContextManager[object]:
    """The BLAS on one thread while in this block (small products: idle threads only spin)."""
    controller = _controller()
    return controller.limit(limits=1, user_api="blas") if controller is not None else nullcontext()


@cache
def _controller() -> Any:
    try:
        from threadpoolctl import ThreadpoolController  # type: ignore[import-untyped]
    except ImportError:  # the base install: the product on the BLAS's own threads
        return None
    return ThreadpoolController()
