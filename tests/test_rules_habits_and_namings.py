"""Habits told with their frequency first or with "go", people named with a copula, and a
body part's trouble.

- "on Saturdays I go swimming", "every morning I am running 5 km", "I go climbing on
  Tuesdays", "every friday I go to the pub": habits (the activity, or the place gone to;
  going to work or school is no habit);
- "Saturdays" is a time, never an entity;
- "my morning runs" are running: giving them up ends the running habit;
- "my physio is called Agnieszka", "my trainer's name is Maria", "I have new physio, her
  name is Agnieszka" (an article dropped, as learners of English do) name who holds the
  role, titles with their full stop included ("Dr. Lis");
- "a meniscus injury", "shoulder pain": a condition, ended when the body part is healed.
Sentences written for these tests, not from any bench.
"""

from __future__ import annotations

import pytest

from tests.rules_support import found, run


def _habits(*turns: str) -> set[tuple[str, bool]]:
    return {(t, ended) for _, r, t, ended in found(run(*turns)) if r == "HAS_HABIT"}


@pytest.mark.parametrize(
    ("turn", "habits"),
    [
        (
            "Tomek: Every morning I am running 5 km before work, and on Saturdays I go swimming.",
            {("running", False), ("swimming", False)},
        ),
        ("Yui: i go bouldering on thursdays with my flatmate", {("bouldering", False)}),
        ("Yui: every sunday I go to the farmers market", {("farmers market", False)}),
        ("Yui: I go to work every day, like everyone", set()),
    ],
)
def test_a_habit_told_with_its_frequency_or_with_go(turn: str, habits: set) -> None:  # type: ignore[type-arg]
    assert _habits(turn) == habits


@pytest.mark.parametrize(
    "turn", ["Yui: on Sundays we visit my gran", "Yui: Tuesdays are my long days at the lab"]
)
def test_a_plural_weekday_is_no_entity(turn: str) -> None:
    extraction = run(turn)
    assert not any(e.name.lower().endswith("days") for e in extraction.entities)


def test_giving_up_the_runs_ends_running() -> None:
    turns = ["Ada: I go running every evening", "Ada: quit my evening runs, knee is wrecked"]
    assert ("running", True) in _habits(*turns)


@pytest.mark.parametrize(
    ("turn", "role", "name"),
    [
        ("Tomek: my new physio is called Agnieszka", "physio", "Agnieszka"),
        ("Tomek: my trainer's name is Maria, she's tough", "trainer", "Maria"),
        (
            "Tomek: I have new physiotherapist, her name is Agnieszka",
            "physiotherapist",
            "Agnieszka",
        ),
        ("Tomek: I have new dentist, he is Dr. Lis", "dentist", "Dr. Lis"),
        ("Tomek: got a new GP, Dr. Okafor, seems nice", "gp", "Dr. Okafor"),
    ],
)
def test_a_person_named_with_a_copula_holds_the_role(turn: str, role: str, name: str) -> None:
    (fact,) = [f for f in run(turn).facts if f.relation == "ROLE_HELD_BY"]
    assert fact.target == name
    assert role in fact.fact.lower()


@pytest.mark.parametrize(
    ("turn", "condition"),
    [
        ("Tomek: I have a meniscus injury since March", "meniscus injury"),
        ("Tomek: ugh been dealing with shoulder pain all week", "shoulder pain"),
        ("Tomek: still got a nasty ankle sprain from the match", "ankle sprain"),
    ],
)
def test_a_body_parts_trouble_is_a_condition(turn: str, condition: str) -> None:
    assert ("Tomek", "HAS_CONDITION", condition, False) in found(run(turn))


def test_the_body_part_healed_ends_its_trouble() -> None:
    turns = ["Tomek: I have a knee injury, no football for now", "Tomek: the knee is healed!!"]
    assert ("Tomek", "HAS_CONDITION", "knee injury", True) in found(run(*turns))
