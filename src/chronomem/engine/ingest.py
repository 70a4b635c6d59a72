"""The Ingestor: the one way episodes enter the memory.

``Memory`` and ``AsyncMemory`` (``add_episode``, ``add_episodes``) and the service's queue
workers all call it. It runs the stages of :mod:`chronomem.engine.pipeline` end to end:

    intake -> duplicate check -> context -> extract -> cleanup -> embed      (per chunk)
    -> resolve entities -> fact candidates -> resolution round -> temporal rules
    -> ChangeSet -> Store.apply with the conflict retry (engine.writer)     (per episode)
    -> re-read of the turns after it, when it arrived late (engine.reread)
    -> communities (optional, after the write)

An episode id that is stored already is found before any extraction or LLM call and
returned as it is stored (``stored_already=True``): re-sending an episode is a no-op.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

from chronomem import accounting
from chronomem.accounting import Usage
from chronomem.clock import IdFactory
from chronomem.engine import batches
from chronomem.engine.batches import BulkResults, ChunkPlan, OnError, SkippedEpisode, check_on_error
from chronomem.engine.communities import CommunityBuilder
from chronomem.engine.held import HeldValues
from chronomem.engine.learned import Learned, as_learned, choices_of, episode_clock
from chronomem.engine.passages import build_episodes
from chronomem.engine.pipeline import CONTEXT_EPISODES, IngestPipeline, IngestResult, Prepared
from chronomem.engine.reread import LateTurns
from chronomem.engine.writer import DEFAULT_WRITE_DEADLINE_S, GroupWriter
from chronomem.errors import DuplicateEpisodeError, UsageError
from chronomem.intake import DEFAULT_MAX_EPISODE_CHARS, EpisodeInput, build_episode
from chronomem.model import Episode, Extraction
from chronomem.model.ontology import Ontology
from chronomem.ports import Clock, Embedder, Extractor, Store

log = logging.getLogger(__name__)

OnIngested = Callable[[IngestResult], None]
ClockOf = Callable[[Episode], Clock]  # the clock an episode's ingestion reads "now" from
NOW = Learned.NOW


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
        self._late = LateTurns(store, self._stages, self._writer, context_episodes)
        self._bound = False
        self._ontology = ontology if ontology is not None else Ontology()

    # -- entry points -----------------------------------------------------------------------
    def add(
        self, item: EpisodeInput, *, ontology: Ontology | None = None, learned: Learned = NOW
    ) -> IngestResult:
        """Intake and ingest one episode as a caller describes it. Long content becomes
        passages (engine/passages.py): the result is then the first passage's, with the
        entities and facts of all of them and every passage in ``passages``. ``learned``:
        when its facts are learned (``engine/learned.py``)."""
        results = self.ingest(self.intake_all(item), ontology=ontology, learned=learned)
        return results[0] if len(results) == 1 else batches.combined(results)

    def add_many(
        self,
        items: Sequence[EpisodeInput],
        *,
        on_ingested: OnIngested | None = None,
        ontology: Ontology | None = None,
        on_error: OnError = "raise",
        on_total: Callable[[int], None] | None = None,
        learned: Learned = NOW,
    ) -> BulkResults:
        """Intake every item first, then ingest each group's episodes in ``reference_time``
        order. ``on_error="raise"``: nothing is written if one item is invalid (the error
        names its index); ``"skip"``: invalid items are left out and listed in the
        result's ``skipped``. ``on_total`` is told how many episodes will be ingested
        (passages count one each) before the first is. ``learned``: when their facts are
        learned (``engine/learned.py``)."""
        check_on_error(on_error)
        episodes: list[Episode] = []
        skipped: list[SkippedEpisode] = []
        for index, item in enumerate(items):
            try:
                episodes.extend(self.intake_all(item))
            except UsageError as exc:
                if on_error == "raise":
                    raise UsageError(f"episode {index}: {exc}") from None
                log.warning("skipped episode %d: %s", index, exc)
                skipped.append(SkippedEpisode(index, str(exc)))
        episodes.sort(key=lambda e: (e.group_id, e.reference_time))
        if on_total is not None:
            on_total(len(episodes))
        out = BulkResults(
            self.ingest(episodes, on_ingested=on_ingested, ontology=ontology, learned=learned)
        )
        out.skipped = tuple(skipped)
        return out

    def add_extracted(
        self, item: EpisodeInput, extraction: Extraction, *, ontology: Ontology | None = None
    ) -> IngestResult:
        """Ingest an episode whose entities and facts the caller states (``Memory.add_fact``):
        every stage but extract runs, so they are resolved, deduplicated and invalidated
        exactly like extracted ones."""
        episode = self.intake(item)
        self._bind()
        types = self._ontology.overridden(ontology)
        plan = self._plan([episode], {}, {}, types, given=[extraction])
        clock_of = self._clocks({})
        result = next(self._commit_chunk([episode], plan, clock_of))
        self._reread_late(clock_of)
        return result

    def add_accepted(
        self,
        episodes: Sequence[Episode],
        *,
        on_ingested: OnIngested | None = None,
        learned: Sequence[Learned] | None = None,
    ) -> list[IngestResult]:
        """Ingest episodes built and checked earlier (the service's durable queue), in the
        given order, with :meth:`ingest` (the next chunk is prepared while one is written);
        their ``created_at`` becomes the time they enter the graph, as for ``add_many``.
        ``learned``: each episode's choice (``engine/learned.py``; default: all ``now``)."""
        now = self._clock.now()
        fresh = [replace(e, created_at=now) for e in episodes]
        return self.ingest(fresh, on_ingested=on_ingested, learned=learned or NOW)

    def intake(self, item: EpisodeInput) -> Episode:
        """Stage intake: check the input (``UsageError`` with a fix) and build the episode."""
        return build_episode(item, now=self._clock.now(), ids=self._ids, max_chars=self._max_chars)

    def intake_all(self, item: EpisodeInput) -> list[Episode]:
        """Stage intake for content that may be long: the episode, or its passages."""
        return build_episodes(item, now=self._clock.now(), ids=self._ids, max_chars=self._max_chars)

    def ingest(
        self,
        episodes: Sequence[Episode],
        *,
        on_ingested: OnIngested | None = None,
        ontology: Ontology | None = None,
        learned: Learned | Sequence[Learned] = NOW,
    ) -> list[IngestResult]:
        """Ingest built episodes in the given order, in chunks. Each episode is its own
        transaction: if one fails, those before it stay and the error is raised.
        ``on_ingested`` is called after each episode is committed (or found stored).
        ``learned``: when their facts are learned, for all or one per episode
        (``engine/learned.py``).

        While a chunk is written, the next one is prepared (extracted and embedded) on a
        helper thread: episodes are still decided and written one at a time, in order, and
        the next chunk's context turns come from the chunk being written."""
        self._bind()
        types = self._ontology.overridden(ontology)
        choices = choices_of(episodes, learned)
        episodes = [as_learned(choices[(e.group_id, e.id)], e) for e in episodes]
        clock_of = self._clocks(choices)
        chunks = batches.chunks(episodes)
        seen: dict[tuple[str, str], Episode] = {}
        results: list[IngestResult] = []
        if not chunks:
            return results
        held = self._stages.holding(episodes)  # each group read before the call writes to it
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="chronomem-prepare") as ahead:
            plan = self._plan(chunks[0], seen, {}, types, held=held)
            for k, chunk in enumerate(chunks):
                following = (
                    ahead.submit(
                        self._plan, chunks[k + 1], seen, batches.tails(plan), types, held=held
                    )
                    if k + 1 < len(chunks)
                    else None
                )
                try:
                    for result in self._commit_chunk(chunk, plan, clock_of):
                        results.append(result)
                        if on_ingested is not None:
                            on_ingested(result)
                except BaseException:
                    if following is not None:
                        following.cancel()
                    raise
                if following is not None:
                    plan = following.result()
        self._reread_late(clock_of)  # once per call: a backfill re-reads each newer turn once
        return results

    def _clocks(self, choices: Mapping[tuple[str, str], Learned]) -> ClockOf:
        """Each episode's clock; a stored turn re-read after a late one (not in
        ``choices``) is learned when said only if the whole call is."""
        said = bool(choices) and all(c is Learned.SAID for c in choices.values())
        default = Learned.SAID if said else NOW

        def clock_of(episode: Episode) -> Clock:
            choice = choices.get((episode.group_id, episode.id), default)
            return episode_clock(choice, self._clock, episode)

        return clock_of

    # -- stages -----------------------------------------------------------------------------
    def _plan(
        self,
        chunk: Sequence[Episode],
        seen: dict[tuple[str, str], Episode],
        earlier: Mapping[str, Sequence[Episode]],
        ontology: Ontology,
        given: Sequence[Extraction] | None = None,
        held: HeldValues | None = None,
    ) -> ChunkPlan:
        """Duplicate check and prepare for one chunk. ``seen``: episodes of earlier chunks
        of this call (a repeat is a no-op even before they are written); ``earlier``: per
        group, the episodes of the chunk before (context turns that may not be written);
        ``given``: extractions the caller states, one per episode (no extract stage)."""
        stored = self._stored_already(chunk)
        known: dict[int, Episode] = {}
        fresh: list[int] = []
        for n, episode in enumerate(chunk):
            key = (episode.group_id, episode.id)
            hit = stored.get(key) or seen.get(key)
            if hit is not None:
                known[n] = hit
            else:
                seen[key] = episode  # a repeat later in this call is a no-op too
                fresh.append(n)
        made = self._stages.prepare(
            [chunk[n] for n in fresh],
            ontology=ontology,
            given=None if given is None else [given[n] for n in fresh],
            earlier=earlier,
            held=held,
        )
        return ChunkPlan(dict(zip(fresh, made, strict=True)), known)

    def _commit_chunk(
        self, chunk: Sequence[Episode], plan: ChunkPlan, clock_of: ClockOf
    ) -> Iterator[IngestResult]:
        """Each episode's result as soon as it is committed (progress moves per episode)."""
        for n in range(len(chunk)):
            if n in plan.prepared:
                result = self._commit(plan.prepared[n], clock_of(chunk[n]))
            else:
                result = IngestResult(plan.known[n], (), (), (), Usage(), stored_already=True)
            yield result

    def _reread_late(self, clock_of: ClockOf) -> None:
        """Stage re-read: the stored turns that followed this chunk's late episodes."""
        with accounting.collect() as late:
            for reread in self._late.reread_noted(self._ontology, clock_of):
                self.usage.extend(reread.usage)  # its extraction
        self.usage.extend(late)  # its resolution round

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

    def _commit(self, p: Prepared, clock: Clock) -> IngestResult:
        """Decide and write one prepared episode (retried on conflicts), then communities."""
        episode = p.episode
        with accounting.collect() as usage:
            try:
                result = self._writer.write(
                    episode.group_id,
                    f"episode {episode.id}",
                    lambda: self._stages.decide(p, clock),
                    on_written=self._stages.written,
                )
            except DuplicateEpisodeError:  # another writer stored this id meanwhile
                found = self._store.get_episodes([episode.group_id], [episode.id])
                if not found:
                    raise
                return IngestResult(found[0], (), (), (), Usage(), stored_already=True)
        result.usage.extend(usage)
        self.usage.extend(result.usage)
        self._late.note(episode)  # arrived before turns stored: re-read at the chunk's end
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

    def held(self, episodes: Sequence[Episode]) -> HeldValues | None:
        """Stage held for ``episodes``, as an ingest call of them would read it now
        (through the rows kept across calls); ``None``: the extractor reads no held values."""
        return self._stages.holding(episodes)

    def forget(self) -> None:
        """Drop cached embeddings (after a deletion: no text of it stays in memory)."""
        self._stages.forget()

    def _bind(self) -> None:
        if not self._bound:
            self._store.bind_embedder(self._embedder.name, self._embedder.dimension)
            self._bound = True
