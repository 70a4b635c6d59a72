"""Facts: read one, delete one."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from chronomem.service.deps import ERRORS, NOT_FOUND, Group, Runtime
from chronomem.service.schemas import DeletedOut, FactOut
from chronomem.service.views import fact_out

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
