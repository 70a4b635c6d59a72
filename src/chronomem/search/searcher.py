"""f(α) = χ(ρ(φ(α))): run a recipe's methods per target, fuse with its reranker, load rows."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from chronomem.model import SearchFilter, Target
from chronomem.ports import Embedder, Store
from chronomem.search.config import Method, SearchConfig, TargetConfig
from chronomem.search.rerankers import Ranked, rrf
from chronomem.search.results import SearchResults


class Searcher:
    def __init__(self, *, store: Store, embedder: Embedder) -> None:
        self._store = store
        self._embedder = embedder

    def search(
        self,
        query: str,
        *,
        group_ids: Sequence[str],
        config: SearchConfig,
        filter: SearchFilter,
        now: datetime,
    ) -> SearchResults:
        resolved = filter.resolved(now)
        vector = self._embedder.embed_batch([query], kind="query")[0]
        ranked: dict[Target, Ranked] = {}
        for target, tconf in _targets(config):
            rankings = []
            fetch = max(tconf.limit * config.candidate_factor, tconf.limit)
            for method in tconf.methods:
                if method is Method.COSINE:
                    rankings.append(
                        self._store.vector_search(
                            target, group_ids, vector, limit=fetch, filter=resolved
                        )
                    )
                elif method is Method.BM25:
                    rankings.append(
                        self._store.text_search(
                            target, group_ids, query, limit=fetch, filter=resolved
                        )
                    )
            ranked[target] = rrf(rankings)[: tconf.limit]
        return self._load(group_ids, ranked)

    def _load(self, group_ids: Sequence[str], ranked: dict[Target, Ranked]) -> SearchResults:
        def ordered(rows, target):  # type: ignore[no-untyped-def]
            by_id = {r.id: r for r in rows}
            return tuple(by_id[i] for i, _ in ranked.get(target, []) if i in by_id)

        ids = {t: [i for i, _ in r] for t, r in ranked.items()}
        store = self._store
        return SearchResults(
            facts=ordered(store.get_facts(group_ids, ids.get(Target.FACTS, [])), Target.FACTS),
            entities=ordered(
                store.get_entities(group_ids, ids.get(Target.ENTITIES, [])), Target.ENTITIES
            ),
            episodes=ordered(
                store.get_episodes(group_ids, ids.get(Target.EPISODES, [])), Target.EPISODES
            ),
            communities=ordered(
                store.get_communities(group_ids, ids.get(Target.COMMUNITIES, [])),
                Target.COMMUNITIES,
            ),
            scores={i: s for r in ranked.values() for i, s in r},
        )


def _targets(config: SearchConfig) -> list[tuple[Target, TargetConfig]]:
    pairs = [
        (Target.FACTS, config.facts),
        (Target.ENTITIES, config.entities),
        (Target.EPISODES, config.episodes),
        (Target.COMMUNITIES, config.communities),
    ]
    return [(t, c) for t, c in pairs if c is not None and c.limit > 0]
