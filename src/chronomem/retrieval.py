"""``Memory``'s reading side: search, context, timelines and reads by id.

Mixed into :class:`~chronomem.Memory` (as :class:`~chronomem.corrections.Corrections` is);
each method is thin over ``search/`` (the searcher and the context builder) and the store.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from chronomem.engine.known_entities import entities_as_known
from chronomem.engine.provenance import EpisodeGraph, episode_graph
from chronomem.errors import UsageError
from chronomem.model import (
    Entity,
    Episode,
    Fact,
    SearchFilter,
    Target,
    check_group_id,
    check_group_ids,
)
from chronomem.model.belief import as_known
from chronomem.model.names import normalize_name
from chronomem.model.validation import check_text, check_thread_id
from chronomem.ports import Clock, Store
from chronomem.search import SearchConfig, Searcher, SearchResults, preset
from chronomem.search.context import DEFAULT_MAX_TOKENS, Context, ContextBuilder, ContextConfig
from chronomem.search.filters import with_thread_episodes, with_times


@dataclass(frozen=True, slots=True)
class Timeline:
    """Every fact about one entity, current and past, in world-time order."""

    entity: Entity
    facts: tuple[Fact, ...]
    entities: Mapping[str, Entity]  # id -> entity, for the other ends of the facts

    def name_of(self, entity_id: str) -> str:
        found = self.entities.get(entity_id)
        return found.name if found else entity_id


class Retrieval:
    """Mixed into :class:`~chronomem.Memory`: search, context, timelines, reads by id."""

    store: Store
    clock: Clock
    _searcher: Searcher
    _context: ContextBuilder

    def _bind(self) -> None:
        raise NotImplementedError  # Memory's

    def search(
        self,
        query: str,
        *,
        group_id: str | None = None,
        group_ids: Sequence[str] | None = None,
        limit: int = 10,
        valid_at: datetime | None = None,
        known_at: datetime | None = None,
        recipe: str | SearchConfig = "hybrid_rrf",
        filter: SearchFilter | None = None,
        seeds: Sequence[str] | None = None,
        center: Sequence[str] | None = None,
    ) -> SearchResults:
        """Facts and entities relevant to ``query``; only current facts unless asked.

        ``valid_at=t``: what was true at t. ``known_at=t'``: what the memory believed at t',
        each fact as believed then (an end learned later is not shown: ``model/belief.py``).
        A ``filter`` gives full control (relations, labels, date ranges, history).
        ``seeds``: entity ids the ``bfs`` method walks from (default: entities named in the
        query, else those of the latest episodes); ``center``: entity ids the
        ``node_distance`` recipe measures hops from (default: the seeds).
        """
        groups = _groups(group_id, group_ids)
        config = preset(recipe) if isinstance(recipe, str) else recipe
        base = with_times(filter, valid_at=valid_at, known_at=known_at)
        base = with_thread_episodes(base, self.store, groups)
        if not check_text(query, "search query").strip():
            raise UsageError("search query is empty: pass the question or keywords to look for")
        self._bind()
        return self._searcher.search(
            query,
            group_ids=groups,
            config=config.with_limit(limit),
            filter=base,
            now=self.clock.now(),
            seeds=seeds,
            center=center,
        )

    def context(
        self,
        query: str,
        *,
        group_id: str | None = None,
        group_ids: Sequence[str] | None = None,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        valid_at: datetime | None = None,
        known_at: datetime | None = None,
        filter: SearchFilter | None = None,
        config: ContextConfig | None = None,
    ) -> Context:
        """The text to put in an agent's prompt for ``query``: dated FACTS, ENTITIES and the
        most relevant raw EPISODES, within ``max_tokens`` (estimated, see
        :mod:`chronomem.search.tokens`; with a ``config`` and ``max_tokens`` left at its
        default, the config's budget). ``.text`` is the string; the result also lists the
        facts, entities and episodes it shows."""
        if not check_text(query, "context query").strip():
            raise UsageError("context query is empty: pass the question the agent is answering")
        base = config or ContextConfig()
        given = config is None or max_tokens != DEFAULT_MAX_TOKENS  # else the config's budget
        if given and max_tokens != base.max_tokens:
            base = replace(base, max_tokens=max_tokens)
        self._bind()
        groups = _groups(group_id, group_ids)
        times = with_times(filter, valid_at=valid_at, known_at=known_at)
        return self._context.build(
            query,
            group_ids=groups,
            filter=with_thread_episodes(times, self.store, groups),
            now=self.clock.now(),
            config=base,
        )

    def get_timeline(
        self,
        entity_name: str,
        *,
        group_id: str,
        known_at: datetime | None = None,
        thread_ids: Sequence[str] | None = None,
    ) -> Timeline:
        """All facts about the entity named ``entity_name``, current and past, oldest first;
        with ``known_at``, those the memory had learned by then, as it believed them then;
        with ``thread_ids``, those said in these threads (conversations)."""
        check_group_id(group_id)
        entity = self._find_entity(check_text(entity_name, "entity name"), group_id)
        return self.timeline_of(entity, known_at=known_at, thread_ids=thread_ids)

    def timeline_of(
        self,
        entity: Entity,
        *,
        known_at: datetime | None = None,
        thread_ids: Sequence[str] | None = None,
    ) -> Timeline:
        """All facts about ``entity`` (as read from this memory), current and past, oldest
        first; with ``known_at``, those learned by then, each as believed then (an end
        learned later is not shown: ``model/belief.py``), and the entities' summaries as
        known then (``engine/known_entities.py``); with ``thread_ids``, those with a
        source episode in one of these threads."""
        group_id = entity.group_id
        threads = None if thread_ids is None else tuple(thread_ids)
        everything = SearchFilter(history=True, thread_ids=threads).resolved(self.clock.now())
        history = with_thread_episodes(everything, self.store, [group_id])
        facts = self.store.facts_of_entities([group_id], [entity.id], history)
        if known_at is not None:
            facts = [as_known(f, known_at) for f in facts if f.created_at <= known_at]
        ordered = sorted(facts, key=lambda f: (f.valid_at or f.created_at, f.created_at))
        others = {i for f in ordered for i in f.endpoints}
        entities = self.store.get_entities([group_id], sorted(others))
        if known_at is not None:  # summaries as known then (engine/known_entities.py)
            entity, *entities = entities_as_known(self.store, [entity, *entities], known_at)
        by_id = {e.id: e for e in entities}
        return Timeline(entity=entity, facts=tuple(ordered), entities=by_id)

    def _find_entity(self, name: str, group_id: str) -> Entity:
        found = self.store.find_entities(group_id, [normalize_name(name)])
        if found:
            return found[0]
        hits = self.store.text_search(
            Target.ENTITIES,
            [group_id],
            name,
            limit=1,
            filter=SearchFilter(history=True).resolved(self.clock.now()),
        )
        entities = self.store.get_entities([group_id], [i for i, _ in hits])
        if not entities:
            raise UsageError(f"no entity named {name!r} in group {group_id!r}")
        return entities[0]

    def get_episodes(self, ids: Sequence[str], *, group_id: str) -> list[Episode]:
        return self.store.get_episodes(check_group_ids(group_id), list(ids))

    def recent_episodes(self, *, group_id: str, limit: int = 10) -> list[Episode]:
        """The group's latest episodes by reference time, newest first."""
        return self.store.recent_episodes(check_group_id(group_id), limit=limit)

    def get_episode_graph(self, episode_id: str, *, group_id: str) -> EpisodeGraph:
        """What one episode produced or supports: the facts that list it among their
        sources (current or closed) and the entities it mentions. ``UsageError`` if the
        group has no such episode."""
        found = episode_graph(self.store, check_group_id(group_id), episode_id)
        if found is None:
            raise UsageError(f"no episode {episode_id!r} in group {group_id!r}")
        return found

    def get_facts(self, ids: Sequence[str], *, group_id: str) -> list[Fact]:
        return self.store.get_facts(check_group_ids(group_id), list(ids))

    def thread_episodes(self, thread_id: str, *, group_id: str) -> list[Episode]:
        """The thread's episodes, oldest first."""
        gid = check_group_id(group_id)
        ids = self.store.thread_episodes(gid, check_thread_id(thread_id) or "")
        found = {e.id: e for e in self.store.get_episodes([gid], ids)}
        return [found[i] for i in ids if i in found]


def _groups(group_id: str | None, group_ids: Sequence[str] | None) -> tuple[str, ...]:
    if (group_id is None) == (group_ids is None):
        raise UsageError("pass exactly one of group_id= or group_ids=")
    return check_group_ids(group_id if group_id is not None else list(group_ids or []))
