"""Correcting facts by hand: edit (a new fact supersedes the old one) and retract.

History stays true. Neither correction rewrites what the memory believed before it:

* the old fact is *withdrawn* at the edit's instant: ``expired_at = now`` with no
  ``invalid_at`` (the retraction form of :func:`chronomem.model.time.is_believed`: it never
  held), and the state it had is kept in a closing note (``attributes["closed_by"]``, the
  note the engine writes when an episode closes a fact, with ``"edit"`` instead of an
  episode), so ``known_at`` before the edit still shows the old belief;
* an edit writes a new fact, learned now (``created_at = now``), from the same source
  episodes, that names the one it supersedes (``attributes["supersedes"]``).

Both return a :class:`~chronomem.model.ChangeSet` holding the record of the edit.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

from chronomem.engine.corrections.record import Author, Embed, one_fact
from chronomem.errors import UsageError
from chronomem.model import ChangeSet, EditKind, Entity, Fact, JSONValue, to_relation_name
from chronomem.model.belief import CLOSED_BY, closing_note
from chronomem.model.names import normalize_name
from chronomem.model.time import ensure_aware_or_none
from chronomem.model.validation import check_text
from chronomem.ports import Store
from chronomem.stores.intervals_check import check_intervals

DateField = Literal["valid_at", "invalid_at"]
SUPERSEDES = "supersedes"  # attribute of a fact written by an edit: the fact it replaced
EDIT = "edit"  # attribute: the id of the edit that wrote or withdrew the fact


@dataclass(frozen=True, slots=True)
class FactChange:
    """What an edit changes; ``None`` keeps the old value, ``clear`` empties dates."""

    fact: str | None = None  # the text
    relation: str | None = None  # free text or SCREAMING_SNAKE ("works at" -> WORKS_AT)
    value: str | None = None  # the name of the target entity (found by name, or created)
    valid_at: datetime | None = None
    invalid_at: datetime | None = None
    clear: tuple[DateField, ...] = ()

    def __post_init__(self) -> None:
        for name in ("valid_at", "invalid_at"):
            object.__setattr__(self, name, ensure_aware_or_none(getattr(self, name), name))
        unknown = set(self.clear) - {"valid_at", "invalid_at"}
        if unknown:
            raise UsageError(f"clear names {sorted(unknown)}: only valid_at and invalid_at")
        both = {d for d in self.clear if getattr(self, d) is not None}
        if both:
            raise UsageError(f"{sorted(both)} both set and cleared: pass one or the other")
        if self.is_empty:
            raise UsageError(
                "an edit changes nothing: pass fact, relation, value, valid_at, invalid_at or clear"
            )

    @property
    def is_empty(self) -> bool:
        parts = (self.fact, self.relation, self.value, self.valid_at, self.invalid_at)
        return all(p is None for p in parts) and not self.clear


def withdrawn(fact: Fact, now: datetime, edit_id: str) -> Fact:
    """``fact`` withdrawn at ``now`` (never held), its state until then kept in the closing
    note (``model/belief.py``), which names the edit instead of an episode."""
    note = {**closing_note(fact, None), EDIT: edit_id}
    return replace(
        fact,
        invalid_at=None,
        expired_at=now,
        attributes={**fact.attributes, CLOSED_BY: note, EDIT: edit_id},
    )


def believed_now(fact: Fact, now: datetime) -> Fact:
    """``fact`` as long as the memory still believes it: a withdrawn (retracted or
    superseded) fact, or one learned after ``now``, cannot be corrected."""
    if fact.expired_at is not None and fact.invalid_at is None:
        raise UsageError(
            f"fact {fact.id!r} was withdrawn at {fact.expired_at.isoformat()}: correct the "
            "fact that replaced it (see the group's edits), or undo the edit that withdrew it"
        )
    if fact.created_at > now:
        raise UsageError(f"fact {fact.id!r} is learned after now: wait until it is")
    return fact


def plan_retraction(store: Store, group_id: str, fact_id: str, by: Author) -> ChangeSet:
    """Withdraw the fact: gone from "now" and from every ``known_at`` after this instant."""
    old = believed_now(one_fact(store, group_id, fact_id), by.now)
    edit_id = by.ids()
    edit = by.edit(
        group_id,
        EditKind.RETRACT_FACT,
        [old.id, *old.endpoints],
        {"created_facts": [], "withdrawn_facts": [old.id]},
        edit_id=edit_id,
    )
    return ChangeSet(group_id=group_id, facts=(withdrawn(old, by.now, edit_id),), edits=(edit,))


def plan_fact_edit(
    store: Store, group_id: str, fact_id: str, change: FactChange, by: Author, embed: Embed
) -> ChangeSet:
    """A new fact with ``change`` applied supersedes the fact (withdrawn now)."""
    old = believed_now(one_fact(store, group_id, fact_id), by.now)
    edit_id, new_id = by.ids(), by.ids()
    ends = {e.id: e for e in store.get_entities([group_id], list(old.endpoints))}
    target, created = _target(store, group_id, ends.get(old.target_id), change, by, embed)
    source = ends.get(old.source_id)
    new = _superseding(old, change, (source, target), new_id, by.now)
    new = replace(new, attributes={**new.attributes, EDIT: edit_id})
    check_intervals([new])
    if new.embedding is None:
        (vector,) = embed([new.fact])
        new = replace(new, embedding=vector)
    edit = by.edit(
        group_id,
        EditKind.EDIT_FACT,
        [old.id, new.id, *old.endpoints, new.target_id],
        {"created_facts": [new.id], "withdrawn_facts": [old.id], "change": _described(change)},
        edit_id=edit_id,
    )
    return ChangeSet(
        group_id=group_id,
        entities=created,
        facts=(withdrawn(old, by.now, edit_id), new),
        edits=(edit,),
    )


def _target(
    store: Store,
    group_id: str,
    stored: Entity | None,
    change: FactChange,
    by: Author,
    embed: Embed,
) -> tuple[Entity | None, tuple[Entity, ...]]:
    """The fact's target after the edit, and the entity to create when the new value names
    none stored (found by exact name or alias, as resolution's fast path)."""
    if change.value is None:
        return stored, ()
    name = check_text(change.value, "value").strip()
    if not name:
        raise UsageError("the new value is empty: pass the name of what the fact points to")
    found = store.find_entities(group_id, [normalize_name(name)])
    if found:
        return found[0], ()
    (vector,) = embed([name])
    labels = stored.labels if stored is not None else ()
    entity = Entity(
        id=by.ids(), group_id=group_id, name=name, created_at=by.now, labels=labels,
        name_embedding=vector,
    )  # fmt: skip
    return entity, (entity,)


def _superseding(
    old: Fact,
    change: FactChange,
    ends: tuple[Entity | None, Entity | None],
    new_id: str,
    now: datetime,
) -> Fact:
    source, target = ends
    relation = to_relation_name(change.relation) if change.relation is not None else old.relation
    target_id = target.id if target is not None else old.target_id
    text = old.fact if change.fact is None else check_text(change.fact, "fact").strip()
    if not text:
        raise UsageError("the new fact text is empty: pass the sentence the fact should say")
    if change.fact is None and (relation != old.relation or target_id != old.target_id):
        words = relation.lower().replace("_", " ")
        text = f"{_name(source, old.source_id)} {words} {_name(target, target_id)}"
    invalid_at = _date(old.invalid_at, change, "invalid_at")
    kept = {k: v for k, v in old.attributes.items() if k not in (CLOSED_BY, EDIT, SUPERSEDES)}
    return replace(
        old,
        id=new_id,
        target_id=target_id,
        relation=relation,
        fact=text,
        created_at=now,
        valid_at=_date(old.valid_at, change, "valid_at"),
        invalid_at=invalid_at,
        expired_at=None if invalid_at is None else now,
        attributes={**kept, SUPERSEDES: old.id},
        embedding=old.embedding if text == old.fact else None,
    )


def _name(entity: Entity | None, fallback: str) -> str:
    return entity.name if entity is not None else fallback


def _date(old: datetime | None, change: FactChange, name: DateField) -> datetime | None:
    if name in change.clear:
        return None
    new: datetime | None = getattr(change, name)
    return old if new is None else new


def _described(change: FactChange) -> dict[str, JSONValue]:
    """The change as JSON, for the edit's record."""
    out: dict[str, JSONValue] = {}
    for name in ("fact", "relation", "value"):
        if getattr(change, name) is not None:
            out[name] = getattr(change, name)
    for name in ("valid_at", "invalid_at"):
        if getattr(change, name) is not None:
            out[name] = _iso(getattr(change, name))
    if change.clear:
        out["clear"] = list(change.clear)
    return out


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()
