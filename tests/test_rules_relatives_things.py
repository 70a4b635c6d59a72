"""A name said to be a relative's thing is no relative and not the speaker's: "Mithu is my
brother's parrot" (``tables/people_rows``, ``learned/whose``), and a pet's kind said of a
name is no pet of its own (``learned/values``); a phone dropped is no habit dropped
(``readers/habits``), nor Scots "ma phone" a mother's (``normalise/chat_spelling``).
Sentences written for this test."""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.normalise.chat_spelling import plain_spelling
from tests.real_embedder import read_facts

pytestmark = pytest.mark.local_model


@pytest.mark.parametrize(
    ("line", "name"),
    [("No! Mithu is my brother's parrot.", "Mithu"), ("Rex is my sister's dog", "Rex")],
)
def test_a_relatives_pet_is_neither_kin_nor_the_speakers(line: str, name: str) -> None:
    facts = read_facts([f"Norbu: {line}"])
    assert not [f for f in facts if f[2] == name and f[1] in ("FAMILY_OF", "HAS_PET")], facts
    assert not [f for f in facts if f[0] == name and f[1] == "HAS_PET"], facts


def test_kin_and_pets_said_plainly_are_still_read() -> None:
    assert ("Norbu", "FAMILY_OF", "Emma", False) in read_facts(["Norbu: Emma is my sister"])
    assert ("Norbu", "HAS_PET", "Rex", False) in read_facts(["Norbu: Rex is my dog"])


@pytest.mark.parametrize(
    ("line", "habit"),
    [("dropped ma phone in the burn the day", None), ("dropped carbs last month", "carbs")],
)
def test_a_thing_let_fall_is_no_habit_dropped(line: str, habit: str | None) -> None:
    ended = {f[2] for f in read_facts([f"Kirsty: {line}"]) if f[1] == "HAS_HABIT" and f[3]}
    assert ended == ({habit} if habit else set()), ended


@pytest.mark.parametrize(
    ("line", "spelled"),
    [
        ("dropped ma phone in the burn", "my phone"),
        ("ma last day is friday", "my last day"),
        ("ma said I can come", "ma said"),
        ("my ma's house is in Leith", "my ma's house"),
    ],
)
def test_scots_ma_before_a_thing_is_my(line: str, spelled: str) -> None:
    assert spelled in plain_spelling(line)
