"""Vector checks shared by every store: what an embedding or a query vector must look like."""

from __future__ import annotations

import numpy as np

from chronomem.errors import UsageError
from chronomem.model import Vector


def check_vector(vector: object, what: str) -> Vector:
    """``vector`` as a 1-D float32 array; anything else is a UsageError saying what to pass."""
    array = np.asarray(vector)
    if array.ndim != 1 or array.size == 0 or not np.issubdtype(array.dtype, np.floating):
        raise UsageError(
            f"{what} must be a non-empty 1-D float vector, got shape {array.shape} of "
            f"{array.dtype}: pass one row of Embedder.embed_batch(...)"
        )
    if not np.all(np.isfinite(array)):
        raise UsageError(f"{what} holds NaN or infinite values: check the embedder's output")
    return np.ascontiguousarray(array, dtype=np.float32)


def unit_query(vector: object) -> Vector | None:
    """The query as a unit-length float32 vector (a single-row matrix is accepted);
    None for the zero vector, which matches nothing."""
    array = np.asarray(vector, dtype=np.float32)
    if array.ndim == 2 and array.shape[0] == 1:
        array = array[0]
    if array.ndim != 1 or array.size == 0:
        raise UsageError(
            f"the query vector must be 1-D, got shape {array.shape}: pass "
            "embedder.embed_batch([text], kind='query')[0]"
        )
    norm = float(np.linalg.norm(array))
    return None if norm == 0 or not np.isfinite(norm) else array / norm
