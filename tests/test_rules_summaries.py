"""Entity summaries from the rule extractor read as a note a person would keep: relative
dates carry the day they mean, sentences end as sentences, and an assistant's small talk is
nobody's summary."""

from __future__ import annotations

from datetime import timedelta

from chronomem import Memory
from chronomem.testing import HashEmbedder, ManualClock
from tests.helpers import t

START = t("2025-03-01T09:00")
TURNS = [
    "Maya: I moved to Lisbon last week for a new job",
    "Assistant: How's the new job going so far?",
    "Maya: great, my manager Rui is lovely",
]


def summaries() -> dict[str, str]:
    clock = ManualClock(START)
    with Memory(embedder=HashEmbedder(), clock=clock) as memory:
        for i, text in enumerate(TURNS):
            clock.set(START + timedelta(days=i))
            memory.add_episode(text, group_id="g", reference_time=START + timedelta(days=i))
        return {e.name: e.summary for e in memory.store.list_entities("g")}


def test_a_relative_date_says_the_day_it_means() -> None:
    assert "last week (22 Feb 2025)" in summaries()["Lisbon"]


def test_joined_sentences_end_as_sentences() -> None:
    assert summaries()["Maya"] == (
        "Maya moved to Lisbon last week (22 Feb 2025) for a new job. Maya's manager Rui is lovely."
    )


def test_an_assistants_question_is_no_ones_summary() -> None:
    assert not any("How's the new job" in s for s in summaries().values())


def test_a_date_that_ends_the_sentence_is_said_before_its_full_stop() -> None:
    clock = ManualClock(START)
    with Memory(embedder=HashEmbedder(), clock=clock) as memory:
        memory.add_episode(
            "Ines: my sister Carla moves to Porto on the 3rd of April.",
            group_id="g",
            reference_time=START,
        )
        summary = {e.name: e.summary for e in memory.store.list_entities("g")}["Porto"]
    assert "on the 3rd of April (3 Apr 2025)." in summary
    assert not summary.endswith(". (3 Apr 2025).")
