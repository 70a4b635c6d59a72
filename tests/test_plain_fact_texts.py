"""A fact's text says the fact: a rambling clause becomes its relation's plain sentence."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors import RuleExtractor
from chronomem.extractors.rules.plain_texts import MAX_WORDS
from chronomem.model import Episode

REF = datetime(2025, 3, 4, 10, 0, tzinfo=UTC)


def facts(content: str) -> dict[str, str]:
    ep = Episode(
        id="ep",
        group_id="g",
        content=content,
        source="message",
        reference_time=REF,
        created_at=REF,
    )
    found = RuleExtractor().extract(ep, [])
    return {f"{f.relation} {f.target}": f.fact for f in found.facts}


@pytest.mark.parametrize(
    ("content", "key", "text"),
    [
        (
            "Nadia: so quick intro, I'm Nadia, 34, living in Rotterdam with my partner Joost and "
            "our dog Pepper",
            "LIVES_IN Rotterdam",
            "Nadia lives in Rotterdam",
        ),
        (
            "Tomasz: honestly after all the back and forth with recruiters and two rounds of "
            "interviews I am now working at Allegro which is kind of wild",
            "WORKS_AT Allegro",
            "Tomasz works at Allegro",
        ),
    ],
)
def test_a_rambling_clause_gives_the_plain_fact(content: str, key: str, text: str) -> None:
    got = facts(content)
    assert got.get(key) == text, got


def test_a_short_clause_keeps_its_own_verb() -> None:
    got = facts("Ines: moved to Porto last month")
    assert got.get("LIVES_IN Porto") == "Ines moved to Porto"
    assert len(got["LIVES_IN Porto"].split()) <= MAX_WORDS


def test_a_clause_opener_is_not_part_of_the_fact() -> None:
    got = facts("Priya: honestly I moved to Leeds")
    assert got.get("LIVES_IN Leeds") == "Priya moved to Leeds", got


def test_a_cut_date_takes_its_preposition_with_it() -> None:
    """The date lives in valid_at; the text must not end on a dangling "to" or "on"."""
    got = facts("Marek: I am moving to Gdansk on the 3rd")
    texts = [text for key, text in got.items() if key.endswith(" Gdansk")]
    assert texts, got
    assert texts == ["Marek is moving to Gdansk"], got


def test_a_rambling_ending_says_the_fact_is_over() -> None:
    """An ending in a long clause is said plainly as over (the dates say when); a short
    one keeps its own words."""
    got = facts(
        "Kez: walked past the old office today where I used to sit by the window all those "
        "years before I quit Saltmarsh Media in the spring and my ex-boss just waved"
    )
    assert got.get("WORKS_AT Saltmarsh Media") == "Kez no longer works at Saltmarsh Media", got
    assert facts("Kez: I quit Saltmarsh Media").get("WORKS_AT Saltmarsh Media") == (
        "Kez quit Saltmarsh Media"
    )


def test_a_condition_told_at_length_is_said_plainly() -> None:
    got = facts(
        "Lachlan: went to the GP about my chest this morning, turns out I've got bronchitis "
        "on top of the asthma which explains the wheezing all week"
    )
    assert got.get("HAS_CONDITION bronchitis") == "Lachlan has bronchitis", got
