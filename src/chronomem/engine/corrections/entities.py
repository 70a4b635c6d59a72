"""Correcting entities by hand: merge two that are one, rename one, split wrongly merged
mentions off into a new one.

Each returns a :class:`~chronomem.model.ChangeSet` with its edit record. The record's
payload says how to put things back (``engine/corrections/undo.py``), in one shape for all
three: the entities as they were (``entities_before``), the ones the edit created
(``created_entities``), the ends each moved fact had (``fact_ends``), and the mentions it
added and removed (``[episode_id, entity_id]`` pairs). Facts keep their ids and history:
only their ends move, so ``known_at`` views of them stay what they were.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from chronomem.engine.corrections.record import (
    Author,
    Embed,
    entity_snapshot,
    fact_ends,
    one_entity,
)
from chronomem.engine.entities import absorb, aliases_of, with_alias_line
from chronomem.engine.known_entities import rebuilt_entity
from chronomem.errors import UsageError
from chronomem.model import ChangeSet, EditKind, Entity, Fact, JSONValue, Mention, SearchFilter
from chronomem.model.names import normalize_name
from chronomem.model.validation import check_text
from chronomem.ports import Store


def plan_merge(store: Store, group_id: str, keep_id: str, gone_id: str, by: Author) -> ChangeSet:
    """``gone_id`` is ``keep_id``: its names become aliases of ``keep_id`` (the merge
    recorded in ``attributes["merges"]`` with the edit's id), its facts and mentions move
    there, and it is deleted."""
    if keep_id == gone_id:
        raise UsageError(f"cannot merge entity {keep_id!r} into itself: pass two different ids")
    keep, gone = one_entity(store, group_id, keep_id), one_entity(store, group_id, gone_id)
    edit_id = by.ids()
    facts = _facts_of(store, group_id, gone.id, by)
    moved = [_moved(f, gone.id, keep.id) for f in facts]
    theirs = store.mentions([group_id], entity_ids=[gone.id])
    ours = {m.episode_id for m in store.mentions([group_id], entity_ids=[keep.id])}
    added = [Mention(group_id, m.episode_id, keep.id) for m in theirs if m.episode_id not in ours]
    kept = {k: v for k, v in gone.attributes.items() if k not in ("aliases", "merges")}
    merged = absorb(
        keep,
        [gone.name, *aliases_of(gone)],
        labels=gone.labels,
        summary=gone.summary,
        attributes={**kept, **keep.attributes},
        record={"reason": "edit", "edit": edit_id},
    )
    payload = _payload(
        [keep, gone], [], facts, added=added, removed=[(m.episode_id, m.entity_id) for m in theirs]
    )
    edit = by.edit(
        group_id,
        EditKind.MERGE_ENTITIES,
        [keep.id, gone.id, *(f.id for f in facts)],
        payload,
        edit_id=edit_id,
    )
    return ChangeSet(
        group_id=group_id,
        entities=(merged,),
        facts=tuple(moved),
        mentions=tuple(added),
        delete_entity_ids=(gone.id,),
        edits=(edit,),
    )


def plan_rename(
    store: Store, group_id: str, entity_id: str, name: str, by: Author, embed: Embed,
    *, keep_alias: bool = True,
) -> ChangeSet:  # fmt: skip
    """The entity is called ``name`` from now on; its old name stays an alias (so later
    mentions of it still resolve here) unless ``keep_alias=False``."""
    entity = one_entity(store, group_id, entity_id)
    new_name = check_text(name, "name").strip()
    if not new_name:
        raise UsageError("the new name is empty: pass the name the entity should have")
    clash = [
        e for e in store.find_entities(group_id, [normalize_name(new_name)]) if e.id != entity.id
    ]
    if clash:
        raise UsageError(
            f"entity {clash[0].id!r} is already called {clash[0].name!r}: merge the two "
            "(merge_entities) instead of renaming"
        )
    edit_id = by.ids()
    aliases = [a for a in aliases_of(entity) if normalize_name(a) != normalize_name(new_name)]
    attributes: dict[str, JSONValue] = {**entity.attributes, "aliases": list(aliases)}
    if not aliases:
        attributes.pop("aliases")
    (vector,) = embed([new_name])
    renamed = replace(
        entity, name=new_name, attributes=attributes, name_embedding=vector,
        summary=with_alias_line(entity.summary, aliases),
    )  # fmt: skip
    if keep_alias and normalize_name(entity.name) != normalize_name(new_name):
        renamed = absorb(renamed, [entity.name], record={"reason": "renamed", "edit": edit_id})
    edit = by.edit(
        group_id,
        EditKind.RENAME_ENTITY,
        [entity.id],
        {**_payload([entity], [], [], added=[], removed=[]), "name": new_name},
        edit_id=edit_id,
    )
    return ChangeSet(group_id=group_id, entities=(renamed,), edits=(edit,))


def plan_split(
    store: Store, group_id: str, entity_id: str, name: str, by: Author, embed: Embed,
    *, episode_ids: Sequence[str] = (), fact_ids: Sequence[str] = (),
) -> ChangeSet:  # fmt: skip
    """A new entity called ``name`` takes the mentions in ``episode_ids`` and the facts in
    ``fact_ids`` from the entity; both summaries are rebuilt from the episodes that mention
    each (extractive, as after a deletion)."""
    entity = one_entity(store, group_id, entity_id)
    new_name = check_text(name, "name").strip()
    if not new_name or not (episode_ids or fact_ids):
        raise UsageError(
            "a split needs the new entity's name and the episode_ids and/or fact_ids that "
            "belong to it"
        )
    mentions = {m.episode_id for m in store.mentions([group_id], entity_ids=[entity.id])}
    _all_in(episode_ids, mentions, f"episodes that mention entity {entity.id!r}")
    facts = {f.id: f for f in _facts_of(store, group_id, entity.id, by)}
    _all_in(fact_ids, set(facts), f"facts of entity {entity.id!r}")
    (vector,) = embed([new_name])
    new = Entity(
        id=by.ids(), group_id=group_id, name=new_name, created_at=by.now, labels=entity.labels,
        name_embedding=vector,
    )  # fmt: skip
    chosen = list(dict.fromkeys(episode_ids))
    episodes = {e.id: e for e in store.get_episodes([group_id], sorted(mentions))}
    stays = [episodes[i] for i in sorted(mentions - set(chosen)) if i in episodes]
    moved = [_moved(facts[i], entity.id, new.id) for i in dict.fromkeys(fact_ids)]
    added = [Mention(group_id, i, new.id) for i in chosen]
    removed = [(i, entity.id) for i in chosen]
    edit = by.edit(
        group_id,
        EditKind.SPLIT_ENTITY,
        [entity.id, new.id, *(f.id for f in moved)],
        _payload([entity], [new.id], [facts[i] for i in fact_ids], added=added, removed=removed),
    )
    return ChangeSet(
        group_id=group_id,
        entities=(
            rebuilt_entity(entity, stays),
            rebuilt_entity(new, [episodes[i] for i in chosen if i in episodes]),
        ),
        facts=tuple(moved),
        mentions=tuple(added),
        delete_mentions=tuple(Mention(group_id, e, n) for e, n in removed),
        edits=(edit,),
    )


def _facts_of(store: Store, group_id: str, entity_id: str, by: Author) -> list[Fact]:
    everything = SearchFilter(history=True).resolved(by.now)
    return store.facts_of_entities([group_id], [entity_id], everything)


def _moved(fact: Fact, old: str, new: str) -> Fact:
    return replace(
        fact,
        source_id=new if fact.source_id == old else fact.source_id,
        target_id=new if fact.target_id == old else fact.target_id,
    )


def _all_in(ids: Sequence[str], known: set[str], what: str) -> None:
    strangers = [i for i in ids if i not in known]
    if strangers:
        raise UsageError(f"{strangers[:5]} are not {what}: pass ids from its timeline")


def _payload(
    before: Sequence[Entity],
    created: Sequence[str],
    facts: Sequence[Fact],
    *,
    added: Sequence[Mention],
    removed: Sequence[tuple[str, str]],
) -> dict[str, JSONValue]:
    return {
        "entities_before": [entity_snapshot(e) for e in before],
        "created_entities": list(created),
        "fact_ends": [fact_ends(f) for f in facts],
        "mentions_added": [[m.episode_id, m.entity_id] for m in added],
        "mentions_removed": [[e, n] for e, n in removed],
    }
