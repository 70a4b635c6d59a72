"""Other people's lives told in narration, in several voices: who each sentence is about
when the narrator names a person by a kin word ("Uncle Desmond"), by a full name of three
words, or only by "his"/"her" after an earlier sentence named them (``narrated.py``)."""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.normalise.narrated import narrated_voice

from .test_rules_narration import read


@pytest.mark.parametrize(
    ("sentence", "told", "person"),
    [
        # the kin word is how the narrator calls him; the person is the name
        (
            "Since her fall, Auntie Nkechi had walked with a cane.",
            "Since her fall, I had walked with a cane.",  # a fronted phrase keeps its words
            "Nkechi",
        ),
        ("Grandpa Tevita keeps bees.", "I keep bees.", "Tevita"),
        # a priest's or a doctor's title is part of how they are known, and stays
        ("Father Okonkwo was fifty-two.", "I was fifty-two.", "Father Okonkwo"),
        # a full name of three words
        ("Maria Luisa Ferreira teaches cello.", "I teach cello.", "Maria Luisa Ferreira"),
        # a second aside after the fronted phrase
        (
            "Every spring, rain or shine, Lorcan walks the Camino.",
            "Every spring, rain or shine, I walk the Camino.",
            "Lorcan",
        ),
    ],
)
def test_a_person_named_by_kin_by_three_words_or_after_two_asides(
    sentence: str, told: str, person: str
) -> None:
    assert narrated_voice(sentence, Known(), None) == (told, person)


def test_his_or_her_opening_a_sentence_is_the_person_narrated_last() -> None:
    told, person = narrated_voice("His daughter, Ilse, studies in Graz.", Known(), "Wim")
    assert (told, person) == ("My daughter, Ilse, studies in Graz.", "Wim")
    # a later "her" is left alone: here it is the sister's, not his
    told, _ = narrated_voice("His sister sold her shop.", Known(), "Wim")
    assert told == "My sister sold her shop."


def test_his_or_her_with_no_one_narrated_or_the_wrong_gender_stays_as_written() -> None:
    assert narrated_voice("Her son moved to Perth.", Known(), None) == (
        "Her son moved to Perth.",
        None,
    )
    known = Known()
    known.genders["wim"] = "m"
    assert narrated_voice("Her son moved to Perth.", known, "Wim") == (
        "Her son moved to Perth.",
        None,
    )


def test_a_biography_gives_the_spouse_named_by_his() -> None:
    facts = read(
        "Anselm Brandt was born in Kiel and trained as a shipwright. "
        "His wife, Freya, sold her sailing boat the year they married."
    )
    assert ("Anselm Brandt", "MARRIED_TO", "Freya", False) in facts


def test_a_chatty_story_about_a_cousin_keeps_one_person_for_the_cousin() -> None:
    facts = read(
        "ok so my cousin Philippa, total chaos as always. "
        "Cousin Philippa finally quit the bakery and she works at a bike shop now."
    )
    assert ("Philippa", "WORKS_AT", "bike shop", False) in facts
    assert not any(source.startswith("Cousin") for source, *_ in facts)


def test_a_formal_letter_about_a_colleague_gives_her_husband_as_hers() -> None:
    facts = read(
        "To whom it may concern. I write on behalf of our colleague Dr Abena Owusu. "
        "Dr Owusu has chaired the ethics board since 2021. "
        "Her husband, Kwabena, lectures at the university."
    )
    assert ("Dr Owusu", "MARRIED_TO", "Kwabena", False) in facts
