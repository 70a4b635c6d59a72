"""Issue 20 item 5: an entity's summary says each thing once and keeps what was said last."""

from __future__ import annotations

from chronomem import Memory
from chronomem.engine.summaries import merge_summary
from chronomem.testing import HashEmbedder
from tests.helpers import t


def test_a_sentence_said_again_is_not_repeated() -> None:
    summary = merge_summary(
        "Maya lives in Leeds. Maya has a cat.", "maya lives in leeds! Maya runs."
    )
    assert summary == "Maya lives in Leeds. Maya has a cat. Maya runs."
    assert merge_summary(summary, "Maya has a cat.") == summary
    assert merge_summary("", "Maya runs. Maya runs.") == "Maya runs."


def test_the_oldest_sentences_go_first_when_long() -> None:
    summary = merge_summary("One thing. Two things.", "Three things here.", limit=32)
    assert summary == "Two things. Three things here."


def test_an_entity_told_twice_in_the_same_words_has_one_sentence() -> None:
    with Memory(embedder=HashEmbedder()) as memory:
        said = ("Maya: I work at Kestrel Freight.", "Maya: I work at Kestrel Freight. Love it.")
        for day, text in zip(("2025-03-03", "2025-03-10"), said, strict=True):
            memory.add_episode(text, group_id="g", reference_time=t(day))
        (kestrel,) = [e for e in memory.store.list_entities("g") if e.name == "Kestrel Freight"]
    assert kestrel.summary.count("Maya works at Kestrel Freight") == 1, kestrel.summary
