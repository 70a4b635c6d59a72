"""Narration about third persons (a diary, a report, a story: ``text`` episodes with no
speaker) read in the voice of the person narrated (``normalise/narrated.py``)."""

from __future__ import annotations

import pytest

from chronomem.extractors import RuleExtractor
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.normalise.narrated import narrated_person, narrated_voice
from chronomem.model import Episode

from .rules_support import REF


def read(text: str, *, disable: tuple[str, ...] = ()) -> set[tuple[str, str, str, bool]]:
    """(source, relation, target, ended) of each fact a narrated ``text`` gives."""
    story = Episode("e", "g", text, "text", REF, REF)
    facts = RuleExtractor(disable=disable).extract(story, []).facts
    return {
        (f.source, f.relation, f.target, f.invalid_at is not None)
        for f in facts
        if f.relation not in ("MENTIONED", "RELATED_TO")
    }


@pytest.mark.parametrize(
    ("sentence", "told", "person"),
    [
        ("Bruno works at a bakery in Turin.", "I work at a bakery in Turin.", "Bruno"),
        ("Ottilie finally sold her Volvo.", "I finally sold my Volvo.", "Ottilie"),
        ("Dr Okafor is sixty-one.", "I am sixty-one.", "Dr Okafor"),
        (
            "After the flood, Wanjiru moved to Nakuru and teaches at a college.",
            "After the flood, I moved to Nakuru and teach at a college.",
            "Wanjiru",
        ),
        (
            "Piet no longer smokes; he quit in the spring.",
            "I no longer smoke; I quit in the spring.",
            "Piet",
        ),
        ("Lucinda watches birds.", "I watch birds.", "Lucinda"),
        ("Tobias studies law.", "I study law.", "Tobias"),
        ("Every Friday Lotte swims.", "Every Friday I swim.", "Lotte"),
        # an aside between the name and its verb stays where it stood
        ("Gustav, the old baker, retired.", "I, the old baker, retired.", "Gustav"),
        ("Last spring Dariusz quit.", "Last spring I quit.", "Dariusz"),
        ("Greta's cousin Ulf breeds goats.", "My cousin Ulf breeds goats.", "Greta"),
        (
            "In 2019, Amadou's landlady sold her house.",
            "In 2019, my landlady sold my house.",
            "Amadou",
        ),
    ],
)
def test_a_narrated_sentence_is_told_in_its_subjects_voice(
    sentence: str, told: str, person: str
) -> None:
    assert narrated_voice(sentence, Known(), None) == (told, person)
    assert narrated_person(sentence, Known(), None) == person  # found without the rewrite


@pytest.mark.parametrize(
    "sentence",
    [
        "Everyone says the market closed.",  # not a name
        "Traffic was awful on the ring road.",  # an ordinary word, capitalised
        "Berlin is cold in February.",  # a place the gazetteer knows
        "Tomorrow brings rain.",  # a time word
        "Mateo and Ines bought a van.",  # two people: no single voice
        "Pedro's leaving on Friday.",  # "'s" is "is" here
        "Madrid's mayor resigned.",  # a place's, not a person's
        "In Lisbon Marta works nights.",  # not a time phrase: "Lisbon Marta" is no subject
    ],
)
def test_what_is_not_a_narrated_person_is_left_alone(sentence: str) -> None:
    assert narrated_voice(sentence, Known(), None) == (sentence, None)
    assert narrated_person(sentence, Known(), None) is None


def test_he_or_she_continues_the_person_narrated_last_unless_the_gender_disagrees() -> None:
    known = Known()
    assert narrated_voice("She runs a clinic.", known, "Halima") == ("I run a clinic.", "Halima")
    known.genders["halima"] = "f"
    assert narrated_voice("He runs a clinic.", known, "Halima") == ("He runs a clinic.", None)
    assert narrated_voice("She runs a clinic.", known, None) == ("She runs a clinic.", None)
    assert narrated_person("She runs a clinic.", known, "Halima") == "Halima"
    assert narrated_person("He runs a clinic.", known, "Halima") is None


def test_a_fronted_phrase_keeps_its_own_possessives() -> None:
    told, _ = narrated_voice("In his diary, Viktor never mentions Odessa.", Known(), None)
    assert told == "In his diary, I never mention Odessa."


def test_her_before_a_preposition_is_an_object_not_a_possessive() -> None:
    told, _ = narrated_voice("Ravi drove her to the station.", Known(), "Ravi")
    assert told == "I drove her to the station."


def test_a_diary_entry_about_a_friend() -> None:
    facts = read("Wednesday. Long day. Bettina is sixty-one and has been vegan since 2020.")
    assert ("Bettina", "HAS_AGE", "sixty-one", False) in facts
    assert ("Bettina", "FOLLOWS_DIET", "vegan", False) in facts


def test_a_news_like_report_of_a_replacement() -> None:
    facts = read("Fenna Dijkstra swapped her Pixel 6 for an iPhone 15 last month.")
    assert ("Fenna Dijkstra", "USES_PHONE", "iPhone 15", False) in facts
    assert ("Fenna Dijkstra", "USES_PHONE", "Pixel 6", True) in facts


def test_a_story_follows_its_character_across_sentences() -> None:
    facts = read("Ines grew up in Porto. She adopted a greyhound called Pixel in 2015.")
    assert ("Ines", "HAS_PET", "Pixel", False) in facts
    assert ("Ines", "FROM", "Porto", False) in facts


def test_a_named_persons_relative_is_that_persons() -> None:
    facts = read("Marisol's brother Joaquin moved to Quito last year.")
    assert ("Marisol", "FAMILY_OF", "Joaquin", False) in facts
    assert ("Joaquin", "LIVES_IN", "Quito", False) in facts


def test_a_sale_and_a_purchase_in_one_narrated_sentence() -> None:
    facts = read("Ottilie finally sold her Volvo and bought a Brompton.")
    assert ("Ottilie", "DRIVES", "Volvo", True) in facts
    assert ("Ottilie", "RIDES_BIKE", "Brompton", False) in facts


def test_a_narrated_facts_text_names_the_person_not_i() -> None:
    text = "Ines grew up in Porto. She sold her Fiat to Marco."
    story = Episode("e", "g", text, "text", REF, REF)
    texts = {f.relation: f.fact for f in RuleExtractor().extract(story, []).facts}
    assert texts["FROM"] == "Ines grew up in Porto"
    assert not any(t.startswith(("I ", "Ines said")) for t in texts.values())


@pytest.mark.parametrize(
    "text",
    [
        "Teodor is allergic to peanuts.",
        "Ines grew up in Porto. She adopted a greyhound called Pixel in 2015.",
        "Bettina is sixty-one.",
    ],
)
def test_the_stage_is_what_reads_them(text: str) -> None:
    assert read(text)
    assert not read(text, disable=("narrated",))


def test_a_chat_turn_naming_someone_keeps_the_speakers_voice() -> None:
    chat = Episode("e", "g", "Sam: Bettina lives in Bremen.", "message", REF, REF)
    facts = RuleExtractor().extract(chat, []).facts
    assert not any(f.source == "Sam" and f.relation == "LIVES_IN" for f in facts)
