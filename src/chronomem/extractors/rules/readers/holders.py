"""An ending goes to whoever holds what ends (``holders``): a named pet lost ("Pudding ran
away") is the loss of whoever was told to have it ("my sister adopted a cat named
Pudding"), and an illness or a habit told as over without an owner ("Dad is up and about,
the flu is gone") is the person's who was told to have it and is named in the sentence, not
the speaker's. A pet's name is its own; "the flu" is anyone's, so an illness or a habit
moves only to a holder the sentence names, and never from "my flu".

(A pet told by its species and named in the next sentence, "got a new hamster! his name is
Peanut", is ``pet_names.py``'s.)
"""

from __future__ import annotations

import re
from dataclasses import replace

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name

# relations whose value is anyone's ("the flu", "smoking"): moved only to a holder named
_SHARED_VALUES = ("HAS_CONDITION", "HAS_HABIT")


def holders(s: Sentence, hits: list[Hit], known: Known) -> list[Hit]:
    """``hits`` with each ending the speaker was not told to hold given to the one person
    known to hold it (named in ``s`` unless the value is a pet's name)."""
    out = []
    for hit in hits:
        if hit.ending and hit.relation == "HAS_PET":
            hit = _held_by(hit, known, s, named=False)
        elif hit.ending and hit.relation in _SHARED_VALUES and hit.source.speaker:
            hit = _held_by(hit, known, s, named=True)
        out.append(hit)
    return out


def _held_by(hit: Hit, known: Known, s: Sentence, *, named: bool) -> Hit:
    value = normalize_name(hit.target.name)
    if value in known.targets.get((normalize_name(hit.source.name), hit.relation), {}):
        return hit
    owners = [
        source
        for (source, relation), values in known.targets.items()
        if relation == hit.relation and value in values
    ]
    if len(owners) != 1:
        return hit
    if named and (_mine(s, hit.target.name) or not _named_in(s, owners[0])):
        return hit
    return replace(hit, source=Party(known.display.get(owners[0], owners[0]), "Person"))


def _mine(s: Sentence, value: str) -> bool:
    """Does the sentence tell the value as the speaker's own ("my flu is gone")?"""
    return re.search(rf"\b(?:my|our)\s+(?:\w+\s+)?{re.escape(value)}", s.text, re.I) is not None


def _named_in(s: Sentence, owner: str) -> bool:
    """Is the holder named in the sentence: by name ("Mia"), or by the role its possessive
    key ends on (normalised "jo s dad": "Dad")?"""
    word = owner.rsplit(" s ", 1)[-1]
    return re.search(rf"\b{re.escape(word)}\b", s.text, re.I) is not None
