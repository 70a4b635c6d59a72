"""A denial of a value the speaker holds takes it back (round 27): "so not allergic after
all" ends the allergy told before; a value held as something done without ("cutting out
red meat") is told again by "still no red meat", not taken back. Sentences written for
this test, not from any benchmark."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem import Memory
from chronomem.extractors.learned.told import negates_held
from chronomem.extractors.rules.analysis.found import Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.testing import ManualClock
from tests.real_embedder import facts_about, real_embedder, target_name, tell

SAID = datetime(2025, 5, 20, 10, tzinfo=UTC)


def _known(relation: str, value: str, text: str) -> Known:
    known = Known()
    known.targets[("tove", relation)] = {value: value}
    known.texts[("tove", relation, value)] = text
    return known


def _line(text: str) -> Sentence:
    return Sentence(text, SAID, "Tove", [], [], [(0, len(text))])


def test_a_denied_value_the_speaker_holds_is_taken_back() -> None:
    known = _known("HAS_CONDITION", "allergic to shellfish", "Tove is allergic to shellfish")
    assert negates_held(_line("so not allergic after all"), known, "HAS_CONDITION", "allergic")
    assert not negates_held(_line("not tired at all"), known, "HAS_CONDITION", "tired")


def test_a_value_held_as_done_without_is_not_taken_back_by_its_denial() -> None:
    known = _known("FOLLOWS_DIET", "red meat", "Tove is cutting out red meat for good")
    line = _line("three months no red meat and I still don't eat it")
    assert not negates_held(line, known, "FOLLOWS_DIET", "red meat")


@pytest.mark.local_model
def test_not_allergic_after_all_ends_the_allergy_end_to_end() -> None:
    clock = ManualClock(datetime(2025, 1, 1, tzinfo=UTC))
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        tell(
            memory,
            clock,
            [
                ("2025-02-02T10:00", "Tove: I'm allergic to shellfish, please keep that in mind"),
                (
                    "2025-03-20T10:00",
                    "Tove: the clinic did a proper test last week and it was negative. "
                    "so not allergic after all",
                ),
            ],
        )
        held = [
            target_name(memory, f)
            for f in facts_about(memory, "Tove", "HAS_CONDITION")
            if f.invalid_at is None
        ]
        assert not any("shellfish" in name for name in held), held
