"""A span (an entity named in a sentence) and the label a name carries on its own.

The label comes from the gazetteer, a suffix ("Inc", "Street"), a title ("Dr") or what
earlier turns taught; the helpers here are shared by every finder of ``entities.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.tables.gazetteer import (
    CITIES,
    COUNTRIES,
    LOCATION_SUFFIXES,
    ORG_PREFIXES,
    ORG_SUFFIXES,
    ORGANIZATIONS,
    PERSON_TITLES,
)

# A capital letter, not only A-Z: "Łódź", "Évora", "Øyvind", "İzmir" are names as much as
# "Leeds" (any letter but a lower-case one of ASCII and Latin-1; regexes compiled
# case-sensitively where it is used)
CAPITAL = r"[^\W\d_a-zß-öø-ÿ]"
# A word: any letter or digit first (a name may open on "Ł" or "É")
TOKEN = re.compile(r"[^\W_][\w&'-]*")


@dataclass(slots=True)
class Span:
    """An entity named in a sentence (offsets into the sentence)."""

    start: int
    end: int
    name: str
    label: str | None = None
    named: bool = True  # a proper name, a title, or a reference to a known named entity
    attributes: dict[str, str] = field(default_factory=dict)
    coreferent: bool = False  # "the printer" standing for a named device met before


def label_for(name: str, known: Known) -> str | None:
    """The label a name carries on its own: gazetteer, suffix, title, or earlier turns."""
    key = normalize_name(name)
    if key in known.persons:
        return "Person"
    if key in ORGANIZATIONS:
        return "Organization"
    if key in COUNTRIES or key in CITIES:
        return "Location"
    words = key.split()
    if words and words[0] in PERSON_TITLES and len(words) > 1:
        return "Person"
    if words and words[-1] in ORG_SUFFIXES:
        return "Organization"
    if words and words[-1] in LOCATION_SUFFIXES and len(words) > 1:
        return "Location"
    if words and words[0] in ORG_PREFIXES and len(words) > 1:
        return "Organization"
    return known.labels.get(key) or None


def known_name(name: str, known: Known) -> bool:
    key = normalize_name(name)
    return key in known.names or key in ORGANIZATIONS or key in COUNTRIES or key in CITIES


def is_free(start: int, end: int, taken: list[tuple[int, int]]) -> bool:
    return all(end <= a or start >= b for a, b in taken)
