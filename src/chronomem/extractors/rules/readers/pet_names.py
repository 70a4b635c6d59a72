"""A pet named after it was told: "got a new hamster! his name is Peanut", "we adopted a
kitten, we called her Miso".

When the speaker told a pet only by its species earlier in the same message
(``HAS_PET hamster``) and a sentence then gives a name to "him", "her" or "it", the name is
that pet: ``HAS_PET Peanut`` with ``species: hamster``, "Mia has a hamster named Peanut".
A name given with no unnamed pet told in the message, or after a person was spoken of ("met
a new guy, his name is Tom"), is left to the other rules.

A named pet lost ("Pudding ran away") is the loss of whoever was told to have it ("my sister
adopted a cat named Pudding"), not necessarily the speaker's (``pet_owners``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from chronomem.extractors.rules.analysis.entities import Known
from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.objects import singular
from chronomem.extractors.rules.tables.lexicon import PET_SPECIES

_NAMING = re.compile(
    r"\b(?:(?:his|her|its|their) name(?:'s| is| was)?|(?:named|called|calling|call) "
    r"(?:him|her|it|them)|(?:he|she|it)(?:'s| is) (?:called|named))\s+$",
    re.I,
)
# People a name may belong to instead: "met a new guy, his name is Tom"
_PERSON = re.compile(
    r"\b(?:guy|girl|man|woman|boy|lady|dude|friend|coworker|co-worker|colleague|neighbou?r|"
    r"baby|son|daughter|kid|teacher|boss|manager|doctor|boyfriend|girlfriend|date)s?\b",
    re.I,
)


def pet_name_hits(s: Sentence, hits: list[Hit], told: list[str]) -> list[Hit]:
    """The speaker's unnamed pet gets the name this sentence gives it; ``told``: the pets
    the speaker told earlier in this message."""
    if not s.speaker or s.assistant or s.question:
        return []
    pets = [*told, *(h.target.name for h in hits if h.relation == "HAS_PET" and not h.ending)]
    species = next((_species(p) for p in reversed(pets) if _species(p)), None)
    if species is None or any(h.relation == "HAS_PET" and h.target.named for h in hits):
        return []
    for span in s.spans:
        cue = _NAMING.search(s.text, max(0, span.start - 30), span.start)
        if span.named and cue and not _PERSON.search(s.text, 0, cue.start()):
            me = Party(s.speaker, "Person", speaker=True)
            pet = Party(span.name, "Pet", True, False, (("species", species),))
            clause = next((c for c in s.clauses if c[0] <= span.start < c[1]), (0, len(s.text)))
            text = f"{s.speaker} has a {species} named {span.name}"
            return [Hit("HAS_PET", me, pet, False, clause, (span.start, span.end), text)]
    return []


def _species(name: str) -> str | None:
    key = normalize_name(name)
    return singular(key) if key in PET_SPECIES else None


def pet_owners(hits: list[Hit], known: Known) -> list[Hit]:
    """``hits`` with each lost named pet given to the one person known to have it, when the
    speaker was not told to have it."""
    return [_owned(h, known) if h.relation == "HAS_PET" and h.ending else h for h in hits]


def _owned(hit: Hit, known: Known) -> Hit:
    pet = normalize_name(hit.target.name)
    if pet in known.targets.get((normalize_name(hit.source.name), "HAS_PET"), {}):
        return hit
    owners = [
        source
        for (source, relation), pets in known.targets.items()
        if relation == "HAS_PET" and pet in pets
    ]
    if len(owners) != 1:
        return hit
    return replace(hit, source=Party(known.display.get(owners[0], owners[0]), "Person"))
