"""Having given something up is a state that holds (``extractors/rules/stopped.py``): "I quit
cigarettes last week" closes the habit and, from that day, says plainly that it was given up,
until it is taken up again. A question "does Gareth smoke?" asks about that state, which the
closed habit alone does not answer on the current timeline."""

from __future__ import annotations

import pytest

from chronomem.extractors import RuleExtractor
from chronomem.extractors.rules.plain_texts import stopped_sentence
from chronomem.model import Episode, EpisodeSource
from chronomem.text.words import gerund_of
from tests.real_embedder import (
    SAID_AT,
    facts_about,
    real_embedder,
    timeline_days,
    told_memory,
)

pytestmark = pytest.mark.local_model

QUIT = [
    ("2025-01-05T10:00", "Gareth: I smoke 20 cigarettes a day"),
    ("2025-02-04T10:00", "Gareth: I quit cigarettes last week"),
]


def test_a_habit_given_up_holds_as_given_up_from_that_day() -> None:
    assert timeline_days(QUIT, "Gareth", "HAS_HABIT") == [("smoking", "2025-01-05..2025-01-28")]
    assert timeline_days(QUIT, "Gareth", "STOPPED") == [("smoking", "2025-01-28..None")]


def test_having_given_up_is_said_plainly_and_found_by_the_question() -> None:
    with told_memory(real_embedder(), QUIT) as memory:
        (stopped,) = facts_about(memory, "Gareth", "STOPPED")
        assert stopped.fact == "Gareth gave up smoking"
        found = memory.search("does Gareth smoke?", group_id="g", limit=3)
        assert stopped.id in [f.id for f in found.facts]


def test_taking_it_up_again_ends_having_given_it_up() -> None:
    story = [*QUIT, ("2025-03-06T10:00", "Gareth: I've started smoking cigarettes again")]
    assert timeline_days(story, "Gareth", "STOPPED") == [("smoking", "2025-01-28..2025-03-06")]
    assert ("smoking", "2025-03-06..None") in timeline_days(story, "Gareth", "HAS_HABIT")


@pytest.mark.parametrize(
    ("story", "subject", "told"),
    [
        (
            [
                ("2025-01-05T10:00", "Geoffrey: I take amlodipine for my blood pressure"),
                ("2025-02-04T10:00", "Geoffrey: my GP took me off the amlodipine last week"),
            ],
            "Geoffrey",
            "Geoffrey no longer takes amlodipine",
        ),
        (
            [
                ("2025-01-05T10:00", "Alys: I'm vegan"),
                ("2025-02-04T10:00", "Alys: I stopped being vegan last month, eating fish again"),
            ],
            "Alys",
            "Alys no longer follows a vegan diet",
        ),
    ],
)
def test_a_medicine_or_a_diet_stopped_is_said_as_over(
    story: list[tuple[str, str]], subject: str, told: str
) -> None:
    with told_memory(real_embedder(), story) as memory:
        assert [f.fact for f in facts_about(memory, subject, "STOPPED")] == [told]


def test_an_ending_still_ahead_is_no_state_yet() -> None:
    story = [
        ("2025-05-01T10:00", "Connor: I drink a couple of pints every friday"),
        ("2025-05-02T10:00", "Connor: I'm stopping drinking from September, a dry year"),
    ]
    assert ("drinking", "None..2025-09-01") in timeline_days(story, "Connor", "HAS_HABIT")
    assert timeline_days(story, "Connor", "STOPPED") == []


def test_the_stage_can_be_switched_off() -> None:
    said = Episode(
        "e0", "g", "Gareth: I quit cigarettes last week", EpisodeSource.MESSAGE, SAID_AT, SAID_AT
    )
    on = RuleExtractor(embedder=real_embedder()).extract(said, [])
    off = RuleExtractor(embedder=real_embedder(), disable=["stopped"]).extract(said, [])
    assert [f.relation for f in on.facts].count("STOPPED") == 1
    assert "STOPPED" not in [f.relation for f in off.facts]
    assert [f for f in on.facts if f.relation != "STOPPED"] == list(off.facts)


@pytest.mark.parametrize(
    ("told", "doing"),
    [("smoked", "smoking"), ("smokes", "smoking"), ("drink", "drinking"), ("run", "running")],
)
def test_a_habit_told_by_its_verb_is_given_up_as_the_doing(told: str, doing: str) -> None:
    """ "I smoked 20 a day since I was 16 ... quit in March": "Declan gave up smoking", not
    "gave up smoked"."""
    assert stopped_sentence("HAS_HABIT", "Declan", told) == f"Declan gave up {doing}"


@pytest.mark.parametrize(
    "thing", ["coffee", "sugar", "cigarettes", "smoking", "Zyn", "cards", "beds"]
)
def test_a_thing_given_up_is_named_as_told(thing: str) -> None:
    assert gerund_of(thing) is None
