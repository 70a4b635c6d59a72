"""Days told in numbers, and which of two told days a fact keeps.

* "14/04", "4/14", "01/09", "30/11/2026", "15.09", "on 21st", "September first": days as
  people in many countries type them; a number over 12 settles which is the day, else the
  reading nearer the day it was said wins; fractions and scores are no days.
* "today" names only the day a message is said: a last day or a first day told with it is
  the date the fact keeps.
* A day the sentence tells is when, not what: the learned reader's value is never a date.

Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.text.dates import find_time_expressions
from tests.real_embedder import real_embedder, target_name, timeline_days, told_memory
from tests.rules_support import misread

SAID = datetime(2026, 8, 12, 10, 0, tzinfo=UTC)


def _days(text: str) -> list[tuple[str, str]]:
    return [(x.when.date().isoformat(), x.role) for x in find_time_expressions(text, SAID)]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("we're moving to York on 14/09", "2026-09-14"),  # the 14th: day first
        ("I start on 9/14, so excited", "2026-09-14"),  # the 14th: month first
        ("starting 1/9 I'm at the new place", "2026-09-01"),  # 1 Sept is near, 9 Jan is not
        ("the lease runs from 01/09", "2026-09-01"),
        ("since 3/8 i've been off sugar", "2026-08-03"),  # 3 Aug, not 8 March
        ("move in date is 15.09", "2026-09-15"),  # dots: day first
        ("we get the keys on 21st", "2026-08-21"),
        ("starting September first at the clinic", "2026-09-01"),
    ],
)
def test_a_day_in_numbers_is_read_either_way_round(text: str, day: str) -> None:
    assert [d for d, _ in _days(text)] == [day]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("moved in on 14/04/2025", "2025-04-14"),
        ("contract signed 4/14/2025", "2025-04-14"),
        ("born 1.10.1990 in Riga", "1990-10-01"),
        ("visa expires 2/3/2027", "2027-02-03"),  # both could be months: month first, as before
    ],
)
def test_a_day_with_its_year_in_numbers(text: str, day: str) -> None:
    assert [d for d, _ in _days(text)] == [day]


def test_a_last_day_in_numbers_ends_what_its_clause_holds() -> None:
    assert _days("my last day is 30/11") == [("2026-11-30", "end")]


@pytest.mark.parametrize(
    "text",
    [
        "it's a 24/7 job honestly",
        "I'd give it 3/5",
        "the score is 2/1 to us",
        "add 1/2 cup of milk",
        "we're about 2/3 of the way there",
        "from 1/2 the price it was",
        "took 2.5 mg from 10.15 onwards",
        "my flat is on 3rd floor",
    ],
)
def test_fractions_scores_and_floors_are_no_days(text: str) -> None:
    assert _days(text) == []


@pytest.mark.local_model
@pytest.mark.parametrize(
    "text",
    [
        "quit pell today!! last day is friday the 23rd",
        "Handed in my notice at Pell today. My final day will be 23/10.",
    ],
)
def test_a_last_day_told_with_today_ends_the_job_on_the_last_day(text: str) -> None:
    story = [("2026-08-01T10:00", "Mira: I work at Pell"), ("2026-10-12T10:00", f"Mira: {text}")]
    assert timeline_days(story, "Mira", "WORKS_AT") == [("Pell", "2026-08-01..2026-10-23")]


@pytest.mark.local_model
def test_a_job_starts_on_a_day_told_in_numbers_and_the_day_is_no_value() -> None:
    story = [
        ("2026-08-01T10:00", "Mira: I work at Pell"),
        ("2026-08-12T10:00", "Mira: got the job at Korra!! I start on 1/9"),
    ]
    assert timeline_days(story, "Mira", "WORKS_AT") == [
        ("Korra", "2026-09-01..None"),
        ("Pell", "2026-08-01..2026-09-01"),
    ]
    with told_memory(real_embedder(), story) as memory:
        values = [target_name(memory, f) for f in memory.store.list_facts("g")]
        assert not any("1/9" in value for value in values)


@pytest.mark.local_model
def test_a_home_starts_on_the_moving_in_day_told_after_a_comma() -> None:
    story = [
        ("2026-08-01T10:00", "Mira: I live in Leeds"),
        ("2026-08-12T10:00", "Mira: we bought a flat in Bath, moving in on the 21st"),
    ]
    homes = timeline_days(story, "Mira", "LIVES_IN")
    assert ("Bath", "2026-08-21..None") in homes
    assert ("Leeds", "2026-08-01..2026-08-21") in homes


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("text", "relation", "spell"),
    [
        ("Tomas and I got together in 2019 and split up last March", "DATING",
         "2019-01-01..2026-03-01"),
        ("me and tomas got married in 2015, and divorced in 2022", "MARRIED_TO",
         "2015-01-01..2022-01-01"),
    ],
)  # fmt: skip
def test_a_pair_told_with_two_predicates_keeps_each_date(
    text: str, relation: str, spell: str
) -> None:
    story = [("2026-08-12T10:00", f"Mira: {text}")]
    assert timeline_days(story, "Mira", relation) == [("Tomas", spell)]


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("I have asthma and eczema", {"asthma", "eczema"}),
        ("ugh got the flu, a cough and a fever this week", {"flu", "cough", "fever"}),
    ],
)
def test_each_condition_of_a_list_is_its_own_fact(text: str, values: set[str]) -> None:
    story = [("2026-03-01T10:00", f"Mira: {text}")]
    assert {name for name, _ in timeline_days(story, "Mira", "HAS_CONDITION")} == values


@pytest.mark.local_model
def test_one_condition_of_a_list_ends_alone() -> None:
    story = [
        ("2026-03-01T10:00", "Mira: I have asthma and eczema"),
        ("2026-05-10T10:00", "Mira: my eczema is finally gone!!"),
    ]
    assert timeline_days(story, "Mira", "HAS_CONDITION") == [
        ("asthma", "2026-03-01..None"),
        ("eczema", "2026-03-01..2026-05-10"),
    ]


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("text", "spell"),
    [
        ("home in Quito again after three years in Lima, so strange", "2023-08-12..2026-08-12"),
        ("after 18 months living in Lima we moved back to Quito", "2025-02-12..2026-08-12"),
        # "it" is no one: the stay is still the speaker's
        ("it's so good to be home after two years in Lima", "2024-08-12..2026-08-12"),
    ],
)
def test_a_past_home_told_by_its_length_is_dated_by_it(text: str, spell: str) -> None:
    story = [("2026-08-12T10:00", f"Mira: {text}")]
    assert ("Lima", spell) in timeline_days(story, "Mira", "LIVES_IN")


@pytest.mark.local_model
def test_a_short_stay_is_no_home() -> None:
    story = [("2026-08-12T10:00", "Mira: after two weeks in Lima we fly home tomorrow")]
    assert "Lima" not in {name for name, _ in timeline_days(story, "Mira", "LIVES_IN")}


@pytest.mark.local_model
@pytest.mark.parametrize(
    "text",
    [
        "my cousin just got back after four years in Lima",
        pytest.param(
            "after four years in Lima, my cousin is home for good",
            marks=misread("round-20 (the cousin's stay read as the speaker's home)"),
        ),
        "she's back after four years in Lima!",
        "Ollie came home after four years in Lima",
    ],
)
def test_someone_elses_stay_is_not_the_speakers_home(text: str) -> None:
    story = [("2026-08-12T10:00", f"Mira: {text}")]
    assert "Lima" not in {name for name, _ in timeline_days(story, "Mira", "LIVES_IN")}
