"""In-memory vector indexes over a group's embeddings, kept fresh by the group's version.

:class:`VectorIndex` is what the SQLite store searches; :class:`ExactIndex` implements it
with one L2-normalised float32 matrix (a single-threaded matrix-vector product per query,
~2 ms at 10k x 384). An approximate index (HNSW) can implement the same protocol and be
chosen by an :data:`IndexFactory` above a size threshold; indexes receive incremental
``upsert`` and ``remove`` calls after each write made through this process, and are rebuilt
from the database when another process has written the group.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from chronomem.model import Target, Vector
from chronomem.ports import Matrix

Key = tuple[str, Target]  # (group id, target)
Token = tuple[int, int]  # (serial, version) of the group's row: changes with every write


class VectorIndex(Protocol):
    """Nearest neighbours by cosine similarity over (id, vector) pairs."""

    @property
    def dimension(self) -> int: ...

    def __len__(self) -> int: ...

    def upsert(self, ids: Sequence[str], vectors: Matrix) -> None:
        """Add or replace vectors (any length; the index normalises them)."""
        ...

    def remove(self, ids: Sequence[str]) -> None:
        """Forget ``ids`` (unknown ids are ignored)."""
        ...

    def search(self, query: Vector, k: int) -> list[tuple[str, float]]:
        """Up to ``k`` (id, cosine) pairs, best first. ``query`` has unit length."""
        ...


class IndexFactory(Protocol):
    def __call__(self, *, dimension: int, size: int) -> VectorIndex:
        """A new, empty index for about ``size`` vectors of ``dimension``."""
        ...


def normalise_rows(vectors: Matrix) -> Matrix:
    """Rows scaled to unit length (zero rows stay zero)."""
    matrix = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return np.divide(matrix, norms, dtype=np.float32)  # always a new array


class ExactIndex:
    """Exact cosine search over a growable, normalised float32 matrix."""

    def __init__(self, *, dimension: int, size: int = 0) -> None:
        self._dimension = dimension
        self._matrix = np.zeros((max(size, 16), dimension), dtype=np.float32)
        self._ids: list[str] = []
        self._rows: dict[str, int] = {}

    @property
    def dimension(self) -> int:
        return self._dimension

    def __len__(self) -> int:
        return len(self._ids)

    def upsert(self, ids: Sequence[str], vectors: Matrix) -> None:
        if len(ids) != len(vectors) or (len(ids) and vectors.shape[1] != self._dimension):
            raise ValueError(f"expected {len(ids)} vectors of dimension {self._dimension}")
        matrix = normalise_rows(vectors)
        last = {id_: i for i, id_ in enumerate(ids)}  # a repeated id: the last vector wins
        if not self._ids and len(last) == len(ids):  # bulk load into an empty index
            self._matrix, self._ids, self._rows = matrix, list(ids), last
            return
        old = [(self._rows[id_], i) for id_, i in last.items() if id_ in self._rows]
        new = [(id_, i) for id_, i in last.items() if id_ not in self._rows]
        if old:
            rows, sources = zip(*old, strict=True)
            self._matrix[list(rows)] = matrix[list(sources)]
        if new:
            start = len(self._ids)
            self._reserve(start + len(new))
            self._matrix[start : start + len(new)] = matrix[[i for _, i in new]]
            for offset, (id_, _) in enumerate(new):
                self._rows[id_] = start + offset
                self._ids.append(id_)

    def remove(self, ids: Sequence[str]) -> None:
        for id_ in ids:
            row = self._rows.pop(id_, None)
            if row is None:
                continue
            last = len(self._ids) - 1
            moved = self._ids.pop()
            if row != last:  # move the last row into the hole
                self._matrix[row] = self._matrix[last]
                self._ids[row] = moved
                self._rows[moved] = row

    def search(self, query: Vector, k: int) -> list[tuple[str, float]]:
        count = len(self._ids)
        if k <= 0 or count == 0:
            return []
        # einsum: one thread, no BLAS pool (threads spinning on a busy machine cost 4-8x)
        vector = np.asarray(query, dtype=np.float32)
        scores = np.einsum("ij,j->i", self._matrix[:count], vector)
        if k < count:
            # every row tied with the k-th score, then the first k in row order: equal
            # scores (canonical vectors make them exact) never leave the pick to the
            # partition algorithm, whose choice among ties differs by numpy build and CPU
            kth = np.partition(scores, count - k)[count - k]
            top = np.flatnonzero(scores >= kth)
            order = top[np.argsort(-scores[top], kind="stable")][:k]
        else:
            order = np.argsort(-scores, kind="stable")
        ids = self._ids
        return [
            (ids[i], float(s)) for i, s in zip(order.tolist(), scores[order].tolist(), strict=True)
        ]

    def _reserve(self, needed: int) -> None:
        capacity = len(self._matrix)
        if needed <= capacity:
            return
        grown = np.zeros((max(needed, capacity * 2), self._dimension), dtype=np.float32)
        grown[:capacity] = self._matrix
        self._matrix = grown


@dataclass(slots=True)
class VectorDelta:
    """What one write changed in a (group, target): deletions first, then puts (last wins).

    ``reset`` means the write replaced every row of the target (start from an empty index).
    """

    reset: bool = False
    deleted: list[str] = field(default_factory=list)
    puts: dict[str, Vector | None] = field(default_factory=dict)

    def put(self, id_: str, vector: Vector | None) -> None:
        self.puts.pop(id_, None)
        self.puts[id_] = vector


Loader = Callable[[], tuple[list[str], Matrix | None]]


def default_index(*, dimension: int, size: int) -> VectorIndex:
    """Exact while small, HNSW above a size threshold (see :mod:`.ann`)."""
    from chronomem.stores.sqlite.ann import adaptive_index

    return adaptive_index(dimension=dimension, size=size)


class VectorCache:
    """One index per (group, target), valid while the group's token is unchanged."""

    def __init__(self, *, factory: IndexFactory = default_index) -> None:
        self._factory = factory
        self._entries: dict[Key, tuple[Token, VectorIndex | None]] = {}
        self._newest: dict[Key, tuple[Token, int | None]] = {}

    def get(self, key: Key, token: Token, load: Loader) -> VectorIndex | None:
        """The index for ``key`` at ``token``, (re)built with ``load`` when stale or absent."""
        entry = self._entries.get(key)
        if entry is not None and entry[0] == token:
            return entry[1]
        ids, matrix = load()
        index = None
        if matrix is not None and len(ids):
            index = self._factory(dimension=int(matrix.shape[1]), size=len(ids))
            index.upsert(ids, matrix)
        self._entries[key] = (token, index)
        return index

    def newest(self, key: Key, token: Token, load: Callable[[], int | None]) -> int | None:
        """The latest ``created_at`` (micros; None: no rows) of ``key``'s rows at ``token``,
        read with ``load`` once per token (any write changes the token)."""
        entry = self._newest.get(key)
        if entry is not None and entry[0] == token:
            return entry[1]
        value = load()
        self._newest[key] = (token, value)
        return value

    def advance(
        self, group_id: str, old: Token, new: Token, deltas: dict[Target, VectorDelta]
    ) -> None:
        """A write moved the group from ``old`` to ``new``: update indexes that were fresh."""
        for key in [k for k in self._entries if k[0] == group_id]:
            token, index = self._entries.pop(key)
            if token != old:
                continue  # stale already: rebuilt on next use
            delta = deltas.get(key[1])
            if delta is not None:
                try:
                    index = self._apply(index, delta)
                except Exception:  # the write is committed: rebuild on next use
                    continue
            self._entries[key] = (new, index)

    def forget_group(self, group_id: str) -> None:
        for key in [k for k in self._entries if k[0] == group_id]:
            del self._entries[key]
        for key in [k for k in self._newest if k[0] == group_id]:
            del self._newest[key]

    def clear(self) -> None:
        self._entries.clear()
        self._newest.clear()

    def _apply(self, index: VectorIndex | None, delta: VectorDelta) -> VectorIndex | None:
        if delta.reset:
            index = None
        removed = delta.deleted + [id_ for id_, v in delta.puts.items() if v is None]
        if index is not None and removed:
            index.remove(removed)
        upserts = [(id_, v) for id_, v in delta.puts.items() if v is not None]
        if upserts:
            matrix = np.stack([v for _, v in upserts]).astype(np.float32, copy=False)
            if index is None:
                index = self._factory(dimension=int(matrix.shape[1]), size=len(matrix))
            index.upsert([id_ for id_, _ in upserts], matrix)
        return index
