"""``AsyncMemory``: the ``Memory`` facade for asyncio code.

The engine is synchronous (SQLite, the rule extractor and local embedding are CPU-bound; LLM
providers block on HTTP under one shared concurrency limit), so the async twin runs each call
in a worker thread: one line per method, no copied logic. Every public method of ``Memory``
has its twin here with the same parameters (a test compares the signatures).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime

from chronomem.async_corrections import AsyncCorrections
from chronomem.clock import IdFactory
from chronomem.engine import BulkResults, IngestResult
from chronomem.engine.batches import OnError
from chronomem.engine.communities import CommunityView
from chronomem.engine.provenance import EpisodeGraph
from chronomem.intake import DEFAULT_MAX_EPISODE_CHARS, EpisodeInput
from chronomem.memory import Memory, Timeline
from chronomem.model import Entity, Episode, Fact, SearchFilter
from chronomem.model.graph import JSONValue
from chronomem.model.ontology import TypeModel
from chronomem.ports import LLM, Clock, Embedder, Extractor, Store
from chronomem.search import SearchConfig, SearchResults
from chronomem.search.context import DEFAULT_MAX_TOKENS, Context, ContextConfig
from chronomem.search.rerankers import Reranker


class AsyncMemory(AsyncCorrections):
    """``Memory`` for asyncio code: the same methods, awaited; work runs in worker threads.

    ``async with AsyncMemory("memory.db") as memory: ...`` closes it at the end. The
    synchronous memory is ``.sync``. Hand corrections come from
    :class:`~chronomem.async_corrections.AsyncCorrections`.
    """

    def __init__(
        self,
        path: str = ":memory:",
        *,
        store: Store | None = None,
        embedder: Embedder | None = None,
        extractor: Extractor | None = None,
        llm: LLM | None = None,
        clock: Clock | None = None,
        ids: IdFactory | None = None,
        max_episode_chars: int = DEFAULT_MAX_EPISODE_CHARS,
        context_episodes: int = 4,
        reranker: Reranker | None = None,
        community_updates: bool = True,
        entity_types: Mapping[str, TypeModel] | None = None,
        edge_types: Mapping[str, TypeModel] | None = None,
        edge_type_map: Mapping[tuple[str, str], Sequence[str]] | None = None,
        excluded_entity_types: Sequence[str] | None = None,
    ) -> None:
        self.sync = Memory(
            path,
            store=store,
            embedder=embedder,
            extractor=extractor,
            llm=llm,
            clock=clock,
            ids=ids,
            max_episode_chars=max_episode_chars,
            context_episodes=context_episodes,
            reranker=reranker,
            community_updates=community_updates,
            entity_types=entity_types,
            edge_types=edge_types,
            edge_type_map=edge_type_map,
            excluded_entity_types=excluded_entity_types,
        )

    # -- lifecycle ----------------------------------------------------------------------
    async def close(self) -> None:
        await asyncio.to_thread(self.sync.close)

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- ingestion ----------------------------------------------------------------------
    async def add_episode(
        self,
        content: str,
        *,
        group_id: str,
        reference_time: datetime,
        source: str = "message",
        source_description: str = "",
        episode_id: str | None = None,
        thread_id: str | None = None,
        entity_types: Mapping[str, TypeModel] | None = None,
        edge_types: Mapping[str, TypeModel] | None = None,
        edge_type_map: Mapping[tuple[str, str], Sequence[str]] | None = None,
        excluded_entity_types: Sequence[str] | None = None,
        learned: str = "now",
    ) -> IngestResult:
        return await asyncio.to_thread(
            functools.partial(
                self.sync.add_episode,
                content,
                group_id=group_id,
                reference_time=reference_time,
                source=source,
                source_description=source_description,
                episode_id=episode_id,
                thread_id=thread_id,
                entity_types=entity_types,
                edge_types=edge_types,
                edge_type_map=edge_type_map,
                excluded_entity_types=excluded_entity_types,
                learned=learned,
            )
        )

    async def add_episodes(
        self,
        episodes: Iterable[EpisodeInput | Mapping[str, object]],
        *,
        progress: bool = False,
        on_ingested: Callable[[IngestResult], None] | None = None,
        on_error: OnError = "raise",
        entity_types: Mapping[str, TypeModel] | None = None,
        edge_types: Mapping[str, TypeModel] | None = None,
        edge_type_map: Mapping[tuple[str, str], Sequence[str]] | None = None,
        excluded_entity_types: Sequence[str] | None = None,
        learned: str = "now",
    ) -> BulkResults:
        return await asyncio.to_thread(
            functools.partial(
                self.sync.add_episodes,
                list(episodes),
                progress=progress,
                on_ingested=on_ingested,
                on_error=on_error,
                entity_types=entity_types,
                edge_types=edge_types,
                edge_type_map=edge_type_map,
                excluded_entity_types=excluded_entity_types,
                learned=learned,
            )
        )

    async def add_fact(
        self,
        source: str,
        relation: str,
        target: str,
        *,
        group_id: str,
        valid_at: datetime | None = None,
        invalid_at: datetime | None = None,
        fact: str | None = None,
        source_labels: Sequence[str] = (),
        target_labels: Sequence[str] = (),
        attributes: Mapping[str, JSONValue] | None = None,
        reference_time: datetime | None = None,
        episode_id: str | None = None,
    ) -> IngestResult:
        return await asyncio.to_thread(
            functools.partial(
                self.sync.add_fact,
                source,
                relation,
                target,
                group_id=group_id,
                valid_at=valid_at,
                invalid_at=invalid_at,
                fact=fact,
                source_labels=source_labels,
                target_labels=target_labels,
                attributes=attributes,
                reference_time=reference_time,
                episode_id=episode_id,
            )
        )

    # -- communities ----------------------------------------------------------------------
    async def build_communities(self, group_id: str) -> list[CommunityView]:
        return await asyncio.to_thread(self.sync.build_communities, group_id)

    async def refresh_communities(self, group_id: str) -> None:
        await asyncio.to_thread(self.sync.refresh_communities, group_id)

    async def get_communities(self, group_id: str) -> list[CommunityView]:
        return await asyncio.to_thread(self.sync.get_communities, group_id)

    async def community_drift(self, group_id: str) -> float:
        return await asyncio.to_thread(self.sync.community_drift, group_id)

    # -- retrieval ----------------------------------------------------------------------
    async def search(
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
        return await asyncio.to_thread(
            self.sync.search,
            query,
            group_id=group_id,
            group_ids=group_ids,
            limit=limit,
            valid_at=valid_at,
            known_at=known_at,
            recipe=recipe,
            filter=filter,
            seeds=seeds,
            center=center,
        )

    async def context(
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
        return await asyncio.to_thread(
            self.sync.context,
            query,
            group_id=group_id,
            group_ids=group_ids,
            max_tokens=max_tokens,
            valid_at=valid_at,
            known_at=known_at,
            filter=filter,
            config=config,
        )

    async def get_timeline(
        self,
        entity_name: str,
        *,
        group_id: str,
        known_at: datetime | None = None,
        thread_ids: Sequence[str] | None = None,
    ) -> Timeline:
        return await asyncio.to_thread(
            functools.partial(
                self.sync.get_timeline, entity_name, group_id=group_id, known_at=known_at,
                thread_ids=thread_ids,
            )
        )  # fmt: skip

    async def timeline_of(
        self,
        entity: Entity,
        *,
        known_at: datetime | None = None,
        thread_ids: Sequence[str] | None = None,
    ) -> Timeline:
        return await asyncio.to_thread(
            functools.partial(
                self.sync.timeline_of, entity, known_at=known_at, thread_ids=thread_ids
            )
        )

    async def get_episodes(self, ids: Sequence[str], *, group_id: str) -> list[Episode]:
        return await asyncio.to_thread(self.sync.get_episodes, list(ids), group_id=group_id)

    async def recent_episodes(self, *, group_id: str, limit: int = 10) -> list[Episode]:
        return await asyncio.to_thread(self.sync.recent_episodes, group_id=group_id, limit=limit)

    async def get_episode_graph(self, episode_id: str, *, group_id: str) -> EpisodeGraph:
        return await asyncio.to_thread(self.sync.get_episode_graph, episode_id, group_id=group_id)

    async def get_facts(self, ids: Sequence[str], *, group_id: str) -> list[Fact]:
        return await asyncio.to_thread(self.sync.get_facts, list(ids), group_id=group_id)

    # -- deletion -----------------------------------------------------------------------
    async def delete_episode(self, episode_id: str, *, group_id: str) -> bool:
        return await asyncio.to_thread(self.sync.delete_episode, episode_id, group_id=group_id)

    async def delete_thread(self, thread_id: str, *, group_id: str) -> int:
        return await asyncio.to_thread(self.sync.delete_thread, thread_id, group_id=group_id)

    async def thread_episodes(self, thread_id: str, *, group_id: str) -> list[Episode]:
        return await asyncio.to_thread(self.sync.thread_episodes, thread_id, group_id=group_id)

    async def delete_fact(self, fact_id: str, *, group_id: str) -> bool:
        return await asyncio.to_thread(self.sync.delete_fact, fact_id, group_id=group_id)

    async def delete_group(self, group_id: str) -> None:
        await asyncio.to_thread(self.sync.delete_group, group_id)
