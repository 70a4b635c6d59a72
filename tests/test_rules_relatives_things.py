"""A name said to be a relative's thing is no relative and not the speaker's: "Mithu is my
brother's parrot" (``tables/people_rows``, ``learned/whose``), and a pet's kind said of a
name is no pet of its own (``learned/values``). Sentences written for this test."""

from __future__ import annotations

import pytest

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
