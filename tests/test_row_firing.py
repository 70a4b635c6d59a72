"""The pattern table's firing counter (bench/row_firing.py): a row that reads a sentence is
counted, a row that reads nothing is listed as never matched, and a failing command says so."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from chronomem.extractors.rules.tables import patterns
from tests.rules_support import run

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import row_firing  # noqa: E402


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(patterns, "PATTERNS", patterns.PATTERNS)  # restored after the test
    monkeypatch.setattr(row_firing, "COUNTS", row_firing.Counter())
    row_firing.install()


def _rows(relation: str, word: str) -> set[int]:
    return {
        i
        for i, cp in enumerate(patterns.PATTERNS)
        if cp.row.relation == relation and word in cp.triggers
    }


@pytest.mark.usefixtures("counting")
def test_a_row_that_reads_a_sentence_is_counted_and_the_others_are_listed() -> None:
    facts = run("Ana: I live in Oslo").facts
    assert ("LIVES_IN", "Oslo") in {(f.relation, f.target) for f in facts}
    fired = set(row_firing.COUNTS)
    assert fired & _rows("LIVES_IN", "live")
    dead = {row["row"] for row in row_firing.dead_rows()}
    assert dead == set(range(len(patterns.PATTERNS))) - fired
    pets_lost = _rows("HAS_PET", "died")  # "my cat died": not in this sentence
    assert pets_lost and pets_lost.isdisjoint(fired)


def test_a_failing_command_is_refused_with_what_to_do() -> None:
    with pytest.raises(SystemExit, match=r"failed .*fix it and run again"):
        row_firing.run("bench/temporal.py --data /nonexistent")
