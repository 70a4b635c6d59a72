"""A day set right in the same breath (``analysis/day_corrections.py``, stage
``days_corrected``): "the wedding is on the 14th of November — sorry, the 21st!". The fact of
that day takes the day meant, its text says only that day, and a tie told in the same
sentence keeps its own date. Sentences written for this test."""

from __future__ import annotations

from datetime import date

import pytest

from tests.rules_support import run

# rules_support.REF: Monday 15 January 2024


@pytest.mark.parametrize(
    ("text", "value", "day"),
    [
        ("Ines: my cousin Bram's wedding is on the 14th of March — sorry, the 21st!",
         "wedding", date(2024, 3, 21)),
        ("Ines: the dentist appointment is on 5 February, no wait, 6 February",
         "dentist appointment", date(2024, 2, 6)),
    ],
)  # fmt: skip
def test_the_day_meant_dates_the_fact_and_its_text(text: str, value: str, day: date) -> None:
    facts = {f.target: f for f in run(text).facts}
    plan = facts[value]
    assert plan.valid_at is not None and plan.valid_at.date() == day
    assert f"{day.day} {day:%b %Y}" in plan.fact
    taken_back = [w for w in ("14th", "14 Mar", "5 Feb") if w in plan.fact]
    assert not taken_back


def test_a_tie_told_beside_it_keeps_its_own_date() -> None:
    facts = {f.target: f for f in run(
        "Ines: my cousin Bram's wedding is on the 14th of March — sorry, the 21st!"
    ).facts}  # fmt: skip
    assert facts["Bram"].valid_at is not None and facts["Bram"].valid_at.date() == date(2024, 1, 15)


def test_two_days_without_a_cue_between_are_two_days() -> None:
    facts = {f.target: f for f in run(
        "Ines: the dentist appointment is on 5 February and the vet on 6 February"
    ).facts}  # fmt: skip
    plan = facts["dentist appointment"]
    assert plan.valid_at is not None and plan.valid_at.date() == date(2024, 2, 5)
