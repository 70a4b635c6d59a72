"""``LLMReranker``: an LLM as cross-encoder, scoring every candidate of a query in ONE call.

Scores come back on the prompt's 0-10 scale and are returned in ``[0, 1]``, one per passage,
in the passages' order. A passage the model skipped, or answered with an out-of-range id,
scores 0 (logged); scores outside the scale are clamped.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from chronomem.ports import LLM
from chronomem.prompts import score

__all__ = ["LLMReranker"]

log = logging.getLogger(__name__)


class LLMReranker:
    """Query-passage relevance from an :class:`~chronomem.ports.LLM`, one call per query."""

    def __init__(self, *, llm: LLM) -> None:
        self._llm = llm

    def score(self, query: str, passages: Sequence[str]) -> list[float]:
        """Relevance of each passage to ``query`` in ``[0, 1]``, in the passages' order."""
        if not passages:
            return []
        answer = self._llm.complete_json(
            score.render(score.ScoreContext(query, tuple(passages))),
            score.ScoreResponse,
            name=score.NAME,
        )
        scores: list[float | None] = [None] * len(passages)
        for item in answer.scores:
            if not 0 <= item.id < len(passages):
                log.warning("score: dropped score for passage %d, which was not shown", item.id)
            elif scores[item.id] is None:
                scores[item.id] = min(max(item.score, 0.0), float(score.MAX_SCORE))
        missing = [i for i, s in enumerate(scores) if s is None]
        if missing:
            log.warning("score: the model did not score passages %s; they score 0", missing)
        return [(s or 0.0) / score.MAX_SCORE for s in scores]
