"""A bare name in narration is a person's only by evidence (round 16).

A story names people bare, often first in the sentence and before an aside or "and":
the name finder took such a first word for sentence case, and a name no table typed was no
person, so a fact the learned reader read right about that person was stopped at the owner
gate. A name is now a person's when it is no ordinary word (the encoder's vocabulary, the
lexicon) and what follows it is what a person does. Capitalised ordinary words, apps and
breeds stay untyped. Sentences written for these tests.
"""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.analysis.entities import find_spans
from chronomem.extractors.rules.analysis.known import Known
from tests.real_embedder import read_facts


def _people(sentence: str) -> list[str]:
    return [s.name for s in find_spans(sentence, [], Known()) if s.label == "Person"]


@pytest.mark.parametrize(
    ("sentence", "person"),
    [
        ("Zdenek, tired as always, moved to Brno in the spring.", "Zdenek"),
        ("Oyelaran and her husband bought a farm outside Ibadan.", "Oyelaran"),
        ("Within a week of the wedding, Yevgenia had sold her scooter.", "Yevgenia"),
        ("Every winter, without fail, Brannoc visits his aunt in Truro.", "Brannoc"),
    ],
)
def test_a_bare_name_doing_what_people_do_is_a_person(sentence: str, person: str) -> None:
    assert person in _people(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Duolingo reminded me to practise my Italian.",  # an app: no person's pronoun
        "Quillory hired me, so I start on Monday.",  # what an employer does, not a person
        "Traffic, as usual, was awful and he was late.",  # an ordinary word opening
        "Polish, his second language, had gone rusty.",  # a language, an ordinary word
        "Labrador puppies are expensive, he said.",  # a breed
        "Monday and Tuesday were busy for her.",  # days
    ],
)
def test_a_capitalised_ordinary_word_or_an_app_is_no_person(sentence: str) -> None:
    assert _people(sentence) == []


@pytest.mark.local_model
def test_a_bare_narrated_name_before_an_aside_keeps_its_fact() -> None:
    facts = read_facts(["Zdenek, tired as always, moved to Brno in the spring."])
    assert any(f[0] == "Zdenek" and f[1] == "LIVES_IN" and f[2] == "Brno" for f in facts)


@pytest.mark.local_model
def test_a_pair_opened_by_a_bare_name_gives_the_couple() -> None:
    facts = read_facts(["Rafferty and his wife, Ondine, bought a narrowboat last year."])
    assert any(f[1] == "MARRIED_TO" and {f[0], f[2]} == {"Rafferty", "Ondine"} for f in facts)


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("Book club tonight, the Thursday Readers.", "Thursday Readers"),
        ("I joined the Sunday League team", "Sunday League team"),
    ],
)
def test_a_days_name_after_the_opens_a_name(sentence: str, name: str) -> None:
    """Round 29: a day's name after "the", before more capitalised words, is a name's first
    word ("the Thursday Readers"); a day named alone stays no name."""
    assert name in [s.name for s in find_spans(sentence, [], Known())]
    assert "Thursday" not in [s.name for s in find_spans("see you on Thursday", [], Known())]
