"""Edit records <-> flat primitive rows, shared by every store (SQLite columns, FalkorDB
node properties): the instant as microseconds, the payload as JSON text."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from chronomem.model import Edit, JSONValue
from chronomem.model.time import from_micros, to_micros

EditRow = dict[str, str | int | list[str] | None]


def edit_row(edit: Edit) -> EditRow:
    """The stored form of ``edit`` (``subjects`` a list of ids)."""
    return {
        "id": edit.id,
        "kind": edit.kind.value,
        "at": to_micros(edit.at),
        "actor": edit.actor,
        "reason": edit.reason,
        "payload": json.dumps(dict(edit.payload), ensure_ascii=False, separators=(",", ":")),
        "undoes": edit.undoes,
        "subjects": list(edit.subjects),
    }


def edit_from(group_id: str, row: object, subjects: Sequence[str] | None = None) -> Edit:
    """The edit stored as ``row`` in ``group_id`` (``subjects`` when kept apart from it)."""
    if not isinstance(row, Mapping):
        raise TypeError(f"an edit row is a mapping, not {type(row).__name__}")
    listed = row.get("subjects") if subjects is None else subjects
    payload: JSONValue = json.loads(str(row["payload"]))
    undoes = row.get("undoes")
    return Edit(
        id=str(row["id"]),
        group_id=group_id,
        kind=str(row["kind"]),  # type: ignore[arg-type]  # parsed by Edit
        at=from_micros(int(str(row["at"]))),
        actor=str(row["actor"]),
        reason=str(row["reason"]),
        subjects=tuple(str(s) for s in listed) if isinstance(listed, list | tuple) else (),
        payload=payload if isinstance(payload, dict) else {},
        undoes=None if undoes is None else str(undoes),
    )
