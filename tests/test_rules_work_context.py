"""A job told by the working day at a place: "night shift at X", "work at X", "lunch break at X".

People rarely say "I work at X" twice; they say "double shift at Kroger again" or "work at
Ubisoft has been brutal". That is the speaker's job (the possessor's, for "my"/"her");
an evening out "after work at Joe's Bar", a time ("go to work at 9") or a school year is not.
Written for these tests, not from any benchmark.
"""

from __future__ import annotations

import pytest

from tests.rules_support import found, run


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("Jo: double shift at Kroger again, my feet hate me", "Kroger"),
        ("Jo: work at Ubisoft has been brutal this month", "Ubisoft"),
        ("Jo: lunch break at Vodafone, the canteen is closed", "Vodafone"),
        ("Jo: my night shift at Tesco starts soon", "Tesco"),
    ],
)
def test_the_working_day_at_a_place_is_a_job(text: str, employer: str) -> None:
    assert ("Jo", "WORKS_AT", employer, False) in found(run(text))


@pytest.mark.parametrize(
    "text",
    [
        "Jo: we met up after work at Joe's Bar",
        "Jo: I go to work at 9",
        "Jo: 3rd year at Harvard, so tired",
        "Jo: a shift at the food bank on Sunday",
    ],
)
def test_no_job_from_an_evening_out_a_time_or_a_school(text: str) -> None:
    assert not any(f[1] == "WORKS_AT" for f in found(run(text)))


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        ("Jo: I was at Siemens until last summer, now I'm at Bosch", "Siemens", "Bosch"),
        ("Jo: lived in Leeds until March, now I live in York", "Leeds", "York"),
        ("Jo: was with Vodafone until 2022. these days I'm at Ocado", "Vodafone", "Ocado"),
    ],
)
def test_an_until_before_a_turn_to_now_is_the_old_states(text: str, old: str, new: str) -> None:
    facts = found(run(text))
    assert any(f[2] == new and not f[3] for f in facts), facts  # the new one is open
    assert not any(f[2] == new and f[3] for f in facts)


def test_an_until_without_a_turn_still_ends_the_state() -> None:
    facts = found(run("Jo: I lived in Leeds until March, it was lovely"))
    assert ("Jo", "LIVES_IN", "Leeds", True) in facts


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("Jo: I was at Siemens until 2021", "Siemens"),
        ("Jo: I was at Ocado until the end of last year, now I'm at Maersk", "Ocado"),
        ("Jo: we were at Accenture until March", "Accenture"),
    ],
)
def test_a_past_post_with_its_end_is_an_ended_job(text: str, employer: str) -> None:
    assert ("Jo", "WORKS_AT", employer, True) in found(run(text))


@pytest.mark.parametrize(
    "text",
    ["Jo: I was at Costco until 6 with the kids", "Jo: I was at Costco until closing"],
)
def test_a_visit_until_a_time_of_day_is_no_job(text: str) -> None:
    assert not any(f[1] == "WORKS_AT" for f in found(run(text)))
