"""The learned reader on narration the rules read in its person's voice (round 15).

The rules rewrite a narrated sentence about a named person into that person's voice
("Benedek rides a Raleigh" -> "I ride a Raleigh", Benedek its speaker; ``narrated.py``). The
learned step reads the message as written, so it must find such a sentence where it was
written, move the spans it tags into the rewritten text, and take its "third person" for
the person the rules made the speaker. Before round 15 it found no place for a rewritten
sentence and read nothing there. Sentences written for this test."""

from __future__ import annotations

import pytest

from chronomem.extractors.learned.step import _moved
from tests.real_embedder import Found, read_facts
from tests.rules_support import misread


def _facts(text: str, *, learned: bool = True) -> set[Found]:
    return {f for f in read_facts([text], learned=learned) if f[1] not in ("MENTIONED",)}


@pytest.mark.local_model
@misread("round-20 (the Raleigh read as a habit of riding)")
def test_a_narrated_persons_fact_the_rules_miss_is_read_by_the_step() -> None:
    text = "Benedek rides a battered Raleigh to the depot every morning."
    fact = ("Benedek", "RIDES_BIKE", "Raleigh", False)
    assert fact in _facts(text)
    assert fact not in _facts(text, learned=False)


@pytest.mark.local_model
def test_a_narrated_relatives_fact_stays_the_relatives() -> None:
    # rewritten "My sister moved to Oslo": the sister's move, never the narrated person's
    facts = _facts("Marek's sister moved to Oslo in May.")
    assert not any(f[0] == "Marek" and f[2] == "Oslo" for f in facts)


def test_a_span_moves_to_where_its_words_are_in_the_rewritten_sentence() -> None:
    written, spoken = "Sophie took up the violin again.", "I took up the violin again."
    at = written.index("the violin")
    moved = _moved((at, at + len("the violin")), written, spoken)
    assert moved is not None and spoken[moved[0] : moved[1]] == "the violin"
    # words the rewrite changed ("his" -> "my") are no longer there: nothing to move
    assert _moved((0, 11), "his old bike broke", "my old bike broke") is None
