"""Habits, diets, health, leanings and homes as people tell them changing: an illness told
with a describing word or by a test and ended by the signs of healing, a diet ended by eating
what it keeps out, a habit named by the place one goes to, a leaning ("a dog person"), a
favourite whose kind goes unsaid, and a home told by its kind before the place. Sentences
written for these tests, in several voices (texting, formal, non-native, an assistant
restating the user)."""

from __future__ import annotations

import pytest

from tests.rules_support import found, run
from tests.test_rules_nominal import extracted
from tests.test_rules_states_memory import tell


def ended(*turns: str) -> set[tuple[str, str, str]]:
    """(source, relation, target) of what the last turn reports ended."""
    return {(s, r, t) for s, r, t, gone in found(run(*turns)) if gone}


@pytest.mark.parametrize(
    ("turn", "condition"),
    [
        ("Ana: ugh, caught a horrible cold on the night bus", "cold"),
        ("Ana: I've been having awful headaches all week", "headaches"),
        ("Ana: tested positive for covid this morning, working from bed", "covid"),
        ("Ana: i've got a sprained wrist so typing one handed lol", "sprained wrist"),
        ("Ana: I am still recovering from the flu, sorry for slow reply", "flu"),
        ("Ana: I have a bad chest infection since Monday, the doctor gave antibiotics",
         "chest infection"),
    ],
)  # fmt: skip
def test_an_illness_told_with_a_describing_word_or_a_test_is_held(turn: str, condition: str):
    assert ("Ana", "HAS_CONDITION", condition) in extracted(turn)


def test_an_assistant_restating_a_surgery_still_healing_gives_it_to_the_user():
    facts = extracted(
        "Ana: can you plan my week at the gym?",
        "Assistant: Since you're recovering from your knee surgery, let's skip the lunges.",
    )
    assert ("Ana", "HAS_CONDITION", "knee surgery") in facts


@pytest.mark.parametrize(
    "turn",
    [
        "Ana: I've had no migraines since spring",
        "Ana: I got a flu jab at the pharmacy",
        "Ana: booked a covid test for friday",
        "Ana: had knee surgery back in 2019, all good",
    ],
)
def test_no_illness_held_without_one(turn: str):
    assert not {f for f in extracted(turn) if f[1] == "HAS_CONDITION"}, extracted(turn)


@pytest.mark.parametrize(
    ("turns", "gone"),
    [
        (["Bo: sprained my ankle at netball", "Bo: walking normally again, finally"],
         "ankle injury"),
        (["Bo: tested positive for covid", "Bo: negative test this morning, back at work tmrw"],
         "covid"),
        (["Bo: my knee has been killing me", "Bo: knee is ok now after the physio"],
         "knee pain"),
        (["Bo: been struggling with depression", "Bo: I'm in a much better place these days"],
         "depression"),
        (["Bo: I get migraines a lot", "Bo: no migraines in six weeks!!"], "migraines"),
        (["Bo: I tore my ACL playing rugby", "Bo: the crutches are gone, I can drive again"],
         "ACL injury"),
        (["Bo: I've got pneumonia, ugh", "Bo: discharged this morning!"], "pneumonia"),
        (["Bo: I got a concussion at hockey", "Bo: finally cleared to play by the club doctor"],
         "concussion"),
    ],
)  # fmt: skip
def test_an_illness_ends_by_the_signs_of_healing(turns: list[str], gone: str):
    assert ("Bo", "HAS_CONDITION", gone) in ended(*turns)


@pytest.mark.parametrize(
    ("turns", "holder"),
    [
        (["Jo: my dad has the flu", "Jo: Dad is up and about, the flu is gone"], "Jo's dad"),
        (["Jo: my sister Ines has shingles", "Jo: ines says the shingles finally cleared up"],
         "Ines"),
        (["Jo: my uncle smokes like a chimney", "Jo: can't believe my uncle quit smoking"],
         "Jo's uncle"),
    ],
)  # fmt: skip
def test_an_illness_or_habit_of_a_relative_ends_for_that_relative(
    turns: list[str], holder: str
) -> None:
    gone = ended(*turns)
    relation = "HAS_HABIT" if "smok" in turns[0] else "HAS_CONDITION"
    assert {(h, r) for h, r, _ in gone if r == relation} == {(holder, relation)}, gone


@pytest.mark.parametrize(
    "turns",
    [
        ["Jo: my dad has the flu", "Jo: ugh the flu is gone at last, back to work monday"],
        ["Jo: my dad has the flu", "Jo: my flu is gone, Dad still coughing"],
    ],
)
def test_an_illness_not_told_of_its_holder_stays_the_speakers(turns: list[str]) -> None:
    assert ("Jo", "HAS_CONDITION", "flu") in ended(*turns)


def test_a_body_part_said_okay_is_no_new_condition():
    facts = found(run("Bo: I have a knee injury from football", "Bo: Good news, my knee is okay."))
    assert ("Bo", "HAS_CONDITION", "knee injury", True) in facts
    assert not {f for f in facts if f[1] == "HAS_CONDITION" and not f[3]}


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (["Cy: hitting the gym five times a week atm"], ("Cy", "HAS_HABIT", "gym")),
        (["Cy: I vape, I know, I know"], ("Cy", "HAS_HABIT", "vaping")),
        (["Cy: couldn't stand coffee as a kid, these days I drink it every morning"],
         ("Cy", "HAS_HABIT", "coffee")),
        (["Cy: I'm off gluten these days, my gut is much happier"],
         ("Cy", "FOLLOWS_DIET", "gluten-free")),
        (["Cy: honestly all about bouldering now"], ("Cy", "LIKES", "bouldering")),
        (["Cy: ok new obsession: sea swimming"], ("Cy", "LIKES", "sea swimming")),
    ],
)  # fmt: skip
def test_a_habit_a_diet_or_a_taste_told_in_passing(turns: list[str], fact: tuple[str, ...]):
    assert fact in extracted(*turns)


@pytest.mark.parametrize(
    ("turns", "gone"),
    [
        (["Cy: I hit the gym every day", "Cy: have not been to the gym since march"],
         ("Cy", "HAS_HABIT", "gym")),
        (["Cy: I swim 3 mornings a week", "Cy: torn shoulder. No swimming for me until spring."],
         ("Cy", "HAS_HABIT", "swimming")),
        (["Cy: I vape", "Cy: quit vaping last month, my lungs thank me"],
         ("Cy", "HAS_HABIT", "vaping")),
        (["Cy: six months sober today", "Cy: started drinking again after the wedding"],
         ("Cy", "HAS_HABIT", "sobriety")),
        (["Cy: I'm pescatarian", "Cy: back on meat since christmas, the iron levels"],
         ("Cy", "FOLLOWS_DIET", "pescatarian")),
        (["Cy: I am vegan for five years", "Cy: Now I eat fish two times in week, doctor said"],
         ("Cy", "FOLLOWS_DIET", "vegan")),
    ],
)  # fmt: skip
def test_a_habit_or_diet_ends_when_its_opposite_is_taken_up(
    turns: list[str], gone: tuple[str, str, str]
):
    assert gone in ended(*turns)


def test_eating_more_of_what_a_diet_allows_ends_nothing():
    assert not ended("Cy: I'm vegan", "Cy: I'm eating way more vegetables now")


@pytest.mark.parametrize(
    "turn", ["Cy: haven't been to Paris in years", "Cy: no cycling for me today, it's pouring"]
)
def test_a_place_not_gone_to_or_a_day_off_ends_no_habit(turn: str):
    assert not ended(turn)


@pytest.mark.parametrize(
    ("turn", "fact"),
    [
        ("Di: I'm a dog person, sorry cat people", ("Di", "PREFERS", "dog")),
        ("Di: new favourite film: Paddington", ("Di", "HAS_FAVORITE", "Paddington")),
        ("Di: Please note my new go-to is The Anchor on Mill Lane.",
         ("Di", "HAS_FAVORITE", "Anchor")),
    ],
)  # fmt: skip
def test_a_leaning_or_a_favourite_without_its_kind(turn: str, fact: tuple[str, str, str]):
    facts = extracted(turn)
    assert any(f[:2] == fact[:2] and fact[2] in f[2] for f in facts), facts
    assert not {f for f in facts if f[1] == "OWNS"}


@pytest.mark.parametrize(
    "turn", ["Di: I'm a people person", "Di: she's a good person", "Di: I'm a morning person"]
)
def test_a_character_is_no_leaning(turn: str):
    assert not {f for f in extracted(turn) if f[1] == "PREFERS"}


@pytest.mark.parametrize(
    ("turn", "home"),
    [
        ("Ed: we live on a narrowboat in Bristol these days", "Bristol"),
        ("Ed: moved to a tiny studio in Lisbon last month", "Lisbon"),
        ("Ed: we moved from Utrecht to a flat in Delft.", "Delft"),
    ],
)
def test_a_home_told_by_its_kind_before_the_place(turn: str, home: str):
    assert ("Ed", "LIVES_IN", home) in extracted(turn)


def test_moving_out_of_a_place_ends_that_home():
    assert ("Ed", "LIVES_IN", "Hackney") in ended(
        "Ed: I live in Hackney", "Ed: we moved out of Hackney to a cottage in Margate"
    )


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("turns", "current", "closed"),
    [
        (["Di: I'm totally a beach person", "Di: ok honestly I'm a mountain person now"],
         ("Di", "PREFERS", "mountain"), ("Di", "PREFERS", "beach")),
        (["Di: my go-to pub is the Crown",
          "Di: the Crown changed hands, my new go-to is The Anchor"],
         ("Di", "HAS_FAVORITE", "Anchor"), ("Di", "HAS_FAVORITE", "Crown")),
        (["Di: im pescatarian", "Di: welp back on meat"],
         None, ("Di", "FOLLOWS_DIET", "pescatarian")),
        (["Di: tested positive for covid", "Di: finally a negative test!!"],
         None, ("Di", "HAS_CONDITION", "covid")),
    ],
)  # fmt: skip
def test_a_new_value_closes_the_old_through_the_memory(  # type: ignore[no-untyped-def]
    embedder, turns, current, closed
):
    facts = tell(embedder, *turns)
    if current is not None:
        assert facts.get(current) is True, (current, facts)
    assert closed in facts and facts[closed] is False, (closed, facts)
