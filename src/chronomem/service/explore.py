"""Routes for looking inside a memory (the web page reads only these and the other public
routes): the groups a key may use, a group's graph at two instants, one entity in detail,
and a group's write counter and queue status."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Response

from chronomem.engine.entities import aliases_of
from chronomem.ports import Store
from chronomem.service.deps import (
    ERRORS,
    NOT_FOUND,
    CurrentKey,
    Group,
    Runtime,
    SystemTime,
    WorldTime,
    utc_or_none,
)
from chronomem.service.explore_schemas import (
    EntityDetailOut,
    GraphCommunityOut,
    GraphCompactOut,
    GraphOut,
    GroupsOut,
    GroupStatusOut,
    KeyInfoOut,
)
from chronomem.service.queue import Status
from chronomem.service.runtime import ServiceRuntime
from chronomem.service.snapshot import Snapshot, take_snapshot
from chronomem.service.views import entity_out, episode_out, fact_out, queued_out

router = APIRouter(tags=["explore"], responses=ERRORS)

_WILDCARDS = set("*?[]!")


@router.get("/v1/groups", response_model=GroupsOut)
def list_groups(key: CurrentKey, runtime: Runtime) -> GroupsOut:
    """The groups this key may use that the store holds or the queue has seen, and what the
    key is. Groups outside the key's patterns are left out, names and all."""
    with runtime.db.read("listing groups") as conn:
        seen = {str(r[0]) for r in conn.execute("SELECT DISTINCT group_id FROM service_queue")}
    seen.update(runtime.memory.store.group_ids())
    literal = {p for p in key.groups if not _WILDCARDS & set(p)}
    return GroupsOut(
        key=KeyInfoOut(name=key.name, admin=key.admin, groups=list(key.groups)),
        groups=sorted(g for g in seen | literal if key.allows(g)),
    )


@router.get("/v1/groups/{group_id}/graph", response_model=GraphOut)
def group_graph(
    group_id: Group,
    runtime: Runtime,
    valid_at: WorldTime = None,
    known_at: SystemTime = None,
    limit: Annotated[int, Query(ge=1, le=20_000, description="Most entities drawn")] = 5000,
) -> Response:
    """The group's graph at world time ``valid_at`` as believed at system time ``known_at``:
    facts ``search`` would return then are ``current``; facts that had ended (or were
    retracted) by then are ``closed``; facts not yet learned or not yet started are left
    out. Entities without a shown fact are left out unless they have no fact at all."""
    shot, version = _snapshot(runtime, group_id, valid_at, known_at, limit)
    body = graph_body(shot, version)
    return Response(json.dumps(body, separators=(",", ":")), media_type="application/json")


def _snapshot(
    runtime: ServiceRuntime,
    group_id: str,
    valid_at: datetime | None,
    known_at: datetime | None,
    limit: int,
) -> tuple[Snapshot, int]:
    memory = runtime.memory
    shot = take_snapshot(
        memory.store,
        group_id,
        now=memory.clock.now(),
        valid_at=utc_or_none(valid_at, "valid_at"),
        known_at=utc_or_none(known_at, "known_at"),
        limit=limit,
    )
    return shot, memory.store.group_version(group_id)


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat().replace("+00:00", "Z")


def graph_body(shot: Snapshot, version: int) -> dict[str, object]:
    """The GraphOut body as plain JSON values: 20,000 facts serialise in a tenth of the time
    pydantic models take (tests check it against the GraphOut schema)."""
    return {
        "valid_at": _iso(shot.valid_at),
        "known_at": _iso(shot.known_at),
        "entities": [
            {
                "id": e.id,
                "name": e.name,
                "labels": list(e.labels),
                "mentions": shot.mentions.get(e.id, 0),
                "community_id": shot.community_of.get(e.id),
            }
            for e in shot.entities
        ],
        "facts": [
            {
                "id": f.id,
                "source_id": f.source_id,
                "target_id": f.target_id,
                "relation": f.relation,
                "fact": f.fact,
                "state": state,
                "valid_at": _iso(f.valid_at),
                "invalid_at": _iso(f.invalid_at),
                "created_at": _iso(f.created_at),
                "expired_at": _iso(f.expired_at),
                "episodes": list(f.episodes),
            }
            for f, state in shot.facts
        ],
        "communities": [{"id": c.id, "name": c.name} for c in shot.communities],
        "total_entities": shot.total_entities,
        "total_facts": shot.total_facts,
        "truncated": shot.truncated,
        "world_events": [_iso(t) for t in shot.world_events],
        "system_events": [_iso(t) for t in shot.system_events],
        "version": version,
    }


@router.get("/v1/groups/{group_id}/graph/compact", response_model=GraphCompactOut)
def group_graph_compact(
    group_id: Group,
    runtime: Runtime,
    valid_at: WorldTime = None,
    known_at: SystemTime = None,
    limit: Annotated[int, Query(ge=1, le=20_000, description="Most entities drawn")] = 5000,
) -> Response:
    """The same snapshot as ``GET .../graph``, in the small columnar form the web page
    draws from: no fact text or timestamps (``GET .../entities/{id}`` has them), entities
    referred to by their position, relations and labels by their position in a list."""
    shot, version = _snapshot(runtime, group_id, valid_at, known_at, limit)
    body = compact_body(shot, version)
    return Response(json.dumps(body, separators=(",", ":")), media_type="application/json")


def compact_body(shot: Snapshot, version: int) -> dict[str, object]:
    """The GraphCompactOut body (see :class:`GraphCompactOut` for each column)."""
    position = {e.id: i for i, e in enumerate(shot.entities)}
    relations = sorted({f.relation for f, _ in shot.facts})
    relation_at = {r: i for i, r in enumerate(relations)}
    labels = sorted({e.labels[0] for e in shot.entities if e.labels})
    label_at = {label: i for i, label in enumerate(labels)}
    communities = [c.id for c in shot.communities]
    community_at = {c: i for i, c in enumerate(communities)}
    return {
        "valid_at": _iso(shot.valid_at),
        "known_at": _iso(shot.known_at),
        "entities": {
            "id": [e.id for e in shot.entities],
            "name": [e.name for e in shot.entities],
            "mentions": [shot.mentions.get(e.id, 0) for e in shot.entities],
            "community": [
                community_at.get(shot.community_of.get(e.id, ""), -1) for e in shot.entities
            ],
            "label": [label_at[e.labels[0]] if e.labels else -1 for e in shot.entities],
        },
        "facts": {
            "id": [f.id for f, _ in shot.facts],
            "source": [position[f.source_id] for f, _ in shot.facts],
            "target": [position[f.target_id] for f, _ in shot.facts],
            "relation": [relation_at[f.relation] for f, _ in shot.facts],
            "closed": [int(state == "closed") for _, state in shot.facts],
        },
        "relations": relations,
        "labels": labels,
        "communities": communities,
        "total_entities": shot.total_entities,
        "total_facts": shot.total_facts,
        "truncated": shot.truncated,
        "world_events": [_iso(t) for t in shot.world_events],
        "system_events": [_iso(t) for t in shot.system_events],
        "version": version,
    }


@router.get(
    "/v1/groups/{group_id}/entities/{entity_id}",
    response_model=EntityDetailOut,
    responses=NOT_FOUND,
)
def entity_detail(
    group_id: Group, entity_id: str, runtime: Runtime, known_at: SystemTime = None
) -> EntityDetailOut:
    """One entity: summary, aliases, labels, every fact about it (with all four instants)
    and the episodes those facts came from; with ``known_at``, the facts learned by then,
    each as the memory believed it then, and the summary, aliases and mention count as known
    then."""
    store = runtime.memory.store
    found = store.get_entities([group_id], [entity_id])
    if not found:
        raise HTTPException(404, f"no entity {entity_id!r} in group {group_id!r}")
    known = utc_or_none(known_at, "known_at")
    timeline = runtime.memory.timeline_of(found[0], known_at=known)
    names = {i: e.name for i, e in timeline.entities.items()}
    episode_ids = sorted({i for f in timeline.facts for i in f.episodes})
    episodes = store.get_episodes([group_id], episode_ids) if episode_ids else []
    episodes.sort(key=lambda e: e.reference_time)
    community = next(
        (c for c in store.get_communities([group_id]) if entity_id in c.member_ids), None
    )
    return EntityDetailOut(
        entity=entity_out(timeline.entity),
        aliases=aliases_of(timeline.entity),
        mentions=_mentions(store, group_id, entity_id, known),
        community=None
        if community is None
        else GraphCommunityOut(id=community.id, name=community.name),
        facts=[fact_out(f, names) for f in timeline.facts],
        episodes=[episode_out(e) for e in episodes],
    )


def _mentions(store: Store, group_id: str, entity_id: str, known_at: datetime | None) -> int:
    """How many messages mention the entity (with ``known_at``: learned by then)."""
    ids = [m.episode_id for m in store.mentions([group_id], entity_ids=[entity_id])]
    if known_at is None or not ids:
        return len(ids)
    return sum(1 for e in store.get_episodes([group_id], ids) if e.created_at <= known_at)


@router.get("/v1/groups/{group_id}/status", response_model=GroupStatusOut)
def group_status(group_id: Group, runtime: Runtime) -> GroupStatusOut:
    """The group's write counter (poll it: it grows with every write), its queue rows per
    status, and its latest failed episodes with their errors."""
    with runtime.db.read("counting the group's queue") as conn:
        rows = conn.execute(
            "SELECT status, COUNT(*) FROM service_queue WHERE group_id = ? GROUP BY status",
            (group_id,),
        ).fetchall()
    counts = {str(status): int(n) for status, n in rows}
    failed = runtime.queue.list(group_id, status=Status.FAILED, limit=20)
    return GroupStatusOut(
        version=runtime.memory.store.group_version(group_id),
        queue={s.value: counts.get(s.value, 0) for s in Status},
        failed=[queued_out(r) for r in failed],
    )
