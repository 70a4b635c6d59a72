"""The SQLite side of hand corrections: the edit records and the mentions a split moves.

Runs inside the caller's write or read transaction (``writes.apply_changes``,
``SQLiteStore.list_edits``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from chronomem.model import Edit, Mention
from chronomem.stores.edit_codec import edit_from, edit_row

EDIT_TABLES = ("edit_subjects", "edits")
_COLUMNS = ("id", "kind", "at", "actor", "reason", "payload", "undoes")


def delete_mentions(conn: sqlite3.Connection, mentions: Sequence[Mention]) -> None:
    conn.executemany(
        "DELETE FROM mentions WHERE group_id = ? AND episode_id = ? AND entity_id = ?",
        [(m.group_id, m.episode_id, m.entity_id) for m in mentions],
    )


def write_edits(conn: sqlite3.Connection, edits: Sequence[Edit]) -> None:
    for edit in edits:
        row = edit_row(edit)
        conn.execute(
            f"INSERT INTO edits (group_id, {', '.join(_COLUMNS)}) VALUES (?{', ?' * 7})",
            (edit.group_id, *(row[c] for c in _COLUMNS)),
        )
        conn.executemany(
            "INSERT OR IGNORE INTO edit_subjects (group_id, subject_id, edit_id, position) "
            "VALUES (?, ?, ?, ?)",
            [(edit.group_id, s, edit.id, i) for i, s in enumerate(edit.subjects)],
        )


def list_edits(
    conn: sqlite3.Connection, group_id: str, subject_id: str | None, limit: int
) -> list[Edit]:
    """Newest first (by time, then by insertion)."""
    columns = ", ".join(f"e.{c}" for c in _COLUMNS)
    if subject_id is None:
        query = (
            f"SELECT {columns} FROM edits e WHERE e.group_id = ? "
            "ORDER BY e.at DESC, e.rid DESC LIMIT ?"
        )
        params: tuple[str | int, ...] = (group_id, limit)
    else:
        query = (
            f"SELECT {columns} FROM edit_subjects s JOIN edits e "
            "ON e.group_id = s.group_id AND e.id = s.edit_id "
            "WHERE s.group_id = ? AND s.subject_id = ? ORDER BY e.at DESC, e.rid DESC LIMIT ?"
        )
        params = (group_id, subject_id, limit)
    found = [dict(zip(_COLUMNS, r, strict=True)) for r in conn.execute(query, params)]
    if not found:
        return []
    subjects: dict[str, list[str]] = {}
    marks = ", ".join("?" * len(found))
    for edit_id, subject in conn.execute(
        f"SELECT edit_id, subject_id FROM edit_subjects WHERE group_id = ? AND edit_id IN "
        f"({marks}) ORDER BY edit_id, position",
        (group_id, *(str(r["id"]) for r in found)),
    ):
        subjects.setdefault(edit_id, []).append(subject)
    return [edit_from(group_id, r, subjects.get(str(r["id"]), [])) for r in found]
