"""A plan the learned reader reads with no day ahead (round 15).

A plan of a relation holds from the day ahead its clause names ("I start at Stripe in
January"); with no such day the step used to drop it. It is kept as a plan of its value
(``HAS_PLAN``): the memory knows what is planned, and holds nothing of the relation before
it happens. Sentences written for this test."""

from __future__ import annotations

from datetime import datetime

import pytest

from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, EpisodeSource
from tests.real_embedder import read_facts, real_embedder

pytestmark = pytest.mark.local_model


def test_a_plan_with_no_day_is_kept_as_a_plan_not_as_the_value_held() -> None:
    turn = "Kim: I'm going to study at Ghent University."
    facts = read_facts([turn])
    assert ("Kim", "HAS_PLAN", "Ghent University", False) in facts
    assert ("Kim", "HAS_PLAN", "Ghent University", False) not in read_facts([turn], learned=False)
    assert not any(f[1] == "STUDIES_AT" for f in facts)


def test_a_plan_read_as_leaving_ends_the_old_value_on_its_day() -> None:
    """Round 23: "leaving Turin ... on December 1st", read as a plan that the rules' ending
    words end, held Turin from December 1st on; Turin now ends that day."""
    said = datetime.fromisoformat("2025-11-11T09:00:00+00:00")
    text = "Vale: I'm leaving Turin for Rotterdam on December 1st"
    episode = Episode("e", "g", text, EpisodeSource.MESSAGE, said, said)
    facts = RuleExtractor(embedder=real_embedder()).extract(episode, []).facts
    turin = [f for f in facts if f.relation == "LIVES_IN" and f.target == "Turin"]
    assert turin and all(f.valid_at is None and f.invalid_at is not None for f in turin)
    assert all(f.invalid_at.date().isoformat() == "2025-12-01" for f in turin if f.invalid_at)


def test_a_plan_in_words_with_a_day_ahead_is_an_event_on_that_day() -> None:
    """Round 25: a plan told in words, no name ("booked in for a colonoscopy on the 14th"),
    is kept when its clause names a day ahead (on the writers the reader never saw such
    plans were right far more often than plans in words with no day); with no day ahead,
    still nothing."""
    said = datetime.fromisoformat("2025-03-05T10:00:00+00:00")
    extractor = RuleExtractor(embedder=real_embedder())

    def plans(text: str) -> list[tuple[str, str | None]]:
        episode = Episode("e", "g", text, EpisodeSource.MESSAGE, said, said)
        facts = extractor.extract(episode, []).facts
        return [
            (f.target, f.valid_at.date().isoformat() if f.valid_at else None)
            for f in facts
            if f.relation == "HAS_PLAN"
        ]

    assert ("colonoscopy", "2025-03-14") in plans("Ulla: booked in for a colonoscopy on the 14th")
    assert not plans("Ulla: maybe a colonoscopy someday")


def test_a_plan_dated_by_a_later_sentence_keeps_its_relation_from_that_day() -> None:
    """Round 27: a plan of a relation whose own sentence names no day ahead, and a later
    sentence of the message that says when it starts ("It starts April 1."), holds the
    relation from that day; it is not only a plan of its value told on the day it was
    announced."""
    said = datetime.fromisoformat("2025-02-20T10:00:00+00:00")
    text = "Taro: My company announced I will become head of the Oyama depot. It starts April 1."
    episode = Episode("e", "g", text, EpisodeSource.MESSAGE, said, said)
    facts = RuleExtractor(embedder=real_embedder()).extract(episode, []).facts
    job = [f for f in facts if f.relation in ("WORKS_AT", "HAS_JOB_TITLE")]
    assert job and all(f.valid_at is not None and f.invalid_at is None for f in job)
    assert {f.valid_at.date().isoformat() for f in job if f.valid_at} == {"2025-04-01"}
    assert not any(f.relation == "HAS_PLAN" for f in facts)


def test_the_place_of_a_planned_event_is_no_value_from_its_day() -> None:
    """Round 50: "a job interview at Halden on Friday" was also read as a job at Halden
    from Friday (the reader's plan of WORKS_AT, dated by the interview's day). The place of
    an event the rules read as the plan is where the event happens: the plan stays, the job
    does not; a start told of the same place still gives the job from its day."""
    said = datetime.fromisoformat("2026-05-06T09:00:00+00:00")
    extractor = RuleExtractor(embedder=real_embedder())

    def facts(text: str) -> set[tuple[str, str, str | None]]:
        episode = Episode("e", "g", text, EpisodeSource.MESSAGE, said, said)
        return {
            (f.relation, f.target, f.valid_at.date().isoformat() if f.valid_at else None)
            for f in extractor.extract(episode, []).facts
        }

    for text in (
        "Ana: got a job interview at Halden on friday",
        "Ana: I have a second interview at Monzo next week",
    ):
        read = facts(text)
        assert any(r == "HAS_PLAN" for r, _, _ in read), read
        assert not any(r == "WORKS_AT" for r, _, _ in read), read
    assert ("WORKS_AT", "Halden", "2026-05-11") in facts("Ana: I start at Halden on Monday")
