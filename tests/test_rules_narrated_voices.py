"""Other people's lives told in narration, in several voices: who a sentence is about when
a fronted phrase or an aside stands before its verb, or when it opens on "his"/"her" after
an earlier sentence named the person (``narrated.py``)."""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.normalise.narrated import narrated_voice

from .rules_support import known_defect
from .test_rules_narration import read


@pytest.mark.parametrize(
    ("sentence", "told", "person"),
    [
        (
            "Ingeborg, never one to sit still, opened a pottery studio.",
            "I, never one to sit still, opened a pottery studio.",
            "Ingeborg",
        ),
        (
            "After the divorce, Rashid, aged fifty, moved back to Tangier.",
            "After the divorce, I, aged fifty, moved back to Tangier.",
            "Rashid",
        ),
        # fronted by "within", "even", "during", "that": a time or a circumstance too
        (
            "Within a year of the move, Oluwaseun had opened a bakery.",
            "Within a year of the move, I had opened a bakery.",
            "Oluwaseun",
        ),
        (
            "Even after the layoffs, Marguerite kept her job.",
            "Even after the layoffs, I kept my job.",
            "Marguerite",
        ),
        ("That spring Anneliese bought a canoe.", "That spring I bought a canoe.", "Anneliese"),
    ],
)
def test_an_aside_after_the_name_stays_and_the_sentence_is_the_persons(
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


def test_a_chatty_story_about_a_cousin_gives_her_boyfriend_as_hers() -> None:
    facts = read(
        "Philippa, my cousin, is a total mess honestly. Philippa finally quit the bakery "
        "lol. Her boyfriend, Dev, is thrilled."
    )
    assert ("Philippa", "WORKS_AT", "bakery", True) in facts
    assert ("Philippa", "DATING", "Dev", False) in facts


@known_defect(
    'a story opened by a filler ("ok so") never names its person (narrated.py); round 19\'s '
    'third-person role rows read "Her boyfriend, Dev" as Philippa\'s by "her" standing for '
    "the person met last, which brought a decoy's fact on the held-out split: left out"
)
def test_a_chatty_story_opened_by_a_filler_word() -> None:
    facts = read("ok so Philippa finally quit the bakery. Her boyfriend, Dev, is thrilled lol.")
    assert ("Philippa", "DATING", "Dev", False) in facts


def test_a_formal_letter_about_a_colleague_gives_her_husband_as_hers() -> None:
    facts = read(
        "To whom it may concern. I write on behalf of our colleague Dr Abena Owusu. "
        "Dr Owusu has chaired the ethics board since 2021. "
        "Her husband, Kwabena, lectures at the university."
    )
    assert ("Dr Owusu", "MARRIED_TO", "Kwabena", False) in facts
