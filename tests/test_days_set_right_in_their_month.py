"""A day set right the way people say it (``readers/day_fixes.py``,
``analysis/day_corrections.meant_days``): a day of the month alone is in the month of the
day it corrects ("wait no, the 19th" of a July graduation), a bare "10th." sets the last plan
right, a plan only the learned reader read is set right too (``readers/ahead.told_in_turns``),
and a day set right in the same breath dates the learned reader's fact. Sentences written
for this test."""

from __future__ import annotations

import pytest

from tests.real_embedder import facts_about, real_embedder, timeline_days, told_memory


def _held(story: list[tuple[str, str]], subject: str, relation: str = "HAS_PLAN") -> list[str]:
    return [span for _, span in timeline_days(story, subject, relation) if span.endswith("None")]


@pytest.mark.local_model
def test_a_day_of_the_month_alone_is_in_the_month_it_corrects() -> None:
    story = [
        ("2026-05-02T09:00", "Oona: my brother Cathal's graduation is on the 12th of July"),
        ("2026-05-02T09:04", "Oona: wait no, the 19th. the 12th is his exam board"),
    ]
    assert _held(story, "Cathal") == ["2026-07-19..None"]


@pytest.mark.local_model
def test_a_bare_day_after_a_plan_sets_it_right() -> None:
    story = [
        ("2026-03-01T08:00", "Oona: physio appointment on the 9th at 10"),
        ("2026-03-01T08:01", "Assistant: Noted: physio on 9 March at 10am."),
        ("2026-03-01T08:03", "Oona: 10th. not 9th. my bad"),
    ]
    assert _held(story, "Oona") == ["2026-03-10..None"]


@pytest.mark.local_model
def test_a_bare_day_that_answers_a_question_moves_nothing() -> None:
    story = [
        ("2026-03-01T08:00", "Oona: physio appointment on the 9th at 10"),
        ("2026-03-01T08:01", "Assistant: Noted. Which floor is the clinic on?"),
        ("2026-03-01T08:03", "Oona: 4th."),
    ]
    assert _held(story, "Oona") == ["2026-03-09..None"]


@pytest.mark.local_model
def test_a_day_set_right_in_the_same_breath_dates_the_job() -> None:
    memory = told_memory(
        real_embedder(),
        [
            (
                "2026-05-10T12:00",
                "Oona: I start at Brindle Logistics on the 2nd of June, sorry, the 12th",
            )
        ],
    )
    starts = [
        f.valid_at.date().isoformat() for f in facts_about(memory, "Oona", "WORKS_AT") if f.valid_at
    ]
    assert starts == ["2026-06-12"]


@pytest.mark.local_model
def test_a_plan_only_the_learned_reader_read_is_set_right() -> None:
    story = [
        ("2026-03-01T08:00", "Oona: car MOT on the 9th"),
        ("2026-03-01T08:02", "Oona: sorry, the 11th"),
    ]
    assert _held(story, "Oona") == ["2026-03-11..None"]
