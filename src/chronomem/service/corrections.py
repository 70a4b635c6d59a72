"""Correcting memory by hand (admin keys): edit or retract a fact, merge, rename or split
entities, undo an edit; and the edit trail (any key of the group): the group's edits, or
those of one fact, entity or edit. Each correction is written at once while the group's
workers wait, recorded with the admin key's name as its actor."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Query

from chronomem.corrections import MAX_EDITS_LISTED
from chronomem.engine.corrections.facts import DateField
from chronomem.model import Edit
from chronomem.service.correction_schemas import (
    EditListOut,
    EditOut,
    FactEditIn,
    MergeIn,
    ReasonIn,
    RenameIn,
    SplitIn,
    edit_out,
)
from chronomem.service.deps import ERRORS, AdminKey, Group, Runtime

router = APIRouter(prefix="/v1/groups/{group_id}", tags=["corrections"], responses=ERRORS)
Limit = Annotated[int, Query(ge=1, le=MAX_EDITS_LISTED)]


def _done(runtime: Runtime, group_id: str, action: Callable[[], Edit]) -> EditOut:
    with runtime.workers.group(group_id):
        return edit_out(action())


@router.post("/facts/{fact_id}/edit", status_code=201, response_model=EditOut)
def edit_fact(
    body: FactEditIn, group_id: Group, fact_id: str, key: AdminKey, runtime: Runtime
) -> EditOut:
    """A new fact with the change supersedes this one (withdrawn now: ``known_at`` before
    still shows it)."""
    dates: tuple[DateField, ...] = ("valid_at", "invalid_at")
    clear = tuple(d for d in dates if d in body.model_fields_set and getattr(body, d) is None)
    return _done(runtime, group_id, lambda: runtime.memory.edit_fact(
        fact_id, group_id=group_id, fact=body.fact, relation=body.relation, value=body.value,
        valid_at=body.valid_at, invalid_at=body.invalid_at, clear=clear, actor=key.name,
        reason=body.reason,
    ))  # fmt: skip


@router.post("/facts/{fact_id}/retract", status_code=201, response_model=EditOut)
def retract_fact(
    body: ReasonIn, group_id: Group, fact_id: str, key: AdminKey, runtime: Runtime
) -> EditOut:
    """Withdraw the fact as never held (kept for ``known_at`` before now)."""
    return _done(runtime, group_id, lambda: runtime.memory.retract_fact(
        fact_id, group_id=group_id, actor=key.name, reason=body.reason
    ))  # fmt: skip


@router.post("/entities/merge", status_code=201, response_model=EditOut)
def merge_entities(body: MergeIn, group_id: Group, key: AdminKey, runtime: Runtime) -> EditOut:
    """``merged_id`` is ``keep_id``: its names become aliases, its facts and mentions move."""
    return _done(runtime, group_id, lambda: runtime.memory.merge_entities(
        body.keep_id, body.merged_id, group_id=group_id, actor=key.name, reason=body.reason
    ))  # fmt: skip


@router.post("/entities/{entity_id}/rename", status_code=201, response_model=EditOut)
def rename_entity(
    body: RenameIn, group_id: Group, entity_id: str, key: AdminKey, runtime: Runtime
) -> EditOut:
    return _done(runtime, group_id, lambda: runtime.memory.rename_entity(
        entity_id, body.name, group_id=group_id, keep_alias=body.keep_alias, actor=key.name,
        reason=body.reason,
    ))  # fmt: skip


@router.post("/entities/{entity_id}/split", status_code=201, response_model=EditOut)
def split_entity(
    body: SplitIn, group_id: Group, entity_id: str, key: AdminKey, runtime: Runtime
) -> EditOut:
    """The chosen mentions (episodes) and facts move to a new entity (third subject)."""
    return _done(runtime, group_id, lambda: runtime.memory.split_entity(
        entity_id, body.name, group_id=group_id, episode_ids=body.episode_ids,
        fact_ids=body.fact_ids, actor=key.name, reason=body.reason,
    ))  # fmt: skip


@router.post("/edits/{edit_id}/undo", status_code=201, response_model=EditOut)
def undo_edit(
    body: ReasonIn, group_id: Group, edit_id: str, key: AdminKey, runtime: Runtime
) -> EditOut:
    """Reverse an edit by a new, recorded one (undo the undo to redo)."""
    return _done(runtime, group_id, lambda: runtime.memory.undo_edit(
        edit_id, group_id=group_id, actor=key.name, reason=body.reason
    ))  # fmt: skip


@router.get("/edits", response_model=EditListOut)
def list_edits(
    group_id: Group, runtime: Runtime, subject_id: str | None = None, limit: Limit = 100
) -> EditListOut:
    """The group's edits, newest first; ``subject_id``: one fact's, entity's or edit's."""
    found = runtime.memory.list_edits(group_id=group_id, subject_id=subject_id, limit=limit)
    return EditListOut(edits=[edit_out(e) for e in found])


@router.get("/facts/{fact_id}/edits", response_model=EditListOut)
def fact_edits(group_id: Group, fact_id: str, runtime: Runtime, limit: Limit = 100) -> EditListOut:
    """The fact's edit trail, newest first."""
    return list_edits(group_id, runtime, fact_id, limit)


@router.get("/entities/{entity_id}/edits", response_model=EditListOut)
def entity_edits(
    group_id: Group, entity_id: str, runtime: Runtime, limit: Limit = 100
) -> EditListOut:
    """The entity's edit trail, newest first."""
    return list_edits(group_id, runtime, entity_id, limit)
