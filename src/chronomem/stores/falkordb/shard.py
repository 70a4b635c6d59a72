"""One FalkorDB server: its connection, its group graphs, and the translation of its errors.

Every call to the server goes through :meth:`Shard.run`, inside :func:`translate_errors`, the
one place where redis and FalkorDB exceptions become :mod:`chronomem.errors`.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeVar

import redis
from falkordb import FalkorDB
from redis.backoff import NoBackoff
from redis.retry import Retry

from chronomem.errors import StoreError, StoreUnavailableError, UsageError
from chronomem.stores.falkordb import schema
from chronomem.stores.falkordb.cypher import LIST_INDEXES
from chronomem.stores.falkordb.params import header
from chronomem.stores.reembedding import Migration, begin, embedder_mismatch, migration_pending

__all__ = ["Row", "Shard", "ShardAddress", "translate_errors"]

Row = list[object]
T = TypeVar("T")
_EMPTY_KEY = "empty key"


@dataclass(frozen=True, slots=True)
class ShardAddress:
    """Where one server is, and under which key prefix our graphs live on it."""

    host: str
    port: int
    password: str | None = field(default=None, repr=False)
    username: str | None = None
    prefix: str = "chronomem"

    @property
    def label(self) -> str:
        """``host:port``: how errors and the hash ring name this shard (never the password)."""
        return f"{self.host}:{self.port}"


@contextmanager
def translate_errors(shard: str, group_id: str | None) -> Iterator[None]:
    """Turn redis / FalkorDB exceptions into chronomem errors that name the shard and group."""
    whose = f" (it holds group {group_id!r})" if group_id else ""
    try:
        yield
    except (redis.AuthenticationError, redis.exceptions.AuthorizationError) as exc:
        raise StoreUnavailableError(
            f"FalkorDB shard {shard}{whose} refused our credentials ({exc}); "
            "put the right password in the URL: falkordb://:PASSWORD@host:port"
        ) from exc
    except (redis.ConnectionError, redis.TimeoutError, OSError) as exc:
        raise StoreUnavailableError(
            f"FalkorDB shard {shard}{whose} is unreachable ({exc}); check that the server "
            "is running and reachable. Groups on other shards are unaffected."
        ) from exc
    except redis.ResponseError as exc:
        raise StoreError(f"FalkorDB shard {shard} rejected a query{whose}: {exc}") from exc
    except redis.RedisError as exc:
        raise StoreError(f"FalkorDB shard {shard} failed{whose}: {exc}") from exc


class Shard:
    """A lazily connected FalkorDB server holding one graph per group."""

    def __init__(
        self, address: ShardAddress, *, connect_timeout: float = 2.0, timeout: float = 60.0
    ) -> None:
        self.address = address
        self._connect_timeout = connect_timeout
        self._timeout = timeout
        self._db: FalkorDB | None = None
        self._lock = threading.Lock()
        self._indexes: dict[str, schema.Known] = {}
        self._embedder_checked: tuple[str, int] | None = None

    @property
    def label(self) -> str:
        return self.address.label

    def graph_key(self, group_id: str) -> str:
        """The Redis key of a group's graph; group ids cannot contain ':' so keys never clash."""
        return f"{self.address.prefix}:g:{group_id}"

    def _connect(self) -> FalkorDB:
        with self._lock:
            if self._db is None:
                pool = redis.ConnectionPool(
                    host=self.address.host,
                    port=self.address.port,
                    username=self.address.username,
                    password=self.address.password,
                    decode_responses=True,
                    socket_connect_timeout=self._connect_timeout,
                    socket_timeout=self._timeout,
                    # never resend a write whose reply was lost: it may have been applied
                    retry=Retry(NoBackoff(), 0),
                )
                self._db = FalkorDB(connection_pool=pool)
            return self._db

    def run(self, group_id: str | None, call: Callable[[FalkorDB], T]) -> T:
        """Run ``call`` against the server, translating its errors."""
        with translate_errors(self.label, group_id):
            return call(self._connect())

    def query(
        self, group_id: str, cypher: str, params: Mapping[str, object], *, write: bool = False
    ) -> list[Row]:
        """Rows of ``cypher`` on the group's graph; a read of a missing graph gives no rows."""
        key = self.graph_key(group_id)

        def call(db: FalkorDB) -> list[Row]:
            graph = db.select_graph(key)
            text = header(params) + cypher
            try:
                if write:
                    return list(graph.query(text).result_set)
                return list(graph.ro_query(text).result_set)
            except redis.ResponseError as exc:
                if not write and _EMPTY_KEY in str(exc):
                    return []
                raise

        return self.run(group_id, call)

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
        for spec in schema.missing_indexes(wanted, known):
            try:
                self.query(group_id, schema.create_statement(spec, dimension), {}, write=True)
            except StoreError as exc:
                if "already indexed" not in str(exc):
                    raise
            known.update((spec.label, prop, spec.kind) for prop in spec.properties)
        self._indexes[group_id] = known

    def has_index(self, group_id: str, label: str, prop: str, kind: str) -> bool:
        """Does the group graph hold this index? (A missing graph holds none.)"""
        known = self._indexes.get(group_id)
        if known is None or (label, prop, kind) not in known:
            if not self.graph_exists(group_id):
                return False
            known = self._indexes[group_id] = self._load_indexes(group_id)
        return (label, prop, kind) in known

    def _load_indexes(self, group_id: str) -> schema.Known:
        existing: schema.Known = set()
        for label, properties, types, _kind in self.query(group_id, LIST_INDEXES, {}):
            assert isinstance(properties, list) and isinstance(types, Mapping)
            for prop in properties:
                existing.update((str(label), str(prop), str(t)) for t in types.get(prop, ()))
        return existing

    def graph_exists(self, group_id: str) -> bool:
        key = self.graph_key(group_id)
        return bool(self.run(group_id, lambda db: db.connection.exists(key)))

    def forget_schema(self, group_id: str) -> None:
        self._indexes.pop(group_id, None)

    def check_embedder(self, name: str, dimension: int) -> None:
        """Record the embedding model on this server on first use; refuse another one, and
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

        stored, pending = self.run(None, call)
        where = f"the FalkorDB store on {self.label} (prefix {self.address.prefix!r})"
        if pending is not None:
            migration = Migration.from_json(str(pending))
            left = len(migration.left(self.graph_groups()))
            raise migration_pending(where, migration, left, db_hint=self._db_hint)
        if stored is not None and stored != wanted:
            bound = json.loads(stored)
            raise embedder_mismatch(
                where,
                (bound["name"], bound["dimension"]),
                (name, dimension),
                db_hint=self._db_hint,
            )
        self._embedder_checked = (name, dimension)

    def start_reembed(self, name: str, dimension: int) -> list[str]:
        """Begin or resume the move of this server's groups to another model: those left."""
        stored = self.run(None, lambda db: db.connection.get(self._key("embedder")))
        bound = None if stored is None else json.loads(str(stored))
        if bound is not None and bound["dimension"] != dimension:
            raise UsageError(
                f"the FalkorDB store on {self.label} has vector indexes of "
                f"{bound['dimension']} dimensions, not {dimension}: re-embed with a model of "
                "the same dimension, or ingest into a new database (another graph prefix)"
            )
        where = f"the FalkorDB store on {self.label}"
        target = (name, dimension)
        current = None if bound is None else (str(bound["name"]), int(bound["dimension"]))
        migration = begin(current, self._migration(), target, where)
        left = [] if migration is None else migration.left(self.graph_groups())
        self._record(migration if left else None, target)
        return left

    def finish_group(self, group_id: str) -> None:
        """Count ``group_id`` as moved; bind the new model when no group is left."""
        migration = self._migration()
        if migration is None:
            raise UsageError("write_embeddings needs start_reembed first")
        migration = migration.with_done(group_id)
        left = migration.left(self.graph_groups())
        self._record(migration if left else None, (migration.name, migration.dimension))

    def _migration(self) -> Migration | None:
        pending = self.run(None, lambda db: db.connection.get(self._key("reembed")))
        return None if pending is None else Migration.from_json(str(pending))

    def _record(self, migration: Migration | None, target: tuple[str, int]) -> None:
        """Store the move under way, or (None) bind ``target`` and drop the move."""
        wanted = json.dumps({"name": target[0], "dimension": target[1]}, sort_keys=True)

        def call(db: FalkorDB) -> None:
            conn = db.connection
            if migration is not None:
                conn.set(self._key("reembed"), migration.to_json())
            else:
                conn.set(self._key("embedder"), wanted)
                conn.delete(self._key("reembed"))

        self.run(None, call)
        self._embedder_checked = None if migration is not None else target

    def _key(self, what: str) -> str:
        return f"{self.address.prefix}:{what}"

    @property
    def _db_hint(self) -> str:
        return f"falkordb://{self.address.host}:{self.address.port}/{self.address.prefix}"

    def delete_graph(self, group_id: str) -> None:
        """Drop the group's graph and FalkorDB's query log of it (``telemetry{key}``)."""
        key = self.graph_key(group_id)
        self.run(group_id, lambda db: db.connection.delete(key, f"telemetry{{{key}}}"))
        self.forget_schema(group_id)

    def graph_groups(self) -> list[str]:
        """Group ids whose graphs live on this server under our prefix (by SCAN: GRAPH.LIST
        can miss graphs)."""
        head = f"{self.address.prefix}:g:"

        def scan(db: FalkorDB) -> list[str]:
            return [str(k) for k in db.connection.scan_iter(match=f"{head}*", count=1000)]

        return sorted(k[len(head) :] for k in self.run(None, scan))

    def move_graph_to(self, other: Shard, group_id: str) -> None:
        """Copy the group's graph to ``other`` (DUMP/RESTORE, indexes included), then drop it
        here. Refuses if ``other`` holds the group already."""
        key = self.graph_key(group_id)
        payload = self._raw(group_id, lambda raw: raw.dump(key))
        if not isinstance(payload, bytes):
            return
        try:
            other._raw(group_id, lambda raw: raw.restore(key, 0, payload))
        except StoreError as exc:
            raise StoreError(
                f"group {group_id!r} exists on both {self.label} and {other.label} (it was "
                "written on the new shard before the move): keep one copy (delete the other "
                "key by hand) and rebalance again"
            ) from exc
        other.forget_schema(group_id)
        self.delete_graph(group_id)

    def _raw(self, group_id: str, call: Callable[[redis.Redis], T]) -> T:
        """``call`` with a connection that keeps replies as bytes (DUMP payloads)."""
        address = self.address
        raw = redis.Redis(
            host=address.host,
            port=address.port,
            username=address.username,
            password=address.password,
            socket_connect_timeout=self._connect_timeout,
            socket_timeout=self._timeout,
            retry=Retry(NoBackoff(), 0),
        )
        try:
            with translate_errors(self.label, group_id):
                return call(raw)
        finally:
            raw.close()

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
