"""A value ends where the message tells another in its place. A value told as the one of
now ends the other value of its slot the message told before it, in an earlier sentence or
earlier in the same one ("my doctor, Dr Kalniņa, moved to Riga, so now my doctor is Dr
Bērziņš"); of a relation held per kind (a doctor, a dentist), only a value of the same kind
(``rules/draft.Draft.supersede``). A thing given to someone ends for the giver when it is
theirs, told ahead too (``readers/transfers.py``)."""

from __future__ import annotations

import pytest

from tests.real_embedder import read_facts


@pytest.mark.local_model
def test_a_value_told_as_now_ends_the_one_before_it_in_the_same_sentence() -> None:
    facts = read_facts(
        [
            "Raimonds: Also my family doctor, Dr Kalniņa, she moved to Riga, so now my doctor "
            "is Dr Bērziņš in the Ventspils polyclinic."
        ]
    )
    assert ("Raimonds", "ROLE_HELD_BY", "Dr Kalniņa", True) in facts
    assert ("Raimonds", "ROLE_HELD_BY", "Dr Bērziņš", False) in facts


@pytest.mark.local_model
def test_a_value_told_as_now_ends_the_one_of_an_earlier_sentence() -> None:
    facts = read_facts(["Raimonds: my Samsung got nicked. Now I'm on my old iPhone"])
    assert ("Raimonds", "USES_PHONE", "Samsung", True) in facts
    assert ("Raimonds", "USES_PHONE", "iPhone", False) in facts


@pytest.mark.local_model
@pytest.mark.parametrize(
    "said",
    [
        "Raimonds: My dentist is Dr Ahmed. Now my doctor is Dr Bērziņš.",
        "Raimonds: My dentist is Dr Ahmed, and now my doctor is Dr Bērziņš.",
    ],
)
def test_a_new_doctor_ends_no_dentist(said: str) -> None:
    facts = read_facts([said])
    assert ("Raimonds", "ROLE_HELD_BY", "Dr Ahmed", False) in facts
    assert ("Raimonds", "ROLE_HELD_BY", "Dr Bērziņš", False) in facts


@pytest.mark.local_model
def test_a_pet_given_away_ahead_ends_for_the_giver_as_the_new_owner_gets_it() -> None:
    facts = read_facts(
        [
            "Anjali: We have a cat named Pista, she is 6 years old, very lazy fellow.",
            "Anjali: We are giving Pista to my cousin Lakshmi in Kochi from next week.",
        ]
    )
    assert ("Lakshmi", "HAS_PET", "Pista", False) in facts
    assert ("Anjali", "HAS_PET", "Pista", True) in facts
