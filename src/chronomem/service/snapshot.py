"""The group's graph as the memory saw it at a world time and a system time.

A snapshot answers with the same rule as ``search``/``timeline``: facts come from the store
through its history filter, each is taken as the memory believed it at ``known_at``
(:func:`chronomem.model.belief.as_known`: an end learned later is not shown), and classed
by :meth:`SearchFilter.admits_fact` (that is :func:`chronomem.model.time.is_believed`, the
one bi-temporal rule):

* ``current`` -- the filter for ``(valid_at, known_at)`` admits it: ``search`` at those
  instants may return it;
* ``closed`` -- known by ``known_at`` and started by ``valid_at`` (or undated), but not
  believed at ``valid_at``: it ended, or was retracted, before then;
* otherwise it is left out (not yet learned at ``known_at``, or not yet started at
  ``valid_at``).

Entities are shown when the filter admits them (created by ``known_at``) and they touch a
shown fact, or have no fact at all. When more remain than ``limit``, the most mentioned are
kept (``truncated`` says so) and only facts between kept entities are returned.
"""

from __future__ import annotations

import threading
import weakref
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

from chronomem.model import Community, Entity, Fact, SearchFilter
from chronomem.model.belief import as_known, learned_instants
from chronomem.ports import Store

State = Literal["current", "closed"]
MAX_EVENTS = 2000  # instants per timeline handed to the sliders


@dataclass(frozen=True, slots=True)
class Snapshot:
    valid_at: datetime
    known_at: datetime
    entities: list[Entity]
    mentions: dict[str, int]
    community_of: dict[str, str]
    communities: list[Community]
    facts: list[tuple[Fact, State]]
    total_entities: int
    total_facts: int
    truncated: bool
    world_events: list[datetime]
    system_events: list[datetime]


def fact_state(fact: Fact, flt: SearchFilter) -> State | None:
    """How ``fact`` shows at the resolved filter's instants (see the module docstring)."""
    if flt.admits_fact(fact):
        return "current"
    assert flt.valid_at is not None and flt.known_at is not None, "call resolved() first"
    if fact.created_at > flt.known_at:
        return None
    if fact.valid_at is not None and fact.valid_at > flt.valid_at:
        return None
    return "closed"


@dataclass(frozen=True, slots=True)
class GroupGraph:
    """Everything of a group a snapshot reads, at one write version (embeddings dropped)."""

    entities: list[Entity]
    facts: list[Fact]
    mentions: Counter[str]
    world_events: list[datetime]
    system_events: list[datetime]


_cache: weakref.WeakKeyDictionary[Store, dict[str, tuple[int, GroupGraph]]] = (
    weakref.WeakKeyDictionary()
)
_cache_lock = threading.Lock()
_CACHED_GROUPS = 4  # per store


def read_group(store: Store, group_id: str) -> GroupGraph:
    """The group's entities, every fact (the store's history filter), mentions and
    communities. Kept per store while the group's write version stays the same, so moving a
    slider re-classes facts without reading the store again."""
    version = store.group_version(group_id)  # read first: a write after it only re-reads
    with _cache_lock:
        hit = _cache.get(store, {}).get(group_id)
    if hit is not None and hit[0] == version:
        return hit[1]
    everyone = [replace(e, name_embedding=None) for e in store.list_entities(group_id)]
    known = {e.id for e in everyone}
    facts = [  # the lean read: no embeddings; facts of deleted entities are not drawn
        f for f in store.list_facts(group_id) if f.source_id in known or f.target_id in known
    ]
    facts.sort(key=lambda f: (f.created_at, f.id))
    graph = GroupGraph(
        entities=everyone,
        facts=facts,
        mentions=Counter(m.entity_id for m in store.mentions([group_id])),
        world_events=_events(t for f in facts for t in (f.valid_at, f.invalid_at)),
        system_events=_events(
            [t for f in facts for t in learned_instants(f)] + [e.created_at for e in everyone]
        ),
    )
    with _cache_lock:
        groups = _cache.setdefault(store, {})
        groups.pop(group_id, None)
        groups[group_id] = (version, graph)
        while len(groups) > _CACHED_GROUPS:
            groups.pop(next(iter(groups)))
    return graph


def take_snapshot(
    store: Store,
    group_id: str,
    *,
    now: datetime,
    valid_at: datetime | None = None,
    known_at: datetime | None = None,
    limit: int = 5000,
) -> Snapshot:
    """Class every fact of the group at ``(valid_at, known_at)``."""
    flt = SearchFilter(valid_at=valid_at, known_at=known_at).resolved(now)
    group = read_group(store, group_id)
    all_facts, mentions = group.facts, group.mentions
    assert flt.known_at is not None
    shown: list[tuple[Fact, State]] = []
    for stored in all_facts:
        fact = as_known(stored, flt.known_at)  # an end learned later is not shown
        state = fact_state(fact, flt)
        if state is not None:
            shown.append((fact, state))
    entities = _visible_entities(group.entities, all_facts, shown, flt)
    kept = _most_mentioned(entities, mentions, limit)
    kept_ids = {e.id for e in kept}
    facts = [(f, s) for f, s in shown if f.source_id in kept_ids and f.target_id in kept_ids]
    communities = store.get_communities([group_id])  # not cached: rebuilt without a write
    community_of = {m: c.id for c in communities for m in c.member_ids if m in kept_ids}
    return Snapshot(
        valid_at=flt.valid_at or now,
        known_at=flt.known_at or now,
        entities=kept,
        mentions={e.id: mentions.get(e.id, 0) for e in kept},
        community_of=community_of,
        communities=[c for c in communities if any(m in kept_ids for m in c.member_ids)],
        facts=facts,
        total_entities=len(entities),
        total_facts=len(shown),
        truncated=len(kept) < len(entities),
        world_events=group.world_events,
        system_events=group.system_events,
    )


def _visible_entities(
    everyone: Sequence[Entity],
    all_facts: Sequence[Fact],
    shown: Sequence[tuple[Fact, State]],
    flt: SearchFilter,
) -> list[Entity]:
    touched = {i for f, _ in shown for i in f.endpoints}
    with_facts = {i for f in all_facts for i in f.endpoints}
    return [
        e for e in everyone if flt.admits_entity(e) and (e.id in touched or e.id not in with_facts)
    ]


def _most_mentioned(entities: list[Entity], mentions: Counter[str], limit: int) -> list[Entity]:
    if len(entities) <= limit:
        return entities
    ranked = sorted(entities, key=lambda e: (-mentions.get(e.id, 0), e.name, e.id))
    return ranked[:limit]


def _events(instants: Iterable[datetime | None]) -> list[datetime]:
    """The distinct instants, oldest first, thinned evenly to at most ``MAX_EVENTS``."""
    distinct = sorted({t for t in instants if t is not None})
    if len(distinct) <= MAX_EVENTS:
        return distinct
    step = len(distinct) / MAX_EVENTS
    thinned = [distinct[int(i * step)] for i in range(MAX_EVENTS - 1)]
    return [*thinned, distinct[-1]]
