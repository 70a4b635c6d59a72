"""A start told after its news dates the news's job, school or title: "got a job at Halden,
I start on the 3rd of March". Written for this test, not from any benchmark."""

from __future__ import annotations

from datetime import date

import pytest

from chronomem.extractors.rules.pipeline import PIPE_NAMES
from tests.rules_support import REF, run

ASKED = REF.date()  # every turn below is said on this day


def _starts(text: str) -> dict[tuple[str, str], date | None]:
    return {
        (f.relation, f.target): f.valid_at.date() if f.valid_at else None
        for f in run(text).facts
        if f.relation in ("WORKS_AT", "STUDIES_AT", "HAS_JOB_TITLE")
    }


@pytest.mark.parametrize(
    ("text", "fact", "day"),
    [
        (
            "Noor: I got a job at Halden Logistics, I start on the 3rd of March.",
            "Halden Logistics",
            (3, 3),
        ),
        ("Noor: got a job at Halden Logistics!! I start on March 3rd", "Halden Logistics", (3, 3)),
        ("Noor: new job at Halden Logistics! Starting 29 September.", "Halden Logistics", (9, 29)),
        ("Noor: got a job at Halden Logistics. It starts on 3 March.", "Halden Logistics", (3, 3)),
        (
            "Noor: I got the job as a nurse at St Mary's, my first day is 14 April",
            "St Mary's",
            (4, 14),
        ),
    ],
)
def test_a_start_told_after_the_news_dates_it(text: str, fact: str, day: tuple[int, int]) -> None:
    starts = {target: when for (_, target), when in _starts(text).items()}
    assert fact in starts
    when = starts[fact]
    assert when is not None and (when.month, when.day) == day and when > ASKED


def test_a_start_with_its_subject_left_out_dates_the_news() -> None:
    # texting: "start 3rd March", the "I" dropped
    starts = _starts("Noor: got a job at Halden Logistics!! start 3rd March")
    assert starts[("WORKS_AT", "Halden Logistics")] == date(2024, 3, 3)


def test_a_title_told_with_the_job_starts_with_it() -> None:
    starts = _starts("Noor: I got the job as a nurse at St Mary's, my first day is 14 April")
    assert starts[("HAS_JOB_TITLE", "nurse")] == starts[("WORKS_AT", "St Mary's")]


@pytest.mark.parametrize(
    "text",
    [
        "Noor: I got a job at Halden Logistics. I start physio on Monday.",  # physio starts
        "Noor: I got a job at Halden Logistics. My sister starts uni on 3 March.",
        "Noor: I got a job at Halden Logistics. Started looking for a flat last week.",
        "Noor: I got a job at Halden Logistics. My sister is starting on 3 March too.",
        "Noor: I got a job at Halden Logistics. Her first day is on 3 March, mine later.",
    ],
)
def test_another_start_leaves_the_job_dated_when_told(text: str) -> None:
    assert _starts(text)[("WORKS_AT", "Halden Logistics")] == ASKED


def test_the_stage_is_declared() -> None:
    assert "start_dates" in PIPE_NAMES
