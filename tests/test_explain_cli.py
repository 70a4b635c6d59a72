"""``chronomem explain``: the stages, the trace and the facts of one message."""

from __future__ import annotations

from pathlib import Path

import pytest

from chronomem.cli.main import main


def test_explain_prints_which_stage_made_each_fact(tmp_path: Path, capsys) -> None:
    context = tmp_path / "turns.txt"
    context.write_text("Sam: we live in Brightwater now\n\nAssistant: Nice, how is it?\n")
    args = ["explain", "Brightwell*", "--speaker", "Sam", "--context", str(context)]
    code = main([*args, "--at", "2026-03-10T12:00:00Z", "--no-embedder"])
    out = capsys.readouterr().out
    assert code == 0
    assert "sentence 1: Brightwell*" in out
    assert "  terse_corrections: + LIVES_IN Sam -> Brightwater (ends)" in out
    assert "LIVES_IN Sam -> Brightwell  [2026-03-10 .. -]  by terse_corrections:" in out


def test_explain_with_a_stage_off_shows_it_off_and_loses_its_facts(capsys) -> None:
    args = ["explain", "Derek and Kayla broke up", "--speaker", "Sam"]
    assert main([*args, "--no-embedder", "--disable", "pairs"]) == 0
    out = capsys.readouterr().out
    assert "[pairs]" in out and "DATING Derek -> Kayla" not in out
    assert "MENTIONED Sam -> Derek" in out  # no stage read the names: mentions


def test_explain_refuses_an_unknown_stage_and_a_missing_context_file(
    tmp_path: Path, capsys
) -> None:
    with pytest.raises(SystemExit):
        main(["explain", "hi", "--disable", "paterns"])
    assert "invalid choice: 'paterns'" in capsys.readouterr().err
    missing = tmp_path / "nope.txt"
    assert main(["explain", "hi", "--context", str(missing), "--no-embedder"]) == 2
    err = capsys.readouterr().err
    assert f"--context {missing}: cannot read it" in err and "one earlier turn per line" in err
