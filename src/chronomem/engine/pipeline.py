"""The stages of ingestion, from an episode to the ChangeSet that records it.

    intake            (chronomem.intake) check the caller's input, build the Episode
    context           previous episodes of the group (n = 4)                  prepare()
    held              the open values of the subjects it names (engine.held)   prepare()
    extract           extractor round 1                                        prepare()
    cleanup           make the extraction safe to resolve (engine.cleanup)     prepare()
    types             custom entity/edge types, attributes (engine.types)      prepare()
    embed             ONE batched call: episode, entity names, fact texts      prepare()
    resolve entities  fast paths and candidates (engine.entities)              decide()
    fact candidates   what to ask about (engine.fact_candidates)               decide()
    resolution round  extractor round 2: every open question in one call      decide()
    temporal rules    dedup and invalidation (engine.temporal)                 decide()
    ChangeSet         one atomic write                                         decide()
    Store.apply       with the conflict retry (engine.writer)                  Ingestor

:class:`~chronomem.engine.ingest.Ingestor` runs them end to end. With an LLM extractor that
is at most two sequential LLM rounds per episode, however many entities and facts it holds.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from chronomem import accounting
from chronomem.accounting import Usage
from chronomem.clock import IdFactory
from chronomem.engine.cleanup import clean_extraction
from chronomem.engine.embedding import EmbeddingCache
from chronomem.engine.entities import (
    EntityCandidates,
    entity_questions,
    finalize_entities,
    find_entity_candidates,
)
from chronomem.engine.fact_candidates import FactCandidates, find_fact_candidates
from chronomem.engine.facts import FactOutcome, apply_fact_decisions, draft_facts
from chronomem.engine.held import HeldValues
from chronomem.engine.held_cache import HeldCache
from chronomem.engine.relatives import role_names
from chronomem.engine.types import apply_ontology
from chronomem.engine.validate import validate_resolution
from chronomem.model import (
    ChangeSet,
    Entity,
    Episode,
    Extraction,
    Fact,
    Mention,
    Resolution,
    ResolutionRequest,
    Vector,
)
from chronomem.model.graph import episode_text
from chronomem.model.ontology import Ontology
from chronomem.ports import Clock, Embedder, Extractor, HeldReader, Store

log = logging.getLogger(__name__)

CONTEXT_EPISODES = 4


@dataclass(frozen=True, slots=True)
class IngestResult:
    """What one episode added to the memory."""

    episode: Episode
    entities: tuple[Entity, ...]  # every entity the episode mentions, as written
    facts: tuple[Fact, ...]  # facts created or changed by the episode, as written
    invalidated: tuple[Fact, ...]  # stored facts the episode closed (subset of ``facts``)
    usage: Usage
    stored_already: bool = False  # the episode id was stored before: nothing was written
    passages: tuple[Episode, ...] = ()  # long content: every passage episode (passages.py)


@dataclass(frozen=True, slots=True)
class Prepared:
    episode: Episode
    previous: tuple[Episode, ...]
    extraction: Extraction
    entity_vectors: tuple[Vector, ...]
    fact_vectors: tuple[Vector, ...]
    usage: Usage  # LLM calls of round 1; round 2 is added by the Ingestor


class IngestPipeline:
    def __init__(
        self,
        *,
        store: Store,
        embedder: Embedder,
        extractor: Extractor,
        clock: Clock,
        ids: IdFactory,
        context_episodes: int = CONTEXT_EPISODES,
    ) -> None:
        self._store = store
        self._extractor = extractor
        self._clock = clock
        self._ids = ids
        self._context_episodes = context_episodes
        self._vectors = EmbeddingCache(embedder)
        self._held = HeldCache()  # stage held's store rows, kept across calls
        # recorded as the reason of merges the resolution round decides ("llm", ...)
        self._resolver = str(getattr(extractor, "resolution_kind", type(extractor).__name__))

    def forget(self) -> None:
        self._vectors.clear()
        self._held.drop()

    def written(self, changes: ChangeSet) -> None:
        """An episode's changes, as the store applied them: the kept held rows follow."""
        self._held.written(changes)

    def prepare(
        self,
        episodes: Sequence[Episode],
        *,
        ontology: Ontology | None = None,
        given: Sequence[Extraction] | None = None,
        earlier: Mapping[str, Sequence[Episode]] | None = None,
        held: HeldValues | None = None,
    ) -> list[Prepared]:
        """Stages 1-2 for episodes in ingestion order, with ONE embedding call for all.

        An episode's previous turns come from the store and from the episodes before it in
        ``episodes`` and in ``earlier`` (per group, episodes just before these that may not
        be written yet), so a batch sees the same context as one-by-one ingestion.
        ``ontology``: the custom types of these episodes (:mod:`chronomem.engine.types`).
        ``given``: extractions made already, one per episode (``Memory.add_fact``): the
        extractor is not called. ``held``: the held values of the ingest call these
        episodes belong to (:meth:`holding`; read here for these episodes when not given),
        for an extractor that reads them; it learns what each episode tells.
        """
        recent: dict[str, list[Episode]] = {g: list(e) for g, e in (earlier or {}).items()}
        staged: list[tuple[Episode, tuple[Episode, ...], Extraction, Usage]] = []
        if held is None and given is None:
            held = self.holding(episodes)
        for n, episode in enumerate(episodes):
            previous = self._previous(episode, recent)
            with accounting.collect() as usage:
                raw = (
                    given[n]
                    if given is not None
                    else self._extract(episode, previous, ontology, held)
                )
                extraction = apply_ontology(clean_extraction(raw), ontology)
            if held is not None:
                held.learn(episode, extraction)
            staged.append((episode, previous, extraction, usage))
            recent.setdefault(episode.group_id, []).append(episode)
        texts = [
            text
            for episode, _, x, _ in staged
            for text in [
                episode_text(episode),
                *(e.name for e in x.entities),
                *(f.fact for f in x.facts),
            ]
        ]
        vectors = iter(self._vectors.embed(texts))
        prepared = []
        for episode, previous, x, usage in staged:
            embedded = replace(episode, embedding=next(vectors))
            names = tuple(next(vectors) for _ in x.entities)
            facts = tuple(next(vectors) for _ in x.facts)
            prepared.append(Prepared(embedded, previous, x, names, facts, usage))
        return prepared

    def holding(self, episodes: Sequence[Episode]) -> HeldValues | None:
        """Stage held, for one ingest call: the held values of the subjects ``episodes``
        name (read per group when first needed, through the rows kept across calls), when
        the extractor reads them; else None."""
        if not isinstance(self._extractor, HeldReader):
            return None
        return HeldValues(self._store, episodes, self._held)

    def _extract(
        self,
        episode: Episode,
        previous: tuple[Episode, ...],
        ontology: Ontology | None,
        held: HeldValues | None,
    ) -> Extraction:
        """Stage extract (round 1); the custom types go to extractors that read them, the
        held values to those that read them."""
        types = None if ontology is None or ontology.is_empty else ontology
        if held is not None and isinstance(self._extractor, HeldReader):
            return self._extractor.extract_held(episode, previous, held.of(episode), ontology=types)
        if types is None:
            return self._extractor.extract(episode, previous)
        return self._extractor.extract(episode, previous, ontology=types)

    def _previous(self, episode: Episode, staged: dict[str, list[Episode]]) -> tuple[Episode, ...]:
        """The ``n`` episodes before ``episode``: staged ones of this batch, then stored ones."""
        n = self._context_episodes
        if n <= 0:
            return ()
        batch = staged.get(episode.group_id, [])[-n:]
        stored: list[Episode] = []
        if len(batch) < n:
            before = batch[0].reference_time if batch else episode.reference_time
            stored = self._store.recent_episodes(
                episode.group_id, limit=n - len(batch), before=before
            )[::-1]
        return (*stored, *batch)

    # -- decide: everything that reads the stored graph (re-run after a write conflict) ----
    def decide(self, p: Prepared, clock: Clock | None = None) -> tuple[ChangeSet, IngestResult]:
        """Resolve ``p`` against the stored graph: the ChangeSet to write and the result
        it gives once written (the usage of the resolution round is added to ``p.usage``
        by the caller). ``clock``: where "now" comes from for this episode (default: the
        pipeline's; ``engine/learned.py``)."""
        changes, outcome, entities = self._decide(p, (clock or self._clock).now())
        result = IngestResult(p.episode, entities, outcome.written, outcome.invalidated, p.usage)
        return changes, result

    def _decide(
        self, p: Prepared, now: datetime
    ) -> tuple[ChangeSet, FactOutcome, tuple[Entity, ...]]:
        group = p.episode.group_id
        found = find_entity_candidates(
            self._store,
            group,
            p.extraction.entities,
            p.entity_vectors,
            now,
            role_names(p.extraction),
        )
        provisional, options = _provisional_ids(found, self._ids)
        drafts = draft_facts(
            p.extraction.facts,
            p.fact_vectors,
            provisional=provisional,
            options=options,
            episode=p.episode,
            now=now,
            ids=self._ids,
        )
        candidates = find_fact_candidates(self._store, group, drafts, now)
        request = ResolutionRequest(
            p.episode, p.previous, entity_questions(found), tuple(candidates.questions)
        )
        resolution = (
            validate_resolution(self._extractor.resolve(request), request)
            if not request.is_empty
            else Resolution()
        )
        entities = finalize_entities(
            found,
            resolution.entity_matches,
            group_id=group,
            now=now,
            ids=self._ids,
            resolver=self._resolver,
        )
        rebind = {provisional[name]: e.id for name, e in entities.items()}
        outcome = apply_fact_decisions(
            drafts,
            entity_ids=rebind,
            stored=candidates.stored,
            duplicates={**resolution.duplicates, **candidates.fast_duplicates},
            contradictions=resolution.contradictions,
            now=now,
            said_at=p.episode.reference_time,
            stored_said=self._said(group, candidates.stored, resolution, candidates),
            names={e.id: e.name for e in entities.values()},
            entities=lambda ids: self._entities(group, ids, entities),
        )
        written = tuple({e.id: e for e in entities.values()}.values())
        changes = ChangeSet(
            group_id=group,
            episodes=(p.episode,),
            entities=written,
            facts=outcome.written,
            mentions=tuple(Mention(group, p.episode.id, e.id) for e in written),
        )
        return changes, outcome, written

    def _entities(
        self, group: str, ids: Sequence[str], known: Mapping[str, Entity]
    ) -> dict[str, Entity]:
        """The entities ``ids``: this episode's, the others read from the store."""
        out = {e.id: e for e in known.values() if e.id in ids}
        rest = [i for i in ids if i not in out]
        if rest:
            out.update({e.id: e for e in self._store.get_entities([group], rest)})
        return out

    def _said(
        self, group: str, stored: Mapping[str, Fact], resolution: Resolution, c: FactCandidates
    ) -> dict[str, datetime]:
        """When each stored fact a decision names was first stated (the reference time of
        its first episode): one read, only when a decision names a stored fact."""
        named = {i for ids in resolution.contradictions.values() for i in ids}
        named |= {i for i in (*resolution.duplicates.values(), *c.fast_duplicates.values()) if i}
        firsts = {i: stored[i].episodes[0] for i in named if i in stored and stored[i].episodes}
        if not firsts:
            return {}
        when = {
            e.id: e.reference_time
            for e in self._store.get_episodes([group], sorted(set(firsts.values())))
        }
        return {i: when[e] for i, e in firsts.items() if e in when}


def _provisional_ids(
    found: list[EntityCandidates], ids: IdFactory
) -> tuple[dict[str, str], dict[str, frozenset[str]]]:
    """Name -> provisional id, and name -> every stored id the entity may turn out to be."""
    provisional: dict[str, str] = {}
    options: dict[str, frozenset[str]] = {}
    for f in found:
        name = f.extracted.name
        if f.match is not None:
            provisional[name] = f.match.id
            options[name] = frozenset({f.match.id})
        else:
            provisional[name] = ids()
            options[name] = frozenset(c.id for c in f.candidates)
    return provisional, options
