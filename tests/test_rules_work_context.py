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
