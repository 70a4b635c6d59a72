"""Whom "he"/"she" stands for, read over a message in order (``analysis/antecedents.py``),
and the two small readings it leans on: a bare relative opening a chat line
(``normalise/kinship.py``) and genders marked on names in any script (``analysis/gender.py``).
Pure text, no model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors.rules.analysis.analyse import analyse
from chronomem.extractors.rules.analysis.antecedents import PRONOUN, antecedent
from chronomem.extractors.rules.analysis.found import Sentence
from chronomem.extractors.rules.analysis.gender import learn_genders
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.normalise.kinship import as_relatives

WHEN = datetime(2025, 3, 12, 18, 0, tzinfo=UTC)


def _message(lines: list[str], known: Known) -> list[Sentence]:
    """The sentences of one message, each read as the rules read it (names learned)."""
    out = []
    for line in lines:
        s = analyse(line, WHEN, "Lena", known)
        for span in s.spans:
            known.learn(span.name, span.label)
        learn_genders(line, known)
        out.append(s)
    return out


def _who(lines: list[str]) -> str | None:
    """Whom the first he/she of the last line stands for."""
    known = Known()
    known.speakers.add("lena")
    *before, s = _message(lines, known)
    pronoun = PRONOUN.search(s.text)
    assert pronoun is not None
    found = antecedent(pronoun.group(), s, pronoun.start(), before, known)
    return found.name if found else None


@pytest.mark.parametrize(
    ("lines", "who"),
    [
        # a relative by role: the role's word says he or she
        (["My son he is ten and he plays chess."], "Lena's son"),
        (["my gran is amazing.", "she still swims every morning."], "Lena's gran"),
        # two people met: the gender picks ("my brother Tomas and my sister Ana")
        (["My brother Tomas and my sister Ana both moved.", "She lives in Porto now."], "Ana"),
        (["My brother Tomas and my sister Ana both moved.", "He went to Berlin."], "Tomas"),
        # the nearest of that gender before the pronoun, not a woman met after it
        (["My sister Ana called.", "She is moving to Porto, my cousin Eva says."], "Ana"),
        # no one fits: a "he" after only a grandmother stands for no one
        (["grandma has a boyfriend now.", "he is 84."], None),
    ],
)  # fmt: skip
def test_a_pronoun_stands_for_the_nearest_person_of_its_gender(
    lines: list[str], who: str | None
) -> None:
    assert _who(lines) == who


def test_the_speaker_is_never_the_antecedent() -> None:
    assert _who(["Lena here.", "She moved."]) is None


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Cousin got engaged!! To Marisol.", "my cousin got engaged!! To Marisol."),
        ("so proud. Daughter passed her test", "so proud. my daughter passed her test"),
        ("hubby's poorly again", "my hubby's poorly again"),
        ("bro i got the job", "bro i got the job"),  # calling someone "bro"
        ("Sister Agnes runs the school.", "Sister Agnes runs the school."),  # a title and name
        ("Bro, guess what", "Bro, guess what"),
    ],
)
def test_a_relative_opening_a_chat_line_is_the_speakers(text: str, read: str) -> None:
    assert as_relatives(text) == read


def test_a_name_in_any_script_gets_the_gender_its_role_marks() -> None:
    known = Known()
    learn_genders("For most of the nineties Grandma Inés had lived in Caracas", known)
    learn_genders("Zoë is my sister", known)
    assert known.genders == {"ines": "f", "zoe": "f"}
