"""``AsyncMemory``: the ``Memory`` facade for asyncio code.

The engine is synchronous (SQLite, the rule extractor and local embedding are CPU-bound; LLM
providers block on HTTP under one shared concurrency limit), so the async twin runs each call
in a worker thread: one line per method, no copied logic.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from chronomem.engine import IngestResult
from chronomem.engine.communities import CommunityView
from chronomem.engine.provenance import EpisodeGraph
from chronomem.intake import EpisodeInput
from chronomem.memory import Memory, Timeline
from chronomem.model.graph import JSONValue
from chronomem.search import SearchResults
from chronomem.search.context import Context


class AsyncMemory:
    """``Memory`` for asyncio code: the same methods, awaited; work runs in worker threads.

    The engine itself is synchronous (SQLite, the rule extractor and local embedding are
    CPU-bound); this wrapper keeps the event loop free. One method per ``Memory`` method.
    """

    def __init__(self, path: str = ":memory:", **options: object) -> None:
        self.sync = Memory(path, **options)  # type: ignore[arg-type]

    async def add_episode(self, content: str, **kw: object) -> IngestResult:
        return await asyncio.to_thread(self.sync.add_episode, content, **kw)  # type: ignore[arg-type]

    async def add_episodes(
        self, episodes: Iterable[EpisodeInput | Mapping[str, object]], **kw: object
    ) -> list[IngestResult]:
        return await asyncio.to_thread(self.sync.add_episodes, list(episodes), **kw)  # type: ignore[arg-type]

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

    async def get_episode_graph(self, episode_id: str, *, group_id: str) -> EpisodeGraph:
        return await asyncio.to_thread(self.sync.get_episode_graph, episode_id, group_id=group_id)

    async def search(self, query: str, **kw: object) -> SearchResults:
        return await asyncio.to_thread(self.sync.search, query, **kw)  # type: ignore[arg-type]

    async def context(self, query: str, **kw: object) -> Context:
        return await asyncio.to_thread(self.sync.context, query, **kw)  # type: ignore[arg-type]

    async def get_timeline(self, entity_name: str, *, group_id: str) -> Timeline:
        return await asyncio.to_thread(self.sync.get_timeline, entity_name, group_id=group_id)

    async def build_communities(self, group_id: str) -> list[CommunityView]:
        return await asyncio.to_thread(self.sync.build_communities, group_id)

    async def refresh_communities(self, group_id: str) -> None:
        await asyncio.to_thread(self.sync.refresh_communities, group_id)

    async def get_communities(self, group_id: str) -> list[CommunityView]:
        return await asyncio.to_thread(self.sync.get_communities, group_id)

    async def community_drift(self, group_id: str) -> float:
        return await asyncio.to_thread(self.sync.community_drift, group_id)

    async def delete_episode(self, episode_id: str, *, group_id: str) -> bool:
        return await asyncio.to_thread(self.sync.delete_episode, episode_id, group_id=group_id)

    async def delete_group(self, group_id: str) -> None:
        await asyncio.to_thread(self.sync.delete_group, group_id)

    async def close(self) -> None:
        await asyncio.to_thread(self.sync.close)
