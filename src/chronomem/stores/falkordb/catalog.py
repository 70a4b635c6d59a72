"""What the server holds about our graphs, cached per process: each group graph's indexes,
and the embedding model recorded for the prefix (``<prefix>:embedder``).

A packed group (:mod:`.placement`) has no index of its own and never gets one: the bucket's
indexes are shared, so :meth:`Catalog.has_index` says no and its rows are scanned."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping

from falkordb import FalkorDB

from chronomem.errors import StoreError, UsageError
from chronomem.model import Target
from chronomem.stores.falkordb import schema
from chronomem.stores.falkordb.connection import FalkorDBConnection
from chronomem.stores.falkordb.cypher_search import (
    INDEX_STATES,
    LABEL_COUNT,
    LIST_INDEXES,
    VECTOR_COUNT,
    VECTOR_LABEL,
)
from chronomem.stores.falkordb.scope import Scope
from chronomem.stores.reembedding import Migration, begin, embedder_mismatch, migration_pending

_TARGET_OF_LABEL = {label: target for target, label in VECTOR_LABEL.items()}
_RECHECK_S = 5.0  # an index missing from the cache is asked for again after this long

__all__ = ["Catalog"]


class Catalog:
    """Index and embedder bookkeeping for one :class:`FalkorDBConnection`."""

    def __init__(self, conn: FalkorDBConnection, groups: Callable[[], list[str]]) -> None:
        self._conn = conn
        self._groups = groups  # every group under the prefix (own graphs and packed)
        self._indexes: dict[str, schema.Known] = {}
        self._loaded_at: dict[str, float] = {}
        self._embedder_checked: tuple[str, int] | None = None

    def ensure_indexes(
        self,
        scope: Scope,
        dimension: int | None,
        vector_labels: Iterable[str] = (),
        *,
        labels: Iterable[str] = (),
        refresh: bool = False,
    ) -> None:
        """Create the indexes of ``labels`` and ``vector_labels`` the group graph lacks
        (what exists is cached per process; ``refresh`` asks the server again)."""
        if scope.packed:  # a bucket's indexes are shared: a packed group scans its rows
            return
        wanted = schema.wanted_indexes(dimension, vector_labels, labels)
        known = None if refresh else self._indexes.get(scope.key)
        if known is not None and not schema.missing_indexes(wanted, known):
            return
        known = self._load_indexes(scope)
        missing = schema.missing_indexes(wanted, known)
        for spec in missing:
            try:
                statement = schema.create_statement(spec, dimension)
                self._conn.query(scope, statement, {}, write=True)
            except StoreError as exc:
                if "already indexed" not in str(exc):
                    raise
            known.update((spec.label, prop, spec.kind) for prop in spec.properties)
        if missing:
            self._wait_operational(scope)
        self._indexes[scope.key] = known

    def _wait_operational(self, scope: Scope, timeout_s: float = 60.0) -> None:
        """FalkorDB builds a new index in the background; rows written or searched while it
        is "UNDER CONSTRUCTION" can be missed, so wait until every index is operational."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            states = self._conn.query(scope, INDEX_STATES, {})
            if all(str(row[0]) == "OPERATIONAL" for row in states):
                return
            time.sleep(0.01)
        raise StoreError(
            f"the indexes of group {scope.group_id!r} were still being built after "
            f"{timeout_s:.0f} s"
        )

    def has_index(self, scope: Scope, label: str, prop: str, kind: str) -> bool:
        """Does the group graph hold this index? (A missing graph or a packed group holds
        none.) An index missing from the cache is asked for again at most every few
        seconds."""
        if scope.packed:
            return False
        known = self._indexes.get(scope.key)
        fresh = time.monotonic() - self._loaded_at.get(scope.key, -_RECHECK_S) < _RECHECK_S
        if known is None or ((label, prop, kind) not in known and not fresh):
            if not self._conn.graph_exists(scope.key):
                return False
            known = self._indexes[scope.key] = self._load_indexes(scope)
        return (label, prop, kind) in known

    def has_vector_index(self, scope: Scope, label: str) -> bool:
        spec = schema.VECTOR_INDEXES[label]
        return self.has_index(scope, spec.label, spec.properties[0], spec.kind)

    def has_label_indexes(self, scope: Scope, label: str) -> bool:
        """Does the group graph hold ``label``'s range and full-text indexes?"""
        spec = schema.text_index(label)
        return self.has_index(scope, spec.label, spec.properties[0], spec.kind)

    def vector_labels_due(self, scope: Scope, labels: Iterable[str], threshold: int) -> set[str]:
        """The labels among ``labels`` that have no vector index yet but hold ``threshold``
        vectors or more in the group (their index is due)."""
        due = (label for label in labels if not self.has_vector_index(scope, label))
        return self._due(scope, due, VECTOR_COUNT, threshold)

    def labels_due(self, scope: Scope, labels: Iterable[str], threshold: int) -> set[str]:
        """The labels among ``labels`` without their range and full-text indexes that hold
        ``threshold`` rows or more in the group."""
        due = (label for label in labels if not self.has_label_indexes(scope, label))
        return self._due(scope, due, LABEL_COUNT, threshold)

    def _due(
        self, scope: Scope, labels: Iterable[str], counts: Mapping[Target, str], threshold: int
    ) -> set[str]:
        due = set()
        for label in labels:
            counted = self._conn.query(scope, counts[_TARGET_OF_LABEL[label]], {})
            if counted and int(str(counted[0][0])) >= threshold:
                due.add(label)
        return due

    def _load_indexes(self, scope: Scope) -> schema.Known:
        self._loaded_at[scope.key] = time.monotonic()
        existing: schema.Known = set()
        for label, properties, types, _kind in self._conn.query(scope, LIST_INDEXES, {}):
            assert isinstance(properties, list) and isinstance(types, Mapping)
            for prop in properties:
                existing.update((str(label), str(prop), str(t)) for t in types.get(prop, ()))
        return existing

    def forget(self, scope: Scope) -> None:
        self._indexes.pop(scope.key, None)
        self._loaded_at.pop(scope.key, None)

    def check_embedder(self, name: str, dimension: int) -> None:
        """Record the embedding model on the server on first use; refuse another one, and
        every one while a move to another model is unfinished."""
        if self._embedder_checked == (name, dimension):
            return
        wanted = json.dumps({"name": name, "dimension": dimension}, sort_keys=True)
        keys = (self._key("embedder"), self._key("reembed"))

        def call(db: FalkorDB) -> tuple[str | None, object]:
            conn = db.connection
            pending = conn.get(keys[1])
            if pending is None and conn.set(keys[0], wanted, nx=True):
                return wanted, None
            stored = conn.get(keys[0])
            return (None if stored is None else str(stored)), pending

        stored, pending = self._conn.run(None, call)
        address = self._conn.address
        where = f"the FalkorDB store on {address.label} (prefix {address.prefix!r})"
        if pending is not None:
            migration = Migration.from_json(str(pending))
            left = len(migration.left(self._groups()))
            raise migration_pending(where, migration, left, db_hint=self.db_hint)
        if stored is not None and stored != wanted:
            bound = json.loads(stored)
            raise embedder_mismatch(
                where, (bound["name"], bound["dimension"]), (name, dimension), db_hint=self.db_hint
            )
        self._embedder_checked = (name, dimension)

    def start_reembed(self, name: str, dimension: int) -> list[str]:
        """Begin or resume the move of the groups to another model: those left."""
        stored = self._conn.run(None, lambda db: db.connection.get(self._key("embedder")))
        bound = None if stored is None else json.loads(str(stored))
        label = self._conn.label
        if bound is not None and bound["dimension"] != dimension:
            raise UsageError(
                f"the FalkorDB store on {label} has vector indexes of "
                f"{bound['dimension']} dimensions, not {dimension}: re-embed with a model of "
                "the same dimension, or ingest into a new database (another graph prefix)"
            )
        target = (name, dimension)
        current = None if bound is None else (str(bound["name"]), int(bound["dimension"]))
        where = f"the FalkorDB store on {label}"
        migration = begin(current, self._migration(), target, where)
        left = [] if migration is None else migration.left(self._groups())
        self._record(migration if left else None, target)
        return left

    def finish_group(self, group_id: str) -> None:
        """Count ``group_id`` as moved; bind the new model when no group is left."""
        migration = self._migration()
        if migration is None:
            raise UsageError("write_embeddings needs start_reembed first")
        migration = migration.with_done(group_id)
        left = migration.left(self._groups())
        self._record(migration if left else None, (migration.name, migration.dimension))

    def _migration(self) -> Migration | None:
        pending = self._conn.run(None, lambda db: db.connection.get(self._key("reembed")))
        return None if pending is None else Migration.from_json(str(pending))

    def _record(self, migration: Migration | None, target: tuple[str, int]) -> None:
        """Store the move under way, or (None) bind ``target`` and drop the move."""
        wanted = json.dumps({"name": target[0], "dimension": target[1]}, sort_keys=True)

        def call(db: FalkorDB) -> None:
            conn = db.connection
            if migration is not None:
                conn.set(self._key("reembed"), migration.to_json())
            else:  # one key per call: on a cluster the two keys may live on two masters
                conn.set(self._key("embedder"), wanted)
                conn.delete(self._key("reembed"))

        self._conn.run(None, call)
        self._embedder_checked = None if migration is not None else target

    def _key(self, what: str) -> str:
        return f"{self._conn.address.prefix}:{what}"

    @property
    def db_hint(self) -> str:
        a = self._conn.address
        return f"falkordb://{a.host}:{a.port}/{a.prefix}"
