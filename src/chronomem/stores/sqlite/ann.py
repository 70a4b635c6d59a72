"""Approximate nearest neighbours for the SQLite store's vector cache (``chronomem[ann]``).

:class:`HNSWIndex` implements :class:`~chronomem.stores.sqlite.vectors.VectorIndex` with an
hnswlib graph over unit vectors (inner product = cosine): incremental inserts, in-place
updates, deletions by tombstone (slots are reused), growth by resizing — never a rebuild.

:class:`AdaptiveIndex` is what the store uses: exact search while a (group, target) holds
fewer than :data:`ANN_THRESHOLD` vectors (exact is ~2 ms at 20k x 384 and always right),
then it moves its vectors into an :class:`HNSWIndex` once and continues there. Without
hnswlib installed it stays exact (and logs once how to install the extra).
``tests/test_ann.py`` checks recall@10 against exact search.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import numpy as np

from chronomem.model import Vector
from chronomem.ports import Matrix
from chronomem.stores.sqlite.vectors import ExactIndex, VectorIndex, normalise_rows

log = logging.getLogger(__name__)

ANN_THRESHOLD = 20_000
HNSW_M = 16  # graph degree: 16 keeps recall@10 >= 0.95 on 384-dim text embeddings
HNSW_EF_CONSTRUCTION = 100
HNSW_EF_SEARCH = 96  # candidates examined per query (raised to k when k is larger)
_warned = False


def hnswlib_available() -> bool:
    try:
        import hnswlib  # noqa: F401
    except ImportError:
        return False
    return True


class HNSWIndex:
    """Cosine nearest neighbours in an hnswlib graph; string ids mapped to integer labels."""

    def __init__(
        self,
        *,
        dimension: int,
        size: int = 0,
        m: int = HNSW_M,
        ef_construction: int = HNSW_EF_CONSTRUCTION,
        ef_search: int = HNSW_EF_SEARCH,
    ) -> None:
        import hnswlib

        self._dimension = dimension
        self._ef = ef_search
        self._index = hnswlib.Index(space="ip", dim=dimension)
        self._index.init_index(
            max_elements=max(size, 1024),
            M=m,
            ef_construction=ef_construction,
            random_seed=42,
            allow_replace_deleted=True,
        )
        self._labels: dict[str, int] = {}
        self._ids: dict[int, str] = {}
        self._next = 0
        self._free = 0  # tombstoned slots that inserts may reuse

    @property
    def dimension(self) -> int:
        return self._dimension

    def __len__(self) -> int:
        return len(self._labels)

    def upsert(self, ids: Sequence[str], vectors: Matrix) -> None:
        if len(ids) != len(vectors) or (len(ids) and vectors.shape[1] != self._dimension):
            raise ValueError(f"expected {len(ids)} vectors of dimension {self._dimension}")
        if not len(ids):
            return
        matrix = normalise_rows(vectors)
        last = {id_: i for i, id_ in enumerate(ids)}  # a repeated id: the last vector wins
        known = [(self._labels[i], row) for i, row in last.items() if i in self._labels]
        new = [(i, row) for i, row in last.items() if i not in self._labels]
        if known:  # hnswlib replaces the vector of an existing label in place
            old_labels, rows = zip(*known, strict=True)
            self._index.add_items(matrix[list(rows)], np.asarray(old_labels, dtype=np.int64))
        if new:
            self._grow(len(new))
            labels = np.arange(self._next, self._next + len(new), dtype=np.int64)
            self._next += len(new)
            reuse = min(self._free, len(new))
            self._index.add_items(
                matrix[[row for _, row in new]], labels, replace_deleted=reuse > 0
            )
            self._free -= reuse
            for (id_, _), label in zip(new, labels.tolist(), strict=True):
                self._labels[id_] = label
                self._ids[label] = id_

    def remove(self, ids: Sequence[str]) -> None:
        for id_ in ids:
            label = self._labels.pop(id_, None)
            if label is not None:
                del self._ids[label]
                self._index.mark_deleted(label)
                self._free += 1

    def search(self, query: Vector, k: int) -> list[tuple[str, float]]:
        k = min(k, len(self._labels))
        if k <= 0:
            return []
        self._index.set_ef(max(self._ef, k))
        vector = np.asarray(query, dtype=np.float32).reshape(1, -1)
        try:
            labels, distances = self._index.knn_query(vector, k=k)
        except RuntimeError:  # too few reachable live elements: ask for what exists
            self._index.set_ef(max(self._ef, 2 * k, len(self._labels)))
            labels, distances = self._index.knn_query(vector, k=k)
        ids = self._ids
        return [
            (ids[label], 1.0 - float(dist))
            for label, dist in zip(labels[0].tolist(), distances[0].tolist(), strict=True)
            if label in ids
        ]

    def _grow(self, extra: int) -> None:
        needed = self._index.element_count + extra
        capacity = self._index.get_max_elements()
        if needed > capacity:
            self._index.resize_index(max(needed, capacity * 2))


class _ExactWithExport(ExactIndex):
    def export(self) -> tuple[list[str], Matrix]:
        """Every (id, vector) held, for moving into another index."""
        return list(self._ids), self._matrix[: len(self._ids)].copy()


class AdaptiveIndex:
    """Exact below ``threshold`` vectors, HNSW from then on (when hnswlib is installed)."""

    def __init__(self, *, dimension: int, size: int = 0, threshold: int = ANN_THRESHOLD) -> None:
        self._dimension = dimension
        self._threshold = threshold
        self._exact: _ExactWithExport | None = None
        self._ann: HNSWIndex | None = None
        if size >= threshold and hnswlib_available():
            self._ann = HNSWIndex(dimension=dimension, size=size)
        else:
            self._exact = _ExactWithExport(dimension=dimension, size=size)

    @property
    def dimension(self) -> int:
        return self._dimension

    @property
    def approximate(self) -> bool:
        return self._ann is not None

    def __len__(self) -> int:
        return len(self._active())

    def upsert(self, ids: Sequence[str], vectors: Matrix) -> None:
        self._active().upsert(ids, vectors)
        if self._exact is not None and len(self._exact) >= self._threshold:
            self._switch()

    def remove(self, ids: Sequence[str]) -> None:
        self._active().remove(ids)

    def search(self, query: Vector, k: int) -> list[tuple[str, float]]:
        return self._active().search(query, k)

    def _active(self) -> VectorIndex:
        return self._ann if self._ann is not None else self._exact  # type: ignore[return-value]

    def _switch(self) -> None:
        global _warned
        if not hnswlib_available():
            if not _warned:
                log.warning(
                    "vector search stays exact above %d vectors: pip install "
                    '"chronomem[ann]" for an HNSW index',
                    self._threshold,
                )
                _warned = True
            self._threshold = 1 << 62
            return
        assert self._exact is not None
        ids, matrix = self._exact.export()
        ann = HNSWIndex(dimension=self._dimension, size=len(ids) * 2)
        ann.upsert(ids, matrix)
        self._ann, self._exact = ann, None


def adaptive_index(*, dimension: int, size: int) -> VectorIndex:
    """The store's :data:`~chronomem.stores.sqlite.vectors.IndexFactory`."""
    return AdaptiveIndex(dimension=dimension, size=size)
