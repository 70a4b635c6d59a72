"""Round 2 without an LLM: which stored entity a name is, which facts repeat or clash.

Pure and deterministic: the same request always gets the same answer, ties included.

* Entities match when their names are compatible — the same first word and one name's words
  a subset of the other's ("Alice" / "Alice Smith"), after dropping titles ("Dr."),
  possessives, plural "s" and company suffixes — or when a device's kind is the name
  ("printer" / HP LaserJet 4000 of type printer). Labels from different families (Person vs
  Location) never match. A tie between several candidates is no match.
* A fact duplicates a stored fact of the same relation (same direction unless symmetric)
  whose world interval overlaps the new one; a new fact starting at or after the stored
  fact's end is a new stint. Generic facts (MENTIONED) duplicate only near-identical text.
* A fact contradicts stored facts of its slot (``model/slots.py``: one employer, one home,
  one partner, one favourite of a kind, ...) with the same source but another target (or
  the same person a step before: engaged, then married), when their intervals overlap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, time
from difflib import SequenceMatcher

from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.tables.gazetteer import PERSON_TITLES
from chronomem.extractors.rules.tables.patterns import GENERIC_RELATIONS
from chronomem.model import Entity, ExtractedEntity, Fact, Resolution, ResolutionRequest
from chronomem.model.relations import STOPPABLE, STOPPED, functional_rule
from chronomem.model.slots import ended_by, has_slots, singular, steps_on

SYMMETRIC_RELATIONS = frozenset({"MARRIED_TO", "DATING", "FRIEND_OF"})
NEAR_IDENTICAL_TEXT = 0.9
_COMPANY_SUFFIXES = frozenset({"inc", "ltd", "llc", "corp", "co", "corporation", "company", "plc"})
_LABEL_FAMILIES: Mapping[str, str] = {
    **dict.fromkeys(("Person",), "person"),
    **dict.fromkeys(("Organization", "Company", "School", "University", "Team"), "organization"),
    **dict.fromkeys(("Location", "Place", "City", "Country"), "place"),
    **dict.fromkeys(("Event",), "event"),
    **dict.fromkeys(("Pet", "Animal"), "pet"),
    **dict.fromkeys(("Work", "Book", "Movie", "Song", "Album", "Show", "Game"), "work"),
    **dict.fromkeys(("Device", "Product", "Item", "Part"), "thing"),
    **dict.fromkeys(("Topic", "Activity"), "topic"),
    **dict.fromkeys(("Problem",), "problem"),
    **dict.fromkeys(("JobTitle",), "job"),
}


def resolve_request(request: ResolutionRequest) -> Resolution:
    matches = {q.entity.name: match_entity(q.entity, q.candidates) for q in request.entities}
    duplicates = {q.key: find_duplicate(q.fact, q.duplicate_candidates) for q in request.facts}
    told = {
        (q.fact.source_id, q.fact.relation, q.fact.target_id)
        for q in request.facts
        if q.fact.invalid_at is None or q.fact.valid_at is not None
    }
    contradictions = {
        q.key: find_contradictions(q.fact, _not_retold(q.contradiction_candidates, told))
        + opposite_tastes(q.fact, (*q.duplicate_candidates, *q.contradiction_candidates))
        for q in request.facts
    }
    return Resolution(
        entity_matches=matches,
        duplicates=duplicates,
        contradictions={k: v for k, v in contradictions.items() if v},
    )


_LIKING = frozenset({"LIKES", "LOVES", "ENJOYS"})
_DISLIKING = frozenset({"HATES", "DISLIKES"})


#: Relations of which a value held closes the same value's opposite: a taste and its dislike;
#: a habit, a diet or a medicine and having stopped it.
_OPPOSITES = (
    (_LIKING, _DISLIKING),
    (_DISLIKING, _LIKING),
    (STOPPABLE, frozenset({STOPPED})),
    (frozenset({STOPPED}), STOPPABLE),
)


def opposite_tastes(new: Fact, candidates: Sequence[Fact]) -> tuple[str, ...]:
    """ "I hate cilantro" then "I like cilantro now": a taste closes its opposite; so does
    "smoking again" the having quit (``STOPPED``)."""
    if new.invalid_at is not None and new.valid_at is None:
        return ()
    for side, other in _OPPOSITES:
        if new.relation in side:
            return tuple(
                sorted(
                    {
                        c.id
                        for c in candidates
                        if c.relation in other
                        and (c.source_id, c.target_id) == (new.source_id, new.target_id)
                        and c.invalid_at is None
                        and not _retracted(c)
                    }
                )
            )
    return ()


def _not_retold(candidates: Sequence[Fact], told: set[tuple[str, str, str]]) -> list[Fact]:
    """ "I work at Google and Meta": a stored fact the same episode states again is no
    contradiction of its sibling."""
    return [c for c in candidates if (c.source_id, c.relation, c.target_id) not in told]


# -- entities -------------------------------------------------------------------------------


def name_tokens(name: str) -> tuple[str, ...]:
    """Comparable words of a name: no titles, possessives, plurals or company suffixes."""
    words = [w for w in normalize_name(name).split() if w != "s"]
    while len(words) > 1 and (words[0] in PERSON_TITLES or words[0] == "the"):
        words = words[1:]
    while len(words) > 1 and words[-1] in _COMPANY_SUFFIXES:
        words = words[:-1]
    return tuple(singular(w) for w in words)


def compatible_names(a: str, b: str) -> bool:
    ta, tb = name_tokens(a), name_tokens(b)
    if not ta or not tb:
        return False
    if ta == tb:
        return True
    if ta[0] != tb[0]:
        return False
    return set(ta) <= set(tb) or set(tb) <= set(ta)


def compatible_labels(a: Sequence[str], b: Sequence[str]) -> bool:
    fa = {_LABEL_FAMILIES[x] for x in a if x in _LABEL_FAMILIES}
    fb = {_LABEL_FAMILIES[x] for x in b if x in _LABEL_FAMILIES}
    return not fa or not fb or bool(fa & fb)


def match_entity(entity: ExtractedEntity, candidates: Sequence[Entity]) -> str | None:
    """The id of the one candidate ``entity`` is, or None (a new entity, or a tie)."""
    scored: list[tuple[int, str]] = []
    mine = set(name_tokens(entity.name))
    key = normalize_name(entity.name)
    for c in candidates:
        if not compatible_labels(entity.labels, c.labels):
            continue
        kind = c.attributes.get("type")
        if compatible_names(entity.name, c.name):
            theirs = set(name_tokens(c.name))
            exact = 100 if mine == theirs else 0
            scored.append((exact + len(mine & theirs), c.id))
        elif isinstance(kind, str) and normalize_name(kind) == key:
            scored.append((1, c.id))
    if not scored:
        return None
    scored.sort(key=lambda s: (-s[0], s[1]))
    best = [s for s in scored if s[0] == scored[0][0]]
    return best[0][1] if len(best) == 1 else None


# -- facts ----------------------------------------------------------------------------------


def _day_start(value: datetime) -> datetime:
    return datetime.combine(value.date(), time(0), tzinfo=value.tzinfo)


def same_stint(new: Fact, old: Fact) -> bool:
    """Could ``new`` describe the same stretch of time as ``old``? Open ends overlap."""
    if new.valid_at is not None and old.invalid_at is not None and new.valid_at >= old.invalid_at:
        return False  # starts once the old one ended: a new stint
    if new.invalid_at is not None and old.valid_at is not None:
        if new.valid_at is None and old.invalid_at is None:
            # "I left Google last week" about the open fact told three days ago: its start
            # was only when we heard of it, the ending is about this very fact
            return True
        return new.invalid_at >= _day_start(old.valid_at)  # ends before the old one began?
    return True


def _retracted(fact: Fact) -> bool:
    return fact.expired_at is not None and fact.invalid_at is None


def _same_direction(new: Fact, old: Fact) -> bool:
    if new.relation in SYMMETRIC_RELATIONS:
        return {new.source_id, new.target_id} == {old.source_id, old.target_id}
    return (new.source_id, new.target_id) == (old.source_id, old.target_id)


def near_identical(a: str, b: str) -> bool:
    x, y = normalize_name(a), normalize_name(b)
    return x == y or SequenceMatcher(None, x, y).ratio() >= NEAR_IDENTICAL_TEXT


def find_duplicate(new: Fact, candidates: Sequence[Fact]) -> str | None:
    """The stored fact ``new`` restates, if any (open facts first, then the latest)."""
    found = [
        c
        for c in candidates
        if c.relation == new.relation
        and not _retracted(c)
        and _same_direction(new, c)
        and same_stint(new, c)
        and (new.relation not in GENERIC_RELATIONS or near_identical(new.fact, c.fact))
    ]
    if not found:
        return None
    found.sort(
        key=lambda c: (
            c.invalid_at is not None,
            -(c.valid_at.timestamp() if c.valid_at else 0),
            c.created_at,
            c.fact,
        )
    )
    return found[0].id


def _overlap(a: Fact, b: Fact) -> bool:
    a_before_b_ends = a.valid_at is None or b.invalid_at is None or a.valid_at < b.invalid_at
    b_before_a_ends = b.valid_at is None or a.invalid_at is None or b.valid_at < a.invalid_at
    return a_before_b_ends and b_before_a_ends


def _rival(new: Fact, held: Fact, unique: str) -> bool:
    """Could ``held`` be the value ``new`` replaces: the same subject and another value (of
    a relation unique per object: the same value and another subject), or the same person a
    step before in one tie ("engaged to Luis", then "married to Luis")?"""
    if unique == "object":
        return held.target_id == new.target_id and held.source_id != new.source_id
    other = held.target_id != new.target_id or steps_on(new.relation, held.relation)
    return held.source_id == new.source_id and other


def find_contradictions(new: Fact, candidates: Sequence[Fact]) -> tuple[str, ...]:
    """Stored facts that cannot hold together with ``new``: values of its slot
    (``model/slots.py``: a relation that holds one value at a time, ``model/relations.py``,
    or its family, per kind where it holds one per kind) for the same subject (one home) or
    the same object (one team lead)."""
    rule = functional_rule(new.relation)
    if not has_slots(new.relation):
        return ()
    if new.valid_at is None and new.invalid_at is not None:
        return ()  # an ending ("I left Google") says nothing about the next value
    held = [
        c
        for c in candidates
        if has_slots(c.relation)
        and _rival(new, c, rule.unique if rule is not None else "subject")
        and not _retracted(c)
        and _overlap(new, c)
    ]
    ended = ended_by(new.relation, new.fact, [(c.relation, c.fact) for c in held])
    return tuple(sorted(held[i].id for i in ended))
