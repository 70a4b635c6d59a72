"""Threads (the conversations inside a group): list one's episodes, delete one."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Path

from chronomem.service.deps import ERRORS, NOT_FOUND, Group, Runtime
from chronomem.service.schemas import THREAD_ID_REGEX, DeletedOut, EpisodeListOut
from chronomem.service.views import episode_out

router = APIRouter(prefix="/v1/groups/{group_id}/threads", tags=["threads"], responses=ERRORS)
ThreadId = Annotated[str, Path(pattern=THREAD_ID_REGEX, description="The thread's id.")]


@router.get("/{thread_id}/episodes", response_model=EpisodeListOut)
def thread_episodes(group_id: Group, thread_id: ThreadId, runtime: Runtime) -> EpisodeListOut:
    """The thread's ingested episodes, oldest first."""
    found = runtime.memory.thread_episodes(thread_id, group_id=group_id)
    return EpisodeListOut(episodes=[episode_out(e) for e in found])


@router.delete("/{thread_id}", response_model=DeletedOut, responses=NOT_FOUND)
def delete_thread(group_id: Group, thread_id: ThreadId, runtime: Runtime) -> DeletedOut:
    """Delete the thread's episodes (queued or ingested), each as DELETE .../episodes/{id}
    does: what only they supported goes, what only they closed reopens. The group's other
    episodes and facts stay."""
    removed = runtime.delete_thread(group_id, thread_id)
    if not removed:
        raise HTTPException(404, f"no episode of thread {thread_id!r} in group {group_id!r}")
    return DeletedOut(deleted=True, detail=f"thread {thread_id!r}: {removed} episode(s) deleted")
