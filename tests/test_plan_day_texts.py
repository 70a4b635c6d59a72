"""A plan's day as people tell it: a progressive with a day named is an arrangement ahead
("I'm doing a 10k on the 21st"), and a day cut from a fact's text takes its possessive with
it ("cancelled Friday's appointment")."""

from __future__ import annotations

from datetime import UTC, datetime

from chronomem.extractors.rules.explain import explain
from chronomem.text.dates import find_time_expressions

SAID = datetime(2025, 11, 2, 10, tzinfo=UTC)


def test_doing_something_on_a_day_of_the_month_looks_ahead() -> None:
    (found,) = find_time_expressions("I'm doing a 10k on the 21st", SAID)
    assert found.when == datetime(2025, 11, 21, tzinfo=UTC)


def test_a_day_of_the_month_with_no_tense_is_still_the_nearest() -> None:
    (found,) = find_time_expressions("the 21st", SAID)
    assert found.when == datetime(2025, 10, 21, tzinfo=UTC)


def test_a_day_cut_from_a_fact_text_takes_its_possessive() -> None:
    read = explain(
        "I cancelled Friday's appointment with the physio",
        at=datetime(2025, 2, 25, 10, tzinfo=UTC),
        speaker="Alsu",
        context=["Alsu: I have a physio appointment on Friday"],
    )
    texts = [f.fact for f in read.extraction.facts if f.relation == "HAS_PLAN"]
    assert texts, read.extraction.facts
    assert all("'s" not in t and "Friday" not in t for t in texts), texts
