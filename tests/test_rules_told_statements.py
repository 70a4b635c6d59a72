"""What a question tells (``extractors/rules/normalise/answered.py``): a statement with a
tag asking to confirm it, and the grounds a question gives, are read as statements, on the
user's turn and on an assistant's (read in the user's voice); a real question, a condition
or a wish still tells nothing. The sentences are written for this test."""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.normalise.answered import answered_questions
from tests.rules_support import found, run

Fact = tuple[str, str, str, bool]

TOLD: list[tuple[list[str], Fact]] = [
    (  # an assistant checks what it remembers, with a tag
        ["Ines: can you suggest a bakery nearby?", "Assistant: You live in Braga now, right?"],
        ("Ines", "LIVES_IN", "Braga", False),
    ),
    (  # a negative tag, an ending
        [
            "Kwame: what's a good first bike service?",
            "Assistant: You sold the Peugeot last spring, didn't you?",
        ],
        ("Kwame", "DRIVES", "Peugeot", True),
    ),
    (  # grounds before the question, on an assistant's turn
        [
            "Oona: I need a Saturday slot for the vet.",
            "Assistant: Since you joined the Lakeside Rowing Club, would a Sunday suit you better?",
        ],
        ("Oona", "MEMBER_OF", "Lakeside Rowing Club", False),
    ),
    (  # grounds on the user's own turn, in lower case
        ["Bao: now that i work at Tandem Labs, what should i wear on day one?"],
        ("Bao", "WORKS_AT", "Tandem Labs", False),
    ),
]


@pytest.mark.parametrize(("turns", "fact"), TOLD)
def test_what_a_question_takes_for_granted_is_read(turns: list[str], fact: Fact) -> None:
    assert fact in found(run(*turns))


ASKED: list[list[str]] = [
    ["Ines: hi", "Assistant: Do you live in Braga now?"],
    ["Bao: if i work at Tandem Labs, what should i wear on day one?"],
    ["Bao: as for Tandem Labs, is it a good place to work?"],
    ["Kwame: do you think I should join the Lakeside Rowing Club, yeah?"],
]


@pytest.mark.parametrize("turns", ASKED)
def test_a_real_question_or_a_condition_tells_nothing(turns: list[str]) -> None:
    relations = {f.relation for f in run(*turns).facts} - {"MENTIONED"}
    assert not relations & {"LIVES_IN", "WORKS_AT", "MEMBER_OF"}


def test_the_grounds_become_a_sentence_before_the_question() -> None:
    said = answered_questions("Ok. Since I moved to Lyon, which bank should I use?")
    assert said == "Ok. Since I moved to Lyon. Which bank should I use?"
    assert answered_questions("He's at Acme still, yeah?") == "He's at Acme still."
    asked = "Great. Do you think I should join, right?"
    assert answered_questions(asked) == asked
