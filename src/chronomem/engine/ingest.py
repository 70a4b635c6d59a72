"""The Ingestor: the one way episodes enter the memory.

``Memory`` and ``AsyncMemory`` (``add_episode``, ``add_episodes``) and the service's queue
workers all call it. It runs the stages of :mod:`chronomem.engine.pipeline` end to end:

    intake -> duplicate check -> context -> extract -> cleanup -> embed      (per chunk)
    -> resolve entities -> fact candidates -> resolution round -> temporal rules
    -> ChangeSet -> Store.apply with the conflict retry (engine.writer)     (per episode)
    -> communities (optional, after the write)

An episode id that is stored already is found before any extraction or LLM call and
returned as it is stored (``stored_already=True``): re-sending an episode is a no-op.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace

from chronomem import accounting
from chronomem.accounting import Usage
from chronomem.clock import IdFactory
from chronomem.engine.communities import CommunityBuilder
from chronomem.engine.pipeline import CONTEXT_EPISODES, IngestPipeline, IngestResult, Prepared
from chronomem.engine.writer import DEFAULT_WRITE_DEADLINE_S, GroupWriter
from chronomem.errors import DuplicateEpisodeError
from chronomem.intake import DEFAULT_MAX_EPISODE_CHARS, EpisodeInput, build_episode
from chronomem.model import Episode, Extraction
from chronomem.model.ontology import Ontology
from chronomem.ports import Clock, Embedder, Extractor, Store

log = logging.getLogger(__name__)

BULK_CHUNK = 64  # a batch is prepared (extracted + embedded) this many episodes at once

OnIngested = Callable[[IngestResult], None]


class Ingestor:
    """Runs every ingestion stage for one episode or a batch; see the module docstring."""

    def __init__(
        self,
        *,
        store: Store,
        embedder: Embedder,
        extractor: Extractor,
        clock: Clock,
        ids: IdFactory,
        context_episodes: int = CONTEXT_EPISODES,
        max_episode_chars: int = DEFAULT_MAX_EPISODE_CHARS,
        communities: CommunityBuilder | None = None,
        usage: Usage | None = None,
        write_deadline_s: float = DEFAULT_WRITE_DEADLINE_S,
        ontology: Ontology | None = None,
    ) -> None:
        """``ontology``: the custom types of every episode (a call may override them)."""
        self._store = store
        self._embedder = embedder
        self._clock = clock
        self._ids = ids
        self._max_chars = max_episode_chars
        self._communities = communities
        self.usage = usage if usage is not None else Usage()
        self._stages = IngestPipeline(
            store=store,
            embedder=embedder,
            extractor=extractor,
            clock=clock,
            ids=ids,
            context_episodes=context_episodes,
        )
        self._writer = GroupWriter(store, deadline_s=write_deadline_s)
        self._bound = False
        self._ontology = ontology if ontology is not None else Ontology()

    # -- entry points -----------------------------------------------------------------------
    def add(self, item: EpisodeInput, *, ontology: Ontology | None = None) -> IngestResult:
        """Intake and ingest one episode as a caller describes it."""
        return self.ingest([self.intake(item)], ontology=ontology)[0]

    def add_many(
        self,
        items: Sequence[EpisodeInput],
        *,
        on_ingested: OnIngested | None = None,
        ontology: Ontology | None = None,
    ) -> list[IngestResult]:
        """Intake every item first (nothing is written if one is invalid), then ingest each
        group's episodes in ``reference_time`` order."""
        episodes = [self.intake(i) for i in items]
        episodes.sort(key=lambda e: (e.group_id, e.reference_time))
        return self.ingest(episodes, on_ingested=on_ingested, ontology=ontology)

    def add_extracted(
        self, item: EpisodeInput, extraction: Extraction, *, ontology: Ontology | None = None
    ) -> IngestResult:
        """Ingest an episode whose entities and facts the caller states (``Memory.add_fact``):
        every stage but extract runs, so they are resolved, deduplicated and invalidated
        exactly like extracted ones."""
        episode = self.intake(item)
        self._bind()
        types = self._ontology.overridden(ontology)
        return self._ingest_chunk([episode], types, given=[extraction])[0]

    def add_accepted(self, episode: Episode) -> IngestResult:
        """Ingest an episode built and checked earlier (the service's durable queue); its
        ``created_at`` becomes the time it enters the graph, as for ``add``."""
        return self.ingest([replace(episode, created_at=self._clock.now())])[0]

    def intake(self, item: EpisodeInput) -> Episode:
        """Stage intake: check the input (``UsageError`` with a fix) and build the episode."""
        return build_episode(item, now=self._clock.now(), ids=self._ids, max_chars=self._max_chars)

    def ingest(
        self,
        episodes: Sequence[Episode],
        *,
        on_ingested: OnIngested | None = None,
        ontology: Ontology | None = None,
    ) -> list[IngestResult]:
        """Ingest built episodes in the given order, ``BULK_CHUNK`` at a time. Each episode is
        its own transaction: if one fails, those before it stay and the error is raised.
        ``on_ingested`` is called after each episode is committed (or found stored)."""
        self._bind()
        types = self._ontology.overridden(ontology)
        results: list[IngestResult] = []
        for start in range(0, len(episodes), BULK_CHUNK):
            for result in self._ingest_chunk(episodes[start : start + BULK_CHUNK], types):
                results.append(result)
                if on_ingested is not None:
                    on_ingested(result)
        return results

    # -- stages -----------------------------------------------------------------------------
    def _ingest_chunk(
        self,
        chunk: Sequence[Episode],
        ontology: Ontology,
        given: Sequence[Extraction] | None = None,
    ) -> list[IngestResult]:
        stored = self._stored_already(chunk)
        fresh: list[int] = []
        for n, episode in enumerate(chunk):
            key = (episode.group_id, episode.id)
            if key not in stored:
                stored[key] = episode  # a repeat later in this batch is a no-op too
                fresh.append(n)
        made = self._stages.prepare(
            [chunk[n] for n in fresh],
            ontology=ontology,
            given=None if given is None else [given[n] for n in fresh],
        )
        prepared = dict(zip(fresh, made, strict=True))
        out = []
        for n, episode in enumerate(chunk):
            if n in prepared:
                out.append(self._commit(prepared[n]))
            else:
                known = stored[(episode.group_id, episode.id)]
                out.append(IngestResult(known, (), (), (), Usage(), stored_already=True))
        return out

    def _stored_already(self, chunk: Sequence[Episode]) -> dict[tuple[str, str], Episode]:
        """Stage duplicate check: episode ids of ``chunk`` the store holds, before any
        extraction or LLM call."""
        by_group: dict[str, list[str]] = {}
        for e in chunk:
            by_group.setdefault(e.group_id, []).append(e.id)
        found: dict[tuple[str, str], Episode] = {}
        for group_id, ids in by_group.items():
            for e in self._store.get_episodes([group_id], ids):
                log.info("episode %s is stored already; nothing written", e.id)
                found[(group_id, e.id)] = e
        return found

    def _commit(self, p: Prepared) -> IngestResult:
        """Decide and write one prepared episode (retried on conflicts), then communities."""
        episode = p.episode
        with accounting.collect() as usage:
            try:
                result = self._writer.write(
                    episode.group_id, f"episode {episode.id}", lambda: self._stages.decide(p)
                )
            except DuplicateEpisodeError:  # another writer stored this id meanwhile
                found = self._store.get_episodes([episode.group_id], [episode.id])
                if not found:
                    raise
                return IngestResult(found[0], (), (), (), Usage(), stored_already=True)
        result.usage.extend(usage)
        self.usage.extend(result.usage)
        if self._communities is not None:
            self._extend_communities(result)
        return result

    def _extend_communities(self, result: IngestResult) -> None:
        """Stage communities, after the write: new entities join their neighbours'
        community (only in groups that have communities)."""
        assert self._communities is not None
        with accounting.collect() as usage:
            self._communities.after_ingest(result)
        result.usage.extend(usage)
        self.usage.extend(usage)

    def forget(self) -> None:
        """Drop cached embeddings (after a deletion: no text of it stays in memory)."""
        self._stages.forget()

    def _bind(self) -> None:
        if not self._bound:
            self._store.bind_embedder(self._embedder.name, self._embedder.dimension)
            self._bound = True
