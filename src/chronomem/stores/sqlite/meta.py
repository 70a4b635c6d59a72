"""The records of the ``meta`` table about vectors: the embedder that wrote the file's
vectors, and a re-embedding under way (:class:`~chronomem.stores.reembedding.Migration`).

Functions over an open connection, inside the caller's transaction.
"""

from __future__ import annotations

import sqlite3

from chronomem.errors import UsageError
from chronomem.stores.reembedding import Migration
from chronomem.stores.sqlite.writes import BoundEmbedder

_EMBEDDER_KEYS = ("embedder_name", "embedder_dimension")
_MIGRATION_KEY = "reembed_to"


def check_embedder_args(name: str, dimension: int) -> None:
    if not isinstance(name, str) or not name or not isinstance(dimension, int) or dimension <= 0:
        raise UsageError("an embedder binding needs the embedder's name and a positive dimension")


def group_ids(conn: sqlite3.Connection) -> list[str]:
    return [str(g) for (g,) in conn.execute("SELECT group_id FROM groups")]


def migration(conn: sqlite3.Connection) -> Migration | None:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (_MIGRATION_KEY,)).fetchone()
    return None if row is None else Migration.from_json(str(row[0]))


def set_migration(conn: sqlite3.Connection, migration: Migration) -> None:
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
        (_MIGRATION_KEY, migration.to_json()),
    )


def set_binding(conn: sqlite3.Connection, bound: BoundEmbedder) -> None:
    conn.executemany(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
        list(zip(_EMBEDDER_KEYS, (bound.name, str(bound.dimension)), strict=True)),
    )


def finish(conn: sqlite3.Connection, migration: Migration) -> None:
    set_binding(conn, BoundEmbedder(migration.name, migration.dimension))
    conn.execute("DELETE FROM meta WHERE key = ?", (_MIGRATION_KEY,))


def bound_embedder(conn: sqlite3.Connection) -> BoundEmbedder | None:
    found = dict(
        conn.execute("SELECT key, value FROM meta WHERE key IN (?, ?)", _EMBEDDER_KEYS).fetchall()
    )
    if len(found) < len(_EMBEDDER_KEYS):
        return None
    return BoundEmbedder(found["embedder_name"], int(found["embedder_dimension"]))
