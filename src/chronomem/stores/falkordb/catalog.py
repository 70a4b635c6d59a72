"""What the server holds about our graphs, cached per process: each group graph's indexes,
and the embedding model recorded for the prefix (``<prefix>:embedder``)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping

from falkordb import FalkorDB

from chronomem.errors import StoreError, UsageError
from chronomem.stores.falkordb import schema
from chronomem.stores.falkordb.connection import FalkorDBConnection
from chronomem.stores.falkordb.cypher import (
    INDEX_STATES,
    LIST_INDEXES,
    VECTOR_COUNT,
    VECTOR_LABEL,
)

_TARGET_OF_LABEL = {label: target for target, label in VECTOR_LABEL.items()}
_RECHECK_S = 5.0  # an index missing from the cache is asked for again after this long

__all__ = ["Catalog"]


class Catalog:
    """Index and embedder bookkeeping for one :class:`FalkorDBConnection`."""

    def __init__(self, conn: FalkorDBConnection) -> None:
        self._conn = conn
        self._indexes: dict[str, schema.Known] = {}
        self._loaded_at: dict[str, float] = {}
        self._embedder_checked: tuple[str, int] | None = None

    def ensure_indexes(
        self,
        group_id: str,
        dimension: int | None,
        vector_labels: Iterable[str] = (),
        *,
        refresh: bool = False,
    ) -> None:
        """Create the indexes the group graph lacks (what exists is cached per process;
        ``refresh`` asks the server again). Creates the graph if it does not exist."""
        wanted = schema.wanted_indexes(dimension, vector_labels)
        known = None if refresh else self._indexes.get(group_id)
        if known is not None and not schema.missing_indexes(wanted, known):
            return
        known = self._load_indexes(group_id)
        missing = schema.missing_indexes(wanted, known)
        for spec in missing:
            try:
                statement = schema.create_statement(spec, dimension)
                self._conn.query(group_id, statement, {}, write=True)
            except StoreError as exc:
                if "already indexed" not in str(exc):
                    raise
            known.update((spec.label, prop, spec.kind) for prop in spec.properties)
        if missing:
            self._wait_operational(group_id)
        self._indexes[group_id] = known

    def _wait_operational(self, group_id: str, timeout_s: float = 60.0) -> None:
        """FalkorDB builds a new index in the background; rows written or searched while it
        is "UNDER CONSTRUCTION" can be missed, so wait until every index is operational."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            states = self._conn.query(group_id, INDEX_STATES, {})
            if all(str(row[0]) == "OPERATIONAL" for row in states):
                return
            time.sleep(0.01)
        raise StoreError(
            f"the indexes of group {group_id!r} were still being built after {timeout_s:.0f} s"
        )

    def has_index(self, group_id: str, label: str, prop: str, kind: str) -> bool:
        """Does the group graph hold this index? (A missing graph holds none.) An index
        missing from the cache is asked for again at most every few seconds."""
        known = self._indexes.get(group_id)
        fresh = time.monotonic() - self._loaded_at.get(group_id, -_RECHECK_S) < _RECHECK_S
        if known is None or ((label, prop, kind) not in known and not fresh):
            if not self._conn.graph_exists(group_id):
                return False
            known = self._indexes[group_id] = self._load_indexes(group_id)
        return (label, prop, kind) in known

    def has_vector_index(self, group_id: str, label: str) -> bool:
        spec = schema.VECTOR_INDEXES[label]
        return self.has_index(group_id, spec.label, spec.properties[0], spec.kind)

    def vector_labels_due(self, group_id: str, labels: Iterable[str], threshold: int) -> set[str]:
        """The labels among ``labels`` that have no vector index yet but hold ``threshold``
        vectors or more in the group (their index is due)."""
        due = set()
        for label in labels:
            if self.has_vector_index(group_id, label):
                continue
            query = VECTOR_COUNT[_TARGET_OF_LABEL[label]]
            counted = self._conn.query(group_id, query, {})
            if counted and int(str(counted[0][0])) >= threshold:
                due.add(label)
        return due

    def _load_indexes(self, group_id: str) -> schema.Known:
        self._loaded_at[group_id] = time.monotonic()
        existing: schema.Known = set()
        for label, properties, types, _kind in self._conn.query(group_id, LIST_INDEXES, {}):
            assert isinstance(properties, list) and isinstance(types, Mapping)
            for prop in properties:
                existing.update((str(label), str(prop), str(t)) for t in types.get(prop, ()))
        return existing

    def forget(self, group_id: str) -> None:
        self._indexes.pop(group_id, None)
        self._loaded_at.pop(group_id, None)

    def check_embedder(self, name: str, dimension: int) -> None:
        """Record the embedding model on the server on first use; refuse another one."""
        if self._embedder_checked == (name, dimension):
            return
        address = self._conn.address
        key = f"{address.prefix}:embedder"
        wanted = json.dumps({"name": name, "dimension": dimension}, sort_keys=True)

        def call(db: FalkorDB) -> str | None:
            conn = db.connection
            if conn.set(key, wanted, nx=True):
                return wanted
            stored = conn.get(key)
            return None if stored is None else str(stored)

        stored = self._conn.run(None, call)
        if stored is not None and stored != wanted:
            bound = json.loads(stored)
            raise UsageError(
                f"the FalkorDB store on {address.label} (prefix {address.prefix!r}) holds "
                f"embeddings of {bound['name']!r} ({bound['dimension']} dims), not {name!r} "
                f"({dimension} dims): vectors of different models cannot be compared. Use the "
                "same embedder, or a new database (another graph prefix: "
                "falkordb://host:port/PREFIX) for the new model"
            )
        self._embedder_checked = (name, dimension)
