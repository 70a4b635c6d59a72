"""A new value's fact text does not name the old value it replaced (``rivals.py``).

Written for this test, not taken from a benchmark.
"""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.rivals import without_rivals
from tests.rules_support import run


def _text(turns: list[str], relation: str, target: str) -> str:
    facts = [f for f in run(*turns).facts if f.relation == relation and f.target == target]
    assert facts, f"no {relation} {target}"
    return facts[0].fact


@pytest.mark.parametrize(
    ("turns", "relation", "new", "old"),
    [
        (
            ["Pia: I live in Bremen", "Pia: moved to Kiel last weekend, bremen rent was insane"],
            "LIVES_IN", "Kiel", "bremen",
        ),
        (
            ["Pia: I live in Bremen", "Pia: I'm back in Kiel after three years in Bremen"],
            "LIVES_IN", "Kiel", "Bremen",
        ),
        (
            ["Pia: I work at Lidl", "Pia: started at Aldi today, way better than lidl"],
            "WORKS_AT", "Aldi", "lidl",
        ),
    ],
)  # fmt: skip
def test_the_new_value_is_told_without_the_old(
    turns: list[str], relation: str, new: str, old: str
) -> None:
    text = _text(turns, relation, new)
    assert new in text and old.lower() not in text.lower()


@pytest.mark.parametrize(
    ("text", "target", "rivals", "kept"),
    [
        # a rival said before the new value is how the change is told
        ("Pia left Bremen for Kiel", "Kiel", ["Bremen"], "Pia left Bremen for Kiel"),
        # no rival: nothing cut
        ("Pia moved to Kiel, rent is high", "Kiel", ["Bremen"], "Pia moved to Kiel, rent is high"),
        # a rival that is part of the new name is no rival
        ("Pia works at Google Cloud, Google is big", "Google Cloud", ["Google"],
         "Pia works at Google Cloud, Google is big"),
    ],
)  # fmt: skip
def test_what_is_not_cut(text: str, target: str, rivals: list[str], kept: str) -> None:
    assert without_rivals(text, target, rivals) == kept
