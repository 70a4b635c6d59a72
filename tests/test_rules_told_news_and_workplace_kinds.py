"""Round 59: whose news follows a lead-in of telling, and a workplace told by its kind
before the town it is in. Sentences written for this test, through the extractor on the
real default encoder.

- "I should tell you, Tangi left the police and went to Auckland": the verb after "and"
  shares the clause's subject, Tangi, not the speaker of the lead-in
  (``readers/clause_subjects``);
- "Start at the gold mine in Kittila in August": one works at the mine, not at the town
  (``learned/values``); "a job in Dubai with Emirates" stays Emirates, "rented a flat in Al
  Khuwair" is no workplace;
- "my last shift was Sunday the 3rd" ends the one job held on that day, unless the
  sentence told a leaving first (``readers/start_dates``); "I'm not going back to Crumbs"
  ends the tie, not "... until Monday" (``readers/end_words``)."""

from __future__ import annotations

import pytest

from tests.real_embedder import read_dated, read_facts

pytestmark = pytest.mark.local_model


@pytest.mark.parametrize(
    "line",
    [
        "I should tell you, Tangi left the police and went to Auckland in August.",
        "I have to say, Tangi sold his boat and moved to Auckland.",
    ],
)
def test_news_after_a_lead_in_of_telling_is_the_named_persons(line: str) -> None:
    facts = read_facts([f"Marama: {line}"])
    assert any(f[0] == "Tangi" and f[2] == "Auckland" for f in facts), facts
    assert not any(f[0] == "Marama" and f[2] == "Auckland" for f in facts), facts


def test_the_speakers_own_news_after_a_lead_in_stays_the_speakers() -> None:
    facts = read_facts(["Marama: I should tell you, I quit my job and moved to Leeds."])
    assert ("Marama", "LIVES_IN", "Leeds", False) in facts, facts


def test_a_workplace_told_by_its_kind_before_its_town_is_the_workplace() -> None:
    facts = read_facts(["Veikko: Start at the gold mine in Kittila in August, heavy equipment."])
    employers = {f[2] for f in facts if f[1] == "WORKS_AT"}
    assert employers == {"gold mine"}, facts


def test_a_job_in_a_town_with_a_named_employer_is_the_employer() -> None:
    facts = read_facts(["Veikko: got a job in Dubai with Emirates"])
    assert {f[2] for f in facts if f[1] == "WORKS_AT"} == {"Emirates"}, facts


_JOB = "Sam: I work as a baker at Crumbs in Leeds."


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("my last shift was Sunday the 3rd.", "2025-03-03"),  # said on 12 March 2025
        ("Season is done for me, last shift was Sunday the 3rd.", "2025-03-03"),
        ("my last day was Friday.", "2025-03-07"),
    ],
)
def test_the_last_stretch_on_a_past_day_ends_the_job_held(line: str, day: str) -> None:
    dated = read_dated([_JOB, f"Sam: {line}"])
    assert dated.get(("WORKS_AT", "Crumbs"), (None, None))[1] == day, dated


@pytest.mark.parametrize(
    ("line", "ends"),
    [
        ("I'm not going back to Crumbs.", True),
        ("never went back to Crumbs after the fire", True),
        ("I'm not going back to Crumbs until Monday", False),
        ("I might not go back to Crumbs", False),
    ],
)
def test_a_return_denied_ends_the_tie(line: str, ends: bool) -> None:
    facts = read_facts([_JOB, f"Sam: {line}"])
    assert (("Sam", "WORKS_AT", "Crumbs", True) in facts) is ends, facts


def test_a_home_told_by_its_kind_before_its_town_is_no_workplace() -> None:
    facts = read_facts(["Yasmin: Karim rented a flat in Al Khuwair, near the office"])
    assert not [f for f in facts if f[1] == "WORKS_AT"], facts


def test_a_last_day_told_with_a_leaving_is_that_leavings() -> None:
    facts = read_facts(
        [
            "Shalini: I got the customer service job at Nadi Airways, I start on the 3rd",
            "Shalini: Also I left the sugar mill lab properly now, last day there was the 8th.",
        ]
    )
    assert ("Shalini", "WORKS_AT", "Nadi Airways", True) not in facts, facts
