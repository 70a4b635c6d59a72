"""Tastes, leanings and health states told the way people say they changed.

A choice told of "it" ("it's oat milk for me now") is the speaker's preference; a taste told
as a noun of the person ("a big crime reader") is a liking; a taste come to ("can't get
enough of") is a liking and one lost ("gone off", "lost my taste for") a dislike, which
closes the liking held; a health state told in a chat clause of its own after the speaker's
injury is held; a preference told as the one that holds now takes the place of the one held.
Sentences written for these tests, in several voices (texting, formal, non-native,
rambling, a relative told of).
"""

from __future__ import annotations

import pytest

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
    ("turn", "fact"),
    [
        ("Oskar: I have always been a big crime reader, the darker the better",
         ("Oskar", "LIKES", "crime")),
        ("Oskar: massive f1 fan here, dont judge", ("Oskar", "LIKES", "f1")),
        ("Oskar: my sister is a real tea lover", ("Oskar's sister", "LIKES", "tea")),
        ("Oskar: I'm such a board game geek lol", ("Oskar", "LIKES", "board game")),
    ],
)  # fmt: skip
def test_a_taste_told_as_a_noun_of_the_person(turn: str, fact: tuple[str, str, str]) -> None:
    assert fact in extracted(turn)


@pytest.mark.parametrize(
    "turn",
    [
        "Oskar: I'm a slow reader, it'll take me weeks",
        "Oskar: honestly I'm not a big reader",
        "Oskar: I'm a bit of a nerd about it",
    ],
)
def test_how_one_reads_is_no_taste(turn: str) -> None:
    assert not {f for f in extracted(turn) if f[1] == "LIKES"}


@pytest.mark.parametrize(
    ("turn", "fact"),
    [
        ("Mei: I can't get enough of those cooking shows", ("Mei", "LIKES", "cooking shows")),
        ("Mei: slowly I have come round to opera, who knew", ("Mei", "LIKES", "opera")),
        ("Mei: I've gone off crisps completely", ("Mei", "DISLIKES", "crisps")),
        ("Mei: Since the accident I fell out of love with motorbikes",
         ("Mei", "DISLIKES", "motorbikes")),
        ("Mei: I have lost my taste for white wine", ("Mei", "DISLIKES", "white wine")),
        ("Mei: got bored of sudoku tbh", ("Mei", "DISLIKES", "sudoku")),
        ("Mei: karaoke is not really my thing anymore", ("Mei", "DISLIKES", "karaoke")),
    ],
)  # fmt: skip
def test_a_taste_come_to_or_lost(turn: str, fact: tuple[str, str, str]) -> None:
    assert fact in extracted(turn)


@pytest.mark.parametrize(
    "turn",
    [
        "Mei: the smoke alarm went off twice last night",
        "Mei: my son went off to uni on Sunday",
        "Mei: the yoghurt has gone off, gross",
        "Mei: I've warmed to my new boss, she's fair",
        "Mei: come round to mine after work",
        "Mei: I'm coming round to the idea of a smaller flat",
        "Mei: Lisbon isn't really my cup of tea",
    ],
)
def test_no_taste_in_what_only_sounds_like_one(turn: str) -> None:
    tastes = {f for f in extracted(turn) if f[1] in ("LIKES", "DISLIKES")}
    assert not tastes, tastes


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
        (["Mei: I love crisps, salt and vinegar especially", "Mei: I've gone off crisps lately"],
         ("Mei", "DISLIKES", "crisps"), ("Mei", "LOVES", "crisps")),
        (["Rui: twisted my ankle, on crutches for a bit", "Rui: finally ditched the crutches"],
         None, ("Rui", "HAS_HEALTH_STATUS", "on crutches")),
    ],
)  # fmt: skip
def test_a_lost_taste_and_a_healed_state_close_through_the_memory(  # type: ignore[no-untyped-def]
    embedder, turns, current, closed
):
    facts = tell(embedder, *turns)
    if current is not None:
        assert facts.get(current) is True, (current, facts)
    assert closed in facts and facts[closed] is False, (closed, facts)


def test_no_patience_for_a_thing_anymore_ends_the_taste_held_that_names_it() -> None:
    turns = ("Noor: honestly I'm a massive horror fan",
             "Noor: I don't have the patience for horror marathons anymore, too old")  # fmt: skip
    gone = {(s, r, t) for s, r, t, ended in found(run(*turns)) if ended}
    assert ("Noor", "LIKES", "horror") in gone
    assert not found(run("Noor: I do not have time for this any more"))
