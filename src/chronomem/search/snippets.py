"""Showing a long message through the sentences that match the question.

:func:`snippet` keeps a message's sentences that share a word stem with the query (or its
longest sentence), verbatim and in order, with "…" where sentences were left out; more
distinct messages then fit the context's budget. :func:`near_duplicate` tells when two
shown texts say nearly the same words, so the budget is spent on distinct evidence.
"""

from __future__ import annotations

import bisect
import functools
import re

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_WORD = re.compile(r"[^\W_]{3,}")
_STEM = 5  # words match on their first five letters: "painting" ~ "paint", "painted"


def stems(text: str) -> frozenset[str]:
    """The five-letter stems of ``text``'s words of three letters or more, casefolded."""
    return frozenset(w[:_STEM] for w in _WORD.findall(text.casefold()))


def shorten(
    content: str,
    terms: frozenset[str],
    sentences: int,
    max_tokens: int | None,
    minor: frozenset[str] = frozenset(),
) -> str:
    """``content`` as a snippet of at most ``sentences`` matching sentences (``sentences``
    0: whole), cut to about ``max_tokens`` (4 characters a token) with "…"; ``minor``:
    terms that count for little (see :func:`snippet`)."""
    text = snippet(content, terms, sentences, minor) if sentences else content
    limit = None if max_tokens is None else max_tokens * 4
    return text if limit is None or len(text) <= limit else text[: limit - 1].rstrip() + "…"


def snippet(
    content: str, terms: frozenset[str], max_sentences: int, minor: frozenset[str] = frozenset()
) -> str:
    """``content`` through its sentences sharing a word stem with ``terms`` (else its longest
    sentence), verbatim and in order; "…" marks sentences left out. A "Speaker: " prefix
    is kept. A sentence sharing only ``minor`` terms (the names of the people asked about,
    said in half the turns of their chat: "Hey Mel!") counts as sharing none, and one such
    term weighs a tenth of another when sentences are ranked."""
    head, sep, body = content.partition(": ")
    if not sep or len(head) > 60 or "\n" in head:
        head, body = "", content
    spans = _sentence_spans(body)
    if len(spans) <= 1:
        return content
    sentences = [body[a:b] for a, b in spans]
    shared = _shared_terms(body, [a for a, _ in spans], terms, minor)
    ranked = sorted((i for i, n in enumerate(shared) if n), key=lambda i: -shared[i])
    hits = sorted(ranked[:max_sentences])
    if not hits:
        hits = [max(range(len(sentences)), key=lambda i: len(sentences[i]))]
    if len(hits) == len(sentences):
        return content
    parts: list[str] = []
    for n, i in enumerate(hits):
        if (n == 0 and i > 0) or (n > 0 and i != hits[n - 1] + 1):
            parts.append("…")
        parts.append(sentences[i].strip())
    if hits[-1] != len(sentences) - 1:
        parts.append("…")
    shown = " ".join(parts)
    return f"{head}: {shown}" if head else shown


def _sentence_spans(body: str) -> list[tuple[int, int]]:
    """(start, end) of each non-blank sentence of ``body``."""
    spans, start = [], 0
    for cut in _SENTENCE.finditer(body):
        spans.append((start, cut.start()))
        start = cut.end()
    spans.append((start, len(body)))
    return [(a, b) for a, b in spans if body[a:b].strip()]


def _shared_terms(
    body: str, starts: list[int], terms: frozenset[str], minor: frozenset[str]
) -> list[float]:
    """Per sentence (by start offset), how many of ``terms`` its words share, a ``minor``
    term a tenth and none when only those are shared: one pass."""
    found: list[set[str]] = [set() for _ in starts]
    matcher = _matcher(terms)
    if matcher is not None:
        for hit in matcher.finditer(body):
            index = bisect.bisect_right(starts, hit.start()) - 1
            if index >= 0:
                found[index].add(hit.group(0).casefold()[:_STEM])
    weights = [len(words - minor) + 0.1 * len(words & minor) for words in found]
    return [w if w >= 1 else 0.0 for w in weights]


@functools.lru_cache(maxsize=256)
def _matcher(terms: frozenset[str]) -> re.Pattern[str] | None:
    """A pattern finding (any case) the words whose stem is one of ``terms`` (a
    five-letter stem starts longer words; a shorter one is the whole word), faster than
    the stems of every sentence."""
    if not terms:
        return None
    long_ = "|".join(sorted(re.escape(t) for t in terms if len(t) >= _STEM))
    short = "|".join(sorted(re.escape(t) for t in terms if len(t) < _STEM))
    parts = [f"(?<![^\\W_])(?:{long_})[^\\W_]*" if long_ else ""]
    parts.append(f"(?<![^\\W_])(?:{short})(?![^\\W_])" if short else "")
    return re.compile("|".join(p for p in parts if p), re.IGNORECASE)


def near_duplicate(words: frozenset[str], seen: list[frozenset[str]], threshold: float) -> bool:
    """Whether ``words`` overlap one of ``seen`` by at least ``threshold`` (Jaccard)."""
    if not words or threshold >= 1.0:
        return False
    return any(len(words & other) / len(words | other) >= threshold for other in seen)
