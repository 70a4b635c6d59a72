"""Rerankers: pure functions from ranked candidate lists to one ranked list."""

from __future__ import annotations

from collections.abc import Sequence

Ranked = list[tuple[str, float]]

RRF_K = 60


def rrf(rankings: Sequence[Ranked], *, k: int = RRF_K) -> Ranked:
    """Reciprocal rank fusion: score(d) = sum over rankings of 1 / (k + rank(d)), rank from 1."""
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, (item, _) in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda pair: (-pair[1], pair[0]))
