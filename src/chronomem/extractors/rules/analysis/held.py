"""References to a value the subject holds, said in other words than when it was told.

People end things by a shorter or lower-case name: "renewed my PureGym membership" then
"cancelled the gym"; "joined the Harbourside running club" then "quit the Harbourside club";
"joined a book club" then "left the book club"; "got Amazon Prime" then "cancelled prime".
:func:`held_reference` finds the one value the subject holds (told before, not ended) that
such a reference names, by its words:

- the same name;
- every word of the reference is a word of the value ("the Harbourside club");
- a one-word reference ends a one-word value ("gym" -> "PureGym");
- every word of the value is a word of the reference ("amazon prime" -> "Prime").

Only one held value may match (two clubs and "quit the club": nothing is ended), and only
values of the subject: an ending never reaches a fact the subject does not hold.

:func:`as_held` is what the pattern table's endings read: the value named, the one held value
it names in other words, or the one held value of its kind ("sold my car"), unless the kinds
differ ("the resort" is no "ADK Hospital") or the value is a title of its own ("no longer the
deckhand" ends no skipper).
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Party
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.tables.gazetteer import GROUP_HEADS, WORKPLACE_HEADS
from chronomem.extractors.rules.tables.medication import DRUG_KINDS
from chronomem.model.relations import is_functional
from chronomem.text.words import word_set

_IGNORED = ("MENTIONED", "RELATED_TO")
MIN_SUFFIX = 3  # "gym" in "puregym"; no two-letter endings
# words that say what of the value is ended, not which value: "cancelled my gym membership"
_GENERIC = frozenset({"membership", "subscription", "account", "plan", "pass", "card", "tier"})
_OBJECT = re.compile(
    r"\s+(?:(?:my|our|the|your|his|her|their)\s+)?([a-z][\w'-]*(?:[ \t]+[a-z][\w'-]*){0,3})",
    re.I,
)
# "left the gym at 7", "left the office early": a departure, not an ending
_LEFT = re.compile(r"\s*left\b", re.I)
_DEPARTURE = re.compile(r"\s*(?:at|early|late|around|after|before|to|for|with|and|by)\b", re.I)


def held_reference(
    known: Known, subject: str, reference: str, relations: tuple[str, ...] | None = None
) -> tuple[str, tuple[str, ...]] | None:
    """The held value ``reference`` names and the relations it is held by, else None."""
    me = normalize_name(subject)
    words = [w for w in normalize_name(reference).split() if w not in _GENERIC]
    if not words:
        return None
    held: dict[str, tuple[str, list[str]]] = {}  # key -> (name, relations)
    for (who, relation), values in known.targets.items():
        if who != me or relation in _IGNORED or (relations and relation not in relations):
            continue
        for key, name in values.items():
            held.setdefault(key, (name, []))[1].append(relation)
    exact = " ".join(words)
    if exact in held:
        name, kinds = held[exact]
        return name, tuple(kinds)
    found = [key for key in held if _names(words, key.split())] or _of_kind(exact, held)
    if len(found) != 1:
        return None
    name, kinds = held[found[0]]
    return name, tuple(kinds)


def only_held(known: Known, subject: str, relation: str, besides: str) -> str | None:
    """The one value ``subject`` holds in ``relation`` other than ``besides`` (a switch told
    by the new value alone: "he changed me to valsartan" ends the amlodipine), else None."""
    values = known.targets.get((normalize_name(subject), relation), {})
    others = [name for key, name in values.items() if key != normalize_name(besides)]
    return others[0] if len(others) == 1 else None


def held_drug(known: Known, subject: str, kind: str) -> str | None:
    """The one medication the subject holds that a kind word names ("antibiotics done" of
    the penicillin held), else None."""
    if normalize_name(kind) not in DRUG_KINDS:
        return None
    found = held_reference(known, subject, kind, ("TAKES_MEDICATION",))
    return found[0] if found is not None else None


def _of_kind(kind: str, held: dict[str, tuple[str, list[str]]]) -> list[str]:
    """The medications held that ``kind`` names ("antibiotics" of "penicillin"; "the meds"
    of any)."""
    members = DRUG_KINDS.get(kind)
    if members is None:
        return []
    return [
        key
        for key, (_, kinds) in held.items()
        if "TAKES_MEDICATION" in kinds and (not members or key in members)
    ]


def _names(ref: list[str], value: list[str]) -> bool:
    if set(ref) <= set(value):
        return True
    if set(value) <= set(ref) and len(ref) <= len(value) + 1:  # "amazon prime" -> "Prime"
        return True
    one = len(ref) == 1 and len(value) == 1
    return one and len(ref[0]) >= MIN_SUFFIX and value[0].endswith(ref[0])


def held_object(
    known: Known, subject: str, text: str, start: int, end: int, *, verb: str = ""
) -> tuple[str, tuple[str, ...], int, int] | None:
    """The held value named right after ``start`` ("cancelled| the gym"): its name,
    relations and the span of the words naming it; the fewest words first."""
    m = _OBJECT.match(text, start, end)
    if m is None:
        return None
    spans = [w.span() for w in re.finditer(r"[\w'-]+", m.group(1))]
    base = m.start(1)
    for n in range(1, len(spans) + 1):
        stop = base + spans[n - 1][1]
        if _LEFT.match(verb) and _DEPARTURE.match(text, stop, end):
            return None
        found = held_reference(known, subject, text[base:stop])
        if found is not None:
            return found[0], found[1], base, stop
    return None


def departs(text: str, verb: re.Match[str], name: str) -> bool:
    """ "left the gym at 7": ``verb`` (a "left") followed by ``name`` and a departure's
    words, a walk out of the door rather than an ending."""
    if not _LEFT.match(verb.group()):
        return False
    at = text.lower().find(name.lower(), verb.end())
    return at >= 0 and _DEPARTURE.match(text, at + len(name)) is not None


def as_held(known: Known, subject: Party, target: Party, kinds: tuple[str, ...]) -> Party:
    """``target``, or the one held value of ``kinds`` it names in other words, or by its
    kind alone ("sold my car" after "I drive a Honda Civic", however long before)."""
    relations = tuple(k for k in kinds if k != "ENDS_KNOWN") or None
    found = held_reference(known, subject.name, target.name, relations)
    name = found[0] if found is not None else _held_of_kind(known, subject, target, relations)
    if name is None or normalize_name(name) == normalize_name(target.name):
        return target
    return Party(name, known.labels.get(normalize_name(name)) or target.label)


def _held_of_kind(
    known: Known, subject: Party, target: Party, relations: tuple[str, ...] | None
) -> str | None:
    """The one value the subject holds by the one-value relations of ``relations``, when
    the ending names no value but its kind ("my car", "the phone": not a name)."""
    one_value = [r for r in relations or () if is_functional(r)]
    if target.named or not one_value or _a_title_of_its_own(one_value, target):
        return None
    me = normalize_name(subject.name)
    held = {
        normalize_name(name): name
        for r in one_value
        for name in known.targets.get((me, r), {}).values()
    }
    if len(held) != 1:
        return None
    (name,) = held.values()
    return None if _kinds_differ(target.name, name) else name


# the words that name a post by its kind, not a title: "quit my job", "left the position"
_POSTS = word_set("job position role post work title gig")


def _a_title_of_its_own(relations: list[str], target: Party) -> bool:
    """Is the value an ending names a title of its own ("no longer the deckhand"), not a
    post by its kind ("quit my job")? A title's value is its words: it names itself."""
    last = target.name.lower().split()[-1:] or [""]
    return relations == ["HAS_JOB_TITLE"] and last[0] not in _POSTS


def _kinds_differ(said: str, held: str) -> bool:
    """Do a kind said and a held value's name end on two different place kinds ("my last
    day at the resort" is no ending of ADK Hospital; "the shop" may be Tesco Express)?"""
    a, b = said.lower().split()[-1:], held.lower().split()[-1:]
    return bool(a and b) and a[0] in _PLACE_KINDS and b[0] in _PLACE_KINDS and a != b


# the last word of a workplace's or a group's name ("ADK Hospital", "the resort")
_PLACE_KINDS = (
    WORKPLACE_HEADS
    | GROUP_HEADS
    | word_set(
        "resort boatyard yard farm mill mine port depot station pharmacy supermarket airport office"
    )
)
