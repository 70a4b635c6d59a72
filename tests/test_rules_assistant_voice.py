"""An assistant's turn is read in the user's voice (``extractors/rules/normalise/voice.py``).

"you"/"your" on an assistant's turn are the user, so every reader of the user's own words
(pattern rows written with "my", habits, plans, the semantic cue) reads what the assistant
states about the user; questions, wishes and the assistant's own "I" give nothing. The
phrasings are written for this test, not taken from a benchmark.
"""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.normalise.voice import in_user_voice
from tests.rules_support import found, run

Fact = tuple[str, str, str, bool]

STATED: list[tuple[list[str], Fact]] = [
    (  # a possessive row ("traded my X for a Y") read through "your"
        [
            "Dmitri: any tips for charging at home?",
            "Assistant: Since you traded your Toyota Corolla for a Tesla Model 3 in May, a "
            "wall charger makes sense.",
        ],
        ("Dmitri", "DRIVES", "Tesla Model 3", False),
    ),
    (
        [
            "Dmitri: any tips for charging at home?",
            "Assistant: Since you traded your Toyota Corolla for a Tesla Model 3 in May, a "
            "wall charger makes sense.",
        ],
        ("Dmitri", "DRIVES", "Toyota Corolla", True),
    ),
    (  # a recap: several clauses, each in the second person
        [
            "Hana: what do you know about me?",
            "Assistant: You used to teach biology at Ridgeway School, and since August you "
            "teach at Marsh Academy.",
        ],
        ("Hana", "WORKS_AT", "Marsh Academy", False),
    ),
    (
        [
            "Hana: what do you know about me?",
            "Assistant: You moved to Tallinn last year, you work as a nurse at Kliinik Medica, "
            "and you have a cat called Pirru.",
        ],
        ("Hana", "HAS_PET", "Pirru", False),
    ),
    (  # the assistant's own "I" frames the user's fact
        [
            "Omar: no nuts please",
            "Assistant: Noted, Omar - I'll remember that you're allergic to peanuts.",
        ],
        ("Omar", "HAS_CONDITION", "allergic to peanuts", False),
    ),
    (  # "you told me you're X": the assistant's "me" is no one
        ["Gus: plan my meals", "Assistant: Since you told me you're pescatarian, here is a plan."],
        ("Gus", "FOLLOWS_DIET", "pescatarian", False),
    ),
]

NOTHING: list[list[str]] = [
    ["Dmitri: I live in Lyon", "Assistant: Are you still living in Lyon?"],  # asked
    ["Dmitri: thinking of moving", "Assistant: If you move to Bergen, you'll need a raincoat."],
    ["Dmitri: hi", "Assistant: I moved your appointment notes to the Leeds folder."],
    ["Oscar: my brother works in cars", "Assistant: Working at Ferrari must be a dream!"],
    ["Dmitri: hi", "Assistant: We relocated our servers to Frankfurt last year."],
]


@pytest.mark.parametrize(("turns", "expected"), STATED, ids=lambda v: str(v)[:50])
def test_what_an_assistant_states_about_the_user_is_the_users_fact(
    turns: list[str], expected: Fact
) -> None:
    assert expected in found(run(*turns))


@pytest.mark.parametrize("turns", NOTHING, ids=lambda v: str(v)[:50])
def test_questions_wishes_and_the_assistants_own_doings_give_the_user_nothing(
    turns: list[str],
) -> None:
    user = turns[0].split(":")[0]
    about_user = {f for f in found(run(*turns)) if f[0] == user and f[1] != "MENTIONED"}
    assert about_user == set()


def test_an_assistants_turn_keeps_no_fact_about_the_assistant() -> None:
    facts = found(run("Dmitri: hi", "Assistant: I live in the cloud and I love Python."))
    assert not any(f[0] == "Assistant" for f in facts)


@pytest.mark.parametrize(
    ("said", "as_user"),
    [
        ("Since September you teach at X.", "Since September I teach at X."),
        ("I told you that you are great.", "Assistant told me that I am great."),
        ("Are you still in Lyon?", "Am I still in Lyon?"),
        ("Your dog and our team", "My dog and their team"),
        ("You aren't vegan anymore.", "I am not vegan anymore."),
        ("Based in the US, you said", "Based in the US, I said"),
    ],
)
def test_the_second_person_becomes_the_first(said: str, as_user: str) -> None:
    assert in_user_voice(said, "Assistant") == as_user
