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
_WORD = re.compile(r"[^\W_]{3,}")
_STEM = 5  # words match on their first five letters: "painting" ~ "paint", "painted"


def stems(text: str) -> frozenset[str]:
    """The five-letter stems of ``text``'s words of three letters or more, casefolded."""
    return frozenset(w[:_STEM] for w in _WORD.findall(text.casefold()))


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
    if picked is None:
        return text, read.stems
    return text, read.head_stems.union(*(read.sentence_stems[i] for i in picked))


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
    stems: frozenset[str]  # of the whole message
    saying: dict[str, tuple[int, ...]]  # stem -> the sentences saying it

    def shared(self, terms: frozenset[str]) -> list[frozenset[str]]:
        """Per sentence, which of ``terms`` it says."""
        found: list[frozenset[str]] = [frozenset()] * len(self.sentences)
        for term in terms:
            for i in self.saying.get(term, ()):
                found[i] = found[i] | {term}
        return found


def read_turn(content: str) -> TurnReading:
    """``content`` cut into sentences, each with its word stems (a pure function of the
    text: a kept reading can only ever be that very text's)."""
    head, sep, body = content.partition(": ")
    if not sep or len(head) > 60 or "\n" in head:
        head, body = "", content
    sentences, start = [], 0
    for cut in _SENTENCE_END.finditer(body):
        end = cut.start() if body[cut.start()] == "\n" else cut.start() + 1
        sentences.append(body[start:end])
        start = cut.end()
    sentences.append(body[start:])
    kept = tuple(s for s in sentences if s.strip())
    said = tuple(stems(s) for s in kept)
    head_stems = stems(head)
    saying: dict[str, list[int]] = {}
    for i, words in enumerate(said):
        for word in words:
            saying.setdefault(word, []).append(i)
    where = {word: tuple(at) for word, at in saying.items()}
    return TurnReading(head, kept, said, head_stems, head_stems.union(*said), where)


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
    shared = [_weight(words, minor) for words in read.shared(terms)]
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
