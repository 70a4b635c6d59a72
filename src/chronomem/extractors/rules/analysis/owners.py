"""Whose thing a possessive row's match is about, when the owner stands just before it:
"her dog Milo died" (hers), "my sister's cat Tigger ran away" (the sister's).

A possessive row whose match opens on the thing's name ("Milo died") has no owner inside
the match; the words right before it say whose it is. Without them the speaker owns it.
"""

from __future__ import annotations

import re
from typing import Literal

from chronomem.extractors.rules.analysis.found import Party, Sentence
from chronomem.extractors.rules.analysis.gender import pronoun_gender
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.subjects import (
    ROLE_WORDS,
    canonical_role,
    owner_of,
    role_party,
)

_LOOK_BACK = 40
_THIRD = re.compile(r"\b(his|her|their)\s+(?:[a-z]+\s+){1,2}$", re.I)
_KIN = re.compile(
    rf"\b(my|our|your)\s+(?:[a-z]+\s+)?({ROLE_WORDS})'s\s+(?:[a-z]+\s+){{1,2}}$", re.I
)


def owner_before(s: Sentence, start: int, known: Known) -> Party | Literal[False] | None:
    """The owner named right before ``start`` ("her dog " -> the woman last spoken of; "my
    sister's cat " -> the sister); False: an owner no one can be told (an unknown "their");
    None: no owner before the match."""
    text = s.text[max(0, start - _LOOK_BACK) : start]
    kin = _KIN.search(text)
    if kin is not None:
        owner = owner_of(s, kin.group(1))
        return role_party(owner, canonical_role(kin.group(2)), known) if owner else False
    third = _THIRD.search(text)
    if third is None:
        return None
    word = third.group(1).lower()
    if word == "their":
        return False
    name = known.antecedent(pronoun_gender("he" if word == "his" else "she"))
    return Party(name, "Person") if name else False
