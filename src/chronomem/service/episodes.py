"""Episodes: add (one or a batch; 202 with ids), status, recent, retry, queue, delete."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Header, HTTPException, Query

from chronomem.engine.learned import Learned
from chronomem.intake import EpisodeInput
from chronomem.service.deps import ERRORS, NOT_FOUND, CurrentKey, Group, Runtime
from chronomem.service.queue import Status
from chronomem.service.schemas import (
    AcceptedOut,
    DeletedOut,
    EpisodeBatchIn,
    EpisodeIn,
    EpisodeListOut,
    EpisodeStatusOut,
    QueuedOut,
    QueueListOut,
)
from chronomem.service.views import episode_out, queued_out, status_out

router = APIRouter(prefix="/v1/groups/{group_id}", tags=["episodes"], responses=ERRORS)

IdempotencyKey = Annotated[
    str | None,
    Header(
        alias="Idempotency-Key",
        pattern=r"^[!-~]{1,200}$",
        description="Re-sending a request with the same key returns the first answer "
        "instead of queuing the episodes again.",
    ),
]

LearnedWhen = Annotated[
    Learned,
    Query(
        description="When the memory learns what the episodes say: 'now' (default: when "
        "each is ingested) or 'said' (at each one's reference_time, in order: for a "
        "replayed history, so known_at between two of its messages shows what was known "
        "then)."
    ),
]


def _inputs(group_id: str, items: list[EpisodeIn]) -> list[EpisodeInput]:
    now = datetime.now(UTC)
    return [
        EpisodeInput(
            content=i.content,
            group_id=group_id,
            reference_time=i.reference_time or now,
            source=i.source,
            source_description=i.source_description,
            episode_id=i.episode_id,
        )
        for i in items
    ]


def _accept(
    runtime: Runtime,
    key: CurrentKey,
    group_id: str,
    items: list[EpisodeIn],
    idem: str | None,
    learned: Learned,
) -> AcceptedOut:
    scope = None if idem is None else (key.id, idem)
    request: list[object] = [group_id, [i.model_dump(mode="json") for i in items]]
    if learned is not Learned.NOW:  # the digest of a default request is as it always was
        request.append(learned.value)
    sent = json.dumps(request, sort_keys=True)
    accepted = runtime.accept(
        group_id,
        _inputs(group_id, items),
        idempotency=scope,
        request_digest=hashlib.sha256(sent.encode()).hexdigest(),
        learned=learned,
    )
    return AcceptedOut(
        episodes=[queued_out(row) for row in accepted.episodes], replayed=accepted.replayed
    )


@router.post("/episodes", status_code=202, response_model=AcceptedOut)
def add_episode(
    body: EpisodeIn,
    group_id: Group,
    key: CurrentKey,
    runtime: Runtime,
    idempotency_key: IdempotencyKey = None,
    learned: LearnedWhen = Learned.NOW,
) -> AcceptedOut:
    """Queue one episode. 202 means it is committed to the durable queue: it will be
    ingested even if the server restarts. Poll its status with GET .../episodes/{id}."""
    return _accept(runtime, key, group_id, [body], idempotency_key, learned)


@router.post("/episodes/batch", status_code=202, response_model=AcceptedOut)
def add_episodes(
    body: EpisodeBatchIn,
    group_id: Group,
    key: CurrentKey,
    runtime: Runtime,
    idempotency_key: IdempotencyKey = None,
    learned: LearnedWhen = Learned.NOW,
) -> AcceptedOut:
    """Queue a batch in one commit (all or nothing); each group's episodes are ingested in
    reference-time order. ``?learned=said`` replays a history: each episode's facts are
    learned at its reference time."""
    return _accept(runtime, key, group_id, body.episodes, idempotency_key, learned)


@router.get("/episodes", response_model=EpisodeListOut)
def recent_episodes(
    group_id: Group, runtime: Runtime, limit: Annotated[int, Query(ge=1, le=100)] = 10
) -> EpisodeListOut:
    """The group's latest ingested episodes by reference time, newest first."""
    found = runtime.memory.recent_episodes(group_id=group_id, limit=limit)
    return EpisodeListOut(episodes=[episode_out(e) for e in found])


@router.get("/episodes/{episode_id}", response_model=EpisodeStatusOut, responses=NOT_FOUND)
def episode_status(group_id: Group, episode_id: str, runtime: Runtime) -> EpisodeStatusOut:
    """Where an episode is: queued, processing, done (with the stored episode), failed
    (with its error), or stored (written without the queue)."""
    row, stored = runtime.status(group_id, episode_id)
    if row is None and stored is None:
        raise HTTPException(404, f"no episode {episode_id!r} in group {group_id!r}")
    return status_out(row, stored)


@router.delete("/episodes/{episode_id}", response_model=DeletedOut, responses=NOT_FOUND)
def delete_episode(group_id: Group, episode_id: str, runtime: Runtime) -> DeletedOut:
    """Remove the episode (queued or ingested) and every fact and entity only it supported."""
    if not runtime.delete_episode(group_id, episode_id):
        raise HTTPException(404, f"no episode {episode_id!r} in group {group_id!r}")
    return DeletedOut(deleted=True, detail=f"episode {episode_id!r} deleted")


@router.post("/episodes/{episode_id}/retry", response_model=QueuedOut, responses=NOT_FOUND)
def retry_episode(group_id: Group, episode_id: str, runtime: Runtime) -> QueuedOut:
    """Queue a failed episode again (its attempts start over)."""
    row = runtime.queue.retry(group_id, episode_id)
    if row is None:
        raise HTTPException(404, f"no failed episode {episode_id!r} in group {group_id!r}")
    runtime.workers.wake()
    return queued_out(row)


@router.get("/queue", response_model=QueueListOut)
def queued_episodes(
    group_id: Group,
    runtime: Runtime,
    status: Status | None = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 50,
) -> QueueListOut:
    """The group's queue rows, newest first: see what waits, runs or failed (and why)."""
    rows = runtime.queue.list(group_id, status=status, limit=limit)
    return QueueListOut(episodes=[queued_out(r) for r in rows])
