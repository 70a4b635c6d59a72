"""Showing a long message through the sentences that match the question.

:func:`snippet` keeps a message's sentences that share a word stem with the query (or its
longest sentence), verbatim and in order, with "…" where sentences were left out; more
distinct messages then fit the context's budget. :func:`near_duplicate` tells when two
shown texts say nearly the same words, so the budget is spent on distinct evidence.

A message is read once into a :class:`TurnReading` (:func:`read_turn`: its sentences and
which of them says each word stem); the context builder keeps the readings of the turns it
examined for the next question (``search/kept.py``): a context examines up to a hundred
long turns, and cutting and stemming them cost more than all the rest of the context.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

# a sentence ends at ".", "!" or "?" before white space, or at a line break
_SENTENCE_END = re.compile(r"[.!?]\s+|\n+")
# the stem of each word of three letters or more: words match on their first five letters
# ("painting" ~ "paint", "painted"); the pattern finds each word's stem with no Python loop
_STEM = re.compile(r"([^\W_]{3,5})[^\W_]*")


def stems(text: str) -> frozenset[str]:
    """The five-letter stems of ``text``'s words of three letters or more, casefolded."""
    return frozenset(_STEM.findall(text.casefold()))


def as_shown(
    content: str,
    terms: frozenset[str],
    sentences: int,
    max_tokens: int | None,
    minor: frozenset[str] = frozenset(),
    reader: Callable[[str], TurnReading] | None = None,
) -> tuple[str, frozenset[str]]:
    """``content`` as shown -- a snippet of at most ``sentences`` matching sentences
    (``sentences`` 0: whole), cut to about ``max_tokens`` (4 characters a token) with "…"
    -- and the :func:`stems` of what is shown; ``minor``: terms that count for little (see
    :func:`snippet`); ``reader``: where its reading comes from (default: read now)."""
    read = (reader or read_turn)(content)
    if sentences:
        text, picked = _snip(read, content, terms, sentences, minor)
    else:
        text, picked = content, None
    limit = None if max_tokens is None else max_tokens * 4
    if limit is not None and len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
        return text, stems(text)
    said = read.sentence_stems if picked is None else [read.sentence_stems[i] for i in picked]
    return text, read.head_stems.union(*said)


def snippet(
    content: str, terms: frozenset[str], max_sentences: int, minor: frozenset[str] = frozenset()
) -> str:
    """``content`` through its sentences sharing a word stem with ``terms`` (else its longest
    sentence), verbatim and in order; "…" marks sentences left out. A "Speaker: " prefix
    is kept. A sentence sharing only ``minor`` terms (the names of the people asked about,
    said in half the turns of their chat: "Hey Mel!") counts as sharing none, and one such
    term weighs a tenth of another when sentences are ranked."""
    return _snip(read_turn(content), content, terms, max_sentences, minor)[0]


@dataclass(frozen=True, slots=True)
class TurnReading:
    """A message cut into its non-blank sentences, with the word stems each one says."""

    head: str  # the "Speaker" of "Speaker: …", else ""
    sentences: tuple[str, ...]  # as written, each with its own white space
    sentence_stems: tuple[frozenset[str], ...]
    head_stems: frozenset[str]


def read_turn(content: str) -> TurnReading:
    """``content`` cut into sentences, each with its word stems (a pure function of the
    text: a kept reading can only ever be that very text's). The message is casefolded
    once; a sentence's stems are read from its stretch of that when casefolding kept every
    character one character (else from the sentence casefolded alone)."""
    head, sep, body = content.partition(": ")
    if not sep or len(head) > 60 or "\n" in head:
        head, body = "", content
    folded = body.casefold()
    aligned = len(folded) == len(body)
    sentences: list[str] = []
    said: list[frozenset[str]] = []
    start = 0
    for cut in [*_SENTENCE_END.finditer(body), None]:
        end = len(body) if cut is None else cut.start() + (body[cut.start()] != "\n")
        sentence = body[start:end]
        if sentence.strip():
            sentences.append(sentence)
            said.append(
                frozenset(_STEM.findall(folded[start:end] if aligned else sentence.casefold()))
            )
        start = 0 if cut is None else cut.end()
    return TurnReading(head, tuple(sentences), tuple(said), stems(head))


def _snip(
    read: TurnReading,
    content: str,
    terms: frozenset[str],
    max_sentences: int,
    minor: frozenset[str],
) -> tuple[str, list[int] | None]:
    """:func:`snippet`'s text and the indexes of the sentences it shows (``None``: the
    whole message)."""
    sentences = read.sentences
    if len(sentences) <= 1:
        return content, None
    shared = [_weight(said & terms, minor) for said in read.sentence_stems]
    ranked = sorted((i for i, n in enumerate(shared) if n), key=lambda i: -shared[i])
    hits = sorted(ranked[:max_sentences])
    if not hits:
        hits = [max(range(len(sentences)), key=lambda i: len(sentences[i]))]
    if len(hits) == len(sentences):
        return content, None
    parts: list[str] = []
    for n, i in enumerate(hits):
        if (n == 0 and i > 0) or (n > 0 and i != hits[n - 1] + 1):
            parts.append("…")
        parts.append(sentences[i].strip())
    if hits[-1] != len(sentences) - 1:
        parts.append("…")
    text = " ".join(parts)
    return (f"{read.head}: {text}" if read.head else text), hits


def _weight(words: frozenset[str], minor: frozenset[str]) -> float:
    """How much a sentence sharing ``words`` with the query matches it: a ``minor`` term a
    tenth, and none when only those are shared."""
    if not words:
        return 0.0
    weight = len(words - minor) + 0.1 * len(words & minor)
    return weight if weight >= 1 else 0.0


def near_duplicate(words: frozenset[str], seen: list[frozenset[str]], threshold: float) -> bool:
    """Whether ``words`` overlap one of ``seen`` by at least ``threshold`` (Jaccard)."""
    if not words or threshold >= 1.0:
        return False
    return any(len(words & other) / len(words | other) >= threshold for other in seen)
