"""What kind of value a target is, and so which one-at-a-time relation it belongs to.

"I bought a Tesla" is OWNS, but a car is also the car one drives (DRIVES, one at a time),
so buying the next car closes the old one; a phone is the phone one uses (USES_PHONE); a
diet named after "switched from ... to" is FOLLOWS_DIET.
"""

from __future__ import annotations

from chronomem.extractors.rules.lexicon import CAR_NAMES, DIETS, PHONE_NAMES
from chronomem.extractors.rules.names import normalize_name

_BY_KIND = {"car": "DRIVES", "phone": "USES_PHONE", "diet": "FOLLOWS_DIET"}
_REFINED = frozenset({"OWNS", "USES", "DRIVES"})


def kind_of(name: str) -> str | None:
    """ "Tesla Model 3" -> car, "iPhone 15" -> phone, "vegan" -> diet, else None."""
    words = normalize_name(name).split()
    if not words:
        return None
    if " ".join(words) in DIETS or words[-1] in DIETS:
        return "diet"
    if words[0] in PHONE_NAMES or words[-1] in PHONE_NAMES:
        return "phone"
    if words[0] in CAR_NAMES or words[-1] in CAR_NAMES:
        return "car"
    return None


def refine(relation: str, target: str) -> str | None:
    """The relation a value of this kind takes, or None when the row needs a kind it lacks
    (a DRIVES row whose object is no car: "I drive a hard bargain")."""
    if relation not in _REFINED:
        return relation
    better = _BY_KIND.get(kind_of(target) or "")
    if relation == "DRIVES":
        return "DRIVES" if better == "DRIVES" else None
    return better or relation
