"""Features of one clause from one forward pass of the default encoder.

The encoder (:meth:`chronomem.providers.local.LocalEmbedder.encode_tokens`) gives a clause's
sentence vector and one hidden state per wordpiece. Its tokenizer is uncased, so the span
tagger (``tagger.py``) reads each wordpiece's state beside **how its word is written**
(``SHAPES``: capitalised, all capitals, digits, the word's first piece, a sentence's first
word, punctuation or a quote next to it): what the encoder cannot see. The heads read:

- **span rows** (relation of a value span): the mean state of the span, the mean state of
  the words around it, the sentence vector, who speaks, the clause's words hashed, how the
  span and the words beside it are written (``written_row``) and those words hashed
  (``near_row``); **fact rows** (aspect, subject) add the relation.

Every feature is rounded to ``DECIMALS`` places, so a difference far below that (another
CPU's arithmetic) moves a feature only where it sits on a rounding edge.
"""

from __future__ import annotations

import re
import unicodedata
import zlib
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from typing import Final

import numpy as np
import numpy.typing as npt

from chronomem.extractors.learned.labels import RELATIONS
from chronomem.providers.local import TokenStates

Rows = npt.NDArray[np.float32]
DECIMALS: Final = 3
ROLES: Final = ("user", "assistant", "narrator")
WINDOW: Final = 4  # wordpieces each side of a value span read as its surroundings
BUCKETS: Final = 1024  # hashed words and word pairs of the clause
NEAR_BUCKETS: Final = 256  # hashed words right before and after a value span
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
# how a wordpiece's word is written, one 0/1 column each (``piece_shapes``)
SHAPES: Final = (
    "initial",  # the word's first piece
    "capital",  # the word starts with a capital
    "midcap",  # ... and is not a sentence's first word
    "caps",  # two or more letters, all capitals
    "digit",  # the piece holds a digit
    "first",  # a sentence's first word (after . ! ? : or a line break, or the text's first)
    "punct_before",  # punctuation right before the word
    "punct_after",  # punctuation right after the word
    "quote",  # a quote mark next to the word
)
_ANY_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*|[^\w\s]")
_ENDS_SENTENCE: Final = ".!?:\n"


def span_width(dim: int) -> int:
    """How many numbers ``span_row`` gives for an encoder of ``dim`` (``fact_row``: plus one
    per relation)."""
    return 3 * dim + len(ROLES) + BUCKETS + 3 * len(SHAPES) + 1 + NEAR_BUCKETS


def rounded(x: npt.NDArray[np.floating]) -> Rows:
    return np.round(np.asarray(x, dtype=np.float32), DECIMALS).astype(np.float32)


def role_row(role: str) -> Rows:
    row = np.zeros(len(ROLES), dtype=np.float32)
    row[ROLES.index(role) if role in ROLES else 0] = 1.0
    return row


@lru_cache(maxsize=64)
def word_row(text: str) -> Rows:
    """The clause's words and adjacent word pairs, lower-cased, hashed (crc32) into
    ``BUCKETS`` counts (log-scaled): what a verb, a negation or a modal says, for the heads
    to weigh; no list of words is written here. Computed once per clause (every span of it
    reads the row; read-only: a cached array is shared)."""
    words = _WORD.findall(text.lower())
    row = np.zeros(BUCKETS, dtype=np.float32)
    for gram in [*words, *(f"{a} {b}" for a, b in pairwise(words))]:
        row[zlib.crc32(gram.encode()) % BUCKETS] += 1.0
    out = np.log1p(row)
    out.setflags(write=False)
    return out


def token_range(enc: TokenStates, span: tuple[int, int]) -> tuple[int, int]:
    """The wordpieces ``[first, last)`` covering the character span (empty: ``(0, 0)``)."""
    inside = [i for i, (a, b) in enumerate(enc.offsets) if a != b and a < span[1] and b > span[0]]
    return (inside[0], inside[-1] + 1) if inside else (0, 0)


def fact_row(enc: TokenStates, span: tuple[int, int], relation: str, role: str, text: str) -> Rows:
    """A value span's row with its relation (for the aspect and subject heads)."""
    onehot = np.zeros(len(RELATIONS), dtype=np.float32)
    if relation in RELATIONS:
        onehot[RELATIONS.index(relation)] = 1.0
    return np.concatenate([span_row(enc, span, role, text), onehot])


def span_row(enc: TokenStates, span: tuple[int, int], role: str, text: str) -> Rows:
    """A value span (``(0, 0)``: none named) in its clause: for the relation head."""
    first, last = token_range(enc, span)
    n = len(enc.states)
    if first == last:
        inner, around = enc.vector, enc.vector
    else:
        inner = enc.states[first:last].mean(axis=0)
        window = [i for i in range(max(1, first - WINDOW), min(n - 1, last + WINDOW))]
        outside = [i for i in window if not first <= i < last]
        around = enc.states[outside].mean(axis=0) if outside else inner
    parts = [inner, around, enc.vector, role_row(role), word_row(text)]
    parts += [written_row(text, span), near_row(text, span)]
    return rounded(np.concatenate(parts))


def written_row(text: str, span: tuple[int, int]) -> Rows:
    """How a value span and the words beside it are written (``SHAPES``: the span's words'
    mean, the word before, the word after) and its length in words (log): the case and
    digits the uncased encoder does not see."""
    words, shapes = _word_shapes(text)
    inside = [i for i, (a, b) in enumerate(words) if a < span[1] and b > span[0]]
    row = np.zeros(3 * len(SHAPES) + 1, dtype=np.float32)
    if not inside:
        return row
    first, last = inside[0], inside[-1]
    row[: len(SHAPES)] = shapes[inside].mean(axis=0)
    if first > 0:
        row[len(SHAPES) : 2 * len(SHAPES)] = shapes[first - 1]
    if last + 1 < len(words):
        row[2 * len(SHAPES) : 3 * len(SHAPES)] = shapes[last + 1]
    row[-1] = np.log1p(len(inside))
    return row


@lru_cache(maxsize=64)
def _word_shapes(text: str) -> tuple[list[tuple[int, int]], npt.NDArray[np.float64]]:
    """The words of ``text`` and how each is written (``piece_shapes``), once per clause:
    every span of a clause reads them (read-only: a cached array is shared)."""
    words = [m.span() for m in _ANY_WORD.finditer(text)]
    shapes = piece_shapes(text, words) if words else np.zeros((0, len(SHAPES)))
    shapes.setflags(write=False)
    return words, shapes


def near_row(text: str, span: tuple[int, int]) -> Rows:
    """The word right before a value span, the two before it and the word right after,
    lower-cased and hashed (crc32) into ``NEAR_BUCKETS``: "to X", "at X", "X since"."""
    before = _WORD.findall(text[: span[0]].lower())[-2:]
    after = _WORD.findall(text[span[1] :].lower())[:1]
    grams = [f"<{w}" for w in before[-1:]] + [f"<<{' '.join(before)}"] * (len(before) == 2)
    grams += [f">{w}" for w in after]
    row = np.zeros(NEAR_BUCKETS, dtype=np.float32)
    if span[0] == span[1]:
        return row
    for gram in grams:
        row[zlib.crc32(gram.encode()) % NEAR_BUCKETS] += 1.0
    return row


def piece_inputs(
    enc: TokenStates, text: str, count: int, shapes: tuple[str, ...] = SHAPES
) -> npt.NDArray[np.float64]:
    """The span tagger's input for the first ``count`` wordpieces (specials dropped): each
    wordpiece's state beside the ``shapes`` columns of its word (``piece_shapes``)."""
    states = np.asarray(enc.states[1 : 1 + count], dtype=np.float64)
    written = piece_shapes(text, enc.offsets[1 : 1 + count])
    columns = [SHAPES.index(name) for name in shapes]
    return np.hstack([states, written[:, columns]])


def piece_shapes(text: str, offsets: Sequence[tuple[int, int]]) -> npt.NDArray[np.float64]:
    """Per wordpiece (character ``offsets`` into ``text``), how its word is written: one 0/1
    column per name of ``SHAPES``. A word is a run of letters, digits and apostrophes."""
    out = np.zeros((len(offsets), len(SHAPES)), dtype=np.float64)
    for row, (a, b) in enumerate(offsets):
        if a == b:
            continue
        start, end = _word_at(text, a, b)
        word = text[start:end]
        before, after = text[:start].rstrip(), text[end:].lstrip()
        first = not before or before[-1] in _ENDS_SENTENCE
        letters = [c for c in word if c.isalpha()]
        near = text[start - 1 : start] + text[end : end + 1]
        flags = {
            "initial": a == start,
            "capital": word[:1].isupper(),
            "midcap": word[:1].isupper() and not first,
            "caps": len(letters) > 1 and all(c.isupper() for c in letters),
            "digit": any(c.isdigit() for c in text[a:b]),
            "first": first,
            "punct_before": bool(before) and _is_punct(before[-1]) and before[-1] not in "'",
            "punct_after": bool(after) and _is_punct(after[0]),
            "quote": any(unicodedata.category(c) in ("Pi", "Pf") or c in "\"'`" for c in near),
        }
        out[row] = [float(flags[name]) for name in SHAPES]
    return out


def _word_at(text: str, a: int, b: int) -> tuple[int, int]:
    """The word around the wordpiece ``text[a:b]`` (a lone punctuation mark: itself)."""
    if not _in_word(text[a]):
        return a, b
    start, end = a, b
    while start > 0 and _in_word(text[start - 1]):
        start -= 1
    while end < len(text) and _in_word(text[end]):
        end += 1
    return start, end


def _in_word(char: str) -> bool:
    return char.isalnum() or char in "'\u2019"


def _is_punct(char: str) -> bool:
    return unicodedata.category(char).startswith("P")
