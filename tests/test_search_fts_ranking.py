"""SQLite BM25 search ranks inside FTS5 first, then filters the top rows: the answer must equal
ranking every filtered match, also when other groups or a temporal filter reject most of the
best-scoring rows (the store widens, then falls back to the joined query)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from chronomem.model import SearchFilter, Target
from chronomem.stores import SQLiteStore
from chronomem.stores.sqlite.filters import in_values, target_clause
from chronomem.stores.sqlite.fts import match_expression
from chronomem.stores.sqlite.fts_sync import group_serial, index_name
from tests.contract.builders import NOW, fact, now_filter, with_endpoints

MINE, CROWD = "mine", "crowd"


def _reference(path: Path, groups: list[str], query: str, limit: int, flt: SearchFilter) -> list:
    """Every filtered match ranked by one joined query per group's index, merged by score
    (each group has its own BM25 statistics)."""
    rows: list[tuple[str, float]] = []
    with sqlite3.connect(path) as conn:
        for group in groups:
            fts = index_name(group_serial(conn, group) or 0, "facts")
            where = in_values("t.group_id", [group]) & target_clause(Target.FACTS, flt, "t")
            sql = (
                f"SELECT t.id, -bm25({fts}) AS score FROM {fts} JOIN facts t "
                f"ON t.rid = {fts}.rowid WHERE {fts} MATCH ? AND {where.sql} "
                "ORDER BY score DESC, t.rid LIMIT ?"
            )
            found = conn.execute(sql, (match_expression(query), *where.params, limit))
            rows += [(i, float(s)) for i, s in found]
    rows.sort(key=lambda row: -row[1])
    return rows[:limit]


@pytest.fixture
def crowded(tmp_path: Path) -> Path:
    """Group ``mine``: a few current facts that match weakly, many ended facts that match
    strongly; group ``crowd``: many strong matches."""
    path = tmp_path / "fts.db"
    with SQLiteStore(path) as store:
        strong = "rocket rocket launch pad"
        store.apply(
            with_endpoints(
                CROWD,
                [fact(CROWD, f"c{i}", "a", "b", strong, embedded=False) for i in range(400)],
            )
        )
        ended = [
            fact(MINE, f"old{i}", "a", "b", strong, expired=3, invalid=2, embedded=False)
            for i in range(300)
        ]
        current = [
            fact(
                MINE, f"now{i}", "a", "b", f"a rocket story number {i} " + "x " * i, embedded=False
            )
            for i in range(6)
        ]
        store.apply(with_endpoints(MINE, ended + current))
    return path


@pytest.mark.parametrize("limit", [1, 4, 40])
def test_bm25_over_a_selective_filter_equals_ranking_every_match(crowded: Path, limit: int) -> None:
    flt = now_filter()
    with SQLiteStore(crowded) as store:
        hits = store.text_search(Target.FACTS, [MINE], "rocket launch", limit=limit, filter=flt)
    assert hits == _reference(crowded, [MINE], "rocket launch", limit, flt)
    assert [i for i, _ in hits] == [f"now{i}" for i in range(min(limit, 6))]


def test_bm25_history_and_several_groups_keep_the_full_ranking(crowded: Path) -> None:
    flt = SearchFilter(history=True).resolved(NOW)
    with SQLiteStore(crowded) as store:
        for groups in ([MINE], [MINE, CROWD], [CROWD]):
            hits = store.text_search(Target.FACTS, groups, "rocket", limit=50, filter=flt)
            assert hits == _reference(crowded, groups, "rocket", 50, flt)
            assert len(hits) == 50
