"""How long, and roughly when, as people say it (``text/date_rules.py``): a duration led by
"since" or "from" (English as a second language: "since ten years"), a duration with no
"for" after a perfect ("been in Leeds 4 years"), "since about March", and a day a thing
*is* on, which is ahead. Sentences written for this test."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.text.dates import find_time_expressions
from tests.rules_support import REF, run

# REF: Monday 15 January 2024, 14:00 UTC


def day(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


FOUND = [
    ("I am teacher here since eight years.", "since eight years", "2016-01-15", "since"),
    ("She is playing the violin from four months.", "from four months", "2023-09-15", "since"),
    ("been in leeds 4 years now", "4 years", "2020-01-15", "at"),
    ("We've had the allotment three years already.", "three years", "2021-01-15", "at"),
    ("He has sung in the choir since about October.", "since about October", "2023-10-01", "since"),
    ("My last day is 30 March, sadly.", "30 March", "2024-03-30", "end"),  # its state ends then
    ("The recital's on 9 March, at the hall.", "on 9 March", "2024-03-09", "at"),
    ("My last day was 30 November, sadly.", "30 November", "2023-11-30", "end"),
    ("off the statins since sept, doc's orders", "since sept", "2023-09-01", "since"),
    ("we got the allotment back in feb", "back in feb", "2023-02-01", "at"),
    # a span ahead of today, as "from now" is ("today" alone would take "from today")
    ("the christening is a fortnight from today", "a fortnight from today", "2024-01-29", "at"),
    ("Her exam is three days from today.", "three days from today", "2024-01-18", "at"),
]


@pytest.mark.parametrize(("text", "said", "when", "role"), FOUND)
def test_durations_and_days_are_read(text: str, said: str, when: str, role: str) -> None:
    [t] = find_time_expressions(text, REF)
    assert (t.text, t.when, t.role) == (said, day(when), role)


NO_DATE = [
    "I met Jan at the climbing wall.",  # a name, not January
    "Sep said the mar was rough.",
    "I was in Crete for two weeks.",  # a trip, over: no start of anything
    "The baby is four months old.",  # an age
    "Since two weeks later we left.",  # not a how-long
    "I run 5 days a week.",  # a habit's rate
]


@pytest.mark.parametrize("text", NO_DATE)
def test_a_duration_that_dates_nothing_stays_undated(text: str) -> None:
    assert find_time_expressions(text, REF) == []


def test_a_state_held_since_a_duration_starts_then() -> None:
    [fact] = [f for f in run("Goran: I am vegetarian since twelve years.").facts]
    assert (fact.relation, fact.valid_at) == ("FOLLOWS_DIET", day("2012-01-15"))


def test_an_ending_said_with_from_a_duration_ends_then() -> None:
    facts = run("Lejla: I stop the coffee completely from two weeks, only green tea now.").facts
    coffee = [f for f in facts if f.target.lower() == "coffee"]
    assert [(f.relation, f.valid_at, f.invalid_at) for f in coffee] == [
        ("HAS_HABIT", None, day("2024-01-01")),
        ("STOPPED", day("2024-01-01"), None),  # given up from then (``rules/stopped.py``)
    ]


def test_a_texted_duration_dates_the_state() -> None:
    """Chat's "yrs" is spelled out first (``chat_spelling.py``), then read as a duration."""
    facts = run("Nell: i've lived in leeds 4 yrs now").facts
    [fact] = [f for f in facts if f.relation == "LIVES_IN"]
    assert fact.valid_at == day("2020-01-15")
