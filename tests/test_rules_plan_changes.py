"""Plans in everyday chat: calendar events said without a verb, and moves said by "it".

"piano recital next Friday at 6" is a plan (its head names an event, its date is ahead);
"they pushed it to the 27th" (or "rebooked for the 27th", the plan left out) moves the
speaker's one plan still ahead to the new date, and the engine then closes the old date; with
two plans ahead "it" could be either, and nothing moves. A move with no new date ahead
("moved it to the garage tomorrow"), or with no plan told, gives no plan.
Written for these tests, not from any benchmark.
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
    ("text", "plan", "day"),
    [
        ("Kim: parent-teacher conference thursday at 5, remind me", "conference", 18),
        ("Kim: graduation ceremony is on the 27th!!", "graduation ceremony", 27),
        ("Kim: swim lesson tomorrow at 8", "swim lesson", 16),
        ("Kim: follow-up consultation on the 22nd", "consultation", 22),
    ],
)
def test_a_calendar_event_with_a_date_ahead_is_a_plan(text: str, plan: str, day: int) -> None:
    found = _plans(text)
    hits = [(t, when) for t, when in found.items() if plan in t]
    assert hits, found
    assert all(when is not None and when.day == day for _, when in hits)


@pytest.mark.parametrize(
    "text",
    [
        "Kim: that conference was so boring",
        "Kim: we had a great rehearsal yesterday",
        "Kim: the ceremony last week was lovely",
    ],
)
def test_an_event_without_a_date_ahead_is_no_plan(text: str) -> None:
    assert _plans(text) == {}


@pytest.mark.parametrize(
    ("turns", "plan", "day"),
    [
        (
            ["Kim: I have a vet appointment on the 20th", "Kim: they pushed it to the 24th"],
            "vet appointment",
            24,
        ),
        (
            ["Kim: my job interview is on Wednesday", "Kim: it got moved to Friday, ugh"],
            "job interview",
            19,
        ),
        (
            ["Kim: haircut appointment thursday at 3", "Kim: salon rescheduled it for the 25th"],
            "haircut appointment",
            25,
        ),
        # round 27: the move told as it is being made ("moving", "postponing")
        (
            ["Kim: my retirement party is on the 20th", "Kim: we're postponing it to the 27th"],
            "retirement party",
            27,
        ),
    ],
)
def test_a_move_by_it_gives_the_plan_told_a_new_date(turns: list[str], plan: str, day: int) -> None:
    found = _plans(*turns)
    assert plan in found, found
    when = found[plan]
    assert when is not None and when.day == day and when > REF


def test_a_move_that_leaves_the_plan_out_moves_the_one_plan_ahead() -> None:
    found = _plans(
        "Kim: piano lesson on the 18th at 4",
        "Kim: teacher is ill. rebooked for the 23rd",
    )
    when = found.get("piano lesson")
    assert when is not None and when.day == 23


def test_it_with_two_plans_ahead_moves_neither() -> None:
    found = _plans(
        "Kim: dentist appointment on the 18th",
        "Kim: and a job interview on the 19th",
        "Kim: they pushed it to the 26th",
    )
    assert not any(when is not None and when.day == 26 for when in found.values()), found


def test_a_move_of_something_else_named_leaves_the_plan_alone() -> None:
    found = _plans(
        "Kim: dentist appointment on the 18th",
        "Kim: my sister's wedding got pushed to the 28th",
    )
    assert "dentist appointment" not in found, found  # the last turn moves the wedding only


@pytest.mark.parametrize(
    "turns",
    [
        ["Kim: I have a vet appointment on the 20th", "Kim: I'll move it to the garage tomorrow"],
        ["Kim: I have a vet appointment on the 20th", "Kim: we moved it upstairs yesterday"],
        ["Kim: they pushed it to the 24th"],  # no plan told
    ],
)
def test_no_move_without_a_plan_and_a_new_date(turns: list[str]) -> None:
    assert "vet appointment" not in _plans(*turns)
    assert not any(f.relation == "HAS_PLAN" for f in run(*turns).facts if "moved" in f.fact)


@pytest.mark.local_model
def test_a_move_by_it_closes_the_old_date_end_to_end() -> None:
    clock = ManualClock(datetime(2025, 1, 1, tzinfo=UTC))
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        tell(
            memory,
            clock,
            [
                ("2025-03-03T09:00", "Kim: I have a vet appointment on the 20th"),
                ("2025-03-05T09:00", "Kim: they pushed it back to the 27th"),
            ],
        )
        plans = facts_about(memory, "Kim", "HAS_PLAN")
        open_ = [f for f in plans if f.invalid_at is None]
        assert [target_name(memory, f) for f in open_] == ["vet appointment"]
        assert open_[0].valid_at is not None and open_[0].valid_at.day == 27


@pytest.mark.parametrize(
    ("turns", "plan", "day"),
    [
        (
            ["Kim: my flight to Oslo is on the 20th", "Kim: correction: the 21st, misread it"],
            "flight",
            21,
        ),
        (
            ["Kim: I have a vet appointment on the 20th", "Kim: oops, I meant the 23rd"],
            "vet appointment",
            23,
        ),
        (
            ["Kim: I have a vet appointment on the 20th", "Kim: wait no, it's on the 22nd"],
            "vet appointment",
            22,
        ),
    ],
)
def test_a_terse_date_correction_redates_the_plan_told(
    turns: list[str], plan: str, day: int
) -> None:
    when = _plans(*turns).get(plan)
    assert when is not None and when.day == day


@pytest.mark.parametrize(
    "last",
    ["Kim: sorry, I'm busy tomorrow", "Kim: no worries, see you tomorrow", "Kim: wait, what?"],
)
def test_an_apology_or_a_reply_is_no_date_correction(last: str) -> None:
    found = _plans("Kim: I have a vet appointment on the 20th", last)
    assert "vet appointment" not in found


def test_a_plan_moved_by_it_keeps_the_plan_as_told() -> None:
    # texting: the move names the plan only as "it", the day as "next mon the 9th"
    clock = ManualClock(datetime(2026, 2, 1, tzinfo=UTC))
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        tell(
            memory,
            clock,
            [
                ("2026-02-02T09:00", "Mina: interview w/ halcyon games thurs!!"),
                ("2026-02-03T16:00", "Mina: they pushed it to next mon the 9th"),
            ],
        )
        plans = facts_about(memory, "Mina", "HAS_PLAN")
        open_ = [f for f in plans if f.invalid_at is None]
        assert [f.valid_at.date().isoformat() for f in open_ if f.valid_at] == ["2026-02-09"]
        assert "halcyon" in open_[0].fact.lower()


@pytest.mark.local_model
def test_it_moves_every_fact_of_one_plan_told_together_end_to_end() -> None:
    """Round 27: "they pushed it, it's the 15th now" after a start told with its job and
    title on one day: "it" is that one plan, and both facts move to the new day."""
    clock = ManualClock(datetime(2025, 1, 1, tzinfo=UTC))
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        tell(
            memory,
            clock,
            [
                (
                    "2025-02-10T10:00",
                    "Oren: I start at Brackwater Freight on 1 March as a junior accountant",
                ),
                ("2025-02-20T10:00", "Oren: argh they pushed it, it's the 15th of March now"),
            ],
        )
        for relation in ("WORKS_AT", "HAS_JOB_TITLE"):
            open_ = [f for f in facts_about(memory, "Oren", relation) if f.invalid_at is None]
            assert [(f.valid_at.month, f.valid_at.day) for f in open_ if f.valid_at] == [(3, 15)]


def test_a_plans_text_says_the_day_it_is_on() -> None:
    """Round 27: what one asks of a plan is when it is; its text says the day ahead
    (moved or not), as a reader would say it."""
    told = [
        f.fact
        for f in run("Kim: my eye test is on the 19th at 2").facts
        if f.relation == "HAS_PLAN"
    ]
    assert told and all("Friday 19 January 2024" in text for text in told), told
    moved = run("Kim: I have a vet appointment on the 20th", "Kim: they pushed it to the 24th")
    texts = [f.fact for f in moved.facts if f.relation == "HAS_PLAN"]
    assert texts and all("Wednesday 24 January 2024" in text for text in texts), texts
