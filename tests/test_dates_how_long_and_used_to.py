""" "In <a while>" after a past deed is how long it took, no day ahead
(``text/duration_resolvers._took``): "the agent fixed the boiler in two days" dates nothing, while
"I start in two weeks" and "he said he'd ring in two days" still look ahead; and what one
"used to" do is over (``text/past_states.told_as_over``). Sentences written for this test."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.text.dates import find_time_expressions
from chronomem.text.past_states import state_told_as_over, told_as_over

MONDAY = datetime(2026, 11, 2, 19, tzinfo=UTC)


@pytest.mark.parametrize(
    "text",
    [
        "the new agents fixed the boiler in two days",
        "our landlord is now Pennard Homes, they replaced the window in a week",
        "I finished the whole series in three weeks",
    ],
)
def test_how_long_a_past_deed_took_is_no_day(text: str) -> None:
    assert find_time_expressions(text, MONDAY) == []


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("I start at the depot in two weeks", "2026-11-16"),
        ("got the keys, we move in in a month", "2026-12-02"),
        ("he said he'd ring in two days", "2026-11-04"),
    ],
)
def test_a_while_ahead_is_still_a_day_ahead(text: str, day: str) -> None:
    assert [t.when.date().isoformat() for t in find_time_expressions(text, MONDAY)] == [day]


@pytest.mark.parametrize(
    ("clause", "over"),
    [
        ("he used to do security at the shopping centre", True),
        ("we used to live above the bakery", True),
        ("I'm used to the early shifts now", False),
        ("I got used to the commute", False),
        ("I work at the depot", False),
    ],
)
def test_what_one_used_to_do_is_over(clause: str, over: bool) -> None:
    assert told_as_over(clause) is over


@pytest.mark.parametrize(
    ("text", "value", "over"),
    [
        ("I'm a line cook at Pepe's on Dean Street - well, was. Sous chef now", "line cook", True),
        ("I'm a line cook at Pepe's on Dean Street - well, was. Sous chef now", "Pepe's", False),
        ("I'm a line cook at Pepe's, well, was meant to be", "line cook", False),
        ("I'm a line cook at Pepe's, well, it's a start", "line cook", False),
    ],
)
def test_a_state_taken_back_to_the_past_in_the_same_breath(
    text: str, value: str, over: bool
) -> None:
    at = text.index(value)
    assert state_told_as_over(text, (0, len(text)), (at, at + len(value))) is over


WEDNESDAY = datetime(2026, 3, 11, 19, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("the leaving do is the Friday after next", "2026-03-20"),
        ("Monday after next I start nights", "2026-03-23"),
        ("we got the keys three weeks ago Sunday", "2026-02-15"),
        ("a week ago on Friday I handed my notice in", "2026-02-27"),
    ],
)
def test_a_weekday_counted_in_weeks_from_now(text: str, day: str) -> None:
    assert [t.when.date().isoformat() for t in find_time_expressions(text, WEDNESDAY)] == [day]
