"""Jobs that start when an offer is taken, homes that start on the keys' day, a day set right.

* An offer is news of a job not yet held; the speaker's yes makes it the job, from the day
  the message gives ("starting September 1"), and the old employer ends then. A refusal, an
  offer still weighed, someone else's yes, or an offer only received give no job.
* News told with no verb ("new job at Korra, I start on the 21st") is the speaker's job
  from the day told after it, not a plan.
* A lease signed on a flat in a town, or a new flat found there, is a home from the day the
  keys come; a present told on one day ("we get the keys on friday") is that day ahead.
* A correction that gives only a day ("sorry, the 13th!") moves the thing told ahead last.

Sentences written for these tests, in several voices (texting, a formal letter, English
as a second language, an assistant's turn)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.text.dates import find_time_expressions
from tests.real_embedder import facts_about, real_embedder, timeline_days, told_memory

MONDAY = datetime(2026, 8, 10, 10, 0, tzinfo=UTC)


def _jobs(text: str) -> list[tuple[str, str]]:
    story = [("2026-06-01T09:00", "Noor: I work at Brightline"), ("2026-08-10T10:00", text)]
    return timeline_days(story, "Noor", "WORKS_AT")


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("Noor: Halvorsen offered me the team lead job and I said yes!! starting September 1",
         "2026-09-01"),
        ("Noor: so Halvorsen upped their offer and i took it lol", "2026-08-10"),
        ("Noor: got an offer from Halvorsen and accepted it, I start on the 24th", "2026-08-24"),
        ("Noor: Dear Ms Ortiz, Halvorsen made me a formal offer last week and I have accepted. "
         "My first day will be 1 September.", "2026-09-01"),
        ("Noor: Halvorsen offered me position and I accepted it, I begin from 1st September",
         "2026-09-01"),
    ],
)  # fmt: skip
def test_an_offer_taken_is_the_job_from_its_first_day(text: str, start: str) -> None:
    assert _jobs(text) == [("Brightline", f"2026-06-01..{start}"), ("Halvorsen", f"{start}..None")]


@pytest.mark.local_model
@pytest.mark.parametrize(
    "text",
    [
        "Noor: Halvorsen offered me a job but I turned it down",
        "Noor: Halvorsen made me an offer, not sure if I should take it",
        "Noor: got a job offer from Halvorsen today!! still deciding",
        "Noor: my brother got an offer from Halvorsen and took it",
        "Noor: if Halvorsen offered me a job I would accept on the spot",
    ],
)
def test_an_offer_not_taken_by_the_speaker_is_no_job(text: str) -> None:
    assert _jobs(text) == [("Brightline", "2026-06-01..None")]


@pytest.mark.local_model
@pytest.mark.parametrize(
    "text",
    [
        "Noor: new job at Korra, I start on the 21st",
        "Noor: New job at Korra!! first day is the 21st",
    ],
)
def test_news_with_no_verb_is_the_job_from_the_day_after_it(text: str) -> None:
    story = [("2026-06-01T09:00", "Noor: i work at brightline"), ("2026-08-10T10:00", text)]
    with told_memory(real_embedder(), story) as memory:
        plans = facts_about(memory, "Noor", "HAS_PLAN")
        assert not plans
    assert ("Korra", "2026-08-21..None") in timeline_days(story, "Noor", "WORKS_AT")


@pytest.mark.local_model
@pytest.mark.parametrize(
    "text",
    [
        "Noor: signed the lease on a flat in York last week, getting the keys on friday",
        "Noor: found a new place in York!! we get the keys on friday",
        "Noor: We have signed the lease for an apartment in York. We receive the keys on Friday.",
    ],
)
def test_a_home_found_or_leased_starts_when_the_keys_come(text: str) -> None:
    story = [("2026-06-01T09:00", "Noor: I live in Leeds"), ("2026-08-10T10:00", text)]
    homes = timeline_days(story, "Noor", "LIVES_IN")
    assert ("York", "2026-08-14..None") in homes
    assert ("Leeds", "2026-06-01..2026-08-14") in homes


@pytest.mark.local_model
def test_a_good_place_found_for_lunch_is_no_home() -> None:
    story = [("2026-08-10T10:00", "Noor: found a great place in Soho for lunch, so good")]
    assert timeline_days(story, "Noor", "LIVES_IN") == []


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("we get the keys on friday", "2026-08-14"),
        ("I see the consultant on the 14th", "2026-08-14"),
        ("We receive the keys on Friday.", "2026-08-14"),
        ("we went to the lake on friday", "2026-08-07"),  # told in the past: behind
        ("I think it was on Friday", "2026-08-07"),
        ("I married Leila on saturday", "2026-08-08"),  # a word in -ed happened
    ],
)
def test_a_present_on_one_day_is_that_day_ahead(text: str, day: str) -> None:
    assert [x.when.date().isoformat() for x in find_time_expressions(text, MONDAY)] == [day]


def _plans(story: list[tuple[str, str]], subject: str) -> list[tuple[str, str]]:
    return timeline_days(story, subject, "HAS_PLAN")


@pytest.mark.local_model
def test_a_day_set_right_moves_the_plan_told_before() -> None:
    story = [
        ("2026-02-01T10:00", "Tim: my knee surgery is on March 3rd"),
        ("2026-02-01T10:02", "Tim: sorry, March 13th*"),
    ]
    held = [span for _, span in _plans(story, "Tim") if span.endswith("None")]
    assert held == ["2026-03-13..None"]


@pytest.mark.local_model
def test_a_day_set_right_without_its_year_is_ahead_like_the_plan() -> None:
    story = [
        ("2026-02-01T10:00", "Tim: my cousin Dana is getting married on June 8th!!"),
        ("2026-02-01T10:03", "Tim: oops, August 8th! not June"),
    ]
    held = [span for _, span in _plans(story, "Dana") if span.endswith("None")]
    assert held == ["2026-08-08..None"]


@pytest.mark.local_model
@pytest.mark.parametrize(
    "text",
    [
        "Tim: sorry, Tuesday was awful",  # a sentence of its own, no day set right
        "Tim: sorry, I meant to say the clinic is on Elm Street",
    ],
)
def test_a_correction_that_tells_more_than_a_day_moves_nothing(text: str) -> None:
    story = [
        ("2026-02-01T10:00", "Tim: my knee surgery is on March 3rd"),
        ("2026-02-01T10:02", text),
    ]
    assert [span for _, span in _plans(story, "Tim")] == ["2026-03-03..None"]


@pytest.mark.local_model
@pytest.mark.parametrize(
    "text",
    ["Joe: Back in June, I started at Pixar", "Joe: back in june started at pixar, love it"],
)
def test_back_in_a_month_dates_what_follows_it(text: str) -> None:
    story = [("2026-03-10T10:00", text)]
    assert timeline_days(story, "Joe", "WORKS_AT") == [("Pixar", "2025-06-01..None")]


@pytest.mark.local_model
def test_back_in_a_town_is_still_being_back_home() -> None:
    story = [("2026-03-10T10:00", "Joe: back in Leeds!! so good to be home")]
    assert timeline_days(story, "Joe", "LIVES_IN") == [("Leeds", "2026-03-10..None")]


@pytest.mark.local_model
def test_a_trip_told_of_in_the_past_after_its_day_is_over() -> None:
    story = [
        ("2026-06-01T10:00", "Sol: my trip to Oslo is on the 20th"),
        ("2026-06-21T10:00", "Sol: Oslo was amazing, already miss it"),
    ]
    assert [span for _, span in _plans(story, "Sol")] == ["2026-06-20..2026-06-21"]


@pytest.mark.local_model
def test_a_place_remembered_before_the_trip_leaves_the_plan_ahead() -> None:
    story = [
        ("2026-06-01T10:00", "Sol: my trip to Oslo is on the 20th"),
        ("2026-06-05T10:00", "Sol: Oslo was amazing last time, can't wait"),
    ]
    assert [span for _, span in _plans(story, "Sol")] == ["2026-06-20..None"]
