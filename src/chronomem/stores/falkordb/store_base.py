"""FalkorDBStoreBase: what every part of a :class:`~chronomem.stores.falkordb.FalkorDBStore`
stands on.

The connection and the group placement (which graph a group lives in, its
:class:`.scope.Scope`), reads run in each group's scope, closing, the embedder binding
with the re-embedding that changes it (``chronomem reembed``), and a group's growth: the
indexes that fall due as it fills, or a packed group's move to its own graph
(:mod:`.growth`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress

import numpy as np

from chronomem.errors import StoreUnavailableError, UsageError
from chronomem.model import ChangeSet, Target, Vector, check_group_ids
from chronomem.stores.closing import ClosingStore
from chronomem.stores.falkordb import (
    cypher,
    cypher_search,
    growth,
    moveout,
    reads,
    rows,
    schema,
    search,
)
from chronomem.stores.falkordb.catalog import Catalog
from chronomem.stores.falkordb.connection import FalkorDBConnection
from chronomem.stores.falkordb.durability import confirm_durable
from chronomem.stores.falkordb.placement import Placement
from chronomem.stores.falkordb.scope import Scope
from chronomem.stores.reembedding import embedder_mismatch


class FalkorDBStoreBase(ClosingStore):
    """The connection, placement and catalog of a FalkorDB store, and its embedder."""

    def __init__(self, *, connection: FalkorDBConnection) -> None:
        self._conn = connection
        self._placement = Placement(connection)
        self._catalog = Catalog(connection, self._placement.group_ids)
        self._embedder: tuple[str, int] | None = None
        self._seen_dimension: int | None = None
        self._closed = False
        # rows of a label before its indexes (and a packed group's move), vectors before HNSW
        self.label_index_after = schema.LABEL_INDEX_AFTER
        self.vector_index_after = schema.VECTOR_INDEX_AFTER
        self.move_lease_s = moveout.LEASE_S  # a move left unfinished this long is taken over

    @property
    def connection(self) -> FalkorDBConnection:
        return self._conn

    def __repr__(self) -> str:
        return f"FalkorDBStore('falkordb://{self._conn.label}/{self._conn.address.prefix}')"

    def group_ids(self) -> list[str]:
        """The groups stored under this store's prefix, packed or in their own graph (every
        master is asked)."""
        if self._closed:
            raise UsageError(f"{self!r} is closed: open a new store to keep using it")
        return self._placement.group_ids()

    def scope(self, group_id: str) -> Scope:
        """Where the group lives now, for a query of one's own through ``connection``."""
        return self._placement.scope(self._groups([group_id])[0])

    # -- plumbing ----------------------------------------------------------------------------
    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._conn.close()

    def _groups(self, group_ids: Sequence[str]) -> tuple[str, ...]:
        if self._closed:
            raise UsageError(f"{self!r} is closed: open a new store to keep using it")
        return check_group_ids(group_ids)

    def _checked(self, group_id: str) -> str:
        """The group id, with the bound embedder checked against the server's record."""
        gid = self._groups([group_id])[0]
        if self._embedder is not None:
            self._catalog.check_embedder(*self._embedder)
        return gid

    def _reader(self) -> search.Reader:
        return self._conn.query

    def _scopes(self, group_ids: Sequence[str]) -> list[Scope]:
        return [self._placement.scope(g) for g in dict.fromkeys(self._groups(group_ids))]

    def _read(
        self, group_ids: Sequence[str], query: str, params: Mapping[str, object]
    ) -> reads.Tagged:
        """Run ``query`` in each group's scope, rows tagged with their group."""
        found: reads.Tagged = []
        for scope in self._scopes(group_ids):
            rows_ = self._conn.query(scope, query, params)
            found.extend((scope.group_id, row) for row in rows_)
        return found

    @property
    def _dimension(self) -> int | None:
        """The bound embedder's dimension; unbound, the first dimension seen in the data."""
        return self._seen_dimension if self._embedder is None else self._embedder[1]

    def _learn_dimension(self, vectors: Sequence[Vector | None]) -> None:
        if self._embedder is None and self._seen_dimension is None:
            shapes = [np.shape(v) for v in vectors if v is not None]
            sizes = [shape[0] for shape in shapes if len(shape) == 1 and shape[0] > 0]
            self._seen_dimension = sizes[0] if sizes else None

    def bind_embedder(self, name: str, dimension: int) -> None:
        if (
            not isinstance(name, str)
            or not name
            or not isinstance(dimension, int)
            or dimension <= 0
        ):
            raise UsageError("bind_embedder needs the embedder's name and a positive dimension")
        if self._embedder is not None and self._embedder != (name, dimension):
            raise embedder_mismatch(
                repr(self), self._embedder, (name, dimension), db_hint=self._shard_url()
            )
        if self._seen_dimension not in (None, dimension):
            raise UsageError(
                f"{self!r} already holds {self._seen_dimension}-dim embeddings, not {dimension}:"
                " use the embedder that wrote them, or a new database (another graph prefix)"
            )
        with suppress(StoreUnavailableError):  # a server that is down is checked on next use
            self._catalog.check_embedder(name, dimension)
        self._embedder = (name, dimension)

    def _shard_url(self) -> str:
        return self._catalog.db_hint

    def start_reembed(self, name: str, dimension: int) -> list[str]:
        if not isinstance(name, str) or not name or not isinstance(dimension, int) or dimension < 1:
            raise UsageError("start_reembed needs the embedder's name and a positive dimension")
        left = sorted(self._catalog.start_reembed(name, dimension))
        self._embedder = None if left else (name, dimension)
        return left

    def write_embeddings(
        self, group_id: str, vectors: Mapping[Target, Mapping[str, Vector]]
    ) -> None:
        gid = self._groups([group_id])[0]
        sizes = {int(np.shape(v)[0]) for by_id in vectors.values() for v in by_id.values()}
        labels = {cypher_search.VECTOR_LABEL[Target(t)] for t, by_id in vectors.items() if by_id}
        size = sizes.pop() if len(sizes) == 1 else None
        scope = self._placement.scope(gid, fresh=True)
        indexed = {label for label in labels if self._catalog.has_vector_index(scope, label)}
        if size is not None:  # the label indexes the group has (small groups have none)
            self._catalog.ensure_indexes(scope, size, indexed)
        for target, by_id in vectors.items():
            what = f"a re-embedded {Target(target).value[:-1]}"
            rows_ = [{"id": i, "v": rows.vector_param(v, None, what)} for i, v in by_id.items()]
            for start in range(0, len(rows_), 500):
                chunk = {"rows": rows_[start : start + 500]}
                ids = {"rows": [{"id": r["id"]} for r in chunk["rows"]]}
                self._conn.query(scope, cypher.CLEAR_VECTORS[Target(target)], ids, write=True)
                self._conn.query(scope, cypher.SET_VECTORS[Target(target)], chunk, write=True)
        self._conn.query(scope, cypher.BUMP_VERSION, {}, write=True)
        if size is not None:  # rows that had no vector before may make an index due
            scope = self._grow(scope, set(), labels - indexed, size)
        confirm_durable(self._conn, scope)
        self._catalog.finish_group(gid)

    def _grow_ahead(self, group_id: str, changes: ChangeSet) -> None:
        """A change set big enough on its own (an import) gets the group's indexes first."""
        limits = growth.Thresholds(
            self.label_index_after, self.vector_index_after, self.move_lease_s
        )
        due = growth.due_in(changes, limits)
        growth.grow_ahead(
            self._conn, self._catalog, self._placement, group_id, due, self._dimension, limits
        )

    def _grow(
        self, scope: Scope, rows: set[str], vectors: set[str], dimension: int | None = None
    ) -> Scope:
        """Indexes due in the group's graph, or a packed group's move out (:mod:`.growth`)."""
        return growth.grow(
            self._conn,
            self._catalog,
            self._placement,
            scope,
            (rows, vectors),
            self._dimension if dimension is None else dimension,
            growth.Thresholds(self.label_index_after, self.vector_index_after, self.move_lease_s),
        )
