"""Undoing an edit is another edit: it is recorded, and can itself be undone.

* A fact edit or retraction is undone forward in system time, so ``known_at`` stays true:
  the facts it wrote are withdrawn now, and the facts it withdrew come back as copies learned
  now (new ids, ``attributes["restores"]``) with the interval they had.
* A merge, rename or split is undone by restoring its snapshot: the entities as they were,
  the ends of the facts it moved, the mentions it added and removed; entities it created go.

An edit is undone once. An undo is refused while a later edit that touched the same facts or
entities stands (undo that one first), or when what the edit wrote changed since (a fact it
wrote was closed, an entity it created gained facts or mentions).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from chronomem.engine.corrections.facts import EDIT, SUPERSEDES, withdrawn
from chronomem.engine.corrections.record import (
    Author,
    Embed,
    entity_from_snapshot,
    entity_snapshot,
    fact_ends,
    with_name_vectors,
)
from chronomem.errors import NotFoundError, UsageError
from chronomem.model import ChangeSet, Edit, EditKind, Fact, JSONValue, Mention, SearchFilter
from chronomem.model.belief import CLOSED_BY, before_closing
from chronomem.ports import Store

RESTORES = "restores"  # attribute of a fact an undo brought back: the withdrawn fact's id
_HISTORY = 1000  # how many edits of a subject are read to check what came after


def find_edit(store: Store, group_id: str, edit_id: str) -> Edit:
    """The recorded edit ``edit_id`` (every edit lists its own id among its subjects)."""
    for edit in store.list_edits(group_id, subject_id=edit_id, limit=_HISTORY):
        if edit.id == edit_id:
            return edit
    raise NotFoundError(f"no edit {edit_id!r} in group {group_id!r}: list the group's edits")


def plan_undo(store: Store, group_id: str, edit_id: str, by: Author, embed: Embed) -> ChangeSet:
    """The change set that reverses edit ``edit_id``, with its own record."""
    edit = find_edit(store, group_id, edit_id)
    _check_standing(store, edit)
    undo_id = by.ids()
    if "created_facts" in edit.payload:  # a fact edit, a retraction, or the undo of one
        changes = _undo_facts(store, edit, by, undo_id)
    else:
        changes = _undo_entities(store, edit, by, embed)
    record = by.edit(
        group_id,
        EditKind.UNDO,
        [edit.id, *changes.subjects],
        changes.payload,
        edit_id=undo_id,
        undoes=edit.id,
    )  # the undone edit's id is a subject: its trail shows the undo
    return replace(changes.writes, edits=(record,))


@dataclass(frozen=True, slots=True)
class _Reversal:
    writes: ChangeSet
    payload: dict[str, JSONValue]  # what undoing the undo needs (the same shape)
    subjects: list[str]


def _later(store: Store, edit: Edit) -> dict[str, Edit]:
    """Edits recorded after ``edit`` that touched one of its subjects."""
    out: dict[str, Edit] = {}
    for subject in edit.subjects:
        trail = store.list_edits(edit.group_id, subject_id=subject, limit=_HISTORY)
        ids = [e.id for e in trail]
        newer = trail[: ids.index(edit.id)] if edit.id in ids else []
        out.update((e.id, e) for e in newer)
    return out


def _check_standing(store: Store, edit: Edit) -> None:
    """Refuse an undone edit, and one with a later standing edit on the same subjects."""
    later = _later(store, edit)
    if any(e.undoes == edit.id for e in later.values()):
        raise UsageError(f"edit {edit.id!r} is undone already: undo its undo to redo it")
    undone = {e.undoes for e in later.values() if e.undoes in later}
    standing = [e for e in later.values() if e.id not in undone and e.undoes not in undone]
    if standing:
        last = standing[-1]
        raise UsageError(
            f"edit {last.id!r} ({last.kind.value}) changed the same facts or entities "
            f"after {edit.id!r}: undo it first"
        )


def _undo_facts(store: Store, edit: Edit, by: Author, undo_id: str) -> _Reversal:
    gid = edit.group_id
    created = store.get_facts([gid], _strs(edit.payload.get("created_facts")))
    closed = [f for f in created if f.expired_at is not None]
    if closed:
        raise UsageError(
            f"fact {closed[0].id!r} written by edit {edit.id!r} was closed since: correct it "
            "with a new edit instead of undoing"
        )
    gone = store.get_facts([gid], _strs(edit.payload.get("withdrawn_facts")))
    restored = [_restored(f, by.now, undo_id, by.ids()) for f in gone]
    out = [withdrawn(f, by.now, undo_id) for f in created] + restored
    return _Reversal(
        ChangeSet(group_id=gid, facts=tuple(out)),
        {"created_facts": [f.id for f in restored], "withdrawn_facts": [f.id for f in created]},
        [x for f in out for x in (f.id, *f.endpoints)],
    )


def _restored(fact: Fact, now: datetime, undo_id: str, new_id: str) -> Fact:
    """A copy of withdrawn ``fact`` learned ``now``, with the interval it had until then."""
    was = before_closing(fact) or fact
    kept = {k: v for k, v in fact.attributes.items() if k not in (CLOSED_BY, EDIT, SUPERSEDES)}
    return replace(
        fact,
        id=new_id,
        created_at=now,
        valid_at=was.valid_at,
        invalid_at=was.invalid_at,
        expired_at=None if was.invalid_at is None else now,
        attributes={**kept, RESTORES: fact.id, EDIT: undo_id},
    )


def _undo_entities(store: Store, edit: Edit, by: Author, embed: Embed) -> _Reversal:
    gid, p = edit.group_id, edit.payload
    before = [entity_from_snapshot(gid, d) for d in _dicts(p.get("entities_before"))]
    created = _strs(p.get("created_entities"))
    ends = {str(d["id"]): d for d in _dicts(p.get("fact_ends"))}
    added, removed = _pairs(p.get("mentions_added")), _pairs(p.get("mentions_removed"))
    _check_created(store, gid, created, set(ends), set(added), by.now)
    current = store.get_entities([gid], [e.id for e in before])
    facts = store.get_facts([gid], sorted(ends))
    moved = [
        replace(f, source_id=str(ends[f.id]["source_id"]), target_id=str(ends[f.id]["target_id"]))
        for f in facts
    ]
    episodes = {e.id for e in store.get_episodes([gid], sorted({e for e, _ in removed}))}
    back = tuple(Mention(gid, e, n) for e, n in removed if e in episodes)
    stored_now = {e.id for e in current}
    writes = ChangeSet(
        group_id=gid,
        entities=with_name_vectors(before, embed),
        facts=tuple(moved),
        mentions=back,
        delete_mentions=tuple(Mention(gid, e, n) for e, n in added if (e, n) not in set(removed)),
        delete_entity_ids=tuple(created),
    )
    payload: dict[str, JSONValue] = {
        "entities_before": [entity_snapshot(e) for e in current],
        "created_entities": [e.id for e in before if e.id not in stored_now],
        "fact_ends": [fact_ends(f) for f in facts],
        "mentions_added": [[m.episode_id, m.entity_id] for m in back],
        "mentions_removed": [[e, n] for e, n in added],
    }
    return _Reversal(writes, payload, [*(e.id for e in before), *created, *(f.id for f in facts)])


def _check_created(
    store: Store,
    gid: str,
    created: Sequence[str],
    moved: set[str],
    added: set[tuple[str, str]],
    now: datetime,
) -> None:
    """The entities to delete hold nothing but what the edit gave them."""
    everything = SearchFilter(history=True).resolved(now)
    for entity_id in created:
        facts = store.facts_of_entities([gid], [entity_id], everything)
        mentions = store.mentions([gid], entity_ids=[entity_id])
        extra = [f.id for f in facts if f.id not in moved]
        extra += [m.episode_id for m in mentions if (m.episode_id, entity_id) not in added]
        if extra:
            raise UsageError(
                f"entity {entity_id!r} gained facts or mentions after the edit ({extra[:3]}): "
                "merge it back (merge_entities) instead of undoing"
            )


def _strs(value: JSONValue) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def _dicts(value: JSONValue) -> list[dict[str, JSONValue]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _pairs(value: JSONValue) -> list[tuple[str, str]]:
    if not isinstance(value, list):
        return []
    return [(str(v[0]), str(v[1])) for v in value if isinstance(v, list) and len(v) == 2]
