"""Deleting an episode removes what only it supported.

A fact is deleted when the episode was its only source; a fact with other sources keeps them
and drops this one. An entity is deleted when no other episode mentions it and no remaining
fact touches it. Invalidations the episode caused are not undone (a closed fact stays closed):
the memory keeps no per-episode undo log — see docs/design.md.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from chronomem.model import ChangeSet, SearchFilter
from chronomem.ports import Store


def plan_episode_deletion(store: Store, group_id: str, episode_id: str, now: datetime) -> ChangeSet:
    groups = [group_id]
    facts = store.facts_of_episodes(groups, [episode_id])
    doomed_facts = {f.id for f in facts if set(f.episodes) <= {episode_id}}
    kept = tuple(
        replace(f, episodes=tuple(e for e in f.episodes if e != episode_id))
        for f in facts
        if f.id not in doomed_facts
    )
    mentioned = {m.entity_id for m in store.mentions(groups, episode_ids=[episode_id])}
    endpoints = {i for f in facts for i in f.endpoints}
    candidates = sorted(mentioned | endpoints)
    still_mentioned = {
        m.entity_id
        for m in store.mentions(groups, entity_ids=candidates)
        if m.episode_id != episode_id
    }
    remaining = store.facts_of_entities(
        groups, candidates, SearchFilter(history=True).resolved(now)
    )
    still_linked = {i for f in remaining if f.id not in doomed_facts for i in f.endpoints}
    doomed_entities = tuple(
        i for i in candidates if i not in still_mentioned and i not in still_linked
    )
    return ChangeSet(
        group_id=group_id,
        facts=kept,
        delete_episode_ids=(episode_id,),
        delete_fact_ids=tuple(sorted(doomed_facts)),
        delete_entity_ids=doomed_entities,
    )
