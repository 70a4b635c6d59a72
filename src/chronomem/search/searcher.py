"""f(α) = χ(ρ(φ(α))): run a recipe's methods per target, rerank, load the rows.

For each searched target, every method of the recipe fetches ``limit * candidate_factor``
candidates; RRF fuses them into one candidate list, which the target's reranker orders
(RRF keeps the fused order). Rows are loaded once per search and checked against the
filter in Python as well (walks reach entities the store did not filter by label); a fact
is returned as the memory believed it at the filter's ``known_at`` (``model/belief.py``), an
entity with its summary as known then (``engine/known_entities.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from chronomem.engine.known_entities import entities_as_known
from chronomem.errors import UsageError
from chronomem.model import (
    Community,
    Entity,
    Episode,
    Fact,
    SearchFilter,
    Target,
    Vector,
    without_embedding,
)
from chronomem.ports import Embedder, Store
from chronomem.search import methods
from chronomem.search.answering import (
    GroupPeople,
    answer_filter,
    chat_speakers,
    rank_facts,
    reading_of,
    subject_ids,
)
from chronomem.search.config import Method, Rerank, SearchConfig, TargetConfig
from chronomem.search.methods import Query
from chronomem.search.reading import QueryReading
from chronomem.search.rerankers import (
    Ranked,
    Reranker,
    by_count,
    by_distance,
    by_scores,
    mmr,
    rrf,
    score_fusion,
)
from chronomem.search.results import SearchResults
from chronomem.search.topic import topic_of

Row = Fact | Entity | Episode | Community
MAX_PAIRS = 50  # candidates a cross-encoder scores per target


class Searcher:
    """Runs :class:`SearchConfig` recipes against a store; ``reranker`` serves
    ``cross_encoder`` recipes."""

    def __init__(
        self, *, store: Store, embedder: Embedder, reranker: Reranker | None = None
    ) -> None:
        self._store = store
        self._embedder = embedder
        self.reranker = reranker

    def search(
        self,
        query: str,
        *,
        group_ids: Sequence[str],
        config: SearchConfig,
        filter: SearchFilter,
        now: datetime,
        query_vector: Sequence[float] | None = None,
        seeds: Sequence[str] | None = None,
        center: Sequence[str] | None = None,
        people: GroupPeople | None = None,
    ) -> SearchResults:
        """Search ``group_ids`` for ``query``.

        ``query_vector`` skips embedding the query (it must come from the same embedder);
        ``seeds`` start the ``bfs`` walks; ``center`` is what ``node_distance`` measures
        hops from (default: the seeds); ``people``: the call's reads of who speaks and who
        is named, when the caller goes on to use them too (one call's: answering.py).
        """
        if config.uses(Rerank.CROSS_ENCODER) and self.reranker is None:
            raise UsageError(
                "the cross_encoder recipe needs a reranker: pass reranker= to Memory, e.g. "
                "Memory(..., reranker=LLMReranker(llm=my_llm))"
            )
        reading = reading_of(query, now) if config.read_question else None
        people = people or GroupPeople(self._store, group_ids)
        topic = self._topic(query, people, config, reading)
        vector = topic_vector = None
        if _needs_vector(config):
            vector, topic_vector = self._vectors(query, topic, query_vector)
        if reading is not None and topic is not None:
            reading = replace(reading, topic=topic)
        flt = filter if reading is None else answer_filter(reading, filter, now)
        resolved = flt.resolved(now)
        q = Query(query, tuple(group_ids), resolved, vector, topic, topic_vector)  # type: ignore[arg-type]
        run = _Run(self._store, q, config, seeds, center, self.reranker)
        run.prefetch(_targets(config))
        ranked = {target: run.rank(target, tconf) for target, tconf in _targets(config)}
        found = _as_known(self._store, run.results(ranked), q.filter, now)
        if reading is None:
            return found
        subjects = subject_ids(people, query, reading)
        at = q.filter.valid_at or now
        facts = rank_facts(found.facts, reading, subjects, at)
        return replace(found, facts=tuple(facts), query_reading=reading)

    def _topic(
        self,
        query: str,
        people: GroupPeople,
        config: SearchConfig,
        reading: QueryReading | None,
    ) -> str | None:
        """What a chat's turns are searched by when it is not the question itself: the
        question without the names of the chat's speakers (``search/topic.py``), for a
        recipe that reads the question and searches episodes by embedding."""
        episodes = config.episodes
        if reading is None or reading.subject != "named" or episodes is None:
            return None
        if episodes.limit <= 0 or Method.COSINE not in episodes.methods:
            return None
        return topic_of(query, chat_speakers(people))

    def _vectors(
        self, query: str, topic: str | None, given: Sequence[float] | None
    ) -> tuple[Sequence[float], Vector | None]:
        """The question's vector (``given``, else embedded) and its topic's, embedded in one
        batch with it."""
        if given is not None and topic is None:
            return given, None
        wanted = ([query] if given is None else []) + ([topic] if topic is not None else [])
        made = self._embedder.embed_batch(wanted, kind="query")
        vector: Sequence[float] = made[0] if given is None else given
        return vector, made[-1] if topic is not None else None


class _Run:
    """The state of one search: the query, lazily computed walks, and loaded rows."""

    def __init__(
        self,
        store: Store,
        query: Query,
        config: SearchConfig,
        seeds: Sequence[str] | None,
        center: Sequence[str] | None,
        reranker: Reranker | None,
    ) -> None:
        self.store, self.query, self.config = store, query, config
        self._given_seeds, self._center, self._reranker = seeds, center, reranker
        self._hops: dict[str, dict[str, int]] = {}
        self._rows: dict[Target, dict[str, Row]] = {t: {} for t in Target}
        self._candidates: dict[tuple[Method, Target], Ranked] = {}

    def prefetch(self, targets: Sequence[tuple[Target, TargetConfig]]) -> None:
        """Every cosine and BM25 candidate list of the search in one store call (a server
        store answers them in one round trip)."""
        wanted = [
            (method, target, _fetch(self.config, tconf))
            for target, tconf in targets
            for method in tconf.methods
            if method in (Method.COSINE, Method.BM25)
        ]
        requests = [methods.request(m, t, self.query, limit=n) for m, t, n in wanted]
        asked = [(m, t, r) for (m, t, _), r in zip(wanted, requests, strict=True) if r]
        answers = self.store.search_batch([r for _, _, r in asked]) if asked else []
        self._candidates = {(m, t): [] for m, t, _ in wanted}
        self._candidates.update(((m, t), a) for (m, t, _), a in zip(asked, answers, strict=True))

    # -- walks ----------------------------------------------------------------------------
    def seed_hops(self) -> dict[str, int]:
        if "seeds" not in self._hops:
            seeds = methods.seed_entities(self.store, self.query, given=self._given_seeds)
            self._hops["seeds"] = methods.walk(self.store, self.query, seeds, self.config.bfs_depth)
        return self._hops["seeds"]

    def centre_hops(self) -> dict[str, int]:
        if not self._center:
            return self.seed_hops()
        if "centre" not in self._hops:
            self._hops["centre"] = methods.walk(
                self.store, self.query, self._center, self.config.bfs_depth
            )
        return self._hops["centre"]

    # -- one target -----------------------------------------------------------------------
    def rank(self, target: Target, tconf: TargetConfig) -> Ranked:
        fetch = _fetch(self.config, tconf)
        rankings = [self._method(method, target, fetch) for method in tconf.methods]
        if tconf.reranker is Rerank.SCORE:
            by_method = dict(zip(tconf.methods, rankings, strict=True))
            cosine = by_method.pop(Method.COSINE, [])
            fused = score_fusion(cosine, list(by_method.values()), weight=self.config.text_weight)
        else:
            fused = rrf(rankings)
        if Method.BFS in tconf.methods and target in (Target.ENTITIES, Target.EPISODES):
            admitted = self.rows(target, [i for i, _ in fused])
            fused = [(i, s) for i, s in fused if i in admitted]
        return self._rerank(target, tconf, fused)[: tconf.limit]

    def _method(self, method: Method, target: Target, fetch: int) -> Ranked:
        if (method, target) in self._candidates:
            return self._candidates[(method, target)]
        if method is Method.COSINE:
            return methods.cosine(self.store, target, self.query, limit=fetch)
        if method is Method.BM25:
            return methods.bm25(self.store, target, self.query, limit=fetch)
        return methods.bfs(self.store, target, self.query, self.seed_hops(), limit=fetch)

    def _rerank(self, target: Target, tconf: TargetConfig, fused: Ranked) -> Ranked:
        kind = tconf.reranker
        if kind in (Rerank.RRF, Rerank.SCORE) or not fused:
            return fused
        if kind is Rerank.MMR:
            rows = self.rows(target, [i for i, _ in fused])
            vectors = {i: v for i, row in rows.items() if (v := _vector(row)) is not None}
            if self.query.vector is None:
                return fused
            return mmr(
                fused,
                vectors,
                self.query.vector,
                lambda_=self.config.mmr_lambda,
                limit=tconf.limit,
            )
        if kind is Rerank.EPISODE_MENTIONS:
            return by_count(fused, self._mention_counts(target, [i for i, _ in fused]))
        if kind is Rerank.NODE_DISTANCE:
            return by_distance(fused, self._distances(target, [i for i, _ in fused]))
        pool = fused[:MAX_PAIRS]
        rows = self.rows(target, [i for i, _ in pool])
        pool = [(i, s) for i, s in pool if i in rows]
        assert self._reranker is not None  # checked in Searcher.search
        scores = self._reranker.score(self.query.text, [_text(rows[i]) for i, _ in pool])
        return by_scores(pool, scores)

    def _mention_counts(self, target: Target, ids: list[str]) -> Mapping[str, int]:
        if target is Target.FACTS:
            rows = self.rows(target, ids).values()
            return {f.id: len(f.episodes) for f in rows if isinstance(f, Fact)}
        if target is Target.ENTITIES:
            counts: dict[str, int] = {}
            for m in self.store.mentions(self.query.groups, entity_ids=ids):
                counts[m.entity_id] = counts.get(m.entity_id, 0) + 1
            return counts
        return {}

    def _distances(self, target: Target, ids: list[str]) -> Mapping[str, int]:
        hops = self.centre_hops()
        if target is Target.ENTITIES:
            return hops
        if target is Target.FACTS:
            rows = self.rows(target, ids).values()
            return {f.id: methods.fact_hops(f.endpoints, hops) for f in rows if isinstance(f, Fact)}
        if target is Target.EPISODES:
            found = self.store.mentions(self.query.groups, episode_ids=ids)
            pairs = [(m.episode_id, m.entity_id) for m in found]
        else:
            rows = self.rows(target, ids).values()
            pairs = [(c.id, m) for c in rows if isinstance(c, Community) for m in c.member_ids]
        out: dict[str, int] = {}
        for item, entity in pairs:
            if entity in hops:
                out[item] = min(out.get(item, hops[entity]), hops[entity])
        return out

    # -- rows -----------------------------------------------------------------------------
    def rows(self, target: Target, ids: Sequence[str]) -> dict[str, Row]:
        """Rows of ``ids`` that the filter admits (loaded once per search)."""
        cache = self._rows[target]
        missing = [i for i in dict.fromkeys(ids) if i not in cache]
        if missing:
            for row in _load(self.store, target, self.query.groups, missing):
                if (shown := _shown(self.query.filter, row)) is not None:
                    cache[row.id] = shown
        return {i: cache[i] for i in ids if i in cache}

    def preload(self, ids: Mapping[Target, Sequence[str]]) -> None:
        """Load the rows of several targets in one store call (one round trip on a server)."""
        missing = {
            t: [i for i in dict.fromkeys(wanted) if i not in self._rows[t]]
            for t, wanted in ids.items()
        }
        missing = {t: wanted for t, wanted in missing.items() if wanted}
        if not missing:
            return
        found_rows = self.store.get_many(self.query.groups, missing, vectors=False)
        for target, found in found_rows.items():
            cache = self._rows[Target(target)]
            for row in found:
                if (shown := _shown(self.query.filter, row)) is not None:
                    cache[row.id] = shown

    def results(self, ranked: Mapping[Target, Ranked]) -> SearchResults:
        self.preload({t: [i for i, _ in items] for t, items in ranked.items()})
        ordered: dict[Target, tuple[Row, ...]] = {}
        scores: dict[str, float] = {}
        for target, items in ranked.items():
            rows = self.rows(target, [i for i, _ in items])
            ordered[target] = tuple(without_embedding(rows[i]) for i, _ in items if i in rows)
            scores.update((i, s) for i, s in items if i in rows)
        return SearchResults(
            facts=ordered.get(Target.FACTS, ()),  # type: ignore[arg-type]
            entities=ordered.get(Target.ENTITIES, ()),  # type: ignore[arg-type]
            episodes=ordered.get(Target.EPISODES, ()),  # type: ignore[arg-type]
            communities=ordered.get(Target.COMMUNITIES, ()),  # type: ignore[arg-type]
            scores=scores,
        )


def _as_known(
    store: Store, found: SearchResults, flt: SearchFilter, now: datetime
) -> SearchResults:
    """``found`` with its entities' summaries as known at a past ``known_at`` (a summary
    rebuilt without what was learned later: ``engine/known_entities.py``)."""
    known = flt.known_at
    if known is None or known >= now or not found.entities:
        return found
    return replace(found, entities=tuple(entities_as_known(store, found.entities, known)))


def _load(store: Store, target: Target, groups: Sequence[str], ids: list[str]) -> list[Row]:
    if target is Target.FACTS:
        return list(store.get_facts(groups, ids))
    if target is Target.ENTITIES:
        return list(store.get_entities(groups, ids))
    if target is Target.EPISODES:
        return list(store.get_episodes(groups, ids))
    return list(store.get_communities(groups, ids))


def _shown(flt: SearchFilter, row: Row) -> Row | None:
    """``row`` as the filter shows it (a fact as believed at ``known_at``), or None."""
    if isinstance(row, Fact):
        return flt.shown_fact(row)
    if isinstance(row, Entity):
        return row if flt.admits_entity(row) else None
    if isinstance(row, Episode):
        return row if flt.known_at is None or row.created_at <= flt.known_at else None
    return row


def _vector(row: Row) -> Vector | None:
    if isinstance(row, Fact):
        return row.embedding
    if isinstance(row, Entity | Community):
        return row.name_embedding
    return None


def _text(row: Row) -> str:
    if isinstance(row, Fact):
        return row.fact
    if isinstance(row, Entity | Community):
        return f"{row.name}: {row.summary}" if row.summary else row.name
    return row.content


def _fetch(config: SearchConfig, tconf: TargetConfig) -> int:
    return max(tconf.limit * config.candidate_factor, tconf.limit)


def _needs_vector(config: SearchConfig) -> bool:
    return any(Method.COSINE in t.methods or t.reranker is Rerank.MMR for _, t in _targets(config))


def _targets(config: SearchConfig) -> list[tuple[Target, TargetConfig]]:
    pairs = [
        (Target.FACTS, config.facts),
        (Target.ENTITIES, config.entities),
        (Target.EPISODES, config.episodes),
        (Target.COMMUNITIES, config.communities),
    ]
    return [(t, c) for t, c in pairs if c is not None and c.limit > 0]
