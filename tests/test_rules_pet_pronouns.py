"""A pet called "he" or "she", and a pet described before its species (round 21, issue 20).

In a user–assistant chat the assistant asked "How old is he?" of the user's cat and the user
answered "he's 4": the age went to the user's husband, the last person named, because the
pronoun resolvers knew people and never pets, and "he's" before an age was no form of "to
be". "We gave him to my mum" ended nothing: no reader resolved an object pronoun, and giving
a held thing to someone to keep was no ending. A pet described by any word outside a short
list ("a grey cat called Miso") was no pet to the rules. Sentences written for these tests.
"""

from __future__ import annotations

import pytest

from tests.real_embedder import facts_about, read_facts, real_embedder, target_name, told_memory

pytestmark = pytest.mark.local_model

ADOPTED = "Sara: we adopted a grey cat called Miso last month, my husband Tom picked him"
ASKED = "Assistant: Miso sounds lovely! How old is he?"


def _open(turns: list[str]) -> set[tuple[str, str, str]]:
    return {(s, r, t) for s, r, t, ended in read_facts(turns) if not ended}


def _ended(turns: list[str]) -> set[tuple[str, str, str]]:
    return {(s, r, t) for s, r, t, ended in read_facts(turns) if ended}


@pytest.mark.parametrize(
    ("line", "pet"),
    [
        ("Sara: we adopted a grey cat called Miso last month", "Miso"),
        ("Dev: just adopted a three-legged rescue greyhound called Bolt!!", "Bolt"),
        ("Ines: our ginger cat Toffee turned 12 today", "Toffee"),
        ("Lowri: my 12-year-old beagle Pudding has a bad hip", "Pudding"),
    ],
)
def test_a_pet_described_before_its_species_is_a_pet(line: str, pet: str) -> None:
    speaker = line.split(":")[0]
    assert (speaker, "HAS_PET", pet) in _open([line])


def test_the_pet_the_assistant_named_is_the_she_the_user_means() -> None:
    # the assistant names the user's pet; the user's next "she" is that pet, and "a basset
    # not a beagle" is the pet's kind, no pet of the pet's
    turns = [
        "Lowri: what should I feed a senior dog",
        "Assistant: For your 12-year-old beagle Pudding, a senior formula is a good idea.",
        "Lowri: she's 13 now actually. and she's a basset not a beagle",
    ]
    found = read_facts(turns)
    assert ("Pudding", "HAS_AGE", "13", False) in found
    assert not [f for f in found if f[0] == "Pudding" and f[1] == "HAS_PET"]


def test_a_hot_dog_is_no_pet_to_the_rules() -> None:
    """The describing words before a species are any words but the food's."""
    facts = read_facts(["Ola: I got a hot dog, Marco"], learned=False)
    assert not [f for f in facts if f[1] == "HAS_PET"]


def test_the_age_asked_of_the_pet_is_the_pets() -> None:
    found = _open([ADOPTED, ASKED, "Sara: he's 4"])
    assert ("Miso", "HAS_AGE", "4") in found
    assert not [f for f in found if f[1] == "HAS_AGE" and f[0] != "Miso"]  # not Tom's


def test_a_pet_no_one_called_he_never_takes_a_persons_he() -> None:
    """The gender is what the conversation said: without it "he" stays the person's."""
    turns = ["Ama: my son Kwame got a puppy called Rex", "Ama: he is 9 now"]
    found = _open(turns)
    assert ("Kwame", "HAS_AGE", "9") in found
    assert not [f for f in found if f[0] == "Rex"]


def test_giving_the_pet_to_someone_to_keep_ends_it() -> None:
    turns = [
        ADOPTED,
        ASKED,
        "Sara: he is 4",
        "Sara: sad news, we couldn't keep him, we gave him to my mum",
    ]
    assert ("Sara", "HAS_PET", "Miso") in _ended(turns)


@pytest.mark.parametrize(
    "line",
    [
        "Sara: we gave him to the vet for his jab",  # minded, not given away
        "Sara: we handed her over to a lovely family",  # "her": not the he-cat
        "Sara: my sister gave him to my mum for the weekend",  # someone else gave him
    ],
)
def test_giving_him_to_the_vet_or_a_she_ends_nothing(line: str) -> None:
    assert ("Sara", "HAS_PET", "Miso") not in _ended([ADOPTED, ASKED, "Sara: he is 4", line])


def test_the_memory_keeps_the_age_and_closes_the_pet() -> None:
    story = [
        ("2026-01-10T09:00:00Z", ADOPTED),
        ("2026-01-10T09:01:00Z", ASKED),
        ("2026-01-10T09:02:00Z", "Sara: he's 4"),
        ("2026-03-02T18:00:00Z", "Sara: sad news, we gave him to my mum, the baby is allergic"),
    ]
    with told_memory(real_embedder(), story) as memory:
        ages = {target_name(memory, f) for f in facts_about(memory, "Miso", "HAS_AGE")}
        pets = [f for f in facts_about(memory, "Sara", "HAS_PET")]
        assert ages == {"4"}
        assert [target_name(memory, f) for f in pets] == ["Miso"]
        assert (
            pets[0].invalid_at is not None and pets[0].invalid_at.date().isoformat() == "2026-03-02"
        )


@pytest.mark.parametrize(
    "line", ["Sara: he died last night", "Sara: sadly he had to be put to sleep"]
)
def test_the_pet_called_he_dying_ends_it(line: str) -> None:
    assert ("Sara", "HAS_PET", "Miso") in _ended([ADOPTED, ASKED, "Sara: he is 4", line])


def test_dying_of_boredom_ends_nothing() -> None:
    line = "Sara: he died of boredom at the vet lol"
    assert ("Sara", "HAS_PET", "Miso") not in _ended([ADOPTED, ASKED, "Sara: he is 4", line])
