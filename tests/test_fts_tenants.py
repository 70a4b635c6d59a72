"""Issue 11 finding 6: a tenant's BM25 scores do not depend on its neighbours.

Before: one FTS5 index per file, so another group's writes changed my scores (revealing
whether a word occurs in their data) and a big group slowed a tiny group's search. Now each
group has its own index (``stores/sqlite/fts_sync.py``). The latency side is measured by
``bench/fts_tenants.py`` (a timing bound here would be flaky on a busy machine).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from chronomem.model import SearchFilter, Target
from chronomem.stores import SQLiteStore
from chronomem.stores.sqlite.schema.migrations import MIGRATIONS
from tests.contract.builders import NOW, fact, with_endpoints

HISTORY = SearchFilter(history=True).resolved(NOW)
MINE = [
    ("Alice works at Acme", "WORKS_AT"),
    ("Alice lives in Paris", "LIVES_IN"),
    ("Bob plays chess", "PLAYS"),
    ("Carol moved to Berlin", "LIVES_IN"),
    ("Dan owns a red bike", "OWNS"),
]


def _write(store: SQLiteStore, group: str, texts: list[tuple[str, str]]) -> None:
    facts = [
        fact(group, f"{group}-{i}", "a", "b", text, relation=rel, embedded=False)
        for i, (text, rel) in enumerate(texts)
    ]
    store.apply(with_endpoints(group, facts))


def _scores(store: SQLiteStore, query: str) -> list[tuple[str, float]]:
    return store.text_search(Target.FACTS, ["mine"], query, limit=10, filter=HISTORY)


def test_scores_are_the_same_whatever_the_neighbours_hold(tmp_path: Path) -> None:
    with SQLiteStore(tmp_path / "alone.db") as alone:
        _write(alone, "mine", MINE)
        baseline = {q: _scores(alone, q) for q in ("alice work", "chess", "berlin bike")}
    assert baseline["alice work"][0][0] == "mine-0"
    neighbour = [(f"Alice {i} works in Berlin with chess {i}", "WORKS_AT") for i in range(300)]
    with SQLiteStore(tmp_path / "shared.db") as shared:
        _write(shared, "other", neighbour[:150])
        _write(shared, "mine", MINE)
        _write(shared, "other", neighbour[150:])
        for query, expected in baseline.items():
            assert _scores(shared, query) == expected  # same ids, same scores to the bit
        shared.delete_group("other")
        assert _scores(shared, "alice work") == baseline["alice work"]


def test_deleting_a_group_drops_its_indexes(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with SQLiteStore(path) as store:
        _write(store, "mine", MINE)
        _write(store, "gone", MINE)
        store.delete_group("gone")
        assert _scores(store, "chess")
    with sqlite3.connect(path) as conn:
        names = [
            r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE name LIKE 'fts_%'")
        ]
        pending = conn.execute("SELECT count(*) FROM fts_pending").fetchone()[0]
    serials = {n.split("_")[1] for n in names if n != "fts_pending"}
    assert len(serials) == 1 and pending == 0


def test_a_file_with_the_file_wide_index_is_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:  # the layout up to m003, with rows written then
        conn.execute(
            "CREATE TABLE _migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)"
        )
        for migration in MIGRATIONS[:3]:
            migration(conn)
            conn.execute("INSERT INTO _migrations VALUES (?, 0)", (migration.__name__,))
        conn.execute("INSERT INTO groups (group_id, version) VALUES ('mine', 1)")
        conn.executemany(
            "INSERT INTO facts (group_id, id, source_id, target_id, relation, fact, "
            "created_at, attributes) VALUES ('mine', ?, 'a', 'b', ?, ?, 0, '{}')",
            [(f"mine-{i}", rel, text) for i, (text, rel) in enumerate(MINE)],
        )
    with SQLiteStore(path) as store:
        hits = _scores(store, "alice work")
    with SQLiteStore(tmp_path / "new.db") as fresh:
        _write(fresh, "mine", MINE)
        assert [i for i, _ in hits] == [i for i, _ in _scores(fresh, "alice work")]
    with sqlite3.connect(path) as conn:
        assert not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'facts_fts'").fetchone()
