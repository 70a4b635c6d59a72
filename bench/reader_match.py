"""Matching the facts a memory holds against one labelled corpus item (``corpus/reader/SPEC.md``).

A labelled fact is *found* when some fact of the memory has

- the same **subject**: ``speaker`` / ``addressee`` resolved to the item's names (a diarist,
  ``speaker`` with no name, is whoever the memory made the first person of the text); a
  third person by name (any shared word), "speaker's sister" by its noun ("Jordy's
  sister", "sister");
- the same **relation**, after mapping chronomem's names to the spec's (``RELATION_ALIASES``);
- a **value** that shares a content word with the labelled span (case-insensitive; a span
  of filler words only, "it", must be equal); a ``null`` value matches any;
- the right **state**: ``state``, ``start`` and ``correction`` need a fact that holds now
  (not closed, not dated ahead) and was told by the item's own turn; ``end`` a fact that is
  closed (``invalid_at`` or ``expired_at``); ``plan`` a fact dated ahead of the telling, or a
  ``HAS_PLAN`` fact naming the value (any relation). ``negation`` and ``hypothetical`` are
  found when NO fact told by the item's turn holds that value.

A produced fact is *right* when it is the witness of some found label (the negative aspects
have none), or the closed old value a replacement's ``ends`` names. Pure functions of plain
data: ``Seen`` rows, not store objects.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

#: chronomem relation -> the spec's name, where they differ.
RELATION_ALIASES: dict[str, str] = {
    "REPORTS_TO": "MANAGED_BY",
    "SUBSCRIBED_TO": "SUBSCRIBED_TO_PLAN",
    "HOLDS_POSITION": "HAS_JOB_TITLE",
    "HATES": "DISLIKES",
    "LOVES": "LIKES",
    "ENJOYS": "LIKES",
}
#: Relations that say nothing (chronomem's untyped mentions): never counted.
SILENT = frozenset({"MENTIONED", "RELATED_TO"})
POSITIVE = frozenset({"state", "start", "correction", "end", "plan"})
NEGATIVE = frozenset({"negation", "hypothetical"})

_WORD = re.compile(r"[a-z0-9]+")
_FILLER = frozenset(
    re.findall(
        r"\w+",
        "a an the my his her their our your its me i we you he she they of to in at on for "
        "with and new old s",
    )
)


@dataclass(frozen=True, slots=True)
class Seen:
    """One fact of the memory, as plain values."""

    subject: str
    relation: str  # already mapped to the spec's name
    value: str
    holds: bool  # not closed and not dated ahead of the telling
    closed: bool  # invalid_at or expired_at set
    ahead: bool  # valid_at after the telling
    told_here: bool  # the item's own turn is among its episodes
    dated: date | None = None  # the day it ended (closed) or began, as the memory dates it


@dataclass(frozen=True, slots=True)
class Names:
    """Who ``speaker`` and ``addressee`` are in one item."""

    speaker: str | None
    addressee: str | None
    narrator: str | None = None  # the first person of a narrator's text, as the memory named it


def spec_relation(relation: str) -> str:
    return RELATION_ALIASES.get(relation, relation)


def words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _FILLER}


def seen(
    subject: str,
    relation: str,
    value: str,
    *,
    valid_at: datetime | None,
    invalid_at: datetime | None,
    expired_at: datetime | None,
    told_at: datetime,
    told_here: bool,
) -> Seen:
    closed = invalid_at is not None or expired_at is not None
    ahead = valid_at is not None and valid_at > told_at
    day = invalid_at or valid_at
    return Seen(
        subject,
        spec_relation(relation),
        value,
        not closed and not ahead,
        closed,
        ahead,
        told_here,
        None if day is None else day.date(),
    )


def same_subject(label: str, produced: str, names: Names) -> bool:
    if label in ("speaker", "addressee"):
        name = names.speaker if label == "speaker" else names.addressee
        if name is None and label == "speaker":
            name = names.narrator
        return name is not None and _same_name(name, produced)
    if "'s " in label:  # "speaker's sister", "Omar's manager": the noun decides
        noun = _roles(words(label.rsplit("'s ", 1)[1]))
        return bool(noun) and noun <= _roles(words(produced))
    return _same_name(label, produced)


# One role, spelled as writers spell it: a label's "speaker's mum" is the memory's "Tyla's
# mom" (the writer of the label and of the text need not spell it alike).
_ROLE_SPELLINGS = {
    "mom": "mother", "mum": "mother", "mam": "mother", "ma": "mother", "mommy": "mother",
    "mummy": "mother", "dad": "father", "daddy": "father", "pa": "father",
    "nan": "grandmother", "nana": "grandmother", "gran": "grandmother",
    "granny": "grandmother", "grandma": "grandmother", "grandad": "grandfather",
    "granddad": "grandfather", "grandpa": "grandfather", "hubby": "husband",
    "bf": "boyfriend", "gf": "girlfriend", "sis": "sister", "bro": "brother",
}  # fmt: skip


def _roles(found: set[str]) -> set[str]:
    return {_ROLE_SPELLINGS.get(w, w) for w in found}


def _same_name(name: str, produced: str) -> bool:
    return bool(words(name) & words(produced)) or name.strip().lower() == produced.strip().lower()


def same_value(label: str | None, produced: str) -> bool:
    """A shared content word; a label of filler words only ("it") must be equal."""
    if label is None:
        return True
    mine = words(label)
    if not mine:
        return label.strip().lower() == produced.strip().lower()
    return bool(mine & words(produced))


def witness(label: dict[str, object], facts: list[Seen], names: Names) -> Seen | None:
    """The fact that shows a positive label found, else ``None``."""
    aspect = str(label["aspect"])
    for fact in facts:
        if not same_subject(str(label["subject"]), fact.subject, names):
            continue
        value = label["value"] if isinstance(label["value"], str) else None
        if not same_value(value, fact.value):
            continue
        if aspect == "plan":
            if (fact.relation == "HAS_PLAN" and value is not None) or (
                fact.relation == label["relation"] and fact.ahead
            ):
                return fact
            continue
        if fact.relation != label["relation"]:
            continue
        if aspect == "end" and fact.closed:
            return fact
        if aspect in ("state", "start", "correction") and fact.holds and fact.told_here:
            return fact
    return None


def why_missed(label: dict[str, object], facts: list[Seen], names: Names) -> str:
    """The nearest fact to a label not found, and what differs; or that none came near."""
    value = label["value"] if isinstance(label["value"], str) else None
    subject = str(label["subject"])
    for fact in facts:
        if fact.relation == label["relation"] and same_value(value, fact.value):
            if not same_subject(subject, fact.subject, names):
                return f"other subject ({_show(fact)})"
            return f"wrong state ({_show(fact)}{'' if fact.told_here else ', earlier turn'})"
    for fact in facts:
        if value is not None and same_value(value, fact.value):
            return f"other relation ({_show(fact)})"
    return "nothing near"


def wrongly_held(label: dict[str, object], facts: list[Seen], names: Names) -> Seen | None:
    """For a negation or a hypothetical: the fact that the item's turn made hold anyway."""
    value = label["value"] if isinstance(label["value"], str) else None
    for fact in facts:
        if (
            fact.told_here
            and fact.holds
            and fact.relation == label["relation"]
            and same_subject(str(label["subject"]), fact.subject, names)
            and same_value(value, fact.value)
        ):
            return fact
    return None


@dataclass(frozen=True, slots=True)
class ItemScore:
    """One item read: per label whether it was found; the item's own facts and the right ones."""

    found: tuple[bool, ...]
    ends: tuple[bool | None, ...]  # per label: its ``ends`` value closed (None: no ``ends``)
    dated: tuple[bool | None, ...]  # per label found with a told day: its fact dated on it
    produced: int
    right: int
    misses: tuple[str, ...]  # one line per label not found, and per wrong fact


def score_item(
    labels: list[dict[str, object]],
    facts: list[Seen],
    names: Names,
    told_days: Sequence[date | None] = (),
) -> ItemScore:
    """``told_days``: per label, the day its ``when`` names when that is not the day it was
    told (``None``: no such day); a found label's fact should be dated on it."""
    found: list[bool] = []
    dated: list[bool | None] = [None] * len(labels)
    witnesses: set[int] = set()
    misses: list[str] = []
    for n, label in enumerate(labels):
        if label["aspect"] in NEGATIVE:
            bad = wrongly_held(label, facts, names)
            found.append(bad is None)
            if bad is not None:
                misses.append(f"held despite {label['aspect']}: {_show(bad)}")
            continue
        hit = witness(label, facts, names)
        found.append(hit is not None)
        if hit is None:
            said = f"missed {label['aspect']} {label['relation']} {label['value']!r}"
            misses.append(f"{said}: {why_missed(label, facts, names)}")
            continue
        witnesses.add(id(hit))
        day = told_days[n] if n < len(told_days) else None
        if day is not None:
            dated[n] = hit.dated == day
            if not dated[n]:
                misses.append(f"dated {hit.dated} not {day} ({label['when']!r}): {_show(hit)}")
    ends: list[bool | None] = []
    for label in labels:
        closed = _ended(label, facts, names)
        ends.append(None if closed is None else bool(closed))
        witnesses.update(id(fact) for fact in closed or ())
        if closed == []:
            misses.append(f"old value not closed: {label['ends']!r}")
    own = [f for f in facts if f.told_here]
    for fact in own:
        if id(fact) not in witnesses:
            misses.append(f"wrong fact: {_show(fact)}")
    right = sum(1 for f in own if id(f) in witnesses)
    return ItemScore(tuple(found), tuple(ends), tuple(dated), len(own), right, tuple(misses))


def _ended(label: dict[str, object], facts: list[Seen], names: Names) -> list[Seen] | None:
    """For a replacement or a correction: the closed facts of the old value it names (a
    right fact too); None when the label names no old value."""
    old = label.get("ends")
    if not isinstance(old, str) or label["aspect"] not in ("start", "correction", "state"):
        return None
    return [
        fact
        for fact in facts
        if fact.closed
        and fact.relation == label["relation"]
        and same_subject(str(label["subject"]), fact.subject, names)
        and same_value(old, fact.value)
    ]


def _show(fact: Seen) -> str:
    state = "holds" if fact.holds else "ahead" if fact.ahead else "closed"
    return f"{fact.subject} {fact.relation} {fact.value!r} ({state})"
