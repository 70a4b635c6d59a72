"""The readers of one family share one grammar (round 11): the correction cues of
``tables/correction_cues.py``, the told-value lookup ``retractions.told``, and one reader of
cancellations (``plans.called_off``)."""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.readers.retractions import told
from chronomem.extractors.rules.tables.correction_cues import ANY_CUE, CUE_LEAD, STRONG_CUE
from tests.rules_support import found, run


@pytest.mark.parametrize(
    ("text", "strong"),
    [("correction: Lyon", True), ("scratch that, Lyon", True), ("sry, Lyon", False)],
)
def test_one_table_grades_the_cues(text: str, strong: bool) -> None:
    lead = CUE_LEAD.match(text)
    assert lead is not None and ANY_CUE.search(lead.group(1))
    assert (STRONG_CUE.search(lead.group(1)) is not None) is strong


def test_no_cue_in_a_plain_sentence() -> None:
    assert ANY_CUE.search("I moved to Lyon last week") is None


def _known() -> Known:
    known = Known()
    known.learn_fact("Sam", "LIVES_IN", "Halden Bank Street", ended=False)
    known.learn_fact("Sam", "WORKS_AT", "Halden Bank", ended=False)
    known.learn_fact("Sam", "DRIVES", "Honda Civic", ended=False)
    return known


@pytest.mark.parametrize(
    ("words", "edge", "value"),
    [
        ("Halden Bank", "", "halden bank"),  # the exact value, even where another ends with it
        ("civic", "", None),  # no edge asked for: the exact value only
        ("civic", "tail", "honda civic"),  # "not a Civic" for the Honda Civic
        ("halden", "either", None),  # two values start with it: none is taken
        ("honda", "either", "honda civic"),
        ("Toyota", "tail", None),
    ],
)
def test_one_lookup_finds_the_told_value_a_correction_names(
    words: str, edge: str, value: str | None
) -> None:
    found_value = told(_known(), words, edge)
    assert (found_value[2] if found_value else None) == value


def test_the_catch_all_relations_are_never_corrected() -> None:
    known = Known()
    known.learn_fact("Sam", "MENTIONED", "Lyon", ended=False)
    assert told(known, "Lyon") is None


@pytest.mark.parametrize(
    "cancelled",
    [
        "Omar: the dentist appointment fell through",
        "Omar: the dentist appointment is not happening",
        "Omar: dentist appointment got cancelled",
        "Omar: we cancelled the dentist appointment",
    ],
)
def test_one_reader_ends_a_told_plan_whatever_words_cancel_it(cancelled: str) -> None:
    facts = found(run("Omar: dentist appointment on Tuesday", cancelled))
    assert ("Omar", "HAS_PLAN", "dentist appointment", True) in facts


def test_a_cancellation_naming_no_told_plan_ends_nothing() -> None:
    out = run("Omar: dentist appointment on Tuesday", "Omar: the bus strike fell through")
    assert not [f for f in out.facts if f.invalid_at is not None]
