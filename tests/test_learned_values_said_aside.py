"""Values the learned reader tags that the sentence says are not held: an age that dates
something else ("a smoker since I was 16"), the value a new one takes the place of ("you'll
be Analytics Lead instead of Senior Analyst"), a taste read as fondness in a clause that pans
it ("I find jazz boring"). Sentences written for this test, read on the default path (the
real default encoder)."""

from __future__ import annotations

import pytest

from tests.real_embedder import read_facts

pytestmark = pytest.mark.local_model


@pytest.mark.parametrize(
    "turn",
    [
        "Gaz: been a 20 a day smoker since I was 16, the cab stinks",
        "Gaz: 40 a day since I was 17, don't lecture me",
    ],
)
def test_an_age_that_dates_something_else_is_no_age(turn: str) -> None:
    assert not [f for f in read_facts([turn]) if f[1] == "HAS_AGE"]


def test_the_value_another_takes_the_place_of_is_not_held() -> None:
    # an assistant restating the user's letter: the old title is the one replaced
    turns = [
        "Priya: HR says my title changes from Senior Analyst to Analytics Lead on 1 July",
        "Assistant: In short: from the 1st of July you'll be Analytics Lead instead of Senior "
        "Analyst, still at Corvane Financial.",
    ]
    assert ("Priya", "HAS_JOB_TITLE", "Senior Analyst", False) not in read_facts(turns)


@pytest.mark.parametrize(
    "turn", ["Ifeoma: I find jazz boring", "Ifeoma: honestly jazz is so boring"]
)
def test_a_taste_panned_is_no_fondness(turn: str) -> None:
    tastes = {(r, t) for _, r, t, _ in read_facts([turn]) if r in ("LIKES", "LOVES", "ENJOYS")}
    assert not [t for t in tastes if t[1] == "jazz"]


def test_a_place_said_to_be_off_is_no_home() -> None:
    # a trip called off: "Tbilisi's off" is no home in Tbilisi
    found = read_facts(["Aziz: Tbilisi is off"])
    assert not [f for f in found if f[1] == "LIVES_IN"]
