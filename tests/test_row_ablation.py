"""The pattern table's ablation by table (``bench/row_ablation.py``): every row belongs to
exactly one table, and a silenced table's rows read nothing, wherever they are looked up."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import row_ablation

from chronomem.extractors.rules.tables import patterns
from tests.rules_support import found, run


def test_every_row_belongs_to_exactly_one_table() -> None:
    tables = row_ablation.tables()
    rows = [i for ids in tables.values() for i in ids]
    assert sorted(rows) == list(range(len(patterns.PATTERNS)))
    assert {"work_rows", "health_rows", "inline"} <= set(tables)


def test_a_silenced_table_reads_nothing_and_the_others_still_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    said = "Dana: I work at Fernhill Bakery and I have asthma"
    assert {r for _, r, _, _ in found(run(said))} >= {"WORKS_AT", "HAS_CONDITION"}
    monkeypatch.setattr(patterns, "PATTERNS", patterns.PATTERNS)  # restored after the test
    assert row_ablation.silence("work_rows") == len(row_ablation.tables()["work_rows"])
    relations = {r for _, r, _, _ in found(run(said))}
    assert "WORKS_AT" not in relations and "HAS_CONDITION" in relations


def test_an_unknown_table_is_refused_with_the_names(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        row_ablation.main(["--data", "bench/data/temporal", "--table", "work_row"])
    assert "--table: unknown work_row; give one of activities" in capsys.readouterr().err


def test_rows_are_named_by_their_place_in_their_table() -> None:
    work = sorted(row_ablation.tables()["work_rows"])
    assert row_ablation.rows_of("work_rows:0,2-3") == {work[0], work[2], work[3]}
    with pytest.raises(ValueError, match="work_rows has rows 0-"):
        row_ablation.rows_of(f"work_rows:{len(work)}")
    with pytest.raises(ValueError, match="as in work_rows:0,3-5"):
        row_ablation.rows_of("work_rows:first")
