"""Names addressed to someone, not mentioned: "Hey Mel!", "Thanks, Caroline!", "Oof,
John, that's sad", "See you later Joanna!". A vocative is no entity of the sentence.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.subjects import ROLE_WORDS
from chronomem.extractors.rules.tables.gazetteer import WORKPLACE_HEADS
from chronomem.extractors.rules.tables.lexicon import PREPOSITIONS, VOCATIVE_CUES

_VOCATIVE_WINDOW = 40  # a cue ("thank you", "hey") is read next to the name, never further


def is_listener(key: str, addressee: str | None) -> bool:
    if not addressee:
        return False
    other = normalize_name(addressee)
    return key == other or other.startswith(key + " ")


def is_vocative(sentence: str, start: int, end: int, person: bool, listener: bool) -> bool:
    """ "Hey Mel!", "Thanks, Caroline!", "Oof, John, that's sad", "See you later Joanna!": a
    name addressed to someone. ``person``: a person known by name; ``listener``: the other
    speaker."""
    before = sentence[max(0, start - _VOCATIVE_WINDOW) : start].rstrip()
    after = sentence[end : end + _VOCATIVE_WINDOW].lstrip()
    words = re.findall(r"[a-z']+", before.lower())
    if words and words[-1] in VOCATIVE_CUES:
        return True
    if words[-2:] == ["thank", "you"]:
        return True
    closes = not after or after[0] in "!?.;"
    if (
        before.endswith(",")
        and closes
        and not (
            _NAMED_PLACE.search(before)
            or _NAMED_PERSON.search(before)
            or (_TITLED.match(sentence, start) and _A_ROLE.search(sentence, 0, start))
        )
    ):
        return True
    set_off = (not before or before.endswith(",")) and after.startswith(",")
    if (person or listener) and set_off:
        return True
    return listener and closes and bool(words) and words[-1] not in PREPOSITIONS


# "I've been seeing someone, Clara Weiss": the comma names the person, it calls no one
_NAMED_PERSON = re.compile(
    r"\b(?:someone|somebody|an? (?:[a-z]+ )?(?:guy|girl|man|woman|lady|bloke|friend|colleague))"
    r"(?:\s+new)?,$",
    re.I,
)
# "my new manager starts today as well, Mrs Okonjo", "now I have new doctor, Dr. Nnamdi": a
# titled name after a person in a role names that person, it calls no one
_A_ROLE = re.compile(rf"\b(?:{ROLE_WORDS})\b", re.I)
_TITLED = re.compile(r"(?:Mrs|Mr|Ms|Miss|Dr|Prof)\b\.?\s", re.I)
# "working at a coffee shop now, Blue Bottle": the comma names the place, it calls no one
_NAMED_PLACE = re.compile(
    r"\b(?:"
    + "|".join(sorted(WORKPLACE_HEADS | {"workshop", "practice", "office"}))
    + r")(?:\s+(?:downtown|uptown|nearby|now|rn|"
    r"currently|locally))*"
    # with where it stands: "a small workshop in Aarhus, Snedker Nielsen"
    r"(?:\s+(?:here\s+|there\s+)?(?:in|on|near)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)?,$"
)
