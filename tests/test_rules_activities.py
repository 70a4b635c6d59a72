"""What one does and knows accumulates (extractors/rules/tables/activities.py): languages spoken
and learned, collections, activities taken up."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors.rules.extractor import RuleExtractor
from chronomem.model import Episode
from tests.real_embedder import real_embedder
from tests.test_rules_states_memory import tell

REF = datetime(2024, 3, 10, 12, tzinfo=UTC)


def facts(text: str) -> set[tuple[str, str, str]]:
    ep = Episode(
        id="e", group_id="g", content=text, source="message", source_description="chat",
        reference_time=REF, created_at=REF,
    )  # fmt: skip
    return {(f.source, f.relation, f.target.lower()) for f in RuleExtractor().extract(ep, ()).facts}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Noor: I speak Arabic at home and English at work", ("Noor", "SPEAKS", "arabic")),
        ("Noor: I'm fluent in Portuguese, lived in Lisbon 5 years", ("Noor", "SPEAKS",
                                                                      "portuguese")),
        ("Noor: Greek is my native language", ("Noor", "SPEAKS", "greek")),
        ("Noor: I've been learning korean for a k-drama trip", ("Noor", "LEARNS", "korean")),
        ("Noor: I collect old postcards from flea markets", ("Noor", "COLLECTS", "postcards")),
        ("Noor: I took up bouldering last spring", ("Noor", "HAS_HABIT", "bouldering")),
        ("Noor: I've taken up the cello", ("Noor", "HAS_HABIT", "cello")),
        ("Noor: signed up for ceramics classes at the community center",
         ("Noor", "HAS_HABIT", "ceramics")),
        ("Noor: cut sugar, started swimming twice a week", ("Noor", "HAS_HABIT", "swimming")),
        ("Noor: my new hobby is birdwatching, got binoculars",
         ("Noor", "HAS_HABIT", "birdwatching")),
    ],
)  # fmt: skip
def test_activities_and_languages_are_read(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Noor: the move took up most of my week",
        "Noor: I took up his offer",
        "Noor: I started running late so I missed the bus",
        "Noor: I'm taking online classes at night",
        "Noor: we collect the logs with a cron job",
    ],
)
def test_no_activity_from_look_alikes(text: str) -> None:
    assert not any(r in ("HAS_HABIT", "COLLECTS", "SPEAKS") for _, r, _ in facts(text))


def test_speaking_to_someone_is_no_language() -> None:
    assert not any(r == "SPEAKS" for _, r, _ in facts("Noor: I speak to my mom every sunday"))


@pytest.mark.local_model
def test_new_activities_and_languages_never_close_the_old() -> None:
    story = tell(
        real_embedder(),
        "Noor: I speak Arabic and I collect old postcards",
        "Noor: I'm learning Japanese now",
        "Noor: took up bouldering, and I've started salsa lessons",
    )
    for triple in [
        ("Noor", "SPEAKS", "Arabic"),
        ("Noor", "COLLECTS", "postcards"),
        ("Noor", "LEARNS", "Japanese"),
        ("Noor", "HAS_HABIT", "bouldering"),
        ("Noor", "HAS_HABIT", "salsa"),
    ]:
        assert story.get(triple) is True, (triple, story)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Noor: I also started learning the cello", ("Noor", "LEARNS", "cello")),
        ("Noor: learning to surf this summer!", ("Noor", "LEARNS", "surf")),
        ("Noor: made a new friend at the climbing gym, Priya", ("Noor", "FRIEND_OF", "priya")),
        ("Noor: I bite my nails constantly", ("Noor", "HAS_HABIT", "biting")),
    ],
)
def test_skills_friends_and_constant_habits(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in facts(text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Noor: I'm obsessed with pickleball lately", ("Noor", "LIKES", "pickleball")),
        ("Noor: I got totally hooked on sudoku", ("Noor", "LIKES", "sudoku")),
        ("Noor: our cat Olive is 3 today", ("Noor", "HAS_PET", "olive")),
    ],
)
def test_tastes_and_pets_in_other_words(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in facts(text)
