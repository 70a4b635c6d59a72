"""Round 48 (whose fact the learned reader read): a clause opening on a bare name and its
verb is that person's ("Oksana has taken over as treasurer"), not the speaker's ("Bogdan
still works at Tesco"); what another does to the speaker is the speaker's ("Dr Okafor has
put me on gliclazide"); a later clause naming no one goes on with the sentence's person
("my nephew Tomasz is 11, no wait, 12")."""

from __future__ import annotations

import pytest

from tests.real_embedder import read_facts

pytestmark = pytest.mark.local_model


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("Oksana has taken over as treasurer.", ("Oksana", "HAS_JOB_TITLE", "treasurer")),
        ("ok so Bogdan is now working at Tesco on the tills.", ("Bogdan", "WORKS_AT", "Tesco")),
    ],
)
def test_a_clause_opening_on_a_bare_name_is_that_persons(
    said: str, fact: tuple[str, str, str]
) -> None:
    found = read_facts([f"Dorota: {said}"])
    assert (*fact, False) in found
    assert not any(s == "Dorota" and r == fact[1] for s, r, _, _ in found)


def test_another_persons_job_told_beside_the_speakers_is_not_the_speakers() -> None:
    found = read_facts(
        ["Dorota: I work at Lidl.", "Dorota: Bogdan still works at Tesco, I'm at Lidl."]
    )
    assert ("Dorota", "WORKS_AT", "Lidl", False) in found
    assert ("Dorota", "WORKS_AT", "Tesco", False) not in found


def test_a_name_met_as_a_thing_opens_no_persons_clause() -> None:
    found = read_facts(
        ["Dorota: I take co-codamol for my back.", "Dorota: Co-codamol's binned, just paracetamol."]
    )
    assert ("Dorota", "TAKES_MEDICATION", "paracetamol", False) in found


def test_what_a_doctor_puts_the_speaker_on_is_the_speakers() -> None:
    found = read_facts(["Dorota: Dr Okafor has put me on gliclazide."])
    assert ("Dorota", "TAKES_MEDICATION", "gliclazide", False) in found
    assert not any(s == "Dr Okafor" and r == "TAKES_MEDICATION" for s, r, _, _ in found)


def test_a_later_clause_naming_no_one_goes_on_with_the_sentences_person() -> None:
    found = read_facts(["Dorota: My nephew Tomasz is 11 — no wait, 12."])
    assert ("Tomasz", "HAS_AGE", "12", False) in found
    assert not any(s == "Dorota" and r == "HAS_AGE" for s, r, _, _ in found)
