"""Full-text search of a small group, which has no full-text index (see
``schema.LABEL_INDEX_AFTER``): the group's rows that pass the filter are read with their text
and scored here.

The words are those the index uses: ``[^\\W_]+`` runs, lower-cased, stemmed with the
Snowball English stemmer (RediSearch's; FalkorDB's full-text indexes keep stop words, and
so do we), so a query matches the same rows below and above the threshold. The score
is BM25 over the group's own rows with the index's field weights (names weigh twice the
summary); only ranks leave the store's search, so the two scores need not be equal.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

import snowballstemmer

from chronomem.model import Target

__all__ = ["FIELD_WEIGHTS", "score_rows", "words"]

_WORD = re.compile(r"[^\W_]+")
_K1, _B = 1.2, 0.75
# target -> the weight of each text column TEXT_SCAN returns after the id
FIELD_WEIGHTS: Final = {
    Target.FACTS: (1.0,),
    Target.ENTITIES: (2.0, 1.0),
    Target.EPISODES: (1.0,),
    Target.COMMUNITIES: (2.0, 1.0),
}
_STEMMER = snowballstemmer.stemmer("english")


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    return str(_STEMMER.stemWord(word))


def words(text: str) -> list[str]:
    """The indexed words of ``text``: lower-cased and stemmed."""
    return [_stem(w.casefold()) for w in _WORD.findall(text)]


def _weighted(texts: Sequence[object], weights: Sequence[float]) -> dict[str, float]:
    """Each word's summed weight over the columns that hold it."""
    counts: dict[str, float] = {}
    for text, weight in zip(texts, weights, strict=True):
        if isinstance(text, str):
            for word in words(text):
                counts[word] = counts.get(word, 0.0) + weight
    return counts


def score_rows(
    rows: Iterable[Sequence[object]], terms: Sequence[str], weights: Sequence[float]
) -> list[tuple[str, float]]:
    """``(id, score)`` of the rows (id, text columns...) holding a query word, by BM25."""
    wanted = {_stem(t) for t in terms}
    docs = [(str(row[0]), _weighted(row[1:], weights)) for row in rows]
    if not wanted or not docs:
        return []
    average = sum(sum(c.values()) for _, c in docs) / len(docs) or 1.0
    frequency = Counter(w for _, counts in docs for w in wanted if w in counts)
    hits = []
    for row_id, counts in docs:
        norm = _K1 * (1 - _B + _B * sum(counts.values()) / average)
        score = sum(
            math.log(1 + (len(docs) - frequency[w] + 0.5) / (frequency[w] + 0.5))
            * counts[w] * (_K1 + 1) / (counts[w] + norm)
            for w in wanted
            if w in counts
        )  # fmt: skip
        if score > 0:
            hits.append((row_id, score))
    return hits
