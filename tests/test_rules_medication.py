"""RuleExtractor on medication: taken (TAKES_MEDICATION, accumulating), stopped, switched."""

from __future__ import annotations

import pytest

from chronomem.model.relations import is_functional
from tests.rules_support import found, run


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (["Femi: I'm on insulin now"], ("Femi", "TAKES_MEDICATION", "insulin", False)),
        (["Femi: the GP put me on sertraline"], ("Femi", "TAKES_MEDICATION", "sertraline", False)),
        (
            ["Femi: my dad has been taking statins since his heart scare"],
            ("Femi's dad", "TAKES_MEDICATION", "statins", False),
        ),
        (
            ["Femi: I'm on Lexapro", "Femi: my psychiatrist took me off lexapro"],
            ("Femi", "TAKES_MEDICATION", "Lexapro", True),
        ),
        (
            ["Femi: started a course of amoxicillin", "Femi: finished my amoxicillin today"],
            ("Femi", "TAKES_MEDICATION", "amoxicillin", True),
        ),
    ],
)
def test_a_medication_and_its_end(turns: list[str], fact: tuple[str, str, str, bool]) -> None:
    assert fact in found(run(*turns))


@pytest.mark.parametrize(
    "text",
    [
        "Femi: took ibuprofen for my headache",  # one dose, no treatment
        "Femi: is ibuprofen safe with coffee?",
        "Femi: the pharmacy ran out of insulin",
        "Femi: maybe I should be on antibiotics",
        "Femi: my cousin sells melatonin gummies online",
    ],
)
def test_no_medication_without_someone_taking_it(text: str) -> None:
    assert not [f for f in run(text).facts if f.relation == "TAKES_MEDICATION"]


def test_medications_accumulate_and_keep_the_condition() -> None:
    """Two drugs at once are both held; stopping one ends neither the other nor the
    condition told with it."""
    assert not is_functional("TAKES_MEDICATION")
    facts = found(run("Femi: diagnosed with asthma, they put me on a ventolin inhaler"))
    assert ("Femi", "HAS_CONDITION", "asthma", False) in facts
    assert ("Femi", "TAKES_MEDICATION", "ventolin", False) in facts
