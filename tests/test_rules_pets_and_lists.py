"""Pets named in a list, and a pet let go by its owner (``tables/belongings.py``, the
coordination of accumulating values in ``readers/clauses.py``). HAS_PET, SPEAKS and the
like accumulate: each value of "X and Y" / "X, Y and Z" is held, none closes another. The
sentences are written for this test."""

from __future__ import annotations

import pytest

from tests.rules_support import found, run

Fact = tuple[str, str, str, bool]

LISTED: list[tuple[str, set[Fact]]] = [
    (
        "Yusuf: we've got two rabbits, Pepper and Clove, they live in the garden",
        {("Yusuf", "HAS_PET", "Pepper", False), ("Yusuf", "HAS_PET", "Clove", False)},
    ),
    (  # a plural breed, three names
        "Marit: We adopted three whippets, Sable, Fen and Moss, from a rescue in Leeds.",
        {("Marit", "HAS_PET", n, False) for n in ("Sable", "Fen", "Moss")},
    ),
    (  # named in the clause after the one that tells of getting it
        "Yusuf: we adopted a tortoise in March, named him Sheldon",
        {("Yusuf", "HAS_PET", "Sheldon", False)},
    ),
    (  # round 23: named after a comma, with a subject of its own
        "Diego: adopted a little tabby from the shelter yesterday, she's called Churro",
        {("Diego", "HAS_PET", "Churro", False)},
    ),
    (
        "Ana: got a kitten last week, named her Mochi",
        {("Ana", "HAS_PET", "Mochi", False)},
    ),
    (
        "Chidi: I speak Portuguese and Tetum at home.",
        {("Chidi", "SPEAKS", "Portuguese", False), ("Chidi", "SPEAKS", "Tetum", False)},
    ),
]


LISTED += [
    (  # a word of quantity before the last item
        "Chidi: I speak Swahili, English and a bit of French.",
        {("Chidi", "SPEAKS", n, False) for n in ("Swahili", "English", "French")},
    ),
    (  # a language taken up is learnt, beside the ones spoken (each accumulates)
        "Chidi: started mandarin this spring, on top of my french",
        {("Chidi", "LEARNS", "mandarin", False)},
    ),
]


@pytest.mark.parametrize(("turn", "facts"), LISTED)
def test_each_value_of_a_list_is_held(turn: str, facts: set[Fact]) -> None:
    assert facts <= found(run(turn))


LET_GO: list[tuple[list[str], Fact]] = [
    (
        ["Freya: We lost our collie Bran on Tuesday, he was fifteen."],
        ("Freya", "HAS_PET", "Bran", True),
    ),
    (
        ["Tomas: had to put down our old cat Smudge last week"],
        ("Tomas", "HAS_PET", "Smudge", True),
    ),
    (  # passive, in a formal voice
        ["Agnieszka: I must tell you that our dog, Kasztan, has been rehomed with a farmer."],
        ("Agnieszka", "HAS_PET", "Kasztan", True),
    ),
    (  # the owner had it done (round 28)
        ["Wyn: we had our cat Pudding put to sleep on Monday"],
        ("Wyn", "HAS_PET", "Pudding", True),
    ),
    (
        ["Wyn: our old tabby Pudding is eighteen now", "Wyn: we had Pudding put to sleep today"],
        ("Wyn", "HAS_PET", "Pudding", True),
    ),
    (  # the pet named only by its kind: the one the conversation told of
        ["Lior: we have a budgie called Pip", "Lior: gave away the budgie to my cousin, sadly"],
        ("Lior", "HAS_PET", "Pip", True),
    ),
]


@pytest.mark.parametrize(("turns", "fact"), LET_GO)
def test_a_pet_let_go_ends(turns: list[str], fact: Fact) -> None:
    assert fact in found(run(*turns))


def test_a_baby_named_is_no_pet() -> None:
    facts = run("Dana: we had a baby girl in May, named her Ines").facts
    assert not [f for f in facts if f.relation == "HAS_PET"]


def test_losing_what_is_no_pet_ends_no_pet() -> None:
    facts = run("Dana: we lost Brightwell as a client last month").facts
    assert not [f for f in facts if f.relation == "HAS_PET"]
