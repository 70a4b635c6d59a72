"""The facts a story leaves standing about a person, on the default path (real embedder).

A fact stands when it holds, or when it ended and was not retracted: what a user reads off a
person's timeline. Shared by the rule tests that tell a short story and read the timeline.
"""

from __future__ import annotations

from datetime import date, datetime

from chronomem import Memory
from chronomem.model import Fact
from tests.real_embedder import real_embedder, target_name, told_memory

Seen = tuple[str, str, date | None, date | None]  # relation, target, valid_at, invalid_at


def standing_facts(story: list[tuple[str, str]], who: str) -> list[Seen]:
    """Each standing fact whose source is ``who`` after ``story`` is told, sorted."""
    with told_memory(real_embedder(), story) as memory:
        return sorted(_seen(memory, f) for f in _standing(memory, who))


def _standing(memory: Memory, who: str) -> list[Fact]:
    timeline = memory.get_timeline(who, group_id="g")
    return [
        f
        for f in timeline.facts
        if f.source_id == timeline.entity.id and (f.expired_at is None or f.invalid_at)
    ]


def _seen(memory: Memory, f: Fact) -> Seen:
    return (f.relation, target_name(memory, f), _day(f.valid_at), _day(f.invalid_at))


def _day(at: datetime | None) -> date | None:
    return at.date() if at else None


def open_targets(facts: list[Seen]) -> set[str]:
    """The targets (lower case) of the facts that still hold."""
    return {target.lower() for _, target, _, end in facts if end is None}


def end_days(facts: list[Seen], name: str) -> list[date | None]:
    """The days the facts whose target contains ``name`` ended (those that did)."""
    return [end for _, target, _, end in facts if name.lower() in target.lower() and end]
