"""Community names from key terms: shared words first, then the most central members.

A word found in the names of two or more shown members ("printer" in "HP LaserJet printer"
and "printer toner") is a key term of its own, scored by the centrality (1 + weighted degree
inside the community) of the members holding it. The rest are the most central members'
names without those words: "printer, HP LaserJet, toner, room 12". Stop words and one-letter
words are never shared terms. Pure and deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from chronomem.model import Entity

KEY_TERMS = 4
MAX_SHARED = 2

_WORD = re.compile(r"[^\W_][\w'&.-]*[^\W_]|[^\W_]", re.UNICODE)
_STOP = frozenset(
    (
        *("a", "an", "and", "at", "by", "de", "del", "der", "for", "from", "in", "into"),
        *("of", "on", "or", "the", "to", "van", "von", "with"),
        *("mr", "mrs", "ms", "dr", "prof", "inc", "ltd", "llc", "co"),
    )
)


def key_terms(
    members: Sequence[Entity], centrality: Mapping[str, int], *, limit: int = KEY_TERMS
) -> tuple[str, ...]:
    """Up to ``limit`` key terms of the community (``members`` most central first)."""
    shared = _shared_words(members, centrality)
    terms = [surface for _, surface in shared]
    dropped = {key for key, _ in shared}
    for member in members:
        if len(terms) >= limit:
            break
        rest = " ".join(w for w in _WORD.findall(member.name) if w.casefold() not in dropped)
        if rest and rest.casefold() not in {t.casefold() for t in terms}:
            terms.append(rest)
    return tuple(terms[:limit])


def _shared_words(
    members: Sequence[Entity], centrality: Mapping[str, int]
) -> list[tuple[str, str]]:
    """(key, surface) of the words found in two or more member names, strongest first."""
    score: dict[str, int] = {}
    holders: dict[str, int] = {}
    surface: dict[str, str] = {}
    first_seen: dict[str, int] = {}
    for member in members:
        weight = 1 + centrality.get(member.id, 0)
        for word in dict.fromkeys(_WORD.findall(member.name)):
            key = word.casefold()
            if key in _STOP or len(key) < 2:
                continue
            score[key] = score.get(key, 0) + weight
            holders[key] = holders.get(key, 0) + 1
            surface.setdefault(key, word)
            first_seen.setdefault(key, len(first_seen))
    ranked = sorted((k for k in score if holders[k] >= 2), key=lambda k: (-score[k], first_seen[k]))
    return [(k, surface[k]) for k in ranked[:MAX_SHARED]]


def community_name(terms: Sequence[str], members: Sequence[Entity]) -> str:
    """The name stored for a community: its key terms, or its first member's name."""
    if terms:
        return ", ".join(terms)
    return members[0].name if members else "community"
