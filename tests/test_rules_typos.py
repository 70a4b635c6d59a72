"""Chat typos in the words of life changes (``extractors/rules/normalise/typos.py``).

A word that is no English word and one slip away from a change word ("liev", "movd",
"stratd", "wrok") is read as that word; real words ("spot", "dined"), names ("Liev
Schreiber", a lower-case "sten") and short words are left alone. The phrasings are written for
this test, not taken from a benchmark.
"""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.analysis.sentences import normalize_text
from chronomem.extractors.rules.normalise.typos import CHANGE_WORDS, corrected
from tests.rules_support import found, run


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("wrok", "work"),  # two letters swapped
        ("lievs", "lives"),
        ("mvoed", "moved"),
        ("startd", "started"),  # a letter missing
        ("marreid", "married"),
        ("apartement", "apartment"),  # a letter too many
        ("movd", "moved"),  # vowels dropped
        ("stratd", "started"),  # vowels dropped and letters swapped
        ("divroced", "divorced"),
        ("pregant", "pregnant"),
    ],
)
def test_a_slip_of_a_change_word_is_read_as_that_word(typed: str, meant: str) -> None:
    assert corrected(typed) == meant


@pytest.mark.parametrize(
    "word",
    ["spot", "sing", "dined", "housed", "startled", "scold", "stomp", "sten", "wok", "lve"],
)
def test_real_words_names_and_short_words_are_left_alone(word: str) -> None:
    assert corrected(word) is None


def test_every_change_word_is_read_as_itself() -> None:
    assert all(corrected(w) is None for w in CHANGE_WORDS)


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("Stratd at Lidl. Movd to Kiel!", "Started at Lidl. Moved to Kiel!"),
        ("we brok up, i'm pregant", "we broke up, I'm pregnant"),
        ("Liev Schreiber is great", "Liev Schreiber is great"),  # a name at a sentence start
        ("the u.s.a. is big", "the u.s.a. is big"),
        ("MOVD is an acronym", "MOVD is an acronym"),
    ],
)
def test_normalized_text(typed: str, written: str) -> None:
    assert normalize_text(typed) == written


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (["Ines: i liev in Porto now"], ("Ines", "LIVES_IN", "Porto", False)),
        (["Ines: movd to Braga last month"], ("Ines", "LIVES_IN", "Braga", False)),
        (["Tomas: stratd a new job at Deloitte!"], ("Tomas", "WORKS_AT", "Deloitte", False)),
        (
            ["Tomas: I work at Deloitte", "Tomas: finally quit my wrok at Deloitte"],
            ("Tomas", "WORKS_AT", "Deloitte", True),
        ),
        (["Ines: got maried to Rui in june"], ("Ines", "MARRIED_TO", "Rui", False)),
    ],
)
def test_a_typed_change_is_extracted(
    turns: list[str], expected: tuple[str, str, str, bool]
) -> None:
    assert expected in found(run(*turns))


def test_a_real_word_near_a_change_word_tells_no_change() -> None:
    facts = found(run("Ines: we dined at Nando's and I spotted a stomp box in Braga"))
    assert not any(f[1] in ("LIVES_IN", "WORKS_AT", "HAS_PET") for f in facts)
