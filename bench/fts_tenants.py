"""BM25 isolation between tenants of one SQLite file (issue 11, finding 6).

Builds a file with a big tenant (``--rows`` facts, default 200,000, full of the words a
tiny tenant searches for) and a tiny tenant (5 facts), then times the tiny tenant's BM25
search side by side:

- ``before``: the file-wide FTS5 index chronomem used up to migration m003 (rebuilt in the
  same file as ``legacy_facts_fts``) with the old search (rank the top k file-wide, keep
  the tiny tenant's rows, widen, fall back to a joined query);
- ``after``: the store's per-group index (``SQLiteStore.text_search``).

It also prints the tiny tenant's scores with and without the big neighbour.

    PYTHONPATH=src python bench/fts_tenants.py [--rows 200000] [--repeat 30]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from chronomem.model import SearchFilter, Target
from chronomem.stores import SQLiteStore
from chronomem.stores.sqlite import fts_sync
from chronomem.stores.sqlite.filters import in_values, target_clause
from chronomem.stores.sqlite.fts import match_expression

QUERY = "where does alice work"
TINY = [
    ("Alice works at Acme", "WORKS_AT"),
    ("Alice lives in Paris", "LIVES_IN"),
    ("Bob plays chess", "PLAYS"),
    ("Carol moved to Berlin", "LIVES_IN"),
    ("Dan owns a red bike", "OWNS"),
    ("Erin studies physics", "STUDIES"),
    ("Frank visited Rome", "VISITED"),
    ("Gina adopted a cat", "HAS_PET"),
]


def insert_facts(path: Path, group: str, texts: list[tuple[str, str]]) -> None:
    """Facts straight into the tables (what the store writes), indexed by fts_sync."""
    SQLiteStore(path).close()  # create and migrate
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT OR IGNORE INTO groups (group_id, version) VALUES (?, 1)", (group,))
    conn.executemany(
        "INSERT INTO facts (group_id, id, source_id, target_id, relation, fact, valid_at, "
        "invalid_at, created_at, expired_at, attributes, embedding) "
        "VALUES (?, ?, 'a', 'b', ?, ?, NULL, NULL, 0, NULL, '{}', NULL)",
        [(group, f"{group}-{i}", rel, t) for i, (t, rel) in enumerate(texts)],
    )
    fts_sync.sync(conn)
    conn.execute("COMMIT")
    conn.close()


def legacy_index(path: Path) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(
        "CREATE VIRTUAL TABLE legacy_facts_fts USING fts5 (fact, relation, content='facts', "
        f"content_rowid='rid', tokenize='{fts_sync.TOKENIZER}')"
    )
    conn.execute("INSERT INTO legacy_facts_fts (legacy_facts_fts) VALUES ('rebuild')")
    conn.close()


def legacy_search(conn: sqlite3.Connection, group: str, limit: int) -> list[tuple[str, float]]:
    """The pre-m004 algorithm over the file-wide index."""
    flt = SearchFilter(history=True).resolved(None)  # type: ignore[arg-type]
    where = in_values("t.group_id", [group]) & target_clause(Target.FACTS, flt, "t")
    expression = match_expression(QUERY)
    ranked = (
        "SELECT rowid, -bm25(legacy_facts_fts) AS score FROM legacy_facts_fts "
        "WHERE legacy_facts_fts MATCH ? ORDER BY score DESC, rowid LIMIT ?"
    )
    k = max(limit * 4, 64)
    for _ in range(2):
        top = conn.execute(ranked, (expression, k)).fetchall()
        rids = json.dumps([r for r, _ in top])
        admitted = dict(
            conn.execute(
                "SELECT t.rid, t.id FROM json_each(?) j CROSS JOIN facts t ON t.rid = j.value "
                f"WHERE {where.sql}",
                (rids, *where.params),
            ).fetchall()
        )
        hits = [(admitted[r], float(s)) for r, s in top if r in admitted]
        if len(hits) >= limit or len(top) < k:
            return hits[:limit]
        k *= 8
    sql = (
        "SELECT t.id, -bm25(legacy_facts_fts) AS score FROM legacy_facts_fts JOIN facts t "
        f"ON t.rid = legacy_facts_fts.rowid WHERE legacy_facts_fts MATCH ? AND {where.sql} "
        "ORDER BY score DESC, t.rid LIMIT ?"
    )
    return [(i, float(s)) for i, s in conn.execute(sql, (expression, *where.params, limit))]


def timed(action: object, repeat: int) -> tuple[float, float, object]:
    walls, cpus, result = [], [], None
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        result = action()  # type: ignore[operator]
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000, result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    flt = SearchFilter(history=True).resolved(None)  # type: ignore[arg-type]
    with tempfile.TemporaryDirectory() as tmp:
        alone, crowded = Path(tmp) / "alone.db", Path(tmp) / "crowded.db"
        insert_facts(alone, "tiny", TINY)
        big = [
            (f"Alice number {i} works at Acme {i % 97} and does work {i % 13}", "WORKS_AT")
            for i in range(args.rows)
        ]
        insert_facts(crowded, "big", big)
        insert_facts(crowded, "tiny", TINY)
        legacy_index(alone)
        legacy_index(crowded)
        print(f"load {os.getloadavg()}; big tenant {args.rows:,} rows; query {QUERY!r}")
        for name, path in (("alone", alone), ("next to big", crowded)):
            with SQLiteStore(path) as store:
                wall, cpu, after = timed(
                    lambda: store.text_search(Target.FACTS, ["tiny"], QUERY, limit=10, filter=flt),
                    args.repeat,
                )
            conn = sqlite3.connect(path)
            lwall, lcpu, before = timed(lambda c=conn: legacy_search(c, "tiny", 10), args.repeat)
            conn.close()
            print(
                f"[{name}] before: {lwall:8.2f} ms wall, {lcpu:8.2f} ms CPU (median)  "
                f"scores {[round(s, 4) for _, s in before]}"
            )
            print(
                f"[{name}] after:  {wall:8.2f} ms wall, {cpu:8.2f} ms CPU (median)  "
                f"scores {[round(s, 4) for _, s in after]}"
            )  # type: ignore[union-attr]


if __name__ == "__main__":
    main()
