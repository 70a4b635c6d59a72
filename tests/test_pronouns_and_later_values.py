"""Whom a pronoun stands for, and the value a sentence moves on to (round 26). Sentences
written for this test.

- The rules' "he" or "she" stands for the person in a role the sentence named last before
  it ("my daughter ... she's eleven"), not a word that opened the sentence in capitals.
- A "he" or "she" answering the assistant's question stands for the user's person the question
  named by role ("How's your nan?" - "shes ok, moved into a care home"); "How's" is no name.
- A value of the same relation the learned reader reads in a clause after the rules' value
  is one more fact ("we lived in Tampere ..., and we've been in Oulu since 2019"); a value
  in a clause before it is not ("someday ... Lisbon, but for now ... Porto").
"""

from __future__ import annotations

import pytest

from chronomem.extractors.learned.whose import owner
from chronomem.extractors.rules.analysis.analyse import analyse
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.spans import Span
from tests.real_embedder import SAID_AT, read_facts
from tests.rules_support import found, run


@pytest.mark.parametrize(
    ("text", "holder", "age"),
    [
        ("Tess: Apparently my son thinks he's a grown-up, but he's ten.", "Tess's son", "ten"),
        ("Tess: Sadly my grandmother can't bake now, she is 93.", "Tess's grandmother", "93"),
    ],
)
def test_a_pronoun_after_a_role_stands_for_that_person(text: str, holder: str, age: str) -> None:
    ages = {(g[0], g[2]) for g in found(run(text)) if g[1] == "HAS_AGE"}
    assert ages == {(holder, age)}


def test_a_contraction_after_a_name_is_no_part_of_the_person() -> None:
    # "Cian's been": Cian has been; "he" in the next turn is Cian, not a person "Cian's"
    facts = run(
        "Ruairi: my brother Cian's been in Melbourne since 2022",
        "Ruairi: he lives in Letterkenny now",
    ).facts
    assert {(f.source, f.target) for f in facts if f.relation == "LIVES_IN"} == {
        ("Cian", "Letterkenny")
    }


@pytest.mark.local_model
def test_the_value_a_sentence_moves_on_to_is_held() -> None:
    turns = [
        "Tess: We lived in Tampere until 2015, then Turku for about four years, and we've "
        "been in Oulu since 2019."
    ]
    oulu = ("Tess", "LIVES_IN", "Oulu", False)
    assert oulu in read_facts(turns)
    assert oulu not in read_facts(turns, learned=False)  # the learned step's, not the rules'


@pytest.mark.local_model
def test_a_value_told_before_the_rules_one_is_not_one_more() -> None:
    facts = read_facts(["Tess: Someday I'd love to live in Lisbon, but for now I'm in Porto."])
    assert not [f for f in facts if f[1] == "LIVES_IN" and f[2] == "Lisbon"]


def test_a_question_word_before_s_is_no_person() -> None:
    got = found(run("Assistant: How's your nan?", "Pri: she's ok, she hates the food there"))
    assert not [g for g in got if g[0] == "How"]


@pytest.mark.parametrize(
    ("question", "reply", "value", "whose"),
    [
        ("How's your nan?", "she's ok, moved into a care home in oct", "care home", "Pri's nan"),
        (
            "Where is your brother working now?",
            "He is at Orange in Dakar.",
            "Orange",
            "Pri's brother",
        ),
        # the role must fit the pronoun: a "he" is not the nan
        ("How's your nan?", "he moved into a care home in oct", "care home", None),
    ],
)
def test_a_pronoun_answering_a_question_stands_for_the_role_asked_about(
    question: str, reply: str, value: str, whose: str | None
) -> None:
    known = Known()
    known.speakers.add("pri")
    known.asked = question
    s = analyse(reply, SAID_AT, "Pri", known)
    at = s.text.index(value)
    found_at = next((x for x in s.spans if x.start <= at < x.end), None)
    span = found_at or Span(at, at + len(value), value, None, named=False)
    person = owner(s, span, "third", "user", known)
    assert (person.name if person else None) == whose


def test_the_rules_read_the_pronoun_answering_a_question_the_same_way() -> None:
    got = found(run("Assistant: How's your brother?", "Amadou: he is 34 now and lives in Dakar"))
    assert ("Amadou's brother", "HAS_AGE", "34", False) in got
    assert ("Amadou's brother", "LIVES_IN", "Dakar", False) in got
