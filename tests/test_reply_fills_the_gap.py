"""A bare answer fills the gap of the question it answers (``replies._gap_filled``): "What are
you riding these days?" -- "a gravel bike" is "I am riding a gravel bike these days", so the
rules and the learned reader read a statement instead of a fragment that says nothing alone.
Only questions asking what the user does, uses or has (what/which + are/do/have/will + you +
a verb, or "are you using any ..."); the value goes where the question's verb phrase leaves
its object out ("thinking of buying _", "paying for _ right now", "call it _"), else right
after the verb; a question about doing ("What will you be doing there?") or asking twice is
left alone. Sentences written for this test."""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.normalise.replies import answered_reply
from tests.real_embedder import read_facts


@pytest.mark.parametrize(
    ("question", "reply", "said"),
    [
        (
            "Nice! What are you riding these days?",
            "a gravel bike. second hand",
            "I am riding a gravel bike these days. second hand",
        ),
        (
            "Which gym are you going to now?",
            "the leisure centre",
            "I am going to the leisure centre now",
        ),
        (
            "Which plans are you paying for right now, Odile?",
            "spotify family",
            "I am paying for spotify family right now",
        ),
        (
            "Are you taking anything for the migraines?",
            "sumatriptan",
            "I am taking sumatriptan",
        ),
        (
            "What kind of camera do you shoot with?",
            "an old fuji",
            "I shoot with an old fuji",
        ),
        (
            "What do you usually drink during the day?",
            "cola. 4 cans",
            "I usually drink cola during the day. 4 cans",
        ),
        (
            "What are you thinking of buying?",
            "a used kindle",
            "I am thinking of buying a used kindle",
        ),
    ],
)
def test_a_bare_answer_is_read_as_the_statement_it_completes(
    question: str, reply: str, said: str
) -> None:
    assert answered_reply(reply, question) == said


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("What will you be doing in the new team?", "data stuff mostly"),  # a job: the table's
        ("What are you up to these days?", "supply teaching"),  # "up to": doing, not a verb
        ("What do you ride now, and how far is it?", "a vespa"),  # two questions
        ("What are you riding these days?", "no idea yet"),  # no value
        ("Do you like the new flat?", "the balcony"),  # a yes/no question asks for no value
        ("What did you think of it?", "loved it"),  # a verb: no bare value
    ],
)
def test_no_gap_no_value_or_no_such_question_leaves_the_reply(question: str, reply: str) -> None:
    assert answered_reply(reply, question) == reply


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("question", "reply", "relation", "value"),
    [
        ("Nice! What are you riding these days?", "gravel bike. a ribble", "RIDES_BIKE", "gravel"),
        ("Are you taking anything for the migraines?", "sumatriptan. when needed",
         "TAKES_MEDICATION", "sumatriptan"),
        ("What are you driving these days?", "an old corolla. 2009", "DRIVES", "corolla"),
        ("Which phone are you using now?", "pixel 7", "USES_PHONE", "pixel 7"),
    ],
)  # fmt: skip
def test_the_filled_reply_gives_the_users_fact(
    question: str, reply: str, relation: str, value: str
) -> None:
    facts = read_facts([f"Assistant: {question}", f"Bram: {reply}"])
    assert any(
        s == "Bram" and r == relation and value in t.lower() and not e for s, r, t, e in facts
    ), facts


@pytest.mark.local_model
def test_a_show_named_in_reply_is_no_fact_of_the_user() -> None:
    facts = read_facts(
        ["Assistant: What are you watching at the moment?", "Bram: the bear. season 3"]
    )
    assert not [f for f in facts if f[1] != "MENTIONED"]
