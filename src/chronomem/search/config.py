"""Search recipes as data: which methods, which reranker, how many results per target.

A :class:`SearchConfig` is frozen and so is every preset in :data:`PRESETS` (a read-only
mapping): ``with_limit`` and :func:`dataclasses.replace` return new configs, so one call can
never change what another caller gets.

Presets
    ``hybrid_rrf``        cosine + BM25 per target, fused by reciprocal rank (the default)
    ``hybrid_mmr``        the same candidates, diversified by maximal marginal relevance
    ``node_distance``     cosine + BM25 + graph walk, ordered by hops from a centre entity
    ``episode_mentions``  cosine + BM25, ordered by how often the memory heard the item
    ``cross_encoder``     cosine + BM25 + graph walk, scored pairwise by a ``Reranker``
                          (a model or an LLM that the caller passes to ``Memory``)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType

from chronomem.errors import UsageError


class Method(StrEnum):
    """How candidates are found (φ)."""

    COSINE = "cosine"  # embedding similarity to the query
    BM25 = "bm25"  # full-text relevance
    BFS = "bfs"  # graph walk from seed entities


class Rerank(StrEnum):
    """How the candidates of several methods become one ranking (ρ)."""

    RRF = "rrf"
    MMR = "mmr"
    EPISODE_MENTIONS = "episode_mentions"
    NODE_DISTANCE = "node_distance"
    CROSS_ENCODER = "cross_encoder"
    SCORE = "score"  # fuse by score: cosine + text_weight * (BM25 / best BM25)


@dataclass(frozen=True, slots=True)
class TargetConfig:
    """Methods, reranker and result count for one target (facts, entities, ...)."""

    methods: tuple[Method, ...] = (Method.COSINE, Method.BM25)
    reranker: Rerank = Rerank.RRF
    limit: int = 10

    def __post_init__(self) -> None:
        try:
            methods = tuple(Method(m) for m in self.methods)
            reranker = Rerank(self.reranker)
        except ValueError as exc:
            raise UsageError(
                f"{exc}: methods are {[m.value for m in Method]}, "
                f"rerankers {[r.value for r in Rerank]}"
            ) from None
        if not methods:
            raise UsageError("a searched target needs at least one method, e.g. ('cosine',)")
        object.__setattr__(self, "methods", tuple(dict.fromkeys(methods)))
        object.__setattr__(self, "reranker", reranker)
        if self.limit < 0:
            raise UsageError("a search limit must be >= 0")


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """One recipe. A target set to ``None`` is not searched.

    ``bfs_depth`` bounds graph walks (the ``bfs`` method and ``node_distance``);
    ``mmr_lambda`` weighs relevance against novelty in MMR (1 = relevance only);
    ``candidate_factor``: each method fetches ``limit * candidate_factor`` candidates;
    ``text_weight`` weighs BM25 (scaled to the best hit) against cosine in ``score`` fusion;
    ``read_question``: read the query first (``search/reading.py``) and rank the facts that
    answer it first (``search/answering.py``); a dated or history question also widens the
    default filter to the facts of that time, or to every fact.
    """

    facts: TargetConfig | None = TargetConfig()
    entities: TargetConfig | None = TargetConfig()
    episodes: TargetConfig | None = None
    communities: TargetConfig | None = None
    bfs_depth: int = 2
    mmr_lambda: float = 0.5
    candidate_factor: int = 4
    text_weight: float = 0.3
    read_question: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.bfs_depth <= 5:
            raise UsageError(f"bfs_depth must be between 0 and 5, got {self.bfs_depth}")
        if not 0.0 <= self.mmr_lambda <= 1.0:
            raise UsageError(f"mmr_lambda must be between 0 and 1, got {self.mmr_lambda}")
        if self.candidate_factor < 1:
            raise UsageError("candidate_factor must be >= 1")
        if self.text_weight < 0:
            raise UsageError(f"text_weight must be >= 0, got {self.text_weight}")

    def with_limit(self, limit: int) -> SearchConfig:
        """A copy with every searched target's limit set to ``limit``."""

        def lim(t: TargetConfig | None) -> TargetConfig | None:
            return None if t is None else replace(t, limit=limit)

        return replace(
            self,
            facts=lim(self.facts),
            entities=lim(self.entities),
            episodes=lim(self.episodes),
            communities=lim(self.communities),
        )

    def with_reranker(self, reranker: Rerank | str) -> SearchConfig:
        """A copy with every searched target reranked by ``reranker``."""

        def rer(t: TargetConfig | None) -> TargetConfig | None:
            return None if t is None else replace(t, reranker=Rerank(reranker))

        return replace(
            self,
            facts=rer(self.facts),
            entities=rer(self.entities),
            episodes=rer(self.episodes),
            communities=rer(self.communities),
        )

    def uses(self, reranker: Rerank) -> bool:
        targets = (self.facts, self.entities, self.episodes, self.communities)
        return any(t is not None and t.reranker is reranker for t in targets)


_HYBRID = (Method.COSINE, Method.BM25)
_WITH_WALK = (Method.COSINE, Method.BM25, Method.BFS)

HYBRID_RRF = SearchConfig(read_question=True)
HYBRID_MMR = replace(HYBRID_RRF.with_reranker(Rerank.MMR), read_question=False)
NODE_DISTANCE = SearchConfig(
    facts=TargetConfig(_WITH_WALK, Rerank.NODE_DISTANCE),
    entities=TargetConfig(_WITH_WALK, Rerank.NODE_DISTANCE),
)
EPISODE_MENTIONS = SearchConfig(
    facts=TargetConfig(_HYBRID, Rerank.EPISODE_MENTIONS),
    entities=TargetConfig(_HYBRID, Rerank.EPISODE_MENTIONS),
)
CROSS_ENCODER = SearchConfig(
    facts=TargetConfig(_WITH_WALK, Rerank.CROSS_ENCODER),
    entities=TargetConfig(_WITH_WALK, Rerank.CROSS_ENCODER),
)

PRESETS: MappingProxyType[str, SearchConfig] = MappingProxyType(
    {
        "hybrid_rrf": HYBRID_RRF,
        "hybrid_mmr": HYBRID_MMR,
        "node_distance": NODE_DISTANCE,
        "episode_mentions": EPISODE_MENTIONS,
        "cross_encoder": CROSS_ENCODER,
    }
)


def preset(name: str) -> SearchConfig:
    """The named recipe (a frozen value: derive changed copies, never edit it)."""
    try:
        return PRESETS[name]
    except KeyError:
        raise UsageError(
            f"unknown search recipe {name!r}: use one of {', '.join(sorted(PRESETS))}"
        ) from None
