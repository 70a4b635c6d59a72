"""Exact arithmetic on a grid, the same to the last bit on every CPU.

The default encoder's vectors lie on a grid of 2^-11 (``providers/local.py``), and the
learned reader's weights on one of their own: as integer multiples of their steps, values
multiply and add exactly in float64 (every partial sum is an integer far below 2^53), so a
product is the same whatever the order of its sums -- on AVX2 or AVX-512, with one BLAS
thread or eight -- and a decision taken on it cannot flip between machines.

Products this small (tens of rows against a few thousand) finish no sooner on more BLAS
threads, and OpenBLAS's idle threads spin, which doubled the CPU of ingesting long turns:
:func:`one_blas_thread` limits the BLAS while they run. ``threadpoolctl`` (the ``local``
extra) sets the limit; without it the products are the same, only on more threads.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from chronomem.providers.local import GRID

Grid = npt.NDArray[np.float64]


def on_grid(values: npt.ArrayLike, grid: float = GRID) -> Grid:
    """``values`` as integer multiples of ``grid`` (float64, exact)."""
    return np.rint(np.asarray(values, dtype=np.float64) / grid)


def grid_cosine(a: npt.ArrayLike, b: npt.ArrayLike) -> float:
    """The cosine of two unit vectors on :data:`GRID` (the encoder's, ``canonical``): each
    product and every partial sum is an exact multiple of ``GRID``² in float64, so the
    value is the same on every CPU, whatever order the sums are taken in."""
    return float(on_grid(a) @ on_grid(b)) * GRID * GRID


def one_blas_thread() -> AbstractContextManager[object]:
    """The BLAS on one thread while in this block (small products: idle threads only spin)."""
    controller = _controller()
    return controller.limit(limits=1, user_api="blas") if controller is not None else nullcontext()


@cache
def _controller() -> Any:
    try:
        from threadpoolctl import ThreadpoolController  # type: ignore[import-untyped]
    except ImportError:  # the base install: the products on the BLAS's own threads
        return None
    return ThreadpoolController()
