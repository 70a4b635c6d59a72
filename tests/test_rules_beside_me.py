"""A name told beside the speaker as one subject is a person's, wherever the sentence names
it again: "Alfred and I lived in Penmarric until Alfred died" tells no pet
(``analysis/subjects.label_role_names``)."""

from __future__ import annotations

import pytest

from tests.real_embedder import read_facts


@pytest.mark.local_model
def test_a_name_beside_the_speaker_is_no_pet() -> None:
    facts = read_facts(["Edna: Alfred and I lived in Penmarric until Alfred died in 2019."])
    assert not [f for f in facts if f[1] == "HAS_PET"], facts


@pytest.mark.local_model
def test_a_pet_that_died_is_still_read() -> None:
    facts = read_facts(["Edna: our cat Bubbles died last night"])
    assert ("Edna", "HAS_PET", "Bubbles", True) in facts


@pytest.mark.local_model
def test_a_name_ending_a_clause_before_and_i_keeps_its_kind() -> None:
    facts = read_facts(["Dana: I work at Acme and I also work at Bolt"])
    assert ("Dana", "WORKS_AT", "Acme", False) in facts, facts
