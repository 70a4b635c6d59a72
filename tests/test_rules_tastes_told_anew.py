"""Tastes, leanings and health states told the way people say they changed.

A choice told of "it" ("it's oat milk for me now") is the speaker's preference; "no patience
for X anymore" ends the taste held that X names; a health state told in a chat clause of its
own after the speaker's injury is held; a habit told in the progressive names what is had; a
preference told as the one that holds now takes the place of the one held; how one thing went
down, told in the simple past ("loved the party", "didn't like the film"), is no taste.
Sentences written for these tests, in several voices (texting, formal, non-native,
rambling, a relative told of).
"""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.analysis.tastes import TASTES
from chronomem.model.slots import ended_by
from tests.rules_support import found, run
from tests.test_rules_nominal import extracted
from tests.test_rules_states_memory import tell


@pytest.mark.parametrize(
    ("turn", "value"),
    [
        ("Ines: gave up on lattes, it's black coffee for me now", "black coffee"),
        ("Ines: Nowadays it is rooibos for me, caffeine keeps me awake", "rooibos"),
        ("Ines: no more pop, its all techno now haha", "techno"),
        ("Ines: I tried many sports. These days it's the rowing machine for me.", "rowing machine"),
    ],
)
def test_a_choice_told_of_it_is_the_speakers_preference(turn: str, value: str) -> None:
    assert ("Ines", "PREFERS", value) in extracted(turn)


@pytest.mark.parametrize(
    "turn",
    [
        "Ines: it's far too late for me now, sorry",
        "Ines: it's snowing now, no cycling today",
        "Ines: it's all sorted now, thanks a lot",
        "Ines: it's a big week for me, exams",
        "Ines: honestly it's a hard pass for me",
        "Ines: the boiler died so it's freezing now",
        "Ines: it's the weekend now, finally",
        "Ines: my cousin says it's jazz for her now",
    ],
)
def test_a_state_a_moment_or_a_judgement_told_of_it_is_no_preference(turn: str) -> None:
    assert not {f for f in extracted(turn) if f[1] == "PREFERS"}


@pytest.mark.parametrize(
    ("turn", "state"),
    [
        ("Rui: snapped my wrist at footie, in a cast for 6 wks", "in a cast"),
        ("Rui: stress fracture in my left shin, four weeks in a boot", "in a boot"),
        ("Rui: my back surgery went fine, on bed rest for a week", "on bed rest"),
    ],
)
def test_a_state_in_a_clause_of_its_own_after_the_speakers_injury(turn: str, state: str) -> None:
    assert ("Rui", "HAS_HEALTH_STATUS", state) in extracted(turn)


@pytest.mark.parametrize(
    "turn",
    [
        "Rui: my mate broke his leg, in a cast for 6 weeks poor guy",
        "Rui: visited nan today, in hospital again with her chest",
        "Rui: my neighbour Joe, on crutches again",
    ],
)
def test_no_state_of_the_speaker_after_someone_elses_injury(turn: str) -> None:
    states = {f for f in extracted(turn) if f[1] == "HAS_HEALTH_STATUS"}
    assert not {f for f in states if f[0] == "Rui"}, states


@pytest.mark.parametrize(
    ("turn", "habit"),
    [
        ("Anil: Every evening I am having green tea with honey before sleep", "green tea"),
        ("Anil: on sundays I am eating pancakes with the kids", "pancake"),
    ],
)
def test_a_habit_in_the_progressive_names_what_is_had(turn: str, habit: str) -> None:
    habits = {(s, r, t) for s, r, t, gone in found(run(turn)) if r == "HAS_HABIT"}
    assert habits == {("Anil", "HAS_HABIT", habit)}


def test_a_preference_told_as_the_one_that_holds_now_ends_the_one_held() -> None:
    bullets = ("PREFERS", "Aurelio prefers short answers in bullet points")
    now = ("PREFERS", "Aurelio prefers full paragraphs now")
    assert ended_by(*now, [bullets]) == [0]
    assert ended_by("PREFERS", "Aurelio prefers full paragraphs", [bullets]) == []  # no change told
    window = ("PREFERS", "Aurelio prefers window seats")
    assert ended_by(*now, [bullets, window]) == []  # which one: unknown, none ends
    food = ("HAS_FAVORITE", "Aurelio's favorite food is ramen")
    band = ("HAS_FAVORITE", "Aurelio's favorite band is now Idles")
    assert ended_by(*band, [food]) == []  # a favourite keeps its kind


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("turns", "current", "closed"),
    [
        (["Mei: I love crisps, salt and vinegar especially",
          "Mei: these days it's popcorn for me, crisps are too salty"],
         ("Mei", "PREFERS", "popcorn"), None),
        (["Rui: twisted my ankle, on crutches for a bit", "Rui: finally ditched the crutches"],
         None, ("Rui", "HAS_HEALTH_STATUS", "on crutches")),
    ],
)  # fmt: skip
def test_a_choice_held_and_a_healed_state_closed_through_the_memory(  # type: ignore[no-untyped-def]
    embedder, turns, current, closed
):
    facts = tell(embedder, *turns)
    if current is not None:
        assert facts.get(current) is True, (current, facts)
    if closed is not None:
        assert closed in facts and facts[closed] is False, (closed, facts)


def test_no_patience_for_a_thing_anymore_ends_the_taste_held_that_names_it() -> None:
    turns = ("Noor: honestly I love horror",
             "Noor: I don't have the patience for horror marathons anymore, too old")  # fmt: skip
    gone = {(s, r, t) for s, r, t, ended in found(run(*turns)) if ended}
    assert ("Noor", "LOVES", "horror") in gone
    assert not found(run("Noor: I do not have time for this any more"))


@pytest.mark.parametrize(
    "turn",
    [
        "Ines: didnt like the film at all tbh, way too long",
        "Ines: We loved the party on Saturday, thank you for having us!",
        "Ines: I really liked the flat we saw this morning",
        "Ines: Our cat did not enjoy that drive to Bath, poor thing.",
        "Ines: my mum hated the hotel, the walls were paper thin",
    ],
)
def test_how_one_thing_went_down_is_no_taste(turn: str) -> None:
    assert not {f for f in extracted(turn) if f[1] in TASTES}


@pytest.mark.parametrize(
    ("turn", "value"),
    [
        ("Ines: I've always loved the sea, grew up near it", "sea"),
        ("Ines: honestly I love the cinema, go every week", "cinema"),
        ("Ines: I do not like horror films", "horror films"),
    ],
)
def test_a_taste_told_as_lasting_is_kept(turn: str, value: str) -> None:
    assert {f[2] for f in extracted(turn) if f[1] in TASTES} == {value}
