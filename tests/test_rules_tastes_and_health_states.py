"""Tastes that turn, told of "it" or "them", and the states an illness keeps one in.

A taste told of a pronoun ("used to hate olives but now I kind of love them") is a taste of
the thing the message named as a taste before it, said plainly; a pronoun that names no
taste ("I love it when it rains") gives none. "On crutches", "in hospital", "off sick" are a
health state (HAS_HEALTH_STATUS, one at a time), told after a form of "be" in the present,
and end with the signs of healing that end the illness. Sentences written for these tests,
in several voices (texting, formal, non-native, rambling).
"""

from __future__ import annotations

import pytest

from tests.rules_support import found, known_defect, run
from tests.test_rules_nominal import extract_all, extracted
from tests.test_rules_states_memory import tell


def ended(*turns: str) -> set[tuple[str, str, str]]:
    """(source, relation, target) of what the last turn reports ended."""
    return {(s, r, t) for s, r, t, gone in found(run(*turns)) if gone}


@pytest.mark.parametrize(
    ("turns", "taste"),
    [
        (["Pia: I used to hate mushrooms but now I actually love them"],
         ("Pia", "LOVES", "mushrooms")),
        (["Pia: i loved k-dramas for years but honestly i cant stand them now"],
         ("Pia", "HATES", "k-dramas")),
        (["Pia: I hate beetroot", "Pia: beetroot is growing on me, I really like it now"],
         ("Pia", "LIKES", "beetroot")),
        (["Pia: Before I am not liking spicy food, now I enjoy it very much"],
         ("Pia", "ENJOYS", "spicy food")),
        pytest.param(
            ["Pia: used to love sushi, can't stand it now"], ("Pia", "HATES", "sushi"),
            marks=known_defect("a chat clause after a comma is given no subject of its own"),
        ),
    ],
)  # fmt: skip
def test_a_taste_told_of_it_or_them_is_a_taste_of_the_thing_named(
    turns: list[str], taste: tuple[str, str, str]
) -> None:
    assert taste in extracted(*turns)


@pytest.mark.parametrize(
    ("turn", "taste"),
    [
        ("Gus: these days I'm more into audiobooks than films", ("Gus", "LIKES", "audiobooks")),
        ("Gus: I quite like bluegrass, who knew", ("Gus", "LIKES", "bluegrass")),
        ("Gus: my aunt is totally hooked on sudoku", ("Gus's aunt", "LIKES", "sudoku")),
        ("Gus: I'm kinda into sea swimming", ("Gus", "LIKES", "sea swimming")),
    ],
)
def test_a_taste_told_by_how_much_or_how_lately(turn: str, taste: tuple[str, str, str]) -> None:
    assert taste in extracted(turn)


@pytest.mark.parametrize(
    ("turn", "taste"),
    [
        ("Gus: I'm not a huge fan of karaoke", ("Gus", "DISLIKES", "karaoke")),
        ("Gus: Honestly, I am not into reality shows.", ("Gus", "DISLIKES", "reality shows")),
    ],
)
def test_a_fan_or_a_liking_denied_is_the_opposite_taste(
    turn: str, taste: tuple[str, str, str]
) -> None:
    assert taste in extracted(turn)


def test_a_taste_told_of_a_pronoun_is_said_plainly() -> None:
    facts = extract_all("Pia: I used to hate mushrooms but now I actually love them")
    texts = {f.fact for f in facts if f.relation == "LOVES"}
    assert texts == {"Pia loves mushrooms"}


@pytest.mark.parametrize(
    "turn",
    [
        "Pia: I love it when it rains on a sunday",
        "Pia: my brother got a drone and he loves it",
        "Pia: honestly I can't stand it when people are late",
    ],
)
def test_a_pronoun_that_names_no_taste_of_the_speaker_gives_none(turn: str) -> None:
    tastes = {f for f in extracted(turn) if f[1] in ("LIKES", "LOVES", "HATES", "ENJOYS")}
    assert not {f for f in tastes if f[0] == "Pia"}, tastes


@pytest.mark.parametrize(
    ("turn", "state"),
    [
        ("Rui: twisted my knee skiing. on crutches for a fortnight", "on crutches"),
        ("Rui: twisted my knee skiing, on crutches for a fortnight", "on crutches"),
        ("Rui: I'm in hospital with a chest infection, they're keeping me in", "in hospital"),
        ("Rui: been off sick all week, sorry for the silence", "off sick"),
        ("Rui: Please note that I am currently on sick leave until further notice.",
         "on sick leave"),
        ("Rui: my wrist is broke, I am in a cast for six weeks", "in a cast"),
        # round 23: the aid told as had
        ("Rui: I broke my wrist, now I have cast for six weeks", "in a cast"),
        ("Rui: dislocated my shoulder, I've got a sling on now", "in a sling"),
    ],
)  # fmt: skip
def test_a_state_an_illness_keeps_one_in_is_held(turn: str, state: str) -> None:
    assert ("Rui", "HAS_HEALTH_STATUS", state) in extracted(turn)


@pytest.mark.parametrize(
    "turn",
    [
        "Rui: visited my nan in hospital after work",
        "Rui: I was in hospital in 2019 for my appendix",
        "Rui: my neighbour is on crutches, poor guy",
    ],
)
def test_no_state_of_the_speaker_without_one(turn: str) -> None:
    states = {f for f in extracted(turn) if f[1] == "HAS_HEALTH_STATUS"}
    assert not {f for f in states if f[0] == "Rui"}, states


@pytest.mark.parametrize(
    ("turns", "gone"),
    [
        (["Rui: on crutches after the op", "Rui: ditched the crutches today!!"], "on crutches"),
        (["Rui: I'm in hospital, appendix", "Rui: discharged this morning, home at last"],
         "in hospital"),
        (["Rui: been off sick with the flu", "Rui: feeling much better, back tomorrow"],
         "off sick"),
        (["Rui: I'm in a sling since the fall", "Rui: sling is off, arm feels weak still"],
         "in a sling"),
    ],
)  # fmt: skip
def test_a_state_ends_by_the_signs_of_healing(turns: list[str], gone: str) -> None:
    assert ("Rui", "HAS_HEALTH_STATUS", gone) in ended(*turns)


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("turns", "current", "closed"),
    [
        (["Zoe: I love sushi", "Zoe: I used to love sushi but I can't stand it now tbh"],
         ("Zoe", "HATES", "sushi"), ("Zoe", "LOVES", "sushi")),
        (["Zoe: sprained my ankle, I'm on crutches for a bit",
          "Zoe: ankle's fine now, ditched the crutches"],
         None, ("Zoe", "HAS_HEALTH_STATUS", "on crutches")),
    ],
)  # fmt: skip
def test_a_turned_taste_and_a_healed_state_close_through_the_memory(  # type: ignore[no-untyped-def]
    embedder, turns, current, closed
):
    facts = tell(embedder, *turns)
    if current is not None:
        assert facts.get(current) is True, (current, facts)
    assert closed in facts and facts[closed] is False, (closed, facts)


@pytest.mark.parametrize(
    ("turn", "habit"),
    [
        ("Olu: tbh I drink most fridays after work", "drinking"),
        ("Olu: I drink at the rugby club every saturday", "drinking"),
        ("Olu: I drink green tea every morning", "green tea"),
    ],
)
def test_drinking_told_without_what_is_drunk_is_the_habit(turn: str, habit: str) -> None:
    assert ("Olu", "HAS_HABIT", habit) in extracted(turn)


@pytest.mark.parametrize(
    ("turn", "facts"),
    [
        ("Olu: I'm vegetarian and lactose intolerant",
         {("Olu", "FOLLOWS_DIET", "vegetarian"), ("Olu", "HAS_CONDITION", "lactose intolerant")}),
        ("Olu: she says I'm exhausted and pregnant lol", {("Olu", "HAS_CONDITION", "pregnant")}),
    ],
)  # fmt: skip
def test_a_state_after_another_shares_its_verb(turn: str, facts: set[tuple[str, str, str]]) -> None:
    """Round 23: "and lactose intolerant" after "I'm vegetarian" was read as nothing."""
    assert facts <= extracted(turn)
