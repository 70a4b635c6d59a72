"""A pet told in two steps, its kind first and then its name
(``extractors/rules/readers/pet_names.py``): the owner has the named pet, and no second pet
named after its kind."""

from __future__ import annotations

import pytest

from tests.test_rules_successions import story


def pets(*turns: str) -> set[tuple[str, str, bool]]:
    """(owner, pet, ended?) of every HAS_PET (or OWNS) fact the last turn gives."""
    return {(s, t, e) for s, r, t, e in story(*turns) if r in ("HAS_PET", "OWNS")}


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("Odile: GOT A RABBIT!!! his name is pudding and he is tiny", "Pudding"),
        ("Odile: we rescued a collie yesterday. She's called Mara", "Mara"),
        ("Odile: we adopted a kitten, and we call her Saffy", "Saffy"),
        ("Odile: i got a puppy for my birthday!! he's a beagle called Monty", "Monty"),
        ("Odile: new tortoise!!! named him Mr. Shelby", "Mr. Shelby"),
    ],
)
def test_a_pet_named_after_its_kind_is_one_pet_with_its_name(said: str, name: str) -> None:
    assert pets(said) == {("Odile", name, False)}


def test_the_pet_is_the_one_of_whoever_got_it() -> None:
    found = pets("Odile: my neighbour adopted a greyhound. her name is Bess")
    assert ("Odile's neighbour", "Bess", False) in found
    assert not any(owner == "Odile" for owner, _, _ in found)


@pytest.mark.parametrize(
    "said",
    [
        # someone else named between the animal and the name
        "Odile: we got a kitten! My daughter is over the moon, her name is Ines",
        "Odile: we got a kitten and my niece, her name is Ines, adores it",
        # the name two sentences later
        "Odile: we got a kitten. It was raining. Her name is Ines",
        # an animal wished for, not had
        "Odile: I want to adopt a cat. her name would be Ines",
        "Odile: we got a kitten. her name is not decided yet",
    ],
)
def test_a_name_that_may_be_someone_elses_names_no_pet(said: str) -> None:
    assert not any(pet in ("Ines", "Not") for _, pet, _ in pets(said))
