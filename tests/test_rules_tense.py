"""Dates said without a year or month are read in the tense of their own clause
(extractors/rules/analysis/tense.py), and a clause with no tense takes the nearest occurrence."""

from __future__ import annotations

from datetime import date

import pytest

from chronomem.text.dates import find_time_expressions
from chronomem.text.past_states import told_as_over
from chronomem.text.tense import clause_tense
from tests.helpers import t

JAN_10 = t("2024-01-10T12:00")


@pytest.mark.parametrize(
    ("text", "days"),
    [
        # no tense in the clause: the nearest occurrence
        ("I'm running the Tokyo half marathon on March 10", [date(2024, 3, 10)]),
        ("we're moving to Austin on May 15, lease signed!", [date(2024, 5, 15)]),
        ("so my exam is the 22nd, wish me luck", [date(2024, 1, 22)]),
        # a verb whose object is an event still to come
        ("I signed up for the Boston Marathon in April!", [date(2024, 4, 1)]),
        ("airline pushed our flight to March 10. annoying", [date(2024, 3, 10)]),
        ("ugh, venue problems, moving the party to 2 January", [date(2025, 1, 2)]),
        # past-tense clauses, each date with its own verb
        (
            "I left my job in the spring, took the summer off, and then moved to Denver in August",
            [date(2023, 3, 1), date(2023, 8, 1)],
        ),
        ("my last day at the firm was March 31st", [date(2023, 3, 31)]),
        ("quit coffee in December, feeling great", [date(2023, 12, 1)]),
        ("it happened on the 3rd", [date(2024, 1, 3)]),
        # "last" of a final day is no past tense; "back in" looks back
        ("my last day is the 15th, then I'm free", [date(2024, 1, 15)]),
        ("my last day was the 31st", [date(2023, 12, 31)]),
        ("back in June I was vegan", [date(2023, 6, 1)]),
        ("we met back in november", [date(2023, 11, 1)]),
        # round 26: an irregular participle after "have" is a past tense too
        ("I have only just taken up the post, in March", [date(2023, 3, 1)]),
        ("she's given up meat on the 20th", [date(2023, 12, 20)]),
        # round 27: "since" as a cause tells nothing in hindsight; "since" of a time does
        ("Since you're training for the marathon on 26 October, eat pasta", [date(2024, 10, 26)]),
        ("since you have a dentist appointment on the 3rd, rest up", [date(2024, 2, 3)]),
        ("since I moved to Leeds on 3 May it's been grey", [date(2023, 5, 3)]),
    ],
)
def test_dates_follow_their_clause(text: str, days: list[date]) -> None:
    assert [x.when.date() for x in find_time_expressions(text, JAN_10)] == days


def test_ordinals_that_are_not_days_are_left_alone() -> None:
    for text in ("she came in 2nd place", "my 3rd time there", "on the 5th floor"):
        assert find_time_expressions(text, JAN_10) == []


def test_adjectives_in_ed_are_not_a_past_tense() -> None:
    text = "I'm so excited for the concert on the 20th"
    start = text.index("on the")
    assert clause_tense(text, start, len(text)) is None


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("I retired at the end of last year", date(2023, 12, 31)),
        ("we move at the beginning of next month", date(2024, 2, 1)),
        ("it's due by the end of this week", date(2024, 1, 14)),
    ],
)
def test_parts_of_a_year_month_or_week(text: str, day: date) -> None:
    assert [x.when.date() for x in find_time_expressions(text, JAN_10)] == [day]


def test_an_hour_without_am_or_pm_from_one_to_six_is_the_afternoon() -> None:
    (dentist,) = find_time_expressions("dentist on the 20th at 3", JAN_10)
    assert (dentist.when.hour, dentist.when.minute) == (15, 0)
    (early,) = find_time_expressions("flight on the 20th at 3am", JAN_10)
    assert early.when.hour == 3
    (breakfast,) = find_time_expressions("breakfast on the 20th at 8", JAN_10)
    assert breakfast.when.hour == 8


def test_a_simple_past_had_after_a_past_time_is_over() -> None:
    """Round 41: "Since Juhannus I live in Kerimaki. Before that I had a flat in Savonlinna"
    made Savonlinna the home from the day said."""
    assert told_as_over("Before that I had a flat in Savonlinna centre")
    assert told_as_over("Back in 2019 I had a Honda Civic")
    assert not told_as_over("I had a flat in Leeds")
    assert not told_as_over("Before that I had to move out")
