"""Job titles with an acronym, titles named when a job starts, and a last day told ahead.

"a UX researcher" is one title (the capitalised word qualifies it; it is no name of its
own), said with the article it is spoken with; "starting monday as a line cook" names a
title; "my last day at X is June 30" ends the job on June 30, not on the day it is said,
and the fact's text keeps the day. Sentences written for these tests, not from any bench.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.text.words import indefinite
from tests.rules_support import REF, found, run
from tests.test_rules_states_memory import tell


@pytest.mark.parametrize(
    ("turn", "title"),
    [
        ("Kofi: I'm a QA engineer these days", "QA engineer"),
        ("Wen: i work as a UX researcher at a bank", "UX researcher"),
        ("Dara: I'm the senior HR manager now", "senior HR manager"),
        ("Ama: I am working as IT technician in a school since 2019", "IT technician"),
    ],
)
def test_an_acronym_is_part_of_the_title(turn: str, title: str) -> None:
    titles = {t for _, r, t, _ in found(run(turn)) if r == "HAS_JOB_TITLE"}
    assert titles == {title}


def test_a_title_text_takes_the_article_it_is_said_with() -> None:
    (fact,) = [f for f in run("Kofi: I'm a UX designer").facts if f.relation == "HAS_JOB_TITLE"]
    assert fact.fact == "Kofi is a UX designer"


@pytest.mark.parametrize(
    ("phrase", "said"),
    [
        ("UX designer", "a UX designer"),
        ("MBA student", "an MBA student"),
        ("SUV", "an SUV"),
        ("X-ray technician", "an X-ray technician"),
        ("university lecturer", "a university lecturer"),
        ("hourly worker", "an hourly worker"),
        ("engineer", "an engineer"),
        ("nurse", "a nurse"),
    ],
)
def test_indefinite_articles(phrase: str, said: str) -> None:
    assert indefinite(phrase) == said


@pytest.mark.parametrize(
    "turns",
    [
        ["Lu: got the job at the bakery!! starting monday as a pastry chef"],
        ["Lu: I begin next week as pastry chef at Maison Kayser"],
    ],
)
def test_a_title_named_as_a_job_starts(turns: list[str]) -> None:
    (fact,) = [f for f in run(*turns).facts if f.relation == "HAS_JOB_TITLE"]
    assert fact.target == "pastry chef"
    assert fact.valid_at is not None and fact.valid_at > REF  # it starts ahead


def test_a_last_day_told_ahead_ends_the_job_on_that_day() -> None:
    (fact,) = [
        f
        for f in run("Ravi: my last day at Hellofresh is june 30. weird feeling").facts
        if f.relation == "WORKS_AT"
    ]
    assert fact.target == "Hellofresh"
    assert fact.invalid_at == datetime(2024, 6, 30, tzinfo=UTC)
    assert fact.fact == "Ravi's last day at Hellofresh is 30 Jun 2024"


def test_a_last_day_in_the_past_is_dated_as_said() -> None:
    (fact,) = [
        f
        for f in run("Ravi: my last day at Hellofresh was friday, free at last").facts
        if f.relation == "WORKS_AT"
    ]
    assert fact.invalid_at == datetime(2024, 1, 12, tzinfo=UTC)  # REF is Monday the 15th


def test_an_over_told_state_ends_now_whatever_comes_next() -> None:
    """A later day in another clause does not date the ending."""
    (fact,) = run("Ravi: I'm over the flu, back at work tomorrow").facts
    assert fact.invalid_at == REF


@pytest.mark.local_model
def test_an_employer_and_a_title_told_in_one_clause(embedder) -> None:  # type: ignore[no-untyped-def]
    """The title read after the employer leaves the employer to the semantic cue."""
    facts = tell(embedder, "Ines: I start at Zalando on the 3rd as a data engineer")
    assert facts.get(("Ines", "HAS_JOB_TITLE", "data engineer")) is True
    assert facts.get(("Ines", "WORKS_AT", "Zalando")) is True


@pytest.mark.parametrize(
    ("turn", "employer", "title"),
    [
        (
            "Farah: I accepted the position of head of science at Fernvale College",
            "Fernvale College",
            "head of science",
        ),
        ("Farah: took the job as night manager at the Radisson", "Radisson", "night manager"),
        (
            "Farah: I'm a maths teacher (mostly gcse) at Oakfield Academy",
            "Oakfield Academy",
            None,
        ),
    ],
)
def test_a_job_taken_names_its_employer_and_title(
    turn: str, employer: str, title: str | None
) -> None:
    facts = found(run(turn))
    assert ("Farah", "WORKS_AT", employer, False) in facts
    if title is not None:
        assert ("Farah", "HAS_JOB_TITLE", title, False) in facts


def test_a_capitalised_department_title_is_a_title() -> None:
    (fact,) = [
        f
        for f in run("Farah: I was promoted to Head of Marketing").facts
        if f.relation == "HAS_JOB_TITLE"
    ]
    assert fact.target.lower() == "head of marketing"


def test_an_offer_declined_is_no_job() -> None:
    facts = found(run("Farah: got offered the position of CFO at Brightwell but I said no"))
    assert not [f for f in facts if f[1] in ("WORKS_AT", "HAS_JOB_TITLE")]


def test_a_start_told_after_the_news_dates_it() -> None:
    (job,) = [
        f
        for f in run("Bea: I've accepted a post at Hollis Academy, starting in September").facts
        if f.relation == "WORKS_AT"
    ]
    assert job.valid_at == datetime(2024, 9, 1, tzinfo=UTC)
