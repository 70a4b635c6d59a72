"""A home rented, and the thing one uses told by name without a verb ("Pixel 8 now", "new
car: a Mazda 3"): extracted by the rule extractor, and on the default path (real embedder)
they close the old value."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors.rules import RuleExtractor
from chronomem.model import Episode, EpisodeSource, ExtractedFact
from tests.test_rules_states_memory import tell

REF = datetime(2024, 5, 6, 12, 0, tzinfo=UTC)


def extract_all(*turns: str) -> tuple[ExtractedFact, ...]:
    """The facts the last turn gives, after the others (all said at ``REF``)."""
    episodes = [
        Episode(f"e{i}", "g", turn, EpisodeSource.MESSAGE, REF, REF) for i, turn in enumerate(turns)
    ]
    return RuleExtractor().extract(episodes[-1], episodes[:-1]).facts


def extracted(*turns: str) -> set[tuple[str, str, str]]:
    """(source, relation, target) of the open facts the last turn gives, after the others."""
    return {(f.source, f.relation, f.target) for f in extract_all(*turns) if f.invalid_at is None}


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (["Dev: we rent a tiny studio in Montreal"], ("Dev", "LIVES_IN", "Montreal")),
        (["Dev: I'm living with my aunt in Perth for now"], ("Dev", "LIVES_IN", "Perth")),
        (["Dev: just moved!! new flat in Camden"], ("Dev", "LIVES_IN", "Camden")),
        (["Dev: hey", "Assistant: Congrats on the new flat in Porto, Dev!"],
         ("Dev", "LIVES_IN", "Porto")),
    ],
)  # fmt: skip
def test_a_home_pointed_at_or_rented_is_where_one_lives(turns, fact):  # type: ignore[no-untyped-def]
    assert fact in extracted(*turns)


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (["Lea: dropped my phone in the lake. Pixel 8 now, honestly better"],
         ("Lea", "USES_PHONE", "Pixel 8")),
        (["Rui: traded the old car in. new car: a Mazda CX-5"], ("Rui", "DRIVES", "Mazda CX-5")),
        (["Rui: new laptop - a Lenovo ThinkPad X1"], ("Rui", "USES_LAPTOP", "Lenovo ThinkPad X1")),
        (["Kai: my camera is a Fujifilm X-T5, love it"], ("Kai", "USES_CAMERA", "Fujifilm X-T5")),
        (["Kai: the bike got stolen so it's a Trek Marlin now"],
         ("Kai", "RIDES_BIKE", "Trek Marlin")),
        (["Zoe: couldn't afford the repair, got a secondhand Corolla instead"],
         ("Zoe", "DRIVES", "Corolla")),
        (["Zoe: drive a Mazda 3 these days"], ("Zoe", "DRIVES", "Mazda 3")),
        (["Zoe: laptop's a MacBook Pro now"], ("Zoe", "USES_LAPTOP", "MacBook Pro")),
        (["Zoe: the new phone is a Pixel 7a"], ("Zoe", "USES_PHONE", "Pixel 7a")),
        (["Zoe: ditched my Nikon for a Fujifilm X100"], ("Zoe", "USES_CAMERA", "Fujifilm X100")),
    ],
)  # fmt: skip
def test_the_thing_one_uses_is_read_from_its_name_alone(turns, fact):  # type: ignore[no-untyped-def]
    assert fact in extracted(*turns)


@pytest.mark.parametrize(
    "turn",
    [
        "Bo: I moved the standup to Thursday",
        "Bo: we moved the couch into the hallway",
        "Bo: I moved my savings into an index fund",
        "Bo: Google now, Apple later, who knows",  # a name of no known kind
        "Bo: any idea if Lisbon is nice? I'd love to live there",
        "Bo: I moved.",  # nothing pointed at, no place met
        "Bo: left London for Paris for the weekend",  # a trip, not a move
        "Bo: she ditched Tom for Jake",  # people are no things of a kind
        "Bo: home is where the heart is",
        "Bo: Tesla now has a cheaper model",  # a sentence about Tesla, not Bo's car
        "Assistant: Canon now sells a cheaper mirrorless body, the R100.",
    ],
)
def test_no_home_and_no_thing_without_their_evidence(turn):  # type: ignore[no-untyped-def]
    facts = extracted("Bo: hey", turn)
    kept = {r for _, r, _ in facts} - {"MENTIONED"}
    assert not kept & {"LIVES_IN", "USES_PHONE", "DRIVES", "USES_LAPTOP", "USES_CAMERA"}, facts


def test_a_device_that_died_ends_beside_its_replacement():  # type: ignore[no-untyped-def]
    facts = extract_all("Mo: hi", "Mo: my old Fitbit finally died so I got a Garmin")
    held = {(f.relation, f.target, f.invalid_at is None) for f in facts}
    assert ("WEARS_WATCH", "Fitbit", False) in held, facts
    assert ("WEARS_WATCH", "Garmin", True) in held, facts


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("turns", "current", "closed"),
    [
        (["Sam: I rent a room in Brooklyn", "Sam: we bought a house in Jersey City, no more rent"],
         ("Sam", "LIVES_IN", "Jersey City"), ("Sam", "LIVES_IN", "Brooklyn")),
        (["Sam: my phone is a Galaxy S21", "Sam: screen died, iPhone 15 now"],
         ("Sam", "USES_PHONE", "iPhone 15"), ("Sam", "USES_PHONE", "Galaxy S21")),
        (["Sam: I drive a Kia Soul", "Sam: new car: a Subaru Outback"],
         ("Sam", "DRIVES", "Subaru Outback"), ("Sam", "DRIVES", "Kia Soul")),
        (["Sam: I use a Pixel 6", "Sam: my pixel died so I got an iPhone 15"],
         ("Sam", "USES_PHONE", "iPhone 15"), ("Sam", "USES_PHONE", "Pixel 6")),
        (["Sam: I ride a Cannondale to work", "Sam: my bike got stolen 😭 on a Trek from my "
          "neighbour now"],
         ("Sam", "RIDES_BIKE", "Trek"), ("Sam", "RIDES_BIKE", "Cannondale")),
        # round 29: a flat taken, the building named between it and the place
        (["Sam: I have lived in Kirkby Thore these forty years",
          "Sam: I have taken a ground-floor flat at Elmhurst Court in Penrith"],
         ("Sam", "LIVES_IN", "Penrith"), ("Sam", "LIVES_IN", "Kirkby Thore")),
    ],
)  # fmt: skip
def test_the_new_value_closes_the_old_on_the_default_path(embedder, turns, current, closed):  # type: ignore[no-untyped-def]
    facts = tell(embedder, *turns)
    assert facts.get(current) is True, (current, facts)
    assert closed in facts and facts[closed] is False, (closed, facts)


@pytest.mark.parametrize(
    ("turn", "fact"),
    [
        ("Nia: rent is 1400 and my Mini Cooper payment is 300", ("Nia", "DRIVES", "Mini Cooper")),
        ("Nia: born and raised in phoenix", ("Nia", "FROM", "Phoenix")),
        ("Nia: we moved to sydney last year", ("Nia", "LIVES_IN", "Sydney")),
        ("Nia: we've rented a flat in Leeds, moving in May", ("Nia", "LIVES_IN", "Leeds")),
    ],
)
def test_a_car_owned_in_passing_and_a_home_city_that_is_also_a_first_name(turn, fact):  # type: ignore[no-untyped-def]
    assert fact in extracted("Nia: hi", turn)


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (["Nia: my brother Kofi is visiting", "Nia: my brother's car is a Subaru now"],
         ("Kofi", "DRIVES", "Subaru")),
        (["Nia: my aunt's new phone is a Pixel 8"], ("Nia's aunt", "USES_PHONE", "Pixel 8")),
        (["Nia: my husband's favourite film is Heat"], ("Nia's husband", "HAS_FAVORITE", "Heat")),
        (["Nia: my parents moved to Arizona"], ("Nia's parents", "LIVES_IN", "Arizona")),
        (["Nia: traded my Mustang for a Tacoma"], ("Nia", "DRIVES", "Tacoma")),
    ],
)  # fmt: skip
def test_a_thing_of_a_person_in_a_role_is_theirs(turns, fact):  # type: ignore[no-untyped-def]
    assert fact in extracted(*turns)


def test_a_thing_of_something_else_owned_is_nobodys():  # type: ignore[no-untyped-def]
    facts = extracted("Nia: hi", "Nia: my team's favourite tool is Jira")
    assert not [f for f in facts if f[1] == "HAS_FAVORITE"], facts


@pytest.mark.parametrize("turn", ["Nia: I talked to austin yesterday", "Nia: gave it to sydney"])
def test_a_first_name_in_lower_case_is_no_city_after_other_verbs(turn):  # type: ignore[no-untyped-def]
    assert not {t for _, _, t in extracted("Nia: hi", turn)} & {"Austin", "Sydney"}


def test_a_holiday_rental_is_no_home() -> None:
    facts = extracted("Nia: hi", "Nia: we've rented a cottage in Cornwall for the week")
    assert not [f for f in facts if f[1] == "LIVES_IN"], facts
