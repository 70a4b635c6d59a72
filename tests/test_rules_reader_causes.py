"""Kinds of language the offline reader missed on its labelled corpus (issue 20, round 7):
each test states one cause in sentences written here, in several voices.

- a message that tells facts and then asks something ("..., is that normal?"): the
  statements before the asking tail assert, for the semantic cue as for the patterns;
- "joined X as a Y": the title is the person's (a fact a promotion closes), not X's;
- ages: "I'm 29", "turned forty", "my son is twenty-five" (HAS_AGE, one value at a time),
  and numbers in words are never names ("worked there for twenty years");
- a move between places is a new home, not a thing switched ("moved from Leeds to a house
  in Kadikoy"); a home told by where it stands ("a village near X");
- names that open on a capital outside A-Z ("Łódź", "Évora", "Škoda").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, Extraction
from chronomem.model.relations import is_functional
from tests.real_embedder import real_embedder
from tests.rules_support import found, run

REF = datetime(2025, 5, 12, 10, 0, tzinfo=UTC)


def read(text: str) -> Extraction:
    """One message read on the default path (with the local model's semantic cue)."""
    episode = Episode("e1", "g", text, "message", REF, REF)
    return RuleExtractor(embedder=real_embedder()).extract(episode, [])


def triples(extraction: Extraction) -> set[tuple[str, str, str]]:
    return {(f.source, f.relation, f.target) for f in extraction.facts}


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "Halvard: we relocated to Trondheim in the spring, any tips for the dark winters?",
            ("Halvard", "LIVES_IN", "Trondheim"),
        ),
        (
            "Mireille: So I've been settled in Grenoble a while now and the mountains are "
            "great, but how do people here make friends?",
            ("Mireille", "LIVES_IN", "Grenoble"),
        ),
    ],
)
def test_statements_before_a_question_are_read(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in triples(read(text))


@pytest.mark.local_model
def test_a_real_question_still_asserts_nothing() -> None:
    facts = triples(read("Halvard: did you ever relocate to Trondheim?"))
    assert not any(rel == "LIVES_IN" for _, rel, _ in facts)


@pytest.mark.parametrize(
    ("text", "who", "title"),
    [
        (
            "Odile: I left Carrefour and joined Decathlon as a store manager.",
            "Odile",
            "store manager",
        ),
        ("Kofi: started at Jumia as an analyst last week", "Kofi", "analyst"),
        ("Pim: my cousin joined Adyen as a developer in March.", "Pim's cousin", "developer"),
    ],
)
def test_a_title_taken_on_joining_is_the_persons_fact(text: str, who: str, title: str) -> None:
    facts = found(run(text))
    assert (who, "HAS_JOB_TITLE", title, False) in facts
    assert not any(rel == "HAS_JOB_TITLE" and src != who for src, rel, _, _ in facts)


@pytest.mark.parametrize(
    ("text", "who", "age"),
    [
        ("Suvi: im 33 lol", "Suvi", "33"),
        ("Bartholomew: I turned fifty on Sunday.", "Bartholomew", "fifty"),
        (
            "Amara: my daughter is seven and already reads better than me",
            "Amara's daughter",
            "seven",
        ),
        ("Lino: I am thirty-eight years old and I never learnt to swim.", "Lino", "thirty-eight"),
    ],
)
def test_an_age_is_read_in_figures_and_in_words(text: str, who: str, age: str) -> None:
    assert (who, "HAS_AGE", age, False) in found(run(text))
    assert is_functional("HAS_AGE")  # a new age replaces the old one


@pytest.mark.parametrize(
    "text",
    [
        "Suvi: I'm 12 weeks pregnant!",
        "Suvi: I'm 10 minutes late, sorry",
        "Suvi: we're 4 in the flat now",
        "Suvi: it's 6 and I'm still at my desk",
    ],
)
def test_a_number_of_something_else_is_no_age(text: str) -> None:
    assert not any(rel == "HAS_AGE" for _, rel, _, _ in found(run(text)))


def test_numbers_in_words_are_never_names() -> None:
    facts = found(run("Teodor: I worked at Ikea for twenty years before retiring."))
    assert ("Teodor", "WORKS_AT", "Ikea", True) in facts  # over: a past state with its length
    assert not any(target.lower() == "twenty" for _, _, target, _ in facts)
    facts = found(run("Teodor: went back to college at forty-two, best decision"))
    assert not any("forty" in target.lower() for _, _, target, _ in facts)


def test_a_switch_between_things_is_still_read() -> None:
    facts = found(run("Greet: switched from a Kindle to a Kobo last month"))
    assert ("Greet", "USES", "Kobo", False) in facts
    assert ("Greet", "USES", "Kindle", True) in facts


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Zofia: I live in Łódź now.", ("Zofia", "LIVES_IN", "Łódź")),
        ("Inês: mudei-me, I moved to Évora last month", ("Inês", "LIVES_IN", "Évora")),
        ("Tomáš: I work at Škoda in Mladá Boleslav.", ("Tomáš", "WORKS_AT", "Škoda")),
        ("Øystein: I'm based in Ålesund these days", ("Øystein", "LIVES_IN", "Ålesund")),
    ],
)
def test_names_that_open_on_a_capital_outside_a_to_z(text: str, fact: tuple[str, str, str]) -> None:
    assert (*fact, False) in found(run(text))


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "Wren: bike got nicked outside the library, walking everywhere now",
            ("RIDES_BIKE", "bike"),
        ),
        ("Wren: car's gone, bus pass from monday", ("DRIVES", "car")),
        ("Wren: My phone was stolen on the tram yesterday.", ("USES_PHONE", "phone")),
        ("Wren: my laptop got written off after the coffee incident", ("USES_LAPTOP", "laptop")),
    ],
)
def test_a_thing_said_to_be_gone_is_ended_not_held(text: str, fact: tuple[str, str]) -> None:
    facts = found(run(text))
    assert ("Wren", *fact, True) in facts
    assert ("Wren", *fact, False) not in facts


def test_a_thing_told_before_is_the_one_that_is_gone() -> None:
    facts = found(run("Wren: I ride a Brompton to work", "Wren: bike got nicked last night"))
    assert ("Wren", "RIDES_BIKE", "Brompton", True) in facts


@pytest.mark.parametrize(
    "text",
    [
        "Ilse: my boss said we can leave early on friday",
        "Ilse: I think Vienna is colder, but my husband say is the same",
    ],
)
def test_a_verb_after_a_role_noun_is_no_name(text: str) -> None:
    assert not any(target.lower() in ("said", "say") for _, _, target, _ in found(run(text)))


@pytest.mark.local_model
@pytest.mark.parametrize(
    "text",
    [
        "Yohannes: I'm Eritrean, and the winters here are hard.",
        "Priyanka: we are Gujarati so the wedding is three days long",
        "Lior: honestly I am also Catholic, which surprises people",
    ],
)
def test_a_name_said_as_what_one_is_is_no_object(text: str) -> None:
    told = {(rel, target) for _, rel, target in triples(read(text)) if rel != "MENTIONED"}
    assert not any(target in ("Eritrean", "Gujarati", "Catholic") for _, target in told)


@pytest.mark.parametrize(
    "text",
    [
        "Aroha: I've been offered the job as head ranger at a park up north, starting in spring",
        "Aroha: so I've been offered the head coach job at a college in Dunedin!",
    ],
)
def test_a_title_offered_is_no_title_held(text: str) -> None:
    assert not any(rel == "HAS_JOB_TITLE" and not ended for _, rel, _, ended in found(run(text)))


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        ("Marit: we relocated from Tromsø to Bodø in May.", "Tromsø", "Bodø"),
        ("Marit: moved from Stavanger to Haugesund last winter", "Stavanger", "Haugesund"),
    ],
)
def test_the_home_a_move_leaves_ends(text: str, old: str, new: str) -> None:
    facts = found(run(text))
    assert ("Marit", "LIVES_IN", new, False) in facts
    assert ("Marit", "LIVES_IN", old, True) in facts
