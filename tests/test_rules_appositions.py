"""RuleExtractor on a subject told with where the speaker knows them from ("Omar from work
moved to Oslo") and on "to go <verb>"."""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.normalise.appositions import plain_subjects
from tests.rules_support import found, run


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Rhea: Omar from work moved to Oslo", ("Omar", "LIVES_IN", "Oslo", False)),
        (
            "Rhea: Lea from my running club just moved to Bergen",
            ("Lea", "LIVES_IN", "Bergen", False),
        ),
        ("Rhea: Priya from uni got a job at Arup", ("Priya", "WORKS_AT", "Arup", False)),
        ("Rhea: Tariq quit to go work at Monzo", ("Tariq", "WORKS_AT", "Monzo", False)),
        ("Rhea: my cousin Ben quit to work at Lidl", ("Ben", "WORKS_AT", "Lidl", False)),
        # round 29: a name in brackets after the person's role
        (
            "Rhea: Mum (Halina) fell and broke her hip",
            ("Halina", "HAS_CONDITION", "hip injury", False),
        ),
        ("Rhea: my brother (Tomek) moved to Gdansk", ("Tomek", "LIVES_IN", "Gdansk", False)),
    ],
)
def test_the_named_person_is_the_subject(text: str, fact: tuple[str, str, str, bool]) -> None:
    facts = found(run(text))
    assert fact in facts
    assert not [f for f in facts if f[0] == "Rhea" and f[1] in ("LIVES_IN", "WORKS_AT")]


def test_go_before_a_verb_is_dropped() -> None:
    assert plain_subjects("Tariq left to go study in Leeds") == "Tariq left to study in Leeds"


@pytest.mark.parametrize(
    "text",
    [
        "I got a card from Jasmine from work",  # no verb of Jasmine's follows
        "Greetings from Paris from the team",
        "we need to go to work early",  # "go to", not "go <verb>"
    ],
)
def test_other_uses_of_from_and_go_are_left_alone(text: str) -> None:
    assert plain_subjects(text) == text


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Rhea: I quit Monzo", ("Rhea", "WORKS_AT", "Monzo", True)),
        ("Rhea: I stopped working at Monzo", ("Rhea", "WORKS_AT", "Monzo", True)),
    ],
)
def test_quit_without_a_purpose_still_ends(text: str, fact: tuple[str, str, str, bool]) -> None:
    assert fact in found(run(text))


def test_stopping_on_the_way_ends_nothing() -> None:
    assert not [f for f in found(run("Rhea: I stopped to grab a coffee at Pret")) if f[3]]


# -- a person's relative clause: its verb's subject is the person ---------------------------


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # formal: the person is the object of the main clause
        (
            "Hedda: Please direct queries to Mr Aldous Brink, who works at Vattenfall now.",
            ("Mr Aldous Brink", "WORKS_AT", "Vattenfall", False),
        ),
        # the main clause goes on after the relative clause
        (
            "Hedda: Our neighbour Ottilie, who lives in Aarhus, is visiting next week.",
            ("Ottilie", "LIVES_IN", "Aarhus", False),
        ),
        # texting, a role with no comma
        (
            "Hedda: gotta find a gift for my sister who moved to Tromsø lol",
            ("Hedda's sister", "LIVES_IN", "Tromsø", False),
        ),
        # "who's" written short
        (
            "Hedda: my mate Joss, who's been working at Ikea since June, got engaged",
            ("Joss", "WORKS_AT", "Ikea", False),
        ),
    ],
)
def test_a_relative_clause_tells_the_persons_own_fact(
    text: str, fact: tuple[str, str, str, bool]
) -> None:
    facts = found(run(text))
    assert fact in facts
    assert not [f for f in facts if f[0] == "Hedda" and f[1] in ("LIVES_IN", "WORKS_AT")]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "Lorcan, who runs the bakery, has moved to Sligo.",
            "Lorcan has moved to Sligo. Lorcan runs the bakery.",
        ),
        ("my nan, who's ninety, says hi", "my nan says hi. My nan is ninety."),
        ("Talk to Ms Oduya, who'd left by then.", "Talk to Ms Oduya. Ms Oduya had left by then."),
        # a sentence's first word is no part of the name
        ("Call Bex, who knows the way.", "Call Bex. Bex knows the way."),
    ],
)
def test_a_relative_clause_becomes_a_sentence_of_its_own(text: str, said: str) -> None:
    assert plain_subjects(text) == said


@pytest.mark.parametrize(
    "text",
    [
        "I wrote to Ms Abara, who I met in Lagos.",  # the person is the verb's object
        "Marta, who everyone adores, is leaving.",
        "Tom who knows",  # a name needs the comma: no relative clause told apart
        "Who is your landlord?",
    ],
)
def test_a_relative_clause_of_the_object_or_a_question_stays(text: str) -> None:
    assert plain_subjects(text) == text


# -- a person described, then named: the name is who is meant -------------------------------


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "Hedda: my new physio is a woman called Dr Amara Eze",
            ("Hedda", "ROLE_HELD_BY", "Dr Amara Eze", False),
        ),
        (
            "Hedda: new boss is some guy named Torvald, very intense",
            ("Hedda", "MANAGED_BY", "Torvald", False),
        ),
        (
            "Hedda: our landlord is now a bloke called mr pike",
            ("Hedda", "ROLE_HELD_BY", "Mr Pike", False),
        ),
        # English as a second language: "my mother name is Thu"
        (
            "Hoa: My mother name is Thu, she has a pho restaurant",
            ("Hoa", "FAMILY_OF", "Thu", False),
        ),
    ],
)
def test_a_person_described_then_named_is_the_name(
    text: str, fact: tuple[str, str, str, bool]
) -> None:
    assert fact in found(run(text))


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("met a lovely chap called Idris", "met Idris"),
        ("we got a rescue greyhound called Biscuit", "we got a rescue greyhound called Biscuit"),
        ("I read a book called Persuasion", "I read a book called Persuasion"),
        ("she saw dr Mensah today", "she saw Dr Mensah today"),
    ],
)
def test_only_a_person_described_gives_way_to_the_name(text: str, said: str) -> None:
    assert plain_subjects(text) == said


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("New landlord is some company, Petrakis Property Group.",
         "New landlord is Petrakis Property Group."),
        ("my new GP is a young woman, Dr Salazar.", "my new GP is Dr Salazar."),
        ("my boss is a nice guy, Tom likes him", "my boss is a nice guy, Tom likes him"),
        ("it is a lovely town, Bath.", "it is a lovely town, Bath."),  # no holder described
    ],
)  # fmt: skip
def test_a_holder_described_then_named_is_the_name(text: str, plain: str) -> None:
    """Round 29: "is some company, X" names X as the holder when the name ends the clause."""
    assert plain_subjects(text) == plain
