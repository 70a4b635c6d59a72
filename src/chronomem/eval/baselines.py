"""Raw-turn retrieval baselines that fill the same token budget as the context: BM25 (SQLite
FTS5 over the same query keywords) and dense cosine with the same embedder, each filled two
ways: ``stop`` at the first turn that does not fit, or ``skip`` it and keep filling."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence

import numpy as np

from chronomem.eval.data import Turn
from chronomem.search import estimate_tokens
from chronomem.search.methods import keywords

__all__ = ["BASELINES", "Baselines"]

BASELINES = ("bm25_stop", "bm25_skip", "dense_stop", "dense_skip")

_WORD = re.compile(r"[^\W_]+")


class Baselines:
    """BM25 and dense rankings of raw turns, and filling a budget best first."""

    def __init__(self, turns: Sequence[Turn], vectors: np.ndarray) -> None:
        self.turns, self.vectors = list(turns), vectors
        self.db = sqlite3.connect(":memory:")
        self.db.execute(
            "CREATE VIRTUAL TABLE t USING fts5(c, tokenize='porter unicode61 remove_diacritics 2')"
        )
        self.db.executemany(
            "INSERT INTO t (rowid, c) VALUES (?, ?)", list(enumerate(t.text for t in self.turns))
        )
        self.cost = [estimate_tokens(f"[{t.when.date()}] {t.text}") + 1 for t in self.turns]

    def bm25(self, question: str) -> list[int]:
        words = list(dict.fromkeys(w.casefold() for w in _WORD.findall(keywords(question))))
        if not words:
            return []
        expr = " OR ".join(f'"{w}"' for w in words)
        sql = "SELECT rowid FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT 1000"
        return [r for (r,) in self.db.execute(sql, (expr,))]

    def dense(self, query_vector: np.ndarray) -> list[int]:
        return [int(i) for i in np.argsort(-(self.vectors @ query_vector))[:1000]]

    def fill(self, order: Sequence[int], budget: int, *, skip: bool = False) -> set[str]:
        """Turn ids of the best-first turns that fit ``budget`` estimated tokens: up to the
        first that does not fit, or (``skip``) passing over every turn that does not."""
        used, shown = 0, set()
        for i in order:
            if used + self.cost[i] > budget:
                if skip:
                    continue
                break
            used += self.cost[i]
            shown.add(self.turns[i].id)
        return shown

    def shown(self, question: str, query_vector: np.ndarray, budget: int) -> dict[str, set[str]]:
        """The turns each of the four baselines shows for ``question``, by name
        (``bm25_stop``, ``bm25_skip``, ``dense_stop``, ``dense_skip``)."""
        orders = {"bm25": self.bm25(question), "dense": self.dense(query_vector)}
        return {
            f"{name}_{way}": self.fill(order, budget, skip=way == "skip")
            for name, order in orders.items()
            for way in ("stop", "skip")
        }
