"""Entity summaries rebuilt from messages, and entities as the memory knew them at a past
system time.

A summary is kept in its latest state only: every message that mentions an entity adds to
it. A view "as known at T′" (``known_at``) must not show what was learned after T′, so
:func:`entities_as_known` rebuilds the summary of an entity that a message learned after
T′ mentions, from the messages learned by T′ alone -- the same extractive rebuild that
deleting a message uses (:func:`rebuilt_entity`: the sentences that name the entity or an
alias it keeps, oldest first; no LLM call). An entity no later message mentions is shown
as stored. An alias first used after T′ is not shown either.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from chronomem.engine.entities import aliases_of, with_alias_line
from chronomem.engine.summaries import merge_summary
from chronomem.model import Entity, Episode, JSONValue
from chronomem.model.names import normalize_name
from chronomem.ports import Store

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


def rebuilt_entity(entity: Entity, episodes: Sequence[Episode]) -> Entity:
    """``entity`` with its summary rebuilt from ``episodes`` (the ones that mention it):
    their sentences that name it or an alias it keeps, oldest first."""
    said = " ".join(e.content for e in episodes).casefold()
    aliases = [a for a in aliases_of(entity) if a.casefold() in said]
    names = [normalize_name(n) for n in (entity.name, *aliases)]
    summary = ""
    for episode in sorted(episodes, key=lambda e: e.reference_time):
        for sentence in _SENTENCE.split(episode.content):
            if any(n and n in normalize_name(sentence) for n in names):
                summary = merge_summary(summary, sentence)
    attributes = dict(entity.attributes)
    if aliases:
        attributes["aliases"] = list(aliases)
    else:
        attributes.pop("aliases", None)
    merges = attributes.pop("merges", None)
    if isinstance(merges, list):
        kept: list[JSONValue] = [
            m for m in merges if isinstance(m, dict) and m.get("name") in aliases
        ]
        if kept:
            attributes["merges"] = kept
    return replace(entity, summary=with_alias_line(summary, aliases), attributes=attributes)


def entities_as_known(store: Store, entities: Sequence[Entity], known_at: datetime) -> list[Entity]:
    """``entities`` (in order) as the memory knew them at system time ``known_at``: the
    summary of one mentioned by a message learned later is rebuilt from the messages
    learned by then. Entities created after ``known_at`` are the caller's to leave out."""
    out = list(entities)
    by_group: dict[str, list[int]] = {}
    for n, entity in enumerate(out):
        by_group.setdefault(entity.group_id, []).append(n)
    for group, indexes in by_group.items():
        ids = [out[n].id for n in indexes]
        mentions = store.mentions([group], entity_ids=ids)
        said = {e.id: e for e in store.get_episodes([group], [m.episode_id for m in mentions])}
        saying: dict[str, list[Episode]] = {}
        for m in mentions:
            if m.episode_id in said:
                saying.setdefault(m.entity_id, []).append(said[m.episode_id])
        for n in indexes:
            episodes = saying.get(out[n].id, [])
            if any(e.created_at > known_at for e in episodes):
                then = [e for e in episodes if e.created_at <= known_at]
                out[n] = rebuilt_entity(out[n], then)
    return out
