"""A named pet lost ("Pudding ran away") is the loss of whoever was told to have it ("my
sister adopted a cat named Pudding"), not necessarily the speaker's (``pet_owners``).

(Round 5 deleted the naming of a pet told by its species, "got a new hamster! his name is
Peanut": its stage changed no check of the dev sets.)
"""

from __future__ import annotations

from dataclasses import replace

from chronomem.extractors.rules.analysis.found import Hit, Party
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name


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
