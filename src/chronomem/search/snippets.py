"""Showing a long message through the sentences that match the question.

:func:`snippet` keeps a message's sentences that share a word stem with the query (or its
longest sentence), verbatim and in order, with "…" where sentences were left out; more
distinct messages then fit the context's budget. :func:`near_duplicate` tells when two
shown texts say nearly the same words, so the budget is spent on distinct evidence.
"""

from __future__ import annotations

import re

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_WORD = re.compile(r"[^\W_]{3,}")
_STEM = 5  # words match on their first five letters: "painting" ~ "paint", "painted"


def stems(text: str) -> frozenset[str]:
    """The five-letter stems of ``text``'s words of three letters or more, casefolded."""
    return frozenset(w.casefold()[:_STEM] for w in _WORD.findall(text))


def shorten(content: str, terms: frozenset[str], sentences: int, max_tokens: int | None) -> str:
    """``content`` as a snippet of at most ``sentences`` matching sentences (``sentences``
    0: whole), cut to about ``max_tokens`` (4 characters a token) with "…"."""
    text = snippet(content, terms, sentences) if sentences else content
    limit = None if max_tokens is None else max_tokens * 4
    return text if limit is None or len(text) <= limit else text[: limit - 1].rstrip() + "…"


def snippet(content: str, terms: frozenset[str], max_sentences: int) -> str:
    """``content`` through its sentences sharing a word stem with ``terms`` (else its longest
    sentence), verbatim and in order; "…" marks sentences left out. A "Speaker: " prefix
    is kept."""
    head, sep, body = content.partition(": ")
    if not sep or len(head) > 60 or "\n" in head:
        head, body = "", content
    sentences = [s for s in _SENTENCE.split(body) if s.strip()]
    if len(sentences) <= 1:
        return content
    ranked = sorted(
        (i for i, s in enumerate(sentences) if stems(s) & terms),
        key=lambda i: -len(stems(sentences[i]) & terms),
    )
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


def near_duplicate(words: frozenset[str], seen: list[frozenset[str]], threshold: float) -> bool:
    """Whether ``words`` overlap one of ``seen`` by at least ``threshold`` (Jaccard)."""
    if not words or threshold >= 1.0:
        return False
    return any(len(words & other) / len(words | other) >= threshold for other in seen)
