"""Deleting an episode leaves no trace of it.

* A fact whose only source was the episode is deleted; a fact with other sources drops this
  one, and if its text holds words that came only from the deleted episode it is rewritten
  from its entities and relation ("Alice works at Google") and re-embedded.
* A fact the episode closed (its closing note ``attributes["closed_by"]``, see
  ``model/belief.py``) gets back the interval and note it had before, unless a later
  episode closed it again.
* An entity is deleted when no other episode mentions it and no remaining fact touches it.
  Every other entity the episode mentioned gets its summary rebuilt from the remaining
  episodes that mention it (their sentences that name it: extractive, no LLM call), and
  loses aliases that only the deleted episode used.
* Community summaries are rebuilt by the caller after the write (``Memory.delete_episode``);
  stores purge their full-text indexes and free pages (docs/design.md, "Deletion").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from chronomem.engine.known_entities import rebuilt_entity
from chronomem.model import ChangeSet, Entity, Episode, Fact, SearchFilter, Vector
from chronomem.model.belief import CLOSED_BY, before_closing
from chronomem.model.names import normalize_name
from chronomem.ports import Store

Embed = Callable[[Sequence[str]], Sequence[Vector] | Vector]  # rows, or one matrix


def plan_episode_deletion(
    store: Store, group_id: str, episode_id: str, now: datetime, embed: Embed | None = None
) -> ChangeSet:
    groups = [group_id]
    (gone,) = store.get_episodes(groups, [episode_id]) or (None,)
    gone_words = _words(gone.content) if gone is not None else set()
    facts = store.facts_of_episodes(groups, [episode_id])
    doomed_facts = {f.id for f in facts if set(f.episodes) <= {episode_id}}
    mentioned = {m.entity_id for m in store.mentions(groups, episode_ids=[episode_id])}
    endpoints = {i for f in facts for i in f.endpoints}
    candidates = sorted(mentioned | endpoints)
    others = [
        m for m in store.mentions(groups, entity_ids=candidates) if m.episode_id != episode_id
    ]
    remaining = store.facts_of_entities(
        groups, candidates, SearchFilter(history=True).resolved(now)
    )
    still_linked = {i for f in remaining if f.id not in doomed_facts for i in f.endpoints}
    still_mentioned = {m.entity_id for m in others}
    doomed_entities = [i for i in candidates if i not in still_mentioned and i not in still_linked]
    sources = {m.episode_id for m in others} | {e for f in facts for e in f.episodes}
    episodes = {e.id: e for e in store.get_episodes(groups, sorted(sources - {episode_id}))}
    doomed = set(doomed_entities)
    entities = {e.id: e for e in store.get_entities(groups, candidates) if e.id not in doomed}
    changed = _changed_facts(
        facts, remaining, doomed_facts, episode_id, gone_words, episodes, entities
    )
    said_in: dict[str, list[Episode]] = {}
    for m in others:
        if m.episode_id in episodes:
            said_in.setdefault(m.entity_id, []).append(episodes[m.episode_id])
    return ChangeSet(
        group_id=group_id,
        facts=_embedded(changed, embed),
        entities=tuple(
            rebuilt_entity(e, said_in.get(e.id, [])) for e in entities.values() if e.id in mentioned
        ),
        delete_episode_ids=(episode_id,),
        delete_fact_ids=tuple(sorted(doomed_facts)),
        delete_entity_ids=tuple(doomed_entities),
    )


def _changed_facts(
    facts: Sequence[Fact],
    remaining: Sequence[Fact],
    doomed: set[str],
    episode_id: str,
    gone_words: set[str],
    episodes: Mapping[str, Episode],
    entities: Mapping[str, Entity],
) -> list[Fact]:
    out: dict[str, Fact] = {}
    for f in facts:
        if f.id in doomed:
            continue
        kept = tuple(e for e in f.episodes if e != episode_id)
        said = set().union(*(_words(episodes[e].content) for e in kept if e in episodes))
        fact = replace(f, episodes=kept)
        if (_words(f.fact) & gone_words) - said:
            fact = replace(fact, fact=_plain_text(f, entities), embedding=None)
        out[f.id] = fact
    for f in remaining:
        closing = f.attributes.get(CLOSED_BY)
        if f.id in doomed or not isinstance(closing, dict) or closing.get("episode") != episode_id:
            continue
        reopened = before_closing(out.get(f.id, f))
        if reopened is not None:
            out[f.id] = reopened
    return list(out.values())


def _plain_text(fact: Fact, entities: Mapping[str, Entity]) -> str:
    """The fact said from its entities and relation only: "Alice works at Google"."""

    def name(entity_id: str) -> str:
        found = entities.get(entity_id)
        return found.name if found else entity_id

    relation = fact.relation.lower().replace("_", " ")
    return f"{name(fact.source_id)} {relation} {name(fact.target_id)}"


def _embedded(facts: Iterable[Fact], embed: Embed | None) -> tuple[Fact, ...]:
    facts = list(facts)
    bare = [i for i, f in enumerate(facts) if f.embedding is None]
    if bare and embed is not None:
        vectors = embed([facts[i].fact for i in bare])
        for i, vector in zip(bare, vectors, strict=True):
            facts[i] = replace(facts[i], embedding=vector)
    return tuple(facts)


def _words(text: str) -> set[str]:
    return {w for w in normalize_name(text).split() if len(w) >= 3}
