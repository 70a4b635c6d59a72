"""Dates a chat gives without the grammar a rule expects, and a value told as one more.

* A duration the speaker says is still running ("off sugar for two weeks now", "sober for
  a year and counting") dates the state's start, though the chat dropped the perfect; one
  told in the past or ahead, or denied, dates nothing.
* A value told as one more beside a one-value relation's held value ("also picked up
  shifts at a pub", "a second job") ends nothing; one whose words say a change still does.

Sentences written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.model.slots import adds_one, ended_by
from chronomem.text.dates import find_time_expressions
from tests.helpers import t
from tests.real_embedder import (
    current_names,
    facts_about,
    real_embedder,
    timeline_days,
    told_memory,
)
from tests.rules_support import misread

SAID = datetime(2025, 6, 2, 10, 0, tzinfo=UTC)


def _starts(text: str) -> list[tuple[str, str]]:
    return [(x.when.date().isoformat(), x.role) for x in find_time_expressions(text, SAID)]


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("off caffeine for two weeks now, the headaches are awful", "2025-05-19"),
        ("sober for a year and counting", "2024-06-02"),
        ("in Galway for six months so far and I love it", "2024-12-02"),
        ("plant based for half a year now", "2024-12-02"),
    ],
)
def test_a_duration_still_running_dates_its_start(text: str, start: str) -> None:
    assert _starts(text) == [(start, "since")]


@pytest.mark.parametrize(
    "text",
    [
        "I was in Lisbon for two weeks now that I think of it",
        "we'll be in Oslo for three days now",
        "not drinking for a month now",  # a denial: the habit's end, read by the habit rules
        "my nephew is 6 years now",  # no "for": an age, not a start
        "I'm in Rome for a week",  # nothing says it is running
    ],
)
def test_a_duration_not_said_to_be_running_dates_nothing(text: str) -> None:
    assert _starts(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Lena also works weekend shifts at the Red Lion",
        "Lena has a second job at a bakery",
        "Lena picked up a side gig at the bookshop",
        "Lena has a flat in Whitby as well",
    ],
)
def test_a_value_told_as_one_more_ends_nothing(text: str) -> None:
    assert adds_one(text)
    assert ended_by("WORKS_AT", text, [("WORKS_AT", "Lena works at Korra Labs")]) == []


@pytest.mark.parametrize(
    "text",
    [
        "Lena also moved to Leeds",
        "Lena switched to the Red Lion too",
        "Lena works at Pell",
        "Lena found another job at Pell",  # the next job, not a second one
    ],
)
def test_a_value_whose_words_say_a_change_still_ends_the_held_one(text: str) -> None:
    assert ended_by("WORKS_AT", text, [("WORKS_AT", "Lena works at Korra Labs")]) == [0]


@pytest.mark.local_model
@misread("round-20 (picked up weekend shifts at the Red Lion pub: no job)")
def test_a_second_job_keeps_the_first() -> None:
    story = [
        ("2025-03-02T10:00", "Lena: I work at Korra Labs"),
        ("2025-03-20T10:00", "Lena: also picked up weekend shifts at the Red Lion pub"),
    ]
    with told_memory(real_embedder(), story) as memory:
        jobs = facts_about(memory, "Lena", "WORKS_AT")
        assert {"Korra Labs", "Red Lion"} <= current_names(memory, jobs)


@pytest.mark.local_model
def test_a_new_employer_still_ends_the_old_one() -> None:
    story = [
        ("2025-03-02T10:00", "Lena: I work at Korra Labs"),
        ("2025-03-20T10:00", "Lena: started at Pellam Foods this week, new chapter"),
    ]
    with told_memory(real_embedder(), story) as memory:
        jobs = facts_about(memory, "Lena", "WORKS_AT")
        assert current_names(memory, jobs) == {"Pellam Foods"}
        (korra,) = [f for f in jobs if f.invalid_at is not None]
        assert korra.invalid_at is not None and korra.invalid_at <= t("2025-03-20T10:00")


@pytest.mark.local_model
@pytest.mark.parametrize("text", ["we bought a flat in Bath! moving in on the 20th",
                                  "got a flat in Bath, I move in on the 20th"])  # fmt: skip
def test_a_home_starts_on_the_moving_in_day_told_after_it(text: str) -> None:
    story = [("2025-08-02T10:00", "Nora: I live in Bristol"), ("2025-09-02T10:00", f"Nora: {text}")]
    homes = timeline_days(story, "Nora", "LIVES_IN")
    assert ("Bath", "2025-09-20..None") in homes
    assert ("Bristol", "2025-08-02..2025-09-20") in homes


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("text", "relation", "target", "start"),
    [
        ("I work at Pell. Been there since 2021, time flies", "WORKS_AT", "Pell", "2021-01-01"),
        ("we live in Leeds. been here 6 years now", "LIVES_IN", "Leeds", "2019-09-02"),
        ("we have a cat, Mochi. had her since 2018", "HAS_PET", "Mochi", "2018-01-01"),
    ],
)
def test_a_sentence_saying_how_long_dates_the_state_told_before_it(
    text: str, relation: str, target: str, start: str
) -> None:
    story = [("2025-09-02T10:00", f"Nora: {text}")]
    assert timeline_days(story, "Nora", relation) == [(target, f"{start}..None")]


@pytest.mark.local_model
def test_a_sentence_with_news_of_its_own_dates_only_that() -> None:
    story = [("2025-09-02T10:00", "Nora: I work at Pell. Been to Paris since then")]
    assert timeline_days(story, "Nora", "WORKS_AT") == [("Pell", "2025-09-02..None")]


@pytest.mark.local_model
@pytest.mark.parametrize("last", ["Last day is 30 November.", "my last day is 30 November"])
def test_a_notice_ends_the_job_on_the_last_day_told_after_it(last: str) -> None:
    story = [
        ("2025-08-02T10:00", "Nora: I work at Pell"),
        ("2025-10-12T10:00", f"Nora: Handed in my notice at Pell. {last}"),
    ]
    assert timeline_days(story, "Nora", "WORKS_AT") == [("Pell", "2025-08-02..2025-11-30")]


@pytest.mark.local_model
def test_a_notice_at_a_job_never_told_ends_it_on_the_last_shift() -> None:
    """Round 29: the job a notice names was held until the last shift the message tells,
    though no earlier turn told it."""
    story = [("2025-12-02T09:00", "Nora: Big news, I handed in my notice at St Brennan's. "
              "Last night shift is on the 30th.")]  # fmt: skip
    assert timeline_days(story, "Nora", "WORKS_AT") == [("St Brennan's", "None..2025-12-30")]


@pytest.mark.local_model
def test_a_second_diet_told_with_also_keeps_the_first() -> None:
    story = [
        ("2025-03-02T10:00", "Lena: I'm vegetarian"),
        ("2025-06-02T10:00", "Lena: I'm also gluten free now"),
    ]
    diets = timeline_days(story, "Lena", "FOLLOWS_DIET")
    assert diets == [("gluten free", "2025-06-02..None"), ("vegetarian", "2025-03-02..None")]


@pytest.mark.local_model
def test_a_habit_given_up_weeks_ago_ends_then_not_when_told() -> None:
    story = [
        ("2025-03-02T10:00", "Lena: I drink a lot of coffee"),
        ("2025-06-02T10:00", "Lena: off caffeine for two weeks now, headaches are brutal"),
    ]
    with told_memory(real_embedder(), story) as memory:
        (coffee,) = [f for f in facts_about(memory, "Lena", "HAS_HABIT") if f.valid_at]
        assert coffee.invalid_at == t("2025-05-19T00:00")
