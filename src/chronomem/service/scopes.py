"""Which group patterns a key may hand on: pattern coverage for key management.

A key that manages keys (an admin key) acts only inside its own group patterns: it may
create a key whose every pattern is *covered* by one of its own, and it sees and revokes
only such keys. ``covers(outer, inner)`` answers "does every group id ``inner`` matches
also match ``outer``?".

Patterns are shell-style (``*``, ``?``, ``[...]``, ``[!...]``) over the group-id alphabet.
The check is sound -- it never says yes when some group matches ``inner`` but not
``outer`` -- by matching ``inner``'s tokens against ``outer``'s: a ``*`` of ``outer``
absorbs any run of ``inner``'s tokens, a one-character token of ``outer`` absorbs one
one-character token of ``inner`` whose characters it all accepts, and a ``*`` of ``inner``
is absorbed only by a ``*`` of ``outer``. It may say no to exotic equivalent spellings
(``[a-z]*`` against ``[a-m]*`` plus ``[n-z]*`` taken together); then the creator passes the
narrower pattern.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from fnmatch import fnmatchcase
from functools import lru_cache

ALPHABET = frozenset(string.ascii_letters + string.digits + "-_")
_STAR = None  # a token that is a '*'

Token = frozenset[str] | None  # the characters one position accepts, or _STAR


def tokens(pattern: str) -> list[Token]:
    """``pattern`` as a list of one-character sets (within the alphabet) and stars."""
    out: list[Token] = []
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "*":
            if not out or out[-1] is not _STAR:  # '**' is '*'
                out.append(_STAR)
            i += 1
            continue
        if ch == "[":
            end = _class_end(pattern, i)
            if end is not None:
                piece = pattern[i : end + 1]
                out.append(frozenset(c for c in ALPHABET if fnmatchcase(c, piece)))
                i = end + 1
                continue
        out.append(ALPHABET if ch == "?" else frozenset({ch}) & ALPHABET)
        i += 1
    return out


def _class_end(pattern: str, start: int) -> int | None:
    """Index of the ``]`` closing the class opened at ``start`` (fnmatch's rules), or None."""
    j = start + 1
    if j < len(pattern) and pattern[j] == "!":
        j += 1
    if j < len(pattern) and pattern[j] == "]":
        j += 1
    while j < len(pattern) and pattern[j] != "]":
        j += 1
    return j if j < len(pattern) else None


@lru_cache(maxsize=4096)
def covers(outer: str, inner: str) -> bool:
    """True when every group id matched by ``inner`` is also matched by ``outer``."""
    big, small = tokens(outer), tokens(inner)
    if any(t is not _STAR and not t for t in small):
        return True  # ``inner`` needs a character no group id has: it matches nothing
    # reach[j] for the current i: outer[:i] can absorb inner[:j]
    reach = [j == 0 for j in range(len(small) + 1)]
    for tok in big:
        if tok is _STAR:
            nxt, seen = [], False
            for j in range(len(small) + 1):
                seen = seen or reach[j]
                nxt.append(seen)
        else:
            nxt = [False] + [
                reach[j] and small[j] is not _STAR and small[j] <= tok  # type: ignore[operator]
                for j in range(len(small))
            ]
        reach = nxt
    return reach[-1]


def covered(patterns: Sequence[str], by: Sequence[str]) -> bool:
    """True when every pattern of ``patterns`` is covered by one pattern of ``by``."""
    return all(any(covers(outer, inner) for outer in by) for inner in patterns)
