"""Search recipes as data: which methods, which reranker, how many results per target.

Presets are frozen; ``with_limit`` and ``dataclasses.replace`` return new configs, so one
call can never change what another caller gets.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType

from chronomem.errors import UsageError


class Method(StrEnum):
    COSINE = "cosine"
    BM25 = "bm25"
    BFS = "bfs"


class Rerank(StrEnum):
    RRF = "rrf"
    MMR = "mmr"
    EPISODE_MENTIONS = "episode_mentions"
    NODE_DISTANCE = "node_distance"
    CROSS_ENCODER = "cross_encoder"


@dataclass(frozen=True, slots=True)
class TargetConfig:
    methods: tuple[Method, ...] = (Method.COSINE, Method.BM25)
    reranker: Rerank = Rerank.RRF
    limit: int = 10

    def __post_init__(self) -> None:
        if self.limit < 0:
            raise UsageError("a search limit must be >= 0")


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """One recipe. A target set to ``None`` is not searched."""

    facts: TargetConfig | None = TargetConfig()
    entities: TargetConfig | None = TargetConfig()
    episodes: TargetConfig | None = None
    communities: TargetConfig | None = None
    bfs_depth: int = 2
    mmr_lambda: float = 0.5
    candidate_factor: int = 4  # each method fetches limit * factor candidates for reranking

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


HYBRID_RRF = SearchConfig()

PRESETS: MappingProxyType[str, SearchConfig] = MappingProxyType({"hybrid_rrf": HYBRID_RRF})


def preset(name: str) -> SearchConfig:
    try:
        return PRESETS[name]
    except KeyError:
        raise UsageError(
            f"unknown search recipe {name!r}: use one of {', '.join(sorted(PRESETS))}"
        ) from None
