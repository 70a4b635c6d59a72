"""Object kinds: what sort of thing a name is, and the thing of a kind one has now.

A phone, a laptop, a car, a bike, a camera or a watch is held one at a time
(``model/relations.py``: USES_PHONE, USES_LAPTOP, DRIVES, ...). The kind of a named thing
comes from, in this order:

* the name itself, when it is a known product line ("Pixel 6", "thinkpad x1", ``values.py``);
* a head noun beside it: "my Gazelle bike", "my bike is a Gazelle", "my work phone is ...";
* for a replacement, the other thing: "swapped my Brompton for a Gazelle" (a bike, because the
  Brompton is one), or the relation the speaker holds the old thing with, told before.

So the first mention of such a thing is typed, not a generic mention ("cracked the screen on
my Pixel 6" -> USES_PHONE Pixel 6), and the next one of the same kind closes it. A second
thing said as one ("I also bought an iPad", "a spare phone for work") stays an OWNS fact and
closes nothing.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Party
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.values import refine
from chronomem.extractors.rules.tables.life_words import DEVICE_NAMES
from chronomem.model.relations import is_functional
from chronomem.text.words import word_set

# Head nouns that say what kind of thing a name is: "a Trek hybrid", "my Gazelle bike".
KIND_HEADS: dict[str, str] = {
    **dict.fromkeys(word_set("phone smartphone mobile cellphone handset"), "phone"),
    **dict.fromkeys(word_set("laptop notebook computer ultrabook chromebook"), "laptop"),
    **dict.fromkeys(
        word_set(
            "car truck suv van hatchback sedan saloon estate wagon jeep pickup minivan "
            "motorbike motorcycle scooter moped coupe convertible"
        ),
        "car",
    ),
    **dict.fromkeys(word_set("bike bicycle e-bike ebike roadbike"), "bike"),
    **dict.fromkeys(word_set("camera dslr mirrorless"), "camera"),
    **dict.fromkeys(word_set("watch smartwatch tracker"), "watch"),
}
HEAD_WORDS = "|".join(sorted(KIND_HEADS, key=len, reverse=True))
_GENERIC = frozenset(KIND_HEADS) | word_set(
    "android galaxy pixel surface mini apple accord specialized fuji notebook forerunner "
    "jazz focus golf"
)
# Product lines written in lower case: "my thinkpad", "a macbook air", "my pixel 6". A word
# that is also a common English word counts only with a model after it ("pixel 7a").
_MODEL = r"(?:\d[\w-]*|[a-z]{1,2}\d[\w-]*|pro|air|max|mini|plus|ultra|se|lite|xl|fold|flip)"
_SAFE = "|".join(sorted((re.escape(w) for w in DEVICE_NAMES - _GENERIC), key=len, reverse=True))
_AMBIGUOUS = "|".join(sorted(re.escape(w) for w in _GENERIC & DEVICE_NAMES))
LOWER_THING = (
    rf"(?-i:(?:{_SAFE})(?: {_MODEL}){{0,2}}|(?:{_AMBIGUOUS})(?: {_MODEL}){{1,2}})(?![\w-])"
)
# A capitalised name with model numbers: "Galaxy S24", "ThinkPad T480", "iPhone 15 Pro".
CAPITAL_THING = r"(?-i:[a-z]?[A-Z][\w'-]*(?: (?:[A-Z0-9][\w-]*|" + _MODEL + r")){0,3})"
THING = rf"(?:{CAPITAL_THING}|{LOWER_THING})"
NAME_TRIGGERS = " ".join(sorted(w for w in DEVICE_NAMES if w.isalpha()))

# "I also bought an iPad", "a spare phone for work", "a second car": one more, not the next
_ANOTHER = re.compile(r"\b(?:also|another|second(?!-)|spare|extra|backup|too|as well|2nd)\b", re.I)


def head_kind(word: str | None) -> str | None:
    """The kind a head noun names: "hybrid"? no; "scooter" -> car, "handset" -> phone."""
    return KIND_HEADS.get((word or "").lower())


def kinds_of_replacement(
    relation: str, groups: dict[str, str | None], known: Known, subject: Party
) -> tuple[str, ...]:
    """The one-value relations a replacement's things take when the target's own name says
    no kind: the head noun told with it, the other thing's kind ("swapped my Brompton for a
    Gazelle"), else the relations the subject holds the old thing with, else owning one
    named thing for another."""
    if relation != "USES_KIND":
        return ()
    for key in ("device", "head", "obj", "old"):
        word = groups.get(key) or ""
        found = refine(relation, word) or refine(relation, head_kind(word) or "")
        if found:
            return found
    old = groups.get("old") or ""
    held = held_kinds(known, subject.name, old) if old else ()
    if held:
        return held
    # two names of no kind known, one swapped for the other ("swapped my Veyra 12 for an Orrin
    # Pro 3", "got a Brava 12 to replace the Nexalo"): a thing owned for another ("moved from
    # Highcliffe Primary to St Aidan's" may be a school or a home: no swap)
    swapped = bool(groups.get("swap")) and old[:1].isupper()
    named = swapped and (groups.get("obj") or "")[:1].isupper()
    return ("OWNS",) if named else ()


def held_kinds(known: Known, subject: str, name: str) -> tuple[str, ...]:
    """The one-value relations ``subject`` holds ``name`` by, told before and not ended."""
    who, key = normalize_name(subject), normalize_name(known.canonical(name))
    return tuple(
        relation
        for (owner, relation), values in known.targets.items()
        if owner == who and key in values and is_functional(relation)
    )


def one_more(
    clause_text: str, relation: str, kinds: tuple[str, ...], replacing: bool
) -> tuple[str, ...]:
    """ "I also bought a Tesla", "got a spare phone": owning one more car or phone is no
    change of the one used (a replacement, "also swapped X for Y", still is)."""
    if replacing or relation not in _GETTING or not _ANOTHER.search(clause_text):
        return kinds
    return tuple(k for k in kinds if not is_functional(k))


_GETTING = frozenset({"OWNS", "USES", "USES_KIND"})


_GOTTEN = frozenset({"OWNS", "USES_KIND", "USES"})


def apposed_kinds(
    relation: str, clause_text: str, target: str, kinds: tuple[str, ...]
) -> tuple[str, ...]:
    """ "got a new bike, a Canyon", "bought a Canyon bike": a thing got whose name says no
    kind takes the kind of the head noun told with it."""
    if relation not in _GOTTEN or any(is_functional(k) for k in kinds):
        return kinds
    head = _apposed_head(clause_text, target)
    better = refine(relation, head_kind(head) or "") if head else ()
    return tuple(dict.fromkeys((*kinds, *better))) if better else kinds


# precompiled: a pattern built per target name was compiled anew for most calls
_HEAD_BEFORE = re.compile(rf"\b(?P<head>{HEAD_WORDS}),? (?:an? |the )?", re.I)
_HEAD_AFTER = re.compile(rf" (?P<head>{HEAD_WORDS})\b", re.I)


def _apposed_head(text: str, target: str) -> str | None:
    """The head noun right before ("a bike, a Canyon") or after ("a Canyon bike") the
    whole word ``target`` in ``text``."""
    low, name = text.lower(), target.lower()
    if not name:
        return None
    for m in _HEAD_BEFORE.finditer(text):
        if low.startswith(name, m.end()) and _ends_word(low, m.end() + len(name)):
            return m.group("head")
    at = low.find(name)
    while at >= 0:
        after = _HEAD_AFTER.match(text, at + len(name))
        if after is not None and (at == 0 or not low[at - 1].isalnum()):
            return after.group("head")
        at = low.find(name, at + 1)
    return None


def _ends_word(text: str, end: int) -> bool:
    return end >= len(text) or not (text[end].isalnum() or text[end] == "_")
