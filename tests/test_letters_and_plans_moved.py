"""A letter the speaker received is read in their voice (``normalise/letters.py``), a plan
moved "back a week, to the 25th" is moved (``readers/plans_moved._moves_it``), a person "is off"
is no plan called off (``readers/plans.called_off``), and an event got is on its own day
(``text/tense.got_an_event``). Sentences written for this test."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors.rules.normalise.letters import received_letters
from chronomem.text.dates import find_time_expressions
from tests.real_embedder import timeline_days

TUESDAY = datetime(2026, 8, 4, 16, tzinfo=UTC)


def test_a_received_letter_speaks_of_the_speaker() -> None:
    text = (
        "the council sent this:\n\nDear Ms Brannigan,\nYour parking permit for Elm Row has been "
        "renewed until 31 March. We will write to you again before it ends.\n\nannoying tbh"
    )
    told = received_letters(text, "Orla", set())
    assert "My parking permit for Elm Row has been renewed" in told
    assert "They will write to me again" in told
    assert told.endswith("annoying tbh")
    assert "Brannigan" not in told  # the salutation names the speaker: no sentence of its own


@pytest.mark.local_model
def test_a_promotion_in_a_received_letter_is_the_speakers_title() -> None:
    story = [
        (
            "2024-03-08T09:00",
            "Orla: look what landed in my inbox: Dear Ms Brannigan, Following your annual "
            "review, we are pleased to confirm your promotion to the position of Senior "
            "Analyst, effective 1 April 2024. Kind regards, Human Resources",
        ),
    ]
    assert timeline_days(story, "Orla", "HAS_JOB_TITLE") == [("Senior Analyst", "2024-04-01..None")]


@pytest.mark.parametrize(
    ("text", "speakers"),
    [
        # the speaker's own letter: its "I" is the speaker
        ("Dear Chairwoman,\n\nI wish to give up my seat on the board. Thank you for your "
         "patience.\n\nYours, Orla", set()),
        # written to another person in the chat
        ("Dear Tadhg, thank you for your offer, you will hear from us soon", {"tadhg", "orla"}),
        # written to the assistant
        ("Dear Assistant, your advice on my garden was very useful", set()),
    ],
)  # fmt: skip
def test_a_letter_sent_or_written_to_others_stays_as_written(text: str, speakers: set[str]) -> None:
    assert received_letters(text, "Orla", speakers) == text


def test_a_quoted_letter_ends_where_its_quotation_closes() -> None:
    text = "pasting it: 'Dear Mr Hale, your locker is ready.' you should see my face"
    told = received_letters(text, "Orla", set())
    assert "my locker is ready" in told and told.endswith("you should see my face")


@pytest.mark.local_model
def test_an_appointment_in_a_received_letter_is_the_speakers_plan() -> None:
    story = [
        (
            "2026-11-02T09:00",
            "Orla: got this today:\n\nDear Ms Brannigan,\nYour hearing test at Dunmore Audiology "
            "has been booked for Friday 13 November 2026 at 09:20.\n\nugh",
        ),
    ]
    assert timeline_days(story, "Orla", "HAS_PLAN") == [("hearing test", "2026-11-13..None")]


@pytest.mark.local_model
def test_a_plan_pushed_back_a_week_moves_to_its_new_day() -> None:
    story = [
        ("2026-08-04T16:00", "Orla: I have a viewing at Hartley Mews on the 18th"),
        ("2026-08-12T11:00", "Orla: the agent pushed it back a week, to the 25th"),
    ]
    held = [span for _, span in timeline_days(story, "Orla", "HAS_PLAN") if span.endswith("None")]
    assert held == ["2026-08-25..None"]


@pytest.mark.local_model
def test_a_person_who_is_off_calls_off_no_plan() -> None:
    story = [
        ("2026-11-20T09:00", "Orla: my hearing test with Mr Quill is on Friday 4 December"),
        (
            "2026-11-24T11:00",
            "Orla: they rang, moved it to Monday 7 December, Mr Quill is off that Friday",
        ),
    ]
    held = [span for _, span in timeline_days(story, "Orla", "HAS_PLAN") if span.endswith("None")]
    assert held == ["2026-12-07..None"]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("got an interview at Pellow Design on the 18th", "2026-08-18"),  # ahead: nearer
        ("got a scan on the 28th, all clear", "2026-07-28"),  # behind: nearer
        ("I got a new bike on the 18th", "2026-07-18"),  # no event: past tense, behind
    ],
)
def test_an_event_got_is_on_its_own_day(text: str, day: str) -> None:
    assert [t.when.date().isoformat() for t in find_time_expressions(text, TUESDAY)] == [day]
