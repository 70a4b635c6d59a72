"""Rerankers (ρ): pure functions from ranked candidates to one ranking, best first.

Every function here returns a new list and never changes its inputs. Ties keep the order
of the candidates they were given (which is the RRF order when the searcher calls them),
so results are deterministic.

The pairwise scorer behind the ``cross_encoder`` recipe is a port, :class:`Reranker`: any
object with ``score(query, passages) -> list[float]`` (higher = more relevant), such as
:class:`chronomem.search.llm_reranker.LLMReranker` or a local cross-encoder model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from chronomem.errors import ProviderOutputError
from chronomem.model import Vector

Ranked = list[tuple[str, float]]  # (id, score), best first

RRF_K = 60


@runtime_checkable
class Reranker(Protocol):
    """Scores query-passage pairs jointly (a cross-encoder, or an LLM acting as one)."""

    def score(self, query: str, passages: Sequence[str]) -> list[float]:
        """One relevance score per passage, in the passages' order; higher is better."""
        ...


def rrf(rankings: Sequence[Ranked], *, k: int = RRF_K) -> Ranked:
    """Reciprocal rank fusion: score(d) = sum over rankings of 1 / (k + rank(d)), rank from 1.

    Ties are broken by the best rank the item reached, then by where the item was first
    seen (never by id: ids are random, and the same text must give the same ranking).
    """
    scores: dict[str, float] = {}
    best: dict[str, int] = {}
    for ranking in rankings:
        for rank, (item, _) in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
            best[item] = min(best.get(item, rank), rank)
    return sorted(scores.items(), key=lambda pair: (-pair[1], best[pair[0]]))


def score_fusion(cosine: Ranked, others: Sequence[Ranked], *, weight: float) -> Ranked:
    """Fusion by score, not rank: cosine similarity + ``weight`` x each other ranking's
    score divided by its best score (BM25 has no fixed scale). An item missing from a
    ranking scores 0 there. Ties keep the order the items were first seen in.

    Unlike RRF this keeps how much better one candidate is than the next: a near-exact
    match by meaning is not outranked by a row that merely repeats a frequent query word.
    """
    scores: dict[str, float] = {item: float(score) for item, score in cosine}
    for ranking in others:
        best = max((float(s) for _, s in ranking), default=0.0)
        if best <= 0:
            continue
        for item, score in ranking:
            scores[item] = scores.get(item, 0.0) + weight * max(float(score), 0.0) / best
    return sorted(scores.items(), key=lambda pair: -pair[1])


def mmr(
    candidates: Ranked,
    vectors: Mapping[str, Vector],
    query: Vector,
    *,
    lambda_: float,
    limit: int,
) -> Ranked:
    """Maximal marginal relevance: greedily pick the candidate maximising
    ``λ·cos(q, d) − (1 − λ)·max cos(d, s)`` over the already picked ``s``.

    λ = 1 ranks by similarity to the query alone; smaller λ penalises candidates close to
    ones already picked (near-duplicates). Candidates without a vector follow, in order.
    The returned score is the MMR value at the moment the candidate was picked.
    """
    with_vec = [item for item, _ in candidates if item in vectors]
    rest = [(item, 0.0) for item, _ in candidates if item not in vectors]
    if not with_vec or limit <= 0:
        return rest[: max(limit, 0)]
    matrix = _unit_rows(np.stack([np.asarray(vectors[i], dtype=np.float32) for i in with_vec]))
    q = _unit_rows(np.asarray(query, dtype=np.float32).reshape(1, -1))[0]
    relevance = matrix @ q
    redundancy = np.full(len(with_vec), -np.inf, dtype=np.float32)
    free = np.ones(len(with_vec), dtype=bool)
    picked: Ranked = []
    while len(picked) < limit and free.any():
        penalty = np.where(np.isfinite(redundancy), redundancy, 0.0)
        value = lambda_ * relevance - (1.0 - lambda_) * penalty
        value = np.where(free, value, -np.inf)
        best = int(np.argmax(value))  # first maximum: earlier candidates win ties
        picked.append((with_vec[best], float(value[best])))
        free[best] = False
        redundancy = np.maximum(redundancy, matrix @ matrix[best])
    return (picked + rest)[:limit]


def by_count(candidates: Ranked, counts: Mapping[str, int]) -> Ranked:
    """Most counted first (e.g. episode mentions); equal counts keep the candidates' order."""
    order = {item: rank for rank, (item, _) in enumerate(candidates)}
    scored = [(item, float(counts.get(item, 0))) for item, _ in candidates]
    return sorted(scored, key=lambda pair: (-pair[1], order[pair[0]]))


def by_distance(candidates: Ranked, hops: Mapping[str, int]) -> Ranked:
    """Graded by hops from the centre: score 1 / (1 + hops), so 0 hops > 1 hop > 2 hops;
    candidates the walk did not reach score 0 and follow. Equal hops keep the given order."""
    order = {item: rank for rank, (item, _) in enumerate(candidates)}
    scored = [(item, 1.0 / (1.0 + hops[item]) if item in hops else 0.0) for item, _ in candidates]
    return sorted(scored, key=lambda pair: (-pair[1], order[pair[0]]))


def by_scores(candidates: Ranked, scores: Sequence[float]) -> Ranked:
    """Candidates ordered by externally computed scores (one per candidate, same order)."""
    if len(scores) != len(candidates):
        raise ProviderOutputError(
            f"the reranker returned {len(scores)} scores for {len(candidates)} passages: "
            "a Reranker must return exactly one score per passage",
            prompt_name="rerank",
        )
    order = {item: rank for rank, (item, _) in enumerate(candidates)}
    scored = [(item, float(s)) for (item, _), s in zip(candidates, scores, strict=True)]
    return sorted(scored, key=lambda pair: (-pair[1], order[pair[0]]))


def _unit_rows(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return matrix / norms
