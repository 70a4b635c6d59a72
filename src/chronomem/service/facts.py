"""Facts: read one, delete one, state one (add_fact); an episode's graph (provenance)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from chronomem.engine.provenance import episode_graph as episode_graph_of
from chronomem.service.deps import ERRORS, NOT_FOUND, Group, Runtime
from chronomem.service.schemas import (
    DeletedOut,
    EpisodeGraphOut,
    FactOut,
    IngestedOut,
    StatedFactIn,
)
from chronomem.service.views import entity_out, episode_out, fact_out

router = APIRouter(prefix="/v1/groups/{group_id}", tags=["facts"], responses=ERRORS)


@router.get("/facts/{fact_id}", response_model=FactOut, responses=NOT_FOUND)
def get_fact(group_id: Group, fact_id: str, runtime: Runtime) -> FactOut:
    found = runtime.memory.get_facts([fact_id], group_id=group_id)
    if not found:
        raise HTTPException(404, f"no fact {fact_id!r} in group {group_id!r}")
    fact = found[0]
    ends = runtime.memory.store.get_entities([group_id], sorted(set(fact.endpoints)))
    return fact_out(fact, {e.id: e.name for e in ends})


@router.delete("/facts/{fact_id}", response_model=DeletedOut, responses=NOT_FOUND)
def delete_fact(group_id: Group, fact_id: str, runtime: Runtime) -> DeletedOut:
    """Delete one fact (its entities and episodes stay)."""
    if not runtime.delete_fact(group_id, fact_id):
        raise HTTPException(404, f"no fact {fact_id!r} in group {group_id!r}")
    return DeletedOut(deleted=True, detail=f"fact {fact_id!r} deleted")


@router.post("/facts", status_code=201, response_model=IngestedOut)
def add_fact(body: StatedFactIn, group_id: Group, runtime: Runtime) -> IngestedOut:
    """State one fact directly (structured data; Graphiti's add_triplet). Both entities are
    resolved or created and the fact is deduplicated and may close contradicted facts, like
    an extracted one. Written at once (not queued); it is recorded as a short episode."""
    options = body.model_dump(exclude={"source", "relation", "target"})
    result = runtime.add_fact(group_id, body.source, body.relation, body.target, **options)
    names = {e.id: e.name for e in result.entities}
    return IngestedOut(
        episode_id=result.episode.id,
        stored_already=result.stored_already,
        facts=[fact_out(f, names) for f in result.facts],
        invalidated=[f.id for f in result.invalidated],
        entities=[entity_out(e) for e in result.entities],
    )


@router.get("/episodes/{episode_id}/graph", response_model=EpisodeGraphOut, responses=NOT_FOUND)
def episode_graph(group_id: Group, episode_id: str, runtime: Runtime) -> EpisodeGraphOut:
    """Provenance: the facts an episode states or supports (current or closed) and the
    entities it mentions."""
    found = episode_graph_of(runtime.memory.store, group_id, episode_id)
    if found is None:
        raise HTTPException(404, f"no episode {episode_id!r} in group {group_id!r}")
    names = {e.id: e.name for e in found.entities}
    return EpisodeGraphOut(
        episode=episode_out(found.episode),
        entities=[entity_out(e) for e in found.entities],
        facts=[fact_out(f, names) for f in found.facts],
    )
