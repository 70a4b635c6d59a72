"""A fresh store of either kind, for tests that run a story on both: an SQLite file, or a
FalkorDB store on the session's real server (skipped with the reason when none can start)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from chronomem.ports import Store
from chronomem.stores import SQLiteStore

STORE_KINDS = ("sqlite", "falkordb")


@contextmanager
def fresh(kind: str, tmp_path: Path) -> Iterator[Store]:
    if kind == "sqlite":
        sqlite = SQLiteStore(tmp_path / "memory.db")
        try:
            yield sqlite
        finally:
            sqlite.close()
        return
    pytest.importorskip("falkordb", reason="the FalkorDB backend needs chronomem[falkordb]")
    from tests.falkordb_server import fresh_store

    with fresh_store() as falkordb:
        yield falkordb
