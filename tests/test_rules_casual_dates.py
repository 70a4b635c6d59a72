"""Dates as chat writes them: "march" and "may" in lower case, "the 2nd of this month".

Written for these tests (own names and verbs), not from any benchmark.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.text.dates import find_time_expressions
from tests.rules_support import run

REF = datetime(2024, 1, 15, 14, 0, tzinfo=UTC)  # Monday 15 January 2024


def _days(text: str) -> list[str]:
    return [t.when.date().isoformat() for t in find_time_expressions(text, REF)]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("we sold the van back in march", "2023-03-01"),
        ("I gave notice in may and left", "2023-05-01"),
        ("she's been sober since march", "2023-03-01"),
        ("we wrapped it up in late may", "2023-05-20"),
        ("the lease ran out in march 2022", "2022-03-01"),
        ("the kitten arrived on the 9th of march", "2023-03-09"),
        ("our dog passed on the 3rd of this month", "2024-01-03"),
        ("I started on the 28th of last month", "2023-12-28"),
        ("the closing is on the 4th of next month", "2024-02-04"),
    ],
)
def test_a_casual_date_resolves(text: str, day: str) -> None:
    assert _days(text) == [day]


@pytest.mark.parametrize(
    "text",
    [
        "it may rain later",
        "this may be the best pizza in town",
        "what we did in may be worth redoing",
        "the march downtown was huge",
        "I may go, I may not",
    ],
)
def test_a_modal_or_a_noun_is_no_date(text: str) -> None:
    assert _days(text) == []


def test_an_ending_said_with_a_lower_case_month_is_dated_then() -> None:
    out = run("Noor: I work at Halden Foods", "Noor: I quit halden foods in march, finally")
    ended = [f for f in out.facts if f.relation == "WORKS_AT" and f.valid_at is None]
    assert ended and ended[0].invalid_at == datetime(2023, 3, 1, tzinfo=UTC)


def test_a_loss_on_a_day_of_this_month_is_dated_that_day() -> None:
    out = run("Noor: my hamster Biscuit is so cute", "Noor: biscuit died on the 6th of this month")
    ends = [f.invalid_at for f in out.facts if f.invalid_at is not None]
    assert ends and all(e == datetime(2024, 1, 6, tzinfo=UTC) for e in ends)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("we adopted Mochi the year before last", "2022-01-01"),
        ("the week before last I started at Fennel", "2024-01-01"),
        ("opened the shop the month before last", "2023-11-01"),
    ],
)
def test_before_last_resolves(text: str, day: str) -> None:
    assert _days(text) == [day]


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("the hearing got postponed until the 26th", "at"),  # the new day of a plan
        ("they pushed it back till Friday", "at"),
        ("I lived in Derry until the 12th", "until"),  # an end
        ("I was at Fennel till March 2023", "until"),
    ],
)
def test_until_after_a_reschedule_is_the_new_day(text: str, role: str) -> None:
    assert [t.role for t in find_time_expressions(text, REF)] == [role]


# -- short month names in any case, ends of months, weeks counted from a day -----------------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("my sister's graduation is in dec", "2024-12-01"),
        ("lease renewal due feb 12th", "2024-02-12"),
        ("we signed on SEPT 3rd 2023", "2023-09-03"),
        ("the roof gets fixed by the end of the month", "2024-01-31"),
        ("contract runs to the end of june", "2024-06-30"),
        ("we'll be settled by the start of oct", "2024-10-01"),
        ("the movers come the week after next", "2024-01-29"),
        ("camping the weekend after next", "2024-02-03"),
        ("her recital is Thursday week", "2024-01-25"),
        ("a fortnight on Saturday we fly", "2024-02-03"),
        ("my bloods are on wed", "2024-01-17"),
        ("haircut wed 3pm at Kutz", "2024-01-17"),
        ("dentist sat morning, ugh", "2024-01-20"),
    ],
)
def test_another_way_of_stating_a_date_resolves(text: str, day: str) -> None:
    assert _days(text) == [day]


@pytest.mark.parametrize(
    "text",
    [
        "we sat by the fire all evening",
        "sun was out so we walked",
        "jan from accounts says hi",
        "the sept line at the station",  # no day, no preposition: no month named
        "fri-yay mood honestly",
        "we sat 3 hours in traffic",
        "by the end of the day I was done",
    ],
)
def test_a_short_word_that_names_no_day_is_no_date(text: str) -> None:
    assert _days(text) == []


def test_ever_since_starts_at_the_day_told_before_it() -> None:
    text = "moved out of Coventry back in 2019, been renting in Nottingham ever since"
    found = [(t.text, t.when.date().isoformat(), t.role) for t in find_time_expressions(text, REF)]
    assert found[-1] == ("ever since", "2019-01-01", "since")
    assert [t.text for t in find_time_expressions("ever since I was a kid", REF)] == []


@pytest.mark.parametrize(
    ("text", "day"),
    [
        # the weekday named picks the month: 3 January 2024 was a Wednesday
        ("the removal van comes on Saturday the 3rd", "2024-02-03"),
        ("the party is Wednesday the 31st", "2024-01-31"),
        # ... and the year: 9 March 2024 is a Saturday
        ("Thursday, March 9th was the last time", "2023-03-09"),
    ],
)
def test_a_weekday_with_its_day_picks_where_the_two_agree(text: str, day: str) -> None:
    assert _days(text) == [day]


def test_until_a_day_with_no_tense_looks_ahead() -> None:
    assert _days("the guests stay until the 12th") == ["2024-02-12"]
    assert _days("I was off sick until the 12th") == ["2024-01-12"]
