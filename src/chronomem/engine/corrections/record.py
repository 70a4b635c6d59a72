"""What every correction shares: who makes it and when, the edit record, and the JSON
snapshots of rows that undoing an edit restores."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from chronomem.clock import IdFactory
from chronomem.errors import NotFoundError, UsageError
from chronomem.model import Edit, EditKind, Entity, Fact, JSONValue, Vector
from chronomem.ports import Matrix, Store

Embed = Callable[[Sequence[str]], Sequence[Vector] | Matrix]  # Embedder.embed_batch


@dataclass(frozen=True, slots=True)
class Author:
    """Who makes a correction, when and why; the id factory names the new rows and the edit."""

    actor: str
    now: datetime
    ids: IdFactory
    reason: str = ""

    def __post_init__(self) -> None:
        if not self.actor.strip():
            raise UsageError("an edit needs a non-empty actor: say who makes the correction")

    def edit(
        self,
        group_id: str,
        kind: EditKind,
        subjects: Sequence[str],
        payload: Mapping[str, JSONValue],
        *,
        edit_id: str | None = None,
        undoes: str | None = None,
    ) -> Edit:
        edit_id = edit_id or self.ids()
        return Edit(
            id=edit_id,
            group_id=group_id,
            kind=kind,
            at=self.now,
            actor=self.actor,
            reason=self.reason,
            subjects=(edit_id, *subjects),  # its own id first: find_edit reads it
            payload=dict(payload),
            undoes=undoes,
        )


def one_fact(store: Store, group_id: str, fact_id: str) -> Fact:
    found = store.get_facts([group_id], [fact_id])
    if not found:
        raise NotFoundError(f"no fact {fact_id!r} in group {group_id!r}: check the id")
    return found[0]


def one_entity(store: Store, group_id: str, entity_id: str) -> Entity:
    found = store.get_entities([group_id], [entity_id])
    if not found:
        raise NotFoundError(f"no entity {entity_id!r} in group {group_id!r}: check the id")
    return found[0]


def entity_snapshot(entity: Entity) -> dict[str, JSONValue]:
    """``entity`` as JSON (without its embedding, which undo recomputes from the name)."""
    return {
        "id": entity.id,
        "name": entity.name,
        "created_at": entity.created_at.isoformat(),
        "labels": list(entity.labels),
        "summary": entity.summary,
        "attributes": dict(entity.attributes),
    }


def entity_from_snapshot(group_id: str, data: Mapping[str, JSONValue]) -> Entity:
    labels = data.get("labels")
    attributes = data.get("attributes")
    return Entity(
        id=str(data["id"]),
        group_id=group_id,
        name=str(data["name"]),
        created_at=datetime.fromisoformat(str(data["created_at"])),
        labels=tuple(str(x) for x in labels) if isinstance(labels, list) else (),
        summary=str(data.get("summary") or ""),
        attributes=dict(attributes) if isinstance(attributes, dict) else {},
    )


def fact_ends(fact: Fact) -> dict[str, JSONValue]:
    return {"id": fact.id, "source_id": fact.source_id, "target_id": fact.target_id}


def with_name_vectors(entities: Sequence[Entity], embed: Embed) -> tuple[Entity, ...]:
    """``entities`` with their name embeddings computed (one batch)."""
    vectors = embed([e.name for e in entities]) if entities else []
    return tuple(replace(e, name_embedding=v) for e, v in zip(entities, vectors, strict=True))
