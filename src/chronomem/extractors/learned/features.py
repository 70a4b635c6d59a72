"""Features of one clause from one forward pass of the default encoder.

The encoder (:meth:`chronomem.providers.local.LocalEmbedder.encode_tokens`) gives a clause's
sentence vector and one hidden state per wordpiece. The span tagger (``tagger.py``) reads
the wordpiece states themselves; the heads read:

- **span rows** (relation of a value span): the mean state of the span, the mean state of
  the words around it, the sentence vector and who speaks; **fact rows** (aspect, subject)
  add the relation.

Every feature is rounded to ``DECIMALS`` places, so a difference far below that (another
CPU's arithmetic) moves a feature only where it sits on a rounding edge.
"""

from __future__ import annotations

import re
import zlib
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
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def rounded(x: npt.NDArray[np.floating]) -> Rows:
    return np.round(np.asarray(x, dtype=np.float32), DECIMALS).astype(np.float32)


def role_row(role: str) -> Rows:
    row = np.zeros(len(ROLES), dtype=np.float32)
    row[ROLES.index(role) if role in ROLES else 0] = 1.0
    return row


def word_row(text: str) -> Rows:
    """The clause's words and adjacent word pairs, lower-cased, hashed (crc32) into
    ``BUCKETS`` counts (log-scaled): what a verb, a negation or a modal says, for the heads
    to weigh; no list of words is written here."""
    words = _WORD.findall(text.lower())
    row = np.zeros(BUCKETS, dtype=np.float32)
    for gram in [*words, *(f"{a} {b}" for a, b in pairwise(words))]:
        row[zlib.crc32(gram.encode()) % BUCKETS] += 1.0
    return np.log1p(row)


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
    return rounded(np.concatenate(parts))
