"""A plan jotted as an event noun and its date, with no verb: "physio on the 22nd at 10",
"interview at Monzo tomorrow", "driving exam in april". The noun is an event (a calendar
noun) or the person one has an appointment with ("dentist" is the dentist appointment, so
"they moved my appointment" later names the same plan). Only with a date ahead. Sentences
written for this test, not from any benchmark or corpus."""

from __future__ import annotations

from datetime import date

import pytest

from tests.rules_support import run


def _plans(*turns: str) -> dict[str, date | None]:
    return {
        f.target: (f.valid_at.date() if f.valid_at else None)
        for f in run(*turns).facts
        if f.relation == "HAS_PLAN" and f.invalid_at is None
    }


@pytest.mark.parametrize(
    ("turn", "plan", "day"),
    [
        (
            "Kaz: physio on the 22nd at 10, knee still stiff",
            "physio appointment",
            date(2024, 1, 22),
        ),
        ("Kaz: so nervous, interview at Monzo tomorrow", "interview", date(2024, 1, 16)),
        ("Kaz: passed the theory part!! driving exam in april", "driving exam", date(2024, 4, 1)),
        ("Kaz: Barber on Friday, finally.", "Barber appointment", date(2024, 1, 19)),
        (
            "Kaz: Please note my consultation with Dr Iqbal on 6 February.",
            "consultation",
            date(2024, 2, 6),
        ),
        # round 23: gatherings, the day of a move, a test; "moving" is no dropped "I'm"
        ("Kaz: bbq at mine sunday the 21st! bring your own meat", "bbq", date(2024, 1, 21)),
        ("Kaz: moving day is a fortnight from now!! boxes everywhere", "moving day",
         date(2024, 1, 29)),
        ("Kaz: my driving test is on Thursday", "driving test", date(2024, 1, 18)),
        # the new day named after the verb, not the day the clause names before it
        ("Kaz: rain forecast for the 21st so the bbq moves to saturday the 27th", "bbq",
         date(2024, 1, 27)),
    ],
)  # fmt: skip
def test_an_event_jotted_with_its_date_ahead_is_a_plan(turn: str, plan: str, day: date) -> None:
    assert _plans(turn).get(plan) == day


@pytest.mark.parametrize(
    "turn",
    [
        "Kaz: the interview in January was a disaster",  # told after it happened
        "Kaz: my dentist is in Leeds",  # no date
        "Kaz: dentist yesterday, all fine",
        # a calendar noun naming no event: a job given, a stretch of time
        "Kaz: they confirmed my appointment as Senior Claims Analyst, effective 1 June 2024",
        "Kaz: the consultation period ends on 3 February",
    ],
)
def test_an_event_past_or_undated_is_no_plan(turn: str) -> None:
    assert _plans(turn) == {}


def test_the_appointment_moved_is_the_one_jotted() -> None:
    plans = _plans("Kaz: dentist on the 18th at 9", "Kaz: they moved my appointment to the 25th")
    assert plans == {"dentist appointment": date(2024, 1, 25)}
