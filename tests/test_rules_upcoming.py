"""Upcoming events told in passing, and later moved or called off by another name.

A life event in the progressive with a date ahead ("we're getting married on the 4th"),
tickets for a show on a date, and an assistant's "you have your X on Friday" are plans;
"the move got pushed to the 26th" re-dates the upcoming home, "the X gig was cancelled"
ends the plan for X. Without a date ahead, or with nothing upcoming told, nothing is read.
Written for these tests (own names, places and verbs), not from any benchmark.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem import Memory
from chronomem.testing import ManualClock
from tests.real_embedder import facts_about, real_embedder, target_name, tell
from tests.rules_support import REF, run  # REF: Monday 2024-01-15 14:00 UTC


def _plans(*turns: str) -> dict[str, datetime | None]:
    return {f.target: f.valid_at for f in run(*turns).facts if f.relation == "HAS_PLAN"}


@pytest.mark.parametrize(
    ("text", "word", "day"),
    [
        ("Tova: omg we're getting married on the 27th!!", "married", 27),
        ("Tova: graduating on the 19th, still can't believe it", "graduating", 19),
        ("Tova: I'm running the Leiden half marathon on Sunday", "running", 21),
        ("Tova: scored tickets to see Fontaines DC on the 25th", "Fontaines DC", 25),
        ("Tova: bought tickets for Hamnet next Friday", "Hamnet", 26),
    ],
)
def test_an_event_with_a_date_ahead_is_a_plan(text: str, word: str, day: int) -> None:
    found = _plans(text)
    hits = [when for plan, when in found.items() if word in plan]
    assert hits, found
    assert all(when is not None and when.day == day and when > REF for when in hits)


@pytest.mark.parametrize(
    "text",
    [
        "Tova: we got married on the 5th of May, 2018",
        "Tova: I'm feeling better since Friday",
        "Tova: got tickets, finally",
        "Tova: I'm graduating eventually lol",
        "Tova: we're thinking about Friday",
        "Tova: I've been running since Monday",
    ],
)
def test_no_plan_without_an_event_ahead(text: str) -> None:
    assert _plans(text) == {}


@pytest.mark.parametrize(
    ("turns", "word", "day"),
    [
        (
            ["Ravi: what's on this week?", "Assistant: You have your driving test on Thursday."],
            "driving test",
            18,
        ),
        (
            ["Ravi: so nervous", "Assistant: Best of luck at the 10k in Ghent on Saturday!"],
            "10k",
            20,
        ),
        (
            ["Ravi: remind me?", "Assistant: You've got your dentist checkup on Friday the 19th."],
            "dentist checkup",
            19,
        ),
    ],
)
def test_an_assistant_telling_the_users_event_ahead_gives_the_users_plan(
    turns: list[str], word: str, day: int
) -> None:
    facts = [f for f in run(*turns).facts if f.relation == "HAS_PLAN"]
    assert [f.source for f in facts] == ["Ravi"], facts
    assert word in facts[0].target
    assert facts[0].valid_at is not None and facts[0].valid_at.day == day


def test_an_assistant_wishing_a_good_day_gives_no_plan() -> None:
    out = run("Ravi: hi", "Assistant: Enjoy your day, and good luck with the rest of it!")
    assert not [f for f in out.facts if f.relation == "HAS_PLAN"]


@pytest.mark.parametrize(
    ("turns", "relation", "target", "day"),
    [
        (
            [
                "Lior: we're relocating to Bergen on the 20th",
                "Lior: the move got postponed to the 27th",
            ],
            "LIVES_IN",
            "Bergen",
            27,
        ),
        (
            ["Lior: we're getting married on the 20th", "Lior: wedding pushed back, now the 28th"],
            "HAS_PLAN",
            "getting married",
            28,
        ),
    ],
)
def test_a_reschedule_names_the_upcoming_fact_by_its_event(
    turns: list[str], relation: str, target: str, day: int
) -> None:
    facts = [f for f in run(*turns).facts if f.relation == relation and f.target == target]
    assert facts and facts[0].valid_at is not None and facts[0].valid_at.day == day


def test_a_reschedule_with_nothing_upcoming_gives_nothing() -> None:
    out = run("Lior: I live in Bergen", "Lior: the move got postponed to the 27th")
    assert not [f for f in out.facts if f.relation == "LIVES_IN" and f.valid_at is not None]


def test_a_cancellation_names_the_plan_by_its_act() -> None:
    out = run(
        "Ines: got tickets for Khruangbin on the 20th", "Ines: the khruangbin gig was cancelled"
    )
    ended = [f for f in out.facts if f.relation == "HAS_PLAN" and f.invalid_at is not None]
    assert [f.target for f in ended] == ["Khruangbin"]


@pytest.mark.local_model
def test_a_postponed_move_is_upcoming_on_the_new_day_only_end_to_end() -> None:
    clock = ManualClock(datetime(2025, 1, 1, tzinfo=UTC))
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        tell(
            memory,
            clock,
            [
                ("2025-03-01T09:00", "Lior: we're relocating to Bergen on the 12th of April"),
                ("2025-03-10T09:00", "Lior: the move got postponed to April 26, landlord delays"),
            ],
        )
        homes = facts_about(memory, "Lior", "LIVES_IN")
        open_ = [f for f in homes if f.invalid_at is None and f.expired_at is None]
        assert [target_name(memory, f) for f in open_] == ["Bergen"]
        assert open_[0].valid_at is not None and open_[0].valid_at.day == 26


@pytest.mark.parametrize(
    ("text", "who", "day"),
    [
        ("Farida: my cousin Idris is getting married on the 27th!!", "Idris", 27),
        ("Farida: Idris is graduating on the 19th", "Idris", 19),
        ("Farida: my brother is graduating on the 20th", "Farida's brother", 20),
    ],
)
def test_a_third_persons_event_ahead_is_their_plan(text: str, who: str, day: int) -> None:
    plans = [f for f in run(text).facts if f.relation == "HAS_PLAN"]
    assert [f.source for f in plans] == [who], plans
    assert plans[0].valid_at is not None and plans[0].valid_at.day == day


@pytest.mark.parametrize(
    ("turns", "who", "month"),
    [
        (["Farida: my cousin Idris is getting married on March 9th!!", "Farida: sorry, May 9th!"],
         "Idris", 5),
        (["Farida: we're moving to Hull on the 20th", "Farida: oops, I meant the 27th"],
         "Farida", 1),
    ],
)  # fmt: skip
def test_a_terse_date_correction_redates_the_last_upcoming_fact_ahead(
    turns: list[str], who: str, month: int
) -> None:
    redated = [f for f in run(*turns).facts if f.source == who and f.valid_at is not None]
    assert redated, run(*turns).facts
    assert redated[0].valid_at > REF and redated[0].valid_at.month == month


def test_an_apology_without_a_date_redates_nothing() -> None:
    out = run(
        "Farida: my cousin Idris is getting married on March 9th!!", "Farida: sorry, long day"
    )
    assert not [f for f in out.facts if f.source == "Idris"]


@pytest.mark.parametrize(
    ("text", "plan", "day"),
    [
        ("Vik: my MOT is on Friday", "MOT", 19),
        ("Vik: the closing's set for the 25th", "closing", 25),
        ("Vik: I have a root canal on Monday", "root canal", 22),
        ("Vik: we've got a 5k Saturday morning", "5k", 20),
    ],
)
def test_an_event_named_by_its_noun_and_dated_ahead_is_a_plan(
    text: str, plan: str, day: int
) -> None:
    found = _plans(text)
    assert plan in found, found
    when = found[plan]
    assert when is not None and when.day == day and when > REF


@pytest.mark.parametrize(
    "text",
    [
        "Vik: I have a lot of work tomorrow",
        "Vik: the weather is nice today",
        "Vik: the store is on Main Street",
        "Vik: I got a new bike on Saturday",
        "Vik: my MOT was on Friday, passed",
    ],
)
def test_no_scheduled_plan_without_an_event_ahead(text: str) -> None:
    assert _plans(text) == {}


@pytest.mark.parametrize(
    ("turns", "relation", "target"),
    [
        (["Omar: we're moving to Aarhus on the 20th", "Omar: the move to aarhus fell through"],
         "LIVES_IN", "Aarhus"),
        (["Omar: flying to Lisbon on the 25th", "Omar: lisbon trip isn't happening anymore"],
         "VISITED", "Lisbon"),
        (["Omar: we're getting married on the 27th", "Omar: the wedding is off"],
         "HAS_PLAN", "getting married"),
    ],
)  # fmt: skip
def test_a_cancellation_in_other_words_ends_the_upcoming_fact(
    turns: list[str], relation: str, target: str
) -> None:
    ended = [f for f in run(*turns).facts if f.invalid_at is not None and f.valid_at is None]
    assert [(f.relation, f.target) for f in ended] == [(relation, target)]


def test_a_cancellation_of_nothing_upcoming_ends_nothing() -> None:
    out = run("Omar: I live in Aarhus", "Omar: the bus strike fell through, phew")
    assert not [f for f in out.facts if f.invalid_at is not None]


@pytest.mark.parametrize(
    ("turns", "plan", "day"),
    [
        (["Ada: baby's due on the 30th"], "baby", 30),
        (["Ada: my driving test is on the 19th", "Ada: the test has been postponed until the 26th"],
         "driving test", 26),
    ],
)  # fmt: skip
def test_a_due_date_and_a_postponement_until_a_day_are_dated_ahead(
    turns: list[str], plan: str, day: int
) -> None:
    found = _plans(*turns)
    assert plan in found, found
    when = found[plan]
    assert when is not None and when.day == day and when > REF


@pytest.mark.parametrize(
    ("text", "plan", "day"),
    [
        # said on Monday: Friday/Saturday this week, not the last ones
        ("Ada: dinner with Marco on Friday at 8", "dinner", 19),
        ("Ada: the party on Saturday, bring snacks", "party", 20),
        ("Ada: my swim lesson thursday", "swim lesson", 18),
    ],
)
def test_a_calendar_line_looks_ahead(text: str, plan: str, day: int) -> None:
    found = {k: v for k, v in _plans(text).items() if plan in k}
    assert found, _plans(text)
    assert all(v is not None and v.day == day for v in found.values())


def test_a_calendar_noun_told_in_the_past_is_no_plan() -> None:
    assert _plans("Ada: dinner with Marco on Friday was great") == {}


@pytest.mark.parametrize(
    "turns",
    [
        ["Ada: remind me about the vet on thursday"],
        ["Ada: hi", "Assistant: I'll remind you about Biscuit's vet appointment on Thursday."],
    ],
)
def test_a_reminder_with_a_date_ahead_is_the_users_plan(turns: list[str]) -> None:
    plans = [f for f in run(*turns).facts if f.relation == "HAS_PLAN"]
    assert plans and plans[0].source == "Ada" and "vet" in plans[0].target
    assert plans[0].valid_at is not None and plans[0].valid_at.day == 18


@pytest.mark.parametrize(
    "text", ["Ada: remind me about it tomorrow", "Ada: remind me of the time we met"]
)
def test_a_reminder_of_nothing_ahead_is_no_plan(text: str) -> None:
    assert _plans(text) == {}
