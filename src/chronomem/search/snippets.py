"""Showing a long message through the sentences that match the question.

:func:`snippet` keeps a message's sentences that share a word stem with the query (or its
longest sentence), verbatim and in order, with "…" where sentences were left out; more
distinct messages then fit the context's budget. :func:`near_duplicate` tells when two
shown texts say nearly the same words, so the budget is spent on distinct evidence.

A message is read once into a :class:`TurnReading` (:func:`read_turn`: its sentences, where
each starts, its text casefolded); the context builder keeps the readings of the turns it
examined for the next question (``search/kept.py``): a context examines up to a hundred
long turns, and cutting them cost more than all the rest of the context. The question's
stems are then found in a turn by ``str.find`` at word starts, not by a pattern run over
every word of it (a regular expression scanning a 2,000-character turn costs about 0.1 ms).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass

# a sentence ends at ".", "!" or "?" before white space, or at a line break: the matches of
# r"[.!?]\s+|\n+", written to start with one character class so that the pattern engine
# skips to the next stop or line break in C (round 16: cutting a turn 2.5x faster)
_SENTENCE_END = re.compile(r"[\n.!?](?:(?<=\n)\n*|(?<=[.!?])\s+)")
# the stem of each word of three letters or more: words match on their first five letters
# ("painting" ~ "paint", "painted"); the pattern finds each word's stem with no Python loop
_STEM = re.compile(r"([^\W_]{3,5})[^\W_]*")
_STEM_LETTERS = 5  # a stem this long starts longer words; a shorter one is a whole word


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
    text = content
    if sentences:
        text = _snip((reader or read_turn)(content), content, terms, sentences, minor)
    limit = None if max_tokens is None else max_tokens * 4
    if limit is not None and len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text, stems(text)


def snippet(
    content: str, terms: frozenset[str], max_sentences: int, minor: frozenset[str] = frozenset()
) -> str:
    """``content`` through its sentences sharing a word stem with ``terms`` (else its longest
    sentence), verbatim and in order; "…" marks sentences left out. A "Speaker: " prefix
    is kept. A sentence sharing only ``minor`` terms (the names of the people asked about,
    said in half the turns of their chat: "Hey Mel!") counts as sharing none, and one such
    term weighs a tenth of another when sentences are ranked."""
    return _snip(read_turn(content), content, terms, max_sentences, minor)


@dataclass(frozen=True, slots=True)
class TurnReading:
    """A message cut into its non-blank sentences, and its text casefolded for finding the
    question's stems in it (what does not depend on the question)."""

    head: str  # the "Speaker" of "Speaker: …", else ""
    sentences: tuple[str, ...]  # as written, each with its own white space
    starts: tuple[int, ...]  # where each sentence starts in the body (after the head)
    folded: str | None  # the body casefolded; None when that changed its length

    def saying(self, terms: frozenset[str]) -> dict[int, set[str]]:
        """Which of ``terms`` (stems, :func:`stems`) each sentence's words have, for the
        sentences that have any (by index): a word has a five-letter stem when it starts
        with it, a shorter one when it is it. Sparse: a long turn has ~44 sentences, a
        question's stems are in a few."""
        found: dict[int, set[str]] = {}
        if self.folded is None:
            for i, sentence in enumerate(self.sentences):
                if words := terms.intersection(stems(sentence)):
                    found[i] = set(words)
            return found
        text = self.folded
        for term in terms:
            at = text.find(term)
            while at >= 0:
                end = at + len(term)
                starts_word = at == 0 or not text[at - 1].isalnum()
                if starts_word and (len(term) >= _STEM_LETTERS or not _continues(text, end)):
                    found.setdefault(bisect.bisect_right(self.starts, at) - 1, set()).add(term)
                at = text.find(term, end)
        return found


def read_turn(content: str) -> TurnReading:
    """``content`` cut into sentences (a pure function of the text: a kept reading can only
    ever be that very text's)."""
    head, sep, body = content.partition(": ")
    if not sep or len(head) > 60 or "\n" in head:
        head, body = "", content
    sentences: list[str] = []
    starts: list[int] = []
    start = 0
    for cut in [*_SENTENCE_END.finditer(body), None]:
        end = len(body) if cut is None else cut.start() + (body[cut.start()] != "\n")
        sentence = body[start:end]
        if sentence.strip():
            sentences.append(sentence)
            starts.append(start)
        start = 0 if cut is None else cut.end()
    folded = body.casefold()
    aligned = len(folded) == len(body)  # every character casefolded to one character
    return TurnReading(head, tuple(sentences), tuple(starts), folded if aligned else None)


def _continues(text: str, at: int) -> bool:
    return at < len(text) and text[at].isalnum()


def _snip(
    read: TurnReading,
    content: str,
    terms: frozenset[str],
    max_sentences: int,
    minor: frozenset[str],
) -> str:
    """:func:`snippet` of a read message."""
    sentences = read.sentences
    if len(sentences) <= 1:
        return content
    saying = read.saying(terms)
    shared = {i: n for i in sorted(saying) if (n := _weight(saying[i], minor))}
    ranked = sorted(shared, key=lambda i: -shared[i])  # stable: the first of equals first
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
    text = " ".join(parts)
    return f"{read.head}: {text}" if read.head else text


def _weight(words: set[str], minor: frozenset[str]) -> float:
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
    size = len(words)
    for other in seen:
        common = len(words & other)
        if common / (size + len(other) - common) >= threshold:  # |words ∪ other|, not built
            return True
    return False
