"""Request and response bodies of the correction routes (``service/corrections.py``)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, Field, JsonValue

from chronomem.model import Edit
from chronomem.service.schemas import EntityName, Instant, Text, _Strict

Reason = Annotated[Text, Field(max_length=1000, description="Why (kept in the edit record).")]
Id = Annotated[str, Field(min_length=1, max_length=128)]


class FactEditIn(_Strict):
    """What to change; a field left out keeps its value, ``null`` for a date empties it."""

    fact: Annotated[Text, Field(min_length=1, max_length=2000)] | None = None
    relation: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    value: EntityName | None = Field(default=None, description="The target entity's name.")
    valid_at: Instant | None = None
    invalid_at: Instant | None = None
    reason: Reason = ""


class ReasonIn(_Strict):
    reason: Reason = ""


class MergeIn(_Strict):
    keep_id: Id = Field(description="The entity that stays.")
    merged_id: Id = Field(description="The entity merged into it (deleted; names kept).")
    reason: Reason = ""


class RenameIn(_Strict):
    name: EntityName
    keep_alias: bool = True
    reason: Reason = ""


class SplitIn(_Strict):
    name: EntityName = Field(description="The new entity's name.")
    episode_ids: list[Id] = Field(default=[], max_length=1000)
    fact_ids: list[Id] = Field(default=[], max_length=1000)
    reason: Reason = ""


class EditOut(BaseModel):
    """One recorded correction. ``subjects``: its own id, then the facts and entities it
    touched (a split's new entity is the third); ``payload``: what undoing it needs."""

    id: str
    group_id: str
    kind: str
    at: datetime
    actor: str
    reason: str
    subjects: list[str]
    payload: dict[str, JsonValue]
    undoes: str | None


class EditListOut(BaseModel):
    edits: list[EditOut]


def edit_out(edit: Edit) -> EditOut:
    return EditOut(
        id=edit.id,
        group_id=edit.group_id,
        kind=edit.kind.value,
        at=edit.at,
        actor=edit.actor,
        reason=edit.reason,
        subjects=list(edit.subjects),
        payload=dict(edit.payload),
        undoes=edit.undoes,
    )
