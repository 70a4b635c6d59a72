"""The connection to FalkorDB: one server, or a Redis Cluster of FalkorDB servers.

The official ``falkordb`` client asks the node it is given whether it runs in cluster mode
and, if so, talks through ``redis.cluster.RedisCluster``: every ``GRAPH.QUERY`` goes to the
master that owns its key's slot, and the client follows the cluster when slots move or a
replica is promoted. A group lives in one graph key (its own ``<prefix>:g:<group_id>``, or
a shared bucket, see :mod:`.placement`), so it lives on exactly one master and the cluster
spreads groups over masters. Queries run through a :class:`.scope.Scope`, which confines a
packed group's query to its rows.

Every call goes through :meth:`FalkorDBConnection.run`, inside :func:`translate_errors`,
the one place where redis and FalkorDB exceptions become :mod:`chronomem.errors`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from typing import TypeVar

import redis
from falkordb import FalkorDB
from falkordb.query_result import QueryResult
from redis.backoff import NoBackoff
from redis.cluster import RedisCluster
from redis.retry import Retry

from chronomem.errors import StoreError, StoreFullError, StoreUnavailableError
from chronomem.stores.falkordb.params import header
from chronomem.stores.falkordb.scope import Scope
from chronomem.stores.falkordb.url import FalkorDBAddress

__all__ = ["FalkorDBConnection", "Row", "translate_errors"]

Row = list[object]
T = TypeVar("T")
_EMPTY_KEY = "empty key"


@contextmanager
def translate_errors(server: str, group_id: str | None) -> Iterator[None]:
    """Turn redis / FalkorDB exceptions into chronomem errors naming the server and group."""
    whose = f" (for group {group_id!r})" if group_id else ""
    try:
        yield
    except (redis.AuthenticationError, redis.exceptions.AuthorizationError) as exc:
        raise StoreUnavailableError(
            f"FalkorDB at {server}{whose} refused our credentials ({exc}); "
            "put the right password in the URL: falkordb://:PASSWORD@host:port"
        ) from exc
    except (
        redis.ConnectionError,
        redis.TimeoutError,
        redis.exceptions.ClusterError,
        redis.exceptions.ClusterDownError,
        redis.exceptions.TryAgainError,
        OSError,
    ) as exc:
        raise StoreUnavailableError(
            f"FalkorDB at {server}{whose} is unreachable or failing over ({exc}); check that "
            "the server (or the cluster master holding the group) is running. Retry later."
        ) from exc
    except redis.ResponseError as exc:
        if str(exc).startswith(("MISCONF", "OOM")):  # AOF write failed / maxmemory reached
            raise StoreFullError(
                f"FalkorDB at {server}{whose} cannot persist or hold more data ({exc}): free "
                "disk space (or raise maxmemory) on the server, then retry"
            ) from exc
        if str(exc).startswith(("MOVED", "ASK", "CLUSTERDOWN", "TRYAGAIN", "LOADING")):
            raise StoreUnavailableError(
                f"FalkorDB at {server}{whose} is changing hands ({exc}); retry in a moment"
            ) from exc
        raise StoreError(f"FalkorDB at {server} rejected a query{whose}: {exc}") from exc
    except redis.RedisError as exc:
        raise StoreError(f"FalkorDB at {server} failed{whose}: {exc}") from exc


def _rows(db: FalkorDB, key: str, reply: object) -> list[Row]:
    """The rows of one pipelined ``GRAPH.RO_QUERY`` reply (parsed as the client does)."""
    if isinstance(reply, Exception):
        if _EMPTY_KEY in str(reply):
            return []
        raise reply
    return list(QueryResult(db.select_graph(key), reply).result_set)


class FalkorDBConnection:
    """A lazily opened client of one FalkorDB server or cluster (one graph per group)."""

    def __init__(
        self, address: FalkorDBAddress, *, connect_timeout: float = 2.0, timeout: float = 60.0
    ) -> None:
        self.address = address
        self._connect_timeout = connect_timeout
        self._timeout = timeout
        self._db: FalkorDB | None = None
        self._lock = threading.Lock()

    @property
    def label(self) -> str:
        return self.address.label

    def graph_key(self, group_id: str) -> str:
        """The Redis key of a group's graph; group ids cannot contain ':' so keys never clash.

        No hash tag: the whole key picks the slot, so groups spread over a cluster's masters,
        and FalkorDB's own per-graph key (``telemetry{<graph key>}``) shares the graph's slot.
        """
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
                self._db = FalkorDB(connection_pool=pool)  # detects cluster mode
            return self._db

    @property
    def is_cluster(self) -> bool:
        return isinstance(self.run(None, lambda db: db.connection), RedisCluster)

    def run(self, group_id: str | None, call: Callable[[FalkorDB], T]) -> T:
        """Run ``call`` against the server, translating its errors."""
        with translate_errors(self.label, group_id):
            return call(self._connect())

    def query(
        self, scope: Scope, cypher: str, params: Mapping[str, object], *, write: bool = False
    ) -> list[Row]:
        """Rows of ``cypher`` in the scope's graph, seeing only the scope's group; a read of a
        missing graph gives no rows."""
        text = header(scope.params(params)) + scope.statement(cypher)

        def call(db: FalkorDB) -> list[Row]:
            graph = db.select_graph(scope.key)
            try:
                if write:
                    return list(graph.query(text).result_set)
                return list(graph.ro_query(text).result_set)
            except redis.ResponseError as exc:
                if not write and _EMPTY_KEY in str(exc):
                    return []
                raise

        return self.run(scope.group_id, call)

    def query_many(
        self, calls: Sequence[tuple[Scope, str, Mapping[str, object]]]
    ) -> list[list[Row]]:
        """The rows of several read queries ``(scope, cypher, params)``, sent together in
        one pipeline (one round trip on a server; one per master holding the groups on a
        cluster). A missing graph gives no rows, as in :meth:`query`."""
        if not calls:
            return []
        if len(calls) == 1:
            return [self.query(*calls[0])]
        groups = ", ".join(sorted({scope.group_id for scope, _, _ in calls}))

        def call(db: FalkorDB) -> list[list[Row]]:
            pipe = db.connection.pipeline(transaction=False)
            for scope, cypher, params in calls:
                text = header(scope.params(params)) + scope.statement(cypher)
                pipe.execute_command("GRAPH.RO_QUERY", scope.key, text, "--compact")
            replies = pipe.execute(raise_on_error=False)
            keys = [scope.key for scope, _, _ in calls]
            return [_rows(db, key, reply) for key, reply in zip(keys, replies, strict=True)]

        return self.run(groups, call)

    def query_bucket(
        self, key: str, cypher: str, params: Mapping[str, object], *, write: bool = False
    ) -> list[Row]:
        """A query over a whole bucket graph, every tenant in it: only for the bucket's own
        upkeep (its indexes, the list of its groups) in :mod:`.placement`."""
        return self.query(Scope("", key), cypher, params, write=write)

    def node_client(self, key: str) -> redis.Redis:
        """A plain client of the server that holds ``key`` (its slot's master)."""

        def call(db: FalkorDB) -> redis.Redis:
            conn = db.connection
            if isinstance(conn, RedisCluster):
                return conn.get_redis_connection(conn.get_node_from_key(key))
            assert isinstance(conn, redis.Redis)
            return conn

        return self.run(None, call)

    def refresh_topology(self) -> None:
        """Ask the cluster again who owns which slot (after a failover); no-op otherwise."""
        db = self._db
        if db is not None and isinstance(db.connection, RedisCluster):
            # if it fails, the next call fails with a translated error and tries again
            with suppress(redis.RedisError):
                db.connection.nodes_manager.initialize()

    def masters(self) -> list[redis.Redis]:
        """A client of every master (of the one server when not a cluster)."""

        def call(db: FalkorDB) -> list[redis.Redis]:
            conn = db.connection
            if isinstance(conn, RedisCluster):
                return [conn.get_redis_connection(node) for node in conn.get_primaries()]
            assert isinstance(conn, redis.Redis)
            return [conn]

        return self.run(None, call)

    def graph_exists(self, key: str) -> bool:
        return bool(self.run(None, lambda db: db.connection.exists(key)))

    def delete_graph(self, key: str) -> None:
        """Drop a graph and FalkorDB's query log of it (same slot: one DEL)."""
        self.run(None, lambda db: db.connection.delete(key, f"telemetry{{{key}}}"))

    def delete_query_log(self, key: str) -> None:
        """Drop FalkorDB's log of the last queries of a graph (``telemetry{<key>}``)."""
        self.run(None, lambda db: db.connection.delete(f"telemetry{{{key}}}"))

    def rename_graph(self, key: str, new_key: str) -> bool:
        """Rename a graph unless ``new_key`` exists (both keys must share a slot)."""
        return bool(self.run(None, lambda db: db.connection.renamenx(key, new_key)))

    def scan_keys(self, pattern: str) -> set[str]:
        """Keys matching ``pattern`` on every master (a key scan has no slot)."""
        found: set[str] = set()
        for client in self.masters():
            with translate_errors(self.label, None):
                found.update(str(k) for k in client.scan_iter(match=pattern, count=1000))
        return found

    def graph_groups(self) -> list[str]:
        """Group ids with a graph under our prefix, asking every master (SCAN: a key scan
        has no slot, so a cluster client must visit each master)."""
        head = f"{self.address.prefix}:g:"
        return sorted(k[len(head) :] for k in self.scan_keys(f"{head}*"))

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
