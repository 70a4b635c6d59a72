"""Groups: delete everything a group holds (graph and queue)."""

from __future__ import annotations

from fastapi import APIRouter

from chronomem.service.deps import ERRORS, Group, Runtime
from chronomem.service.schemas import DeletedOut

router = APIRouter(prefix="/v1/groups/{group_id}", tags=["groups"], responses=ERRORS)


@router.delete("", response_model=DeletedOut)
def delete_group(group_id: Group, runtime: Runtime) -> DeletedOut:
    """Delete the group's episodes, entities, facts and communities, and drop its queued
    episodes (they will not run). Deleting an empty group is not an error."""
    removed = runtime.delete_group(group_id)
    return DeletedOut(
        deleted=True, detail=f"group {group_id!r} deleted ({removed} queue rows dropped)"
    )
