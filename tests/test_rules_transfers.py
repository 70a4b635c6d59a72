"""A thing the speaker gives to a named person is that person's now (``readers/transfers.py``):
the relation the speaker held it by, from the day it was given. Sentences written for this
test, in several voices."""

from __future__ import annotations

from tests.rules_support import found, run


def test_a_pet_given_to_a_relative_is_theirs() -> None:
    got = found(run(
        "Alison: our rabbit Biscuit has chewed through another charger",
        "Alison: well, we gave Biscuit to my niece Freya, she's got a big garden",
    ))  # fmt: skip
    assert ("Freya", "HAS_PET", "Biscuit", False) in got


def test_a_held_thing_given_goes_with_its_relation() -> None:
    got = found(run(
        "Gisela: my bike is an old green Gazelle, never let me down",
        "Gisela: My knees have won. I gave the Gazelle to my nephew Jannik and bought a trike.",
    ))  # fmt: skip
    assert ("Jannik", "RIDES_BIKE", "Gazelle", False) in got


def test_a_thing_named_by_its_kind_goes_to_the_named_person() -> None:
    got = found(run(
        "Gareth: my old Brennard road bike is gathering dust in the shed",
        "Gareth: Gave the bike to my nephew Kai on Saturday, he's done 40 miles already",
    ))  # fmt: skip
    assert any(g[0] == "Kai" and g[1] == "RIDES_BIKE" and not g[3] for g in got)


def test_nothing_passes_without_a_named_person_or_a_thing() -> None:
    assert not [g for g in found(run("Ines: gave my old sofa to a charity shop")) if g[0] != "Ines"]
    got = found(run("Ines: I gave Tomasz's number to my sister Ana"))
    assert not [g for g in got if g[0] == "Ana" and g[1] != "FAMILY_OF"]
    got = found(run("Ines: would you give the Corsa to your nephew Leo?"))
    assert not [g for g in got if g[0] == "Leo" and g[1] != "FAMILY_OF"]


def test_a_job_or_a_home_does_not_change_hands() -> None:
    got = found(run(
        "Ines: I work at Harrow Mills",
        "Ines: handed my notice at Harrow Mills to my manager Dave today",
    ))  # fmt: skip
    assert not [g for g in got if g[0] == "Dave" and g[1] not in ("MANAGED_BY", "FAMILY_OF")]
