"""Numbered schema migrations, recorded in ``_migrations`` and applied on open.

Add a change as a new function ``mNNN_what`` appended to :data:`MIGRATIONS`; never edit one
that has shipped. Migrations run inside one ``BEGIN IMMEDIATE`` transaction, so several
processes opening the same new file at once apply each migration exactly once.

Layout: every row table has an integer ``rid`` (stable rowid for its FTS5 index) and is
unique on ``(group_id, id)``: ids are scoped by group. Instants are INTEGER microseconds
since the epoch (UTC); embeddings are float32 BLOBs; labels and attributes are JSON.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable

from chronomem.errors import StoreError, UsageError
from chronomem.stores.sqlite import fts_sync
from chronomem.stores.sqlite.connection import write_transaction

Migration = Callable[[sqlite3.Connection], None]

_TABLES = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
    """CREATE TABLE groups (
        serial INTEGER PRIMARY KEY AUTOINCREMENT,
        group_id TEXT NOT NULL UNIQUE,
        version INTEGER NOT NULL)""",
    """CREATE TABLE episodes (
        rid INTEGER PRIMARY KEY,
        group_id TEXT NOT NULL, id TEXT NOT NULL,
        content TEXT NOT NULL, source TEXT NOT NULL, source_description TEXT NOT NULL,
        reference_time INTEGER NOT NULL, created_at INTEGER NOT NULL,
        UNIQUE (group_id, id))""",
    "CREATE INDEX episodes_by_time ON episodes (group_id, reference_time)",
    """CREATE TABLE entities (
        rid INTEGER PRIMARY KEY,
        group_id TEXT NOT NULL, id TEXT NOT NULL,
        name TEXT NOT NULL, norm_name TEXT NOT NULL, labels TEXT NOT NULL,
        summary TEXT NOT NULL, attributes TEXT NOT NULL, created_at INTEGER NOT NULL,
        name_embedding BLOB,
        UNIQUE (group_id, id))""",
    "CREATE INDEX entities_by_name ON entities (group_id, norm_name)",
    """CREATE TABLE facts (
        rid INTEGER PRIMARY KEY,
        group_id TEXT NOT NULL, id TEXT NOT NULL,
        source_id TEXT NOT NULL, target_id TEXT NOT NULL,
        relation TEXT NOT NULL, fact TEXT NOT NULL,
        valid_at INTEGER, invalid_at INTEGER, created_at INTEGER NOT NULL, expired_at INTEGER,
        attributes TEXT NOT NULL, embedding BLOB,
        UNIQUE (group_id, id))""",
    "CREATE INDEX facts_by_source ON facts (group_id, source_id)",
    "CREATE INDEX facts_by_target ON facts (group_id, target_id)",
    """CREATE TABLE fact_episodes (
        group_id TEXT NOT NULL, fact_id TEXT NOT NULL, episode_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        PRIMARY KEY (group_id, fact_id, episode_id),
        FOREIGN KEY (group_id, fact_id) REFERENCES facts (group_id, id) ON DELETE CASCADE
    ) WITHOUT ROWID""",
    "CREATE INDEX fact_episodes_by_episode ON fact_episodes (group_id, episode_id)",
    """CREATE TABLE mentions (
        group_id TEXT NOT NULL, episode_id TEXT NOT NULL, entity_id TEXT NOT NULL,
        PRIMARY KEY (group_id, episode_id, entity_id)
    ) WITHOUT ROWID""",
    "CREATE INDEX mentions_by_entity ON mentions (group_id, entity_id, episode_id)",
    """CREATE TABLE communities (
        rid INTEGER PRIMARY KEY,
        group_id TEXT NOT NULL, id TEXT NOT NULL,
        name TEXT NOT NULL, summary TEXT NOT NULL, created_at INTEGER NOT NULL,
        name_embedding BLOB,
        UNIQUE (group_id, id))""",
    """CREATE TABLE community_members (
        group_id TEXT NOT NULL, community_id TEXT NOT NULL, entity_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        PRIMARY KEY (group_id, community_id, entity_id),
        FOREIGN KEY (group_id, community_id) REFERENCES communities (group_id, id)
            ON DELETE CASCADE
    ) WITHOUT ROWID""",
    "CREATE INDEX community_members_by_entity ON community_members (group_id, entity_id)",
)

# table -> its full-text columns; each gets an external-content FTS5 index kept in sync by
# triggers, i.e. inside the same transaction as the row change.
FTS_COLUMNS: dict[str, tuple[str, ...]] = {
    "facts": ("fact", "relation"),  # relation words too: WORKS_AT matches "work"
    "entities": ("name", "summary"),
    "episodes": ("content",),
    "communities": ("name", "summary"),
}


def _fts_statements(table: str, columns: tuple[str, ...]) -> list[str]:
    cols = ", ".join(columns)
    new = ", ".join(f"new.{c}" for c in columns)
    old = ", ".join(f"old.{c}" for c in columns)
    fts = f"{table}_fts"
    delete_old = f"INSERT INTO {fts} ({fts}, rowid, {cols}) VALUES ('delete', old.rid, {old});"
    insert_new = f"INSERT INTO {fts} (rowid, {cols}) VALUES (new.rid, {new});"
    return [
        f"""CREATE VIRTUAL TABLE {fts} USING fts5 ({cols}, content='{table}',
            content_rowid='rid', tokenize='porter unicode61 remove_diacritics 2')""",
        f"CREATE TRIGGER {table}_fts_ai AFTER INSERT ON {table} BEGIN {insert_new} END",
        f"CREATE TRIGGER {table}_fts_ad AFTER DELETE ON {table} BEGIN {delete_old} END",
        f"CREATE TRIGGER {table}_fts_au AFTER UPDATE OF {cols} ON {table} "
        f"BEGIN {delete_old} {insert_new} END",
    ]


def m001_initial(conn: sqlite3.Connection) -> None:
    """Tables, indexes, FTS5 indexes and their sync triggers."""
    statements = list(_TABLES)
    for table, columns in FTS_COLUMNS.items():
        statements.extend(_fts_statements(table, columns))
    for statement in statements:
        conn.execute(statement)


def m002_episode_embeddings(conn: sqlite3.Connection) -> None:
    """Episodes get an embedding of their content (NULL for episodes written before)."""
    conn.execute("ALTER TABLE episodes ADD COLUMN embedding BLOB")


def m003_fact_filter_index(conn: sqlite3.Connection) -> None:
    """A covering index for the temporal filter check of search candidates (by id), so it
    reads the narrow index instead of the wide fact rows with their embeddings."""
    conn.execute(
        "CREATE INDEX facts_filter ON facts "
        "(group_id, id, created_at, valid_at, invalid_at, expired_at, relation)"
    )


def m004_group_fts(conn: sqlite3.Connection) -> None:
    """Full-text indexes per group (see :mod:`chronomem.stores.sqlite.fts_sync`): BM25
    statistics and search cost no longer depend on other groups. The file-wide indexes
    and their triggers go; every existing row is re-indexed in its group's index."""
    for table in FTS_COLUMNS:
        for suffix in ("ai", "ad", "au"):
            conn.execute(f"DROP TRIGGER IF EXISTS {table}_fts_{suffix}")
        conn.execute(f"DROP TABLE IF EXISTS {table}_fts")
    for statement in fts_sync.pending_statements():
        conn.execute(statement)
    for table in fts_sync.FTS_COLUMNS:
        conn.execute(
            f"INSERT INTO fts_pending (tbl, rid, group_id) SELECT '{table}', rid, group_id "
            f"FROM {table}"
        )
    conn.execute(  # rows of a group written before the groups table knew it
        "INSERT OR IGNORE INTO groups (group_id, version) "
        "SELECT DISTINCT group_id, 1 FROM fts_pending"
    )
    fts_sync.sync(conn)


def m005_edits(conn: sqlite3.Connection) -> None:
    """The record of hand corrections (``model/edits.py``) and, per edit, the facts and
    entities it touched (an entity's or a fact's trail is an indexed lookup)."""
    conn.execute(
        """CREATE TABLE edits (
            rid INTEGER PRIMARY KEY,
            group_id TEXT NOT NULL, id TEXT NOT NULL,
            kind TEXT NOT NULL, at INTEGER NOT NULL, actor TEXT NOT NULL, reason TEXT NOT NULL,
            payload TEXT NOT NULL, undoes TEXT,
            UNIQUE (group_id, id))"""
    )
    conn.execute(
        """CREATE TABLE edit_subjects (
            group_id TEXT NOT NULL, subject_id TEXT NOT NULL, edit_id TEXT NOT NULL,
            position INTEGER NOT NULL,
            PRIMARY KEY (group_id, subject_id, edit_id)
        ) WITHOUT ROWID"""
    )


def m006_episode_threads(conn: sqlite3.Connection) -> None:
    """Episodes get an optional thread (the conversation inside the group; NULL for
    episodes written before), indexed for a thread's episodes."""
    conn.execute("ALTER TABLE episodes ADD COLUMN thread_id TEXT")
    conn.execute("CREATE INDEX episodes_by_thread ON episodes (group_id, thread_id)")


MIGRATIONS: tuple[Migration, ...] = (
    m001_initial,
    m002_episode_embeddings,
    m003_fact_filter_index,
    m004_group_fts,
    m005_edits,
    m006_episode_threads,
)

_CREATE_LEDGER = (
    "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)"
)


def applied_migrations(conn: sqlite3.Connection) -> list[str]:
    """Names of the migrations recorded in the file, in the order they were applied."""
    exists = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_migrations'"
    ).fetchone()
    if not exists:
        return []
    return [r[0] for r in conn.execute("SELECT name FROM _migrations ORDER BY rowid")]


def check_current(conn: sqlite3.Connection, *, path: str) -> None:
    """For a read-only open: the file must be a chronomem database with every migration."""
    known = [m.__name__ for m in MIGRATIONS]
    done = applied_migrations(conn)
    if done == known:
        return
    if not done:
        raise UsageError(f"{path!r} is not a chronomem database (or an empty one): check the path")
    if set(done) - set(known):
        raise StoreError(
            f"SQLite store {path!r} was written by a newer chronomem: upgrade chronomem to open it"
        )
    raise UsageError(
        f"{path!r} was written by an older chronomem and needs an upgrade, which reading "
        "never does: open it once for writing (e.g. chronomem add, or Memory(path))"
    )


def migrate(conn: sqlite3.Connection, *, path: str, timeout_s: float) -> list[str]:
    """Apply the missing migrations; return the names applied by this call."""
    known = [m.__name__ for m in MIGRATIONS]
    if applied_migrations(conn) == known:  # the common case: no write lock needed
        return []
    done_now: list[str] = []
    with write_transaction(conn, timeout_s=timeout_s):
        conn.execute(_CREATE_LEDGER)
        done = set(applied_migrations(conn))
        unknown = done - set(known)
        if unknown:
            raise StoreError(
                f"SQLite store {path!r} was written by a newer chronomem (migrations "
                f"{sorted(unknown)} are unknown here): upgrade chronomem to open it"
            )
        for migration in MIGRATIONS:
            if migration.__name__ in done:
                continue
            migration(conn)
            conn.execute(
                "INSERT INTO _migrations (name, applied_at) VALUES (?, ?)",
                (migration.__name__, time.time_ns() // 1000),
            )
            done_now.append(migration.__name__)
    return done_now
