"""Endings read from when things are told, decided after entity resolution (as
``endings.py``):

* :func:`withdraw_moved_plans` -- a plan told again on another day withdraws the one told
  before.
* :func:`close_by_stored_endings` -- an ending heard before the state it ends (out of
  order) ends that state when it arrives.
* :func:`close_told_in_order` -- one message's values of one slot, each from its own day,
  each hold until the next begins.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableMapping, Sequence
from datetime import datetime

from chronomem.engine.ending_checks import MIN_NAME_CHARS, is_ending, is_open, pair_of
from chronomem.engine.temporal import close_at
from chronomem.model import Fact
from chronomem.model.names import normalize_name
from chronomem.model.relations import GENERIC_RELATIONS, PLAN_RELATIONS
from chronomem.model.slots import adds_one, family_of, same_slot


def withdraw_moved_plans(
    new_facts: Sequence[Fact],
    working: MutableMapping[str, Fact],
    stored: Mapping[str, Fact],
    now: datetime,
    names: Mapping[str, str],
    said_at: datetime | None,
) -> None:
    """A plan told again on another day withdraws the one told before, when both name the
    same kind of thing ("my knee surgery is on the 20th", then "the surgery is moved to
    October 4"): the entities may differ, the head word of the new plan's name is in the old
    plan's text. So does any upcoming fact whose other end the new plan names ("flying to
    Cancun on March 3rd", then "the airline pushed our flight to Cancun to March 10"). The
    old plan never held: it is closed at its own start."""
    if said_at is None:
        return
    for new in new_facts:
        if new.relation not in PLAN_RELATIONS or new.valid_at is None or new.valid_at <= said_at:
            continue
        words = normalize_name(names.get(new.target_id, "")).split()
        if not words or len(words[-1]) < MIN_NAME_CHARS:
            continue
        said = re.compile(rf"\b{re.escape(words[-1])}s?\b")
        for f in stored.values():
            old = working.get(f.id, f)
            if (
                old.source_id == new.source_id
                and is_open(old)
                and old.valid_at is not None
                and old.valid_at > said_at
                and old.valid_at.date() != new.valid_at.date()
                and (
                    (old.relation in PLAN_RELATIONS and said.search(normalize_name(old.fact)))
                    or _names_target(new, old, names)
                )
            ):
                working[f.id] = close_at(old, old.valid_at, now)


def _names_target(new: Fact, old: Fact, names: Mapping[str, str]) -> bool:
    """Does the new plan's text name the other end of ``old`` (a typed, upcoming fact)?"""
    name = normalize_name(names.get(old.target_id, ""))
    if old.relation in GENERIC_RELATIONS or len(name) < MIN_NAME_CHARS:
        return False
    return re.search(rf"\b{re.escape(name)}\b", normalize_name(new.fact)) is not None


def close_by_stored_endings(
    new_facts: list[Fact], stored: Mapping[str, Fact], now: datetime
) -> None:
    """Out of order: an ending heard first ("not vegan anymore", "Sam and I broke up"), the
    state it ends heard after ("I'm vegan", "I'm dating Sam", told earlier). The new fact
    started before the stored ending's end, on the same two entities, with the same
    relation or a generic one: it ends there."""
    endings = [f for f in stored.values() if is_ending(f) and f.expired_at is not None]
    if not endings:
        return
    for n, new in enumerate(new_facts):
        if new.valid_at is None or new.invalid_at is not None:
            continue
        ends = [
            f.invalid_at
            for f in endings
            if pair_of(f) == pair_of(new)
            and (f.relation == new.relation or f.relation in GENERIC_RELATIONS)
            and f.invalid_at is not None
            and f.invalid_at > new.valid_at
        ]
        if ends:
            new_facts[n] = close_at(new, min(ends), now)


def close_told_in_order(new_facts: list[Fact], now: datetime) -> None:
    """One message telling one subject's values of one slot, each from its own day ("Senior
    Buyer since 2021 ... from 1 March, Head of Procurement"; "in Leeds since 2019, moving to
    York next spring"): each holds until the next one begins. Values from one day ("I work
    at Acme and Globex") and one told as one more (``model/slots.adds_one``) end nothing."""
    for n, old in enumerate(new_facts):
        if not is_open(old) or old.valid_at is None or family_of(old.relation) is None:
            continue
        starts = [
            new.valid_at
            for new in new_facts
            if new.valid_at is not None
            and new.valid_at > old.valid_at
            and is_open(new)
            and new.source_id == old.source_id
            and new.target_id != old.target_id
            and same_slot(new.relation, new.fact, old.relation, old.fact)
            and not adds_one(new.fact)
        ]
        if starts:
            new_facts[n] = close_at(old, min(starts), now)
