"""What the memory does with what was read: a replacement learned before the turn it
replaces keeps holding, and a date that points back at an earlier one of the same message
("that same week", "the following year", "three months later") dates its own clause.

Stories through ``Memory`` with the real local model; the sentences were written for these
tests."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

import pytest

from chronomem import Memory
from chronomem.testing import ManualClock
from chronomem.text.dates import find_time_expressions
from tests.helpers import t
from tests.real_embedder import current_names, real_embedder


def _told(turns: Sequence[tuple[str, str]], order: Sequence[int]) -> Memory:
    """A memory told ``turns`` (instant, "Speaker: text"), learned in ``order`` (the clock
    never goes back: a turn learned late is learned a minute after the one before)."""
    clock = ManualClock(t(turns[order[0]][0]))
    memory = Memory(embedder=real_embedder(), clock=clock)
    for i in order:
        when, text = turns[i]
        clock.set(max(clock.now() + timedelta(minutes=1), t(when)))
        memory.add_episode(text, group_id="g", reference_time=t(when))
    return memory


def _held(memory: Memory, subject: str, at: datetime | None = None) -> str:
    """Every fact about ``subject`` holding at ``at`` (now when none), as one text."""
    facts = memory.get_timeline(subject, group_id="g").facts
    when = at or memory.clock.now()
    return " | ".join(  # lower case: a fact quotes the name as it was typed
        f.fact.lower()
        for f in facts
        if (f.expired_at is None or f.invalid_at is not None)  # not retracted
        and (f.valid_at is None or f.valid_at <= when)
        and (f.invalid_at is None or f.invalid_at > when)
    )


JOB_CHANGE = (
    ("2022-09-12T08:00", "Ines: starting at Brightwave on monday, wish me luck"),
    ("2024-06-03T18:00", "Ines: left brightwave for a job at Lumora, same hours, kinder boss"),
)


@pytest.mark.local_model
@pytest.mark.parametrize("order", [[0, 1], [1, 0]])
def test_a_new_employer_named_with_the_old_one_holds_in_either_order(order: list[int]) -> None:
    with _told(JOB_CHANGE, order) as memory:
        assert "lumora" in _held(memory, "Ines"), order
        assert "brightwave" in _held(memory, "Ines", t("2023-06-01")), order
        jobs = [f for f in memory.get_timeline("Ines", group_id="g").facts
                if f.relation == "WORKS_AT"]  # fmt: skip
        assert current_names(memory, jobs) == {"Lumora"}, order


@pytest.mark.local_model
def test_a_sale_dated_by_that_same_month_ends_the_car_then() -> None:
    turns = (
        ("2025-10-06T09:00", "Bruno: I take my Skoda Octavia to work every day"),
        ("2026-04-20T19:00", "Bruno: we moved closer to town in February and I sold the Skoda "
         "that same month, I cycle now"),
    )  # fmt: skip
    with _told(turns, [0, 1]) as memory:
        assert "skoda" not in _held(memory, "Bruno", t("2026-03-15"))
        assert "skoda" in _held(memory, "Bruno", t("2026-01-15"))


@pytest.mark.parametrize(
    ("text", "pointer", "day"),
    [
        ("we got engaged in June 2020 and married two years later", "two years later",
         "2022-06-01"),
        ("started at the bakery in 2019, the following year I took over the shop",
         "the following year", "2020-01-01"),
        ("the flight was on 12 March and I got sick the next day", "the next day",
         "2026-03-13"),
        ("I broke my ankle in October, had the cast off later that month", "later that month",
         "2025-10-01"),
    ],
)  # fmt: skip
def test_a_date_pointing_back_counts_from_the_date_before_it(
    text: str, pointer: str, day: str
) -> None:
    found = find_time_expressions(text, t("2026-04-01T12:00"))
    assert {e.text: e.when.date().isoformat() for e in found}.get(pointer) == day


@pytest.mark.parametrize(
    "text",
    [
        "the next day was a blur, honestly",  # nothing before it to count from
        "I'll call you next week",  # the reference day's week: no pointer
        "two years later and I still think about it",
    ],
)
def test_a_pointer_with_nothing_before_it_gives_no_date(text: str) -> None:
    found = find_time_expressions(text, t("2026-04-01T12:00"))
    assert all(e.text not in ("the next day", "two years later") for e in found)


@pytest.mark.parametrize(
    ("text", "expression", "day"),
    [
        ("we left Lisbon a year and a half ago", "a year and a half ago", "2024-10-01"),
        ("I've had my bike for half a year", "for half a year", "2025-10-01"),
        ("she started there two and a half years ago", "two and a half years ago", "2023-10-01"),
        ("the gym closed couple months back", "couple months back", "2026-02-01"),
        ("we got the keys last christmas", "last christmas", "2025-12-25"),
        ("we hope to move in next christmas", "next christmas", "2026-12-25"),
    ],
)  # fmt: skip
def test_halves_bare_couples_and_picked_holidays_are_dated(
    text: str, expression: str, day: str
) -> None:
    found = find_time_expressions(text, t("2026-04-01T12:00"))
    assert {e.text: e.when.date().isoformat() for e in found}.get(expression) == day


def test_a_half_hour_keeps_its_time_of_day() -> None:
    (found,) = find_time_expressions("the parcel came half an hour ago", t("2026-04-01T12:00"))
    assert found.when == t("2026-04-01T11:30")


@pytest.mark.local_model
def test_a_home_held_for_a_year_and_a_half_is_held_from_then() -> None:
    turns = (("2026-04-01T10:00", "Wren: I've lived in Tromsø for a year and a half now"),)
    with _told(turns, [0]) as memory:
        assert "tromsø" in _held(memory, "Wren", t("2025-03-01"))
        assert "tromsø" not in _held(memory, "Wren", t("2024-08-01"))


@pytest.mark.local_model
def test_a_relative_named_later_is_the_person_told_of_by_role() -> None:
    turns = (
        ("2025-02-03T09:00", "Odile: my dad lives in Rouen, he gardens all day"),
        ("2025-06-12T18:00", "Odile: my dad Bernard has moved to Lyon to be near his brother"),
    )
    with _told(turns, [0, 1]) as memory:
        now = _held(memory, "Bernard")
        assert "lyon" in now and "rouen" not in now
        assert "rouen" in _held(memory, "Bernard", t("2025-04-01"))
        answer = memory.search("Where does Bernard live?", group_id="g")
        assert "Lyon" in answer.facts[0].fact


def test_only_a_tie_between_two_named_people_gives_a_role_name() -> None:
    from chronomem.engine.relatives import role_names
    from chronomem.model import ExtractedEntity, ExtractedFact, Extraction

    people = (ExtractedEntity("Odile", ("Person",)), ExtractedEntity("Bernard", ("Person",)))
    tie = ExtractedFact("Odile", "Bernard", "FAMILY_OF", "Bernard is Odile's dad")
    place = ExtractedEntity("Nice", ("Location",))
    home = ExtractedFact("Bernard", "Nice", "LIVES_IN", "Bernard is Odile's dad in Nice")
    assert role_names(Extraction((*people, place), (tie, home))) == {"Bernard": "Odile's dad"}
    ended = ExtractedFact(
        "Odile", "Bernard", "FAMILY_OF", "Bernard is Odile's dad", invalid_at=t("2025-01-01")
    )
    assert role_names(Extraction(people, (ended,))) == {}


@pytest.mark.local_model
def test_a_new_job_starting_on_a_day_to_come_starts_then() -> None:
    turns = (("2025-09-22T12:00", "Anouk: new job at Quayline starting the 1st!!"),)
    with _told(turns, [0]) as memory:
        assert "quayline" not in _held(memory, "Anouk", t("2025-09-28"))
        assert "quayline" in _held(memory, "Anouk", t("2025-10-03"))


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("got a new contract starting on the 3rd", "2025-10-03"),
        ("I started on the 3rd", "2025-09-03"),  # a past start stays behind
    ],
)
def test_the_day_right_after_a_start_looks_ahead_unless_the_start_is_past(
    text: str, day: str
) -> None:
    (found,) = find_time_expressions(text, t("2025-09-22T12:00"))
    assert found.when.date().isoformat() == day
