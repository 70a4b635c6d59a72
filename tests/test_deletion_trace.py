"""Issue 10 item 5: deleting an episode leaves no trace of it, on both stores.

A unique token said only in the deleted episode must appear nowhere afterwards: not in any
SQLite table (full-text shadow tables and vocabularies included), not in the raw database
file, not in the FalkorDB graph. Facts only that episode closed are open again; entity and
community summaries are rebuilt from the remaining episodes. On the real default embedder.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from chronomem import Memory
from chronomem.ports import Store
from chronomem.stores import SQLiteStore
from chronomem.testing import ManualClock
from tests.helpers import t
from tests.real_embedder import facts_about, real_embedder, target_name, tell

pytestmark = pytest.mark.local_model

TOKEN = "zorbquix"
STORY = [
    ("2024-01-01T10:00", "Alice: I live in Paris."),
    ("2024-01-02T10:00", "Alice: My friend Bob plays chess with me."),
    ("2024-02-01T10:00", f"Alice: I moved to Berlin. Bob gave me his old {TOKEN} lamp."),
    ("2024-02-05T10:00", "Alice: I work at Google."),
]


@contextmanager
def _sqlite(tmp_path: Path) -> Iterator[Store]:
    store = SQLiteStore(tmp_path / "memory.db")
    try:
        yield store
    finally:
        store.close()


@contextmanager
def _falkordb(tmp_path: Path) -> Iterator[Store]:
    from tests.falkordb_server import fresh_store  # a real server; skips with the reason

    with fresh_store() as store:
        yield store


def _sqlite_traces(path: Path) -> list[str]:
    """Where the token still is: every table's every cell, every FTS vocabulary, the file."""
    found = []
    conn = sqlite3.connect(path)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in tables:
            for row in conn.execute(f'SELECT * FROM "{table}"'):
                cells = [c.decode("latin-1") if isinstance(c, bytes) else str(c) for c in row]
                if any(TOKEN in c.lower() for c in cells):
                    found.append(f"table {table}")
                    break
        for fts in [t for t in tables if t.endswith("_fts")]:
            conn.execute(f"CREATE VIRTUAL TABLE temp.v_{fts} USING fts5vocab(main, {fts}, row)")
            terms = [r[0] for r in conn.execute(f"SELECT term FROM temp.v_{fts}")]
            if any(TOKEN in term for term in terms):
                found.append(f"vocabulary of {fts}")
    finally:
        conn.close()
    for file in (path, Path(f"{path}-wal")):
        if file.exists() and TOKEN.encode() in file.read_bytes().lower():
            found.append(f"bytes of {file.name}")
    return found


def _falkordb_traces(store: Store, group: str) -> list[str]:
    connection = store.connection  # type: ignore[attr-defined]
    key = store.scope(group).key  # type: ignore[attr-defined]  # the group's graph or bucket
    found = []
    for query in ("MATCH (n) RETURN properties(n)", "MATCH ()-[r]->() RETURN properties(r)"):
        for (props,) in connection.query_bucket(key, query, {}):  # every row of that graph
            if TOKEN in repr(props).lower():
                found.append(f"{query}: {str(props)[:120]}")
    return found


@pytest.mark.parametrize("backend", ["sqlite", "falkordb"])
def test_deleting_an_episode_leaves_no_trace(tmp_path: Path, backend: str) -> None:
    clock = ManualClock(t("2024-01-01"))
    opener = _sqlite if backend == "sqlite" else _falkordb
    with opener(tmp_path) as store:
        memory = Memory(store=store, embedder=real_embedder(), clock=clock)
        tell(memory, clock, STORY[:3])
        memory.build_communities("g")
        tell(memory, clock, STORY[3:])
        (paris,) = [f for f in facts_about(memory, "Alice", "LIVES_IN") if "Paris" in f.fact]
        assert paris.invalid_at is not None  # the move closed it
        bob = memory.get_timeline("Bob", group_id="g").entity
        assert TOKEN in bob.summary.lower()  # the deleted words were in a summary
        deleted = memory.recent_episodes(group_id="g", limit=10)[1]
        assert TOKEN in deleted.content

        assert memory.delete_episode(deleted.id, group_id="g")

        homes = facts_about(memory, "Alice", "LIVES_IN")
        assert [(target_name(memory, f), f.invalid_at) for f in homes] == [("Paris", None)]
        assert memory.get_timeline("Bob", group_id="g").entity.summary  # rebuilt, not emptied
        work = facts_about(memory, "Alice", "WORKS_AT")
        assert [target_name(memory, f) for f in work] == ["Google"]  # other episodes intact
        if backend == "sqlite":
            traces = _sqlite_traces(tmp_path / "memory.db")
        else:
            traces = _falkordb_traces(store, "g")
        assert traces == []
