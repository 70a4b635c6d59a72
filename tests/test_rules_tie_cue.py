"""The ending reader's meaning test (``extractors/rules/cue/tie_cue.py``) on the real embedder.

A clause that names something the speaker holds, in words no ending expression lists, is
read by its likeness to clauses that end a tie and clauses that keep one. Each ending below
is the meaning test's doing (the rules alone do not end it), and each clause that keeps the
tie ends nothing. Names, employers and pets are written for this test.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chronomem.extractors import RuleExtractor
from chronomem.model import Episode
from tests.real_embedder import real_embedder

pytestmark = pytest.mark.local_model

WHEN = datetime(2025, 3, 12, 18, 0, tzinfo=UTC)
JOB = "Rosa: I work at Halden Logistics"
CLUB = "Omar: I joined Crestline Climbing Club"
PET = "Omar: we have a rabbit named Clover"


def _ended(extractor: RuleExtractor, told: str, said: str) -> set[tuple[str, str]]:
    turns = [
        Episode(f"e{i}", "g", text, "message", WHEN + timedelta(minutes=i), WHEN)
        for i, text in enumerate((told, said))
    ]
    found = extractor.extract(turns[-1], turns[:-1])
    return {(f.relation, f.target) for f in found.facts if f.invalid_at and not f.valid_at}


@pytest.mark.parametrize(
    ("told", "said", "ended"),
    [
        (JOB, "Rosa: told Halden Logistics I'm moving on, friday was it", "WORKS_AT"),
        (JOB, "Rosa: Halden Logistics and I have parted company", "WORKS_AT"),
        (JOB, "Rosa: Halden Logistics made me redundant", "WORKS_AT"),
        (CLUB, "Omar: not renewing Crestline Climbing Club this year", "MEMBER_OF"),
        (CLUB, "Omar: Crestline Climbing Club kicked me out", "MEMBER_OF"),
    ],
)
def test_an_ending_in_words_no_rule_lists_is_read_by_meaning(
    told: str, said: str, ended: str
) -> None:
    with_meaning = _ended(RuleExtractor(embedder=real_embedder()), told, said)
    assert any(relation == ended for relation, _ in with_meaning)
    assert not any(relation == ended for relation, _ in _ended(RuleExtractor(), told, said))


@pytest.mark.parametrize(
    ("told", "said"),
    [
        (JOB, "Rosa: Halden Logistics is chaos this week"),
        (JOB, "Rosa: got a bonus from Halden Logistics"),
        (JOB, "Rosa: working late at Halden Logistics again"),
        (JOB, "Rosa: still at Halden Logistics, still underpaid"),
        (CLUB, "Omar: Crestline Climbing Club has a new wall"),
        (CLUB, "Omar: skipped Crestline Climbing Club again"),
        (CLUB, "Omar: Crestline Climbing Club is packed on tuesdays"),
        (PET, "Omar: Clover chewed through a cable"),
        (PET, "Omar: Clover is sleeping in the sun"),
        (PET, "Omar: took Clover to the vet for her jabs"),
    ],
)
def test_a_clause_that_keeps_the_tie_ends_nothing(told: str, said: str) -> None:
    assert not _ended(RuleExtractor(embedder=real_embedder()), told, said)
