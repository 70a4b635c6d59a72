"""A question asked as statements tells the statements before its last one
(``Sentence.asks_from``): "you live in Mosta, and the course is on 9 May?" (an
assistant's recap told back for agreement) and "I moved to Tarbes in March, and the winters
here are cold?" assert what they say before the last comma; a question that asks from its
first word, or one statement asked alone, still asserts nothing. And a clause with a subject
of its own ("..., and the course is on 9 May") keeps its day for its own news
(``hit_dates._OWN_SUBJECT``). Sentences written for this test, through the extractor on the
real default encoder."""

from __future__ import annotations

import pytest

from tests.real_embedder import SAID_AT, read_dated, read_facts

pytestmark = pytest.mark.local_model

_ASKED = "Carmel: can you remind me what you have on me?"


def _told(turns: list[str]) -> set[tuple[str, str, str]]:
    return {f[:3] for f in read_facts(turns) if f[1] not in ("MENTIONED", "RELATED_TO")}


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (
            [
                _ASKED,
                "Assistant: Here's what I have: you're a ferry mechanic at the boatyard in "
                "Kalkara, you live in Mosta, and the engine course is the diesel refresher "
                "on 9 May?",
            ],
            ("Carmel", "LIVES_IN", "Mosta"),
        ),
        (
            ["Lena: I moved to Tarbes in March, and the winters here are cold?"],
            ("Lena", "LIVES_IN", "Tarbes"),
        ),
        (
            ["Lena: so I'm allergic to penicillin, and amoxicillin is fine?"],
            ("Lena", "HAS_CONDITION", "allergic to penicillin"),
        ),
    ],
)
def test_the_statements_before_the_last_one_are_told(
    turns: list[str], fact: tuple[str, str, str]
) -> None:
    assert fact in _told(turns)


@pytest.mark.parametrize(
    "asked",
    [
        "Assistant: Do you live in Mosta, and work at the boatyard?",  # asks from its first word
        "Assistant: You live in Mosta?",  # one statement, asked
    ],
)
def test_a_question_that_asks_throughout_tells_nothing(asked: str) -> None:
    assert not _told([_ASKED, asked])


@pytest.mark.parametrize(
    ("said", "fact", "dates"),
    [
        (  # a clause with a subject of its own keeps its day: not the job's, nor the home's
            "Carmel: I'm a ferry mechanic at the boatyard in Kalkara, I live in Mosta, and "
            "the engine course is the diesel refresher on 9 May.",
            ("LIVES_IN", "Mosta"),
            (SAID_AT.date().isoformat(), None),
        ),
        (
            "Lena: I started at Boots, and the pay is better since January.",
            ("WORKS_AT", "Boots"),
            (SAID_AT.date().isoformat(), None),
        ),
        (  # a clause without a subject of its own still dates the news before it
            "Lena: I moved to Tarbes, it was in March.",
            ("LIVES_IN", "Tarbes"),
            ("2025-03-01", None),
        ),
    ],
)
def test_a_clause_with_its_own_subject_dates_only_its_own_news(
    said: str, fact: tuple[str, str], dates: tuple[str | None, str | None]
) -> None:
    assert read_dated([said])[fact] == dates
