"""An errand told with a verb of ending ("stopped by the old office", "dropped off the
kids", "stopped at Tesco on the way home") is a visit: no habit given up, no job or home
begun or ended (``readers/end_words.visited``, ``is_visit``)."""

from __future__ import annotations

import pytest

from tests.real_embedder import read_facts

ERRANDS = [
    "Oskar: stopped by the old office on Tuesday, weird to see everyone",
    "Oskar: dropped off the kids and went to work",
    "Oskar: stopped at Tesco on the way home",
    "Oskar: dropped by mum's for tea after my shift",
]


@pytest.mark.local_model
@pytest.mark.parametrize("said", ERRANDS)
def test_an_errand_gives_up_nothing_and_ends_nothing(said: str) -> None:
    facts = read_facts([said])
    wrong = {f for f in facts if f[1] in ("HAS_HABIT", "STOPPED") or f[3]}
    assert not wrong, facts
    assert not {f for f in facts if f[1] in ("WORKS_AT", "LIVES_IN", "MEMBER_OF")}, facts


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("said", "given_up"),
    [
        ("Oskar: I stopped going to the gym", "gym"),
        ("Oskar: stopped running after the knee op", "running"),
        ("Oskar: dropped yoga last month", "yoga"),
    ],
)
def test_a_habit_given_up_with_the_same_verbs_still_ends(said: str, given_up: str) -> None:
    facts = read_facts([said])
    assert {f for f in facts if f[1] == "STOPPED" and given_up in f[2].lower()}, facts
