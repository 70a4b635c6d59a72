"""What kind of value a target is, and so which one-at-a-time relation it belongs to.

"I bought a Tesla" is OWNS, but a car is also the car one drives (DRIVES, one at a time),
so buying the next car closes the old one; a phone is the phone one uses (USES_PHONE); a
diet named after "switched from ... to" is FOLLOWS_DIET.
"""

from __future__ import annotations

from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.tables.life_words import (
    BIKE_NAMES,
    CAMERA_NAMES,
    CAR_NAMES,
    DIETS,
    LAPTOP_NAMES,
    PHONE_NAMES,
    WATCH_NAMES,
)

_BY_KIND = {
    "car": "DRIVES", "phone": "USES_PHONE", "diet": "FOLLOWS_DIET", "laptop": "USES_LAPTOP",
    "camera": "USES_CAMERA", "watch": "WEARS_WATCH", "bike": "RIDES_BIKE",
}  # fmt: skip
# The things one uses one at a time, by kind: "my laptop died" ends the USES_LAPTOP told.
DEVICE_RELATIONS = {kind: rel for kind, rel in _BY_KIND.items() if kind != "diet"}
# The kind a word names; the more specific kinds first ("Apple Watch" is a watch).
_KIND_WORDS = (
    (WATCH_NAMES, "watch"), (CAMERA_NAMES, "camera"), (LAPTOP_NAMES, "laptop"),
    (BIKE_NAMES, "bike"), (PHONE_NAMES, "phone"), (CAR_NAMES, "car"),
)  # fmt: skip
_REFINED = frozenset({"OWNS", "USES", "DRIVES", "USES_KIND", "PLAN_KIND"})


def kind_of(name: str) -> str | None:
    """ "Tesla Model 3" -> car, "iPhone 15" -> phone, "vegan" -> diet, else None."""
    words = normalize_name(name).split()
    if not words:
        return None
    if " ".join(words) in DIETS or words[-1] in DIETS:
        return "diet"
    # a generic noun names the kind only as the head: "car" and "Apple Watch", not "car seat",
    # "phone case" or "bike helmet"
    words = [w for w in words[:-1] if w not in _GENERIC_HEADS] + words[-1:]
    for names, kind in _KIND_WORDS:
        if any(w in names for w in words):
            return kind
    return None


_GENERIC_HEADS = frozenset(
    {"car", "truck", "suv", "van", "jeep", "minivan", "pickup", "motorbike", "motorcycle", "moped",
     "laptop", "notebook", "camera", "dslr", "mirrorless", "watch", "smartwatch", "bike",
     "bicycle", "e-bike", "ebike", "phone", "smartphone"}
)  # fmt: skip


def refine(relation: str, target: str) -> tuple[str, ...]:
    """The relations a value of this kind takes: owning a car is also the car one drives
    ("I bought a Tesla" -> OWNS and DRIVES); a row about things of a kind gives nothing for
    a value of no known kind ("I drive a hard bargain")."""
    if relation not in _REFINED:
        return (relation,)
    better = _BY_KIND.get(kind_of(target) or "")
    if relation == "DRIVES":
        return ("DRIVES",) if better == "DRIVES" else ()
    if relation == "USES_KIND":
        return (better,) if better else ()
    if relation == "PLAN_KIND":  # "upgraded to ChatGPT Pro": a plan, unless it is a device
        return (better,) if better else ("SUBSCRIBED_TO_PLAN",)
    if relation == "OWNS":
        return ("OWNS", better) if better and better != "FOLLOWS_DIET" else ("OWNS",)
    return (better or relation,)
