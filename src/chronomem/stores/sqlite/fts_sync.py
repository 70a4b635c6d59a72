"""Per-group full-text indexes: each group's rows of a table live in their own FTS5 index.

Why per group: BM25 reads corpus statistics (row count, average length, how many rows hold
a word) from the whole index, and a MATCH walks a word's whole posting list. With one
index per file, another tenant's writes changed my scores -- revealing whether a word
occurs in someone else's data -- and a tenant with 200k rows made a tiny tenant's search
walk them. One index per (group, table) makes both a function of the group's own rows.

How: the row tables keep triggers, but they only note the touched row in ``fts_pending``
(a trigger cannot pick a table by group). Every write transaction ends with :func:`sync`,
which re-indexes exactly those rows in their group's index before the commit, so the
index and the rows change in one transaction, as before.

Index names: ``fts_<serial>_<table>``, where ``serial`` is the group's integer key in the
``groups`` table (never user text in SQL). An index is created on the group's first row of
that table and dropped with the group. Each index holds its own copy of the indexed text
(SQLite 3.40 has no contentless delete), and is about six schema objects.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict

# table -> its full-text columns (WORKS_AT matches "work": relation words are indexed too)
FTS_COLUMNS: dict[str, tuple[str, ...]] = {
    "facts": ("fact", "relation"),
    "entities": ("name", "summary"),
    "episodes": ("content",),
    "communities": ("name", "summary"),
}
TOKENIZER = "porter unicode61 remove_diacritics 2"


def index_name(serial: int, table: str) -> str:
    if table not in FTS_COLUMNS:
        raise ValueError(f"no full-text index for table {table!r}")
    return f"fts_{int(serial)}_{table}"


def group_serial(conn: sqlite3.Connection, group_id: str) -> int | None:
    row = conn.execute("SELECT serial FROM groups WHERE group_id = ?", (group_id,)).fetchone()
    return None if row is None else int(row[0])


def pending_statements() -> list[str]:
    """The pending-rows table and the triggers that fill it (for a migration)."""
    statements = [
        """CREATE TABLE fts_pending (
            tbl TEXT NOT NULL, rid INTEGER NOT NULL, group_id TEXT NOT NULL,
            PRIMARY KEY (tbl, rid)) WITHOUT ROWID"""
    ]
    for table, columns in FTS_COLUMNS.items():
        note_new = (
            f"INSERT OR IGNORE INTO fts_pending (tbl, rid, group_id) "
            f"VALUES ('{table}', new.rid, new.group_id);"
        )
        note_old = note_new.replace("new.", "old.")
        statements += [
            f"CREATE TRIGGER {table}_fts_ai AFTER INSERT ON {table} BEGIN {note_new} END",
            f"CREATE TRIGGER {table}_fts_ad AFTER DELETE ON {table} BEGIN {note_old} END",
            f"CREATE TRIGGER {table}_fts_au AFTER UPDATE OF {', '.join(columns)} ON {table} "
            f"BEGIN {note_old} END",
        ]
    return statements


def sync(conn: sqlite3.Connection) -> None:
    """Re-index every row noted in ``fts_pending`` in its group's index (inside the
    caller's write transaction), then clear the notes."""
    touched: dict[tuple[str, str], list[int]] = defaultdict(list)
    for table, rid, group_id in conn.execute("SELECT tbl, rid, group_id FROM fts_pending"):
        touched[(str(group_id), str(table))].append(int(rid))
    if not touched:
        return
    for (group_id, table), rids in touched.items():
        serial = group_serial(conn, group_id)
        if serial is None:  # the group is gone, and its indexes with it
            continue
        _reindex(conn, serial, table, rids)
    conn.execute("DELETE FROM fts_pending")


def _reindex(conn: sqlite3.Connection, serial: int, table: str, rids: list[int]) -> None:
    name = index_name(serial, table)
    cols = ", ".join(FTS_COLUMNS[table])
    conn.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {name} USING fts5 ({cols}, tokenize='{TOKENIZER}')"
    )
    ids = json.dumps(rids)
    conn.execute(f"DELETE FROM {name} WHERE rowid IN (SELECT value FROM json_each(?))", (ids,))
    conn.execute(
        f"INSERT INTO {name} (rowid, {cols}) SELECT rid, {cols} FROM {table} "
        "WHERE rid IN (SELECT value FROM json_each(?))",
        (ids,),
    )


def drop_group(conn: sqlite3.Connection, group_id: str) -> None:
    """Drop the group's indexes and forget its pending rows (before its ``groups`` row goes)."""
    serial = group_serial(conn, group_id)
    if serial is not None:
        for table in FTS_COLUMNS:
            conn.execute(f"DROP TABLE IF EXISTS {index_name(serial, table)}")
    conn.execute("DELETE FROM fts_pending WHERE group_id = ?", (group_id,))


def optimize(
    conn: sqlite3.Connection, group_id: str, tables: tuple[str, ...] = tuple(FTS_COLUMNS)
) -> None:
    """Merge the group's indexes into one segment each, dropping deleted terms (FTS5 keeps
    them in older segments until a merge). Run inside the deleting transaction, so no page
    image holding them reaches the WAL. Cost: a rewrite of the group's own indexes."""
    serial = group_serial(conn, group_id)
    if serial is None:
        return
    for table in tables:
        name = index_name(serial, table)
        exists = conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
        ).fetchone()
        if exists:
            conn.execute(f"INSERT INTO {name} ({name}) VALUES ('optimize')")
