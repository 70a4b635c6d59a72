"""Words around a verb that are not the verb: an adverb before it ("I already kayak"), a
particle that turns an ending into an arrival ("ended up in Leith"), a verb of liking before
the verb that is done ("I prefer to sell at the market on Sundays")."""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.summaries import third_person
from tests.real_embedder import read_facts


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("said", "habit"),
    [
        ("Mateja: I already kayak on weekends", "kayaking"),
        ("Mateja: I sometimes swim before work", "swimming"),
        ("Mateja: I religiously run on Sundays", "running"),
        ("Mateja: I rarely drive to work on Mondays", "driving"),
    ],
)
def test_an_adverb_before_the_verb_is_not_the_habit(said: str, habit: str) -> None:
    habits = {f[2].lower() for f in read_facts([said]) if f[1] == "HAS_HABIT"}
    assert habits == {habit}


@pytest.mark.parametrize(
    ("said", "told"),
    [
        ("I religiously run on Sundays", "Mateja religiously runs on Sundays"),
        ("I already kayak on weekends", "Mateja already kayaks on weekends"),
        ("I apply for jobs every day", "Mateja applies for jobs every day"),
    ],
)
def test_a_fact_text_conjugates_the_verb_after_an_adverb(said: str, told: str) -> None:
    assert third_person(said, "Mateja") == told


@pytest.mark.local_model
@pytest.mark.parametrize(
    "said",
    [
        "Maya: I've ended up at a tiny bakery in Leith",
        "Maya: we ended up in Leith after all",
    ],
)
def test_ending_up_somewhere_ends_nothing(said: str) -> None:
    facts = read_facts([said])
    assert facts, "the place is still read"
    assert not [f for f in facts if f[3]], facts


@pytest.mark.local_model
def test_ending_a_membership_still_ends_it() -> None:
    facts = read_facts(["Maya: I ended my membership at PureGym"])
    assert ("Maya", "MEMBER_OF", "PureGym", True) in facts


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("said", "done"),
    [
        ("Xiadani: I prefer to sell at the Tlacolula market on Sundays", "selling"),
        ("Xiadani: I have always preferred to read on paper.", "reading"),
        ("Xiadani: I prefer to do yoga at home", "doing yoga"),
    ],
)
def test_a_preference_for_doing_something_is_the_doing(said: str, done: str) -> None:
    facts = read_facts([said])
    assert ("Xiadani", "PREFERS", done, False) in facts
    assert not [f for f in facts if f[2].startswith("to ") or "prefering" in f[2]], facts


@pytest.mark.local_model
def test_liking_to_do_something_every_week_is_a_habit_of_doing_it() -> None:
    facts = read_facts(["Xiadani: I tend to run on weekends"])
    assert ("Xiadani", "HAS_HABIT", "running", False) in facts


@pytest.mark.local_model
def test_a_preference_told_with_prefer_is_still_one() -> None:
    facts = read_facts(["Xiadani: I prefer window seats on long flights"])
    assert ("Xiadani", "PREFERS", "window seats", False) in facts
    assert not [f for f in facts if f[1] == "HAS_HABIT"], facts


@pytest.mark.parametrize(
    ("said", "told"),
    [
        ("I withdrew from the audition", "Alsu withdrew from the audition"),
        ("I forgave him last year", "Alsu forgave him last year"),
    ],
)
def test_an_irregular_past_is_not_conjugated(said: str, told: str) -> None:
    assert third_person(said, "Alsu") == told


@pytest.mark.local_model
@pytest.mark.parametrize(
    "said",
    [
        "Alsu: So I withdrew from the April audition.",
        "Alsu: So I withdrew from the audition.",
    ],
)
def test_a_plan_named_with_its_month_is_still_the_plan_withdrawn_from(said: str) -> None:
    facts = read_facts(["Alsu: I have an audition in April.", said])
    assert ("Alsu", "HAS_PLAN", "audition", True) in facts


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("said", "ended"),
    [
        ("Anna: I was heavy truck driver at Kumtor nine years", "Kumtor"),
        ("Anna: I was heavy truck driver at Kumtor 9 years", "Kumtor"),
    ],
)
def test_a_learners_length_without_for_tells_a_state_over(said: str, ended: str) -> None:
    facts = read_facts([said])
    assert ("Anna", "WORKS_AT", ended, True) in facts
