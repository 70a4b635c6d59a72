"""Retrieval: search (facts, entities, episodes, communities), context string, timeline."""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query

from chronomem.errors import UsageError
from chronomem.model import SearchFilter
from chronomem.service.deps import ERRORS, NOT_FOUND, Group, Runtime, SystemTime, utc_or_none
from chronomem.service.schemas import ContextIn, ContextOut, SearchIn, SearchOut, TimelineOut
from chronomem.service.views import community_out, entity_out, episode_out, fact_out

router = APIRouter(prefix="/v1/groups/{group_id}", tags=["search"], responses=ERRORS)


@router.post("/search", response_model=SearchOut)
def search(body: SearchIn, group_id: Group, runtime: Runtime) -> SearchOut:
    """Hybrid search. Current facts by default; ``valid_at``: what was true then;
    ``known_at``: what the memory believed then; ``history``: every fact."""
    started = time.perf_counter()
    flt = None
    if body.history or any(
        x is not None
        for x in (body.relations, body.labels, body.entity_attributes, body.fact_attributes)
    ):
        flt = SearchFilter(
            history=body.history,
            relations=tuple(body.relations) if body.relations is not None else None,
            labels=tuple(body.labels) if body.labels is not None else None,
            entity_attributes=body.entity_attributes,
            fact_attributes=body.fact_attributes,
        )
    found, names = runtime.search(
        body.query,
        group_id=group_id,
        limit=body.limit,
        recipe=body.recipe,
        targets=list(body.targets) if body.targets else None,
        valid_at=body.valid_at,
        known_at=body.known_at,
        search_filter=flt,
    )
    return SearchOut(
        facts=[fact_out(f, names) for f in found.facts],
        entities=[entity_out(e) for e in found.entities],
        episodes=[episode_out(e) for e in found.episodes],
        communities=[community_out(c) for c in found.communities],
        took_ms=round((time.perf_counter() - started) * 1000, 3),
    )


@router.post("/context", response_model=ContextOut)
def context(body: ContextIn, group_id: Group, runtime: Runtime) -> ContextOut:
    """A dated FACTS / ENTITIES block for an agent's prompt, within ``max_tokens``."""
    started = time.perf_counter()
    built = runtime.context_result(
        body.query,
        group_id=group_id,
        max_tokens=body.max_tokens,
        valid_at=body.valid_at,
        known_at=body.known_at,
    )
    return ContextOut(
        context=built.text,
        tokens=built.tokens,
        fact_ids=list(built.fact_ids),
        entity_ids=list(built.entity_ids),
        took_ms=round((time.perf_counter() - started) * 1000, 3),
    )


@router.get("/timeline", response_model=TimelineOut, responses=NOT_FOUND)
def timeline(
    group_id: Group,
    runtime: Runtime,
    entity: Annotated[str, Query(min_length=1, max_length=500, description="Entity name")],
    known_at: SystemTime = None,
) -> TimelineOut:
    """Every fact about one entity, current and past, in world-time order; with
    ``known_at``, the facts learned by then, each as the memory believed it then."""
    if not entity.strip():
        raise HTTPException(422, "name the entity whose timeline you want, e.g. entity=Alice")
    try:
        found = runtime.timeline(group_id, entity, known_at=utc_or_none(known_at, "known_at"))
    except UsageError as exc:
        raise HTTPException(404, str(exc)) from None
    names = {i: e.name for i, e in found.entities.items()}
    names[found.entity.id] = found.entity.name
    return TimelineOut(
        entity=entity_out(found.entity), facts=[fact_out(f, names) for f in found.facts]
    )
