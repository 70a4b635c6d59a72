"""The same conversation gives the same search ranking, whatever ids the memory drew.

Ids are random; a result list that broke ties between equal scores by id (a vector matrix
or a walk frontier read in id order, mentions read in key order) ranked the same text
differently from one run to the next. Two memories fed the same turns, one drawing ids in
ascending order and one in descending order, must rank alike: same facts, same scores.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import count

from chronomem.clock import IdFactory
from chronomem.testing import ManualClock
from tests.conftest import MemoryFactory

_TURNS = (
    "Bea: I'm Sister Bea, 79, home from the mission in Peru these ten years.",
    "Bea: The hospital has given me a date for my hip replacement: Tuesday 8 April.",
    "Bea: Orthopaedic Admissions, St Vincent's. Orthopaedic Admissions, St Vincent's.",
    "Bea: My surgery has been postponed. My new date is Monday 12 May.",
    "Bea: Please attend the pre-operative clinic on 28 April.",
)


def _ids(descending: bool) -> IdFactory:
    numbers = count(10**6, -1) if descending else count(1)
    return lambda: f"{next(numbers):08d}"


def _ranking(make_memory: MemoryFactory, clock: ManualClock, descending: bool) -> list[object]:
    memory = make_memory(ids=_ids(descending))
    said = datetime(2025, 2, 11, 9, tzinfo=UTC)
    for i, turn in enumerate(_TURNS):
        clock.set(said + timedelta(days=i))
        memory.add_episode(turn, group_id="g", reference_time=said + timedelta(days=i))
    found = memory.search("When is Sister Bea's hip operation?", group_id="g", limit=8)
    return [(f.relation, f.fact, round(found.scores[f.id], 12)) for f in found.facts]


def test_ids_drawn_in_another_order_give_the_same_ranking(
    make_memory: MemoryFactory, clock: ManualClock
) -> None:
    ascending = _ranking(make_memory, clock, descending=False)
    descending = _ranking(make_memory, clock, descending=True)
    assert len(ascending) >= 4
    assert ascending == descending
