"""The command line: demo, add, search, timeline (human tables and --json)."""

from __future__ import annotations

import json

import pytest

from chronomem.cli.main import main


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    """The CLI builds its own Memory; keep it on the fast embedder in tests."""
    from chronomem import memory as memory_module
    from chronomem.testing import HashEmbedder

    monkeypatch.setattr(memory_module, "default_embedder", lambda **_: HashEmbedder())


def test_demo_prints_the_story(capsys):
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "Timeline of Alice" in out
    assert "Invalidated facts:" in out and "2024-01-08" in out
    assert "A printer that jams" in out


def test_demo_json_answers(capsys):
    assert main(["demo", "--json"]) == 0
    stories = json.loads(capsys.readouterr().out)
    alice = stories[0]
    now, then, believed = alice["answers"]
    assert now["facts"][0]["target"] == "Meta"
    assert then["facts"][0]["target"] == "Google"
    assert believed["facts"][0]["target"] == "Google"


def test_add_search_timeline_round_trip(tmp_path, capsys, monkeypatch):
    db = str(tmp_path / "m.db")
    lines = [
        {
            "content": "Alice: I live in Paris.",
            "group_id": "g",
            "reference_time": "2024-01-01T10:00:00Z",
        },
        {
            "content": "Alice: I moved to Berlin.",
            "group_id": "g",
            "reference_time": "2024-02-01T10:00:00Z",
        },
    ]
    src = tmp_path / "eps.jsonl"
    src.write_text("\n".join(json.dumps(x) for x in lines))
    assert main(["add", "--db", db, str(src), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 2

    assert main(["search", "Where does Alice live?", "--db", db, "--group", "g", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["facts"][0]["target"] == "Berlin"

    assert main(["timeline", "Alice", "--db", db, "--group", "g"]) == 0
    out = capsys.readouterr().out
    assert "Paris" in out and "Berlin" in out

    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("Alice: I adopted a cat named Tom."))
    assert (
        main(
            [
                "add",
                "--db",
                db,
                "--group",
                "g",
                "--source",
                "message",
                "--reference-time",
                "2024-03-01T00:00:00Z",
            ]
        )
        == 0
    )


def test_bad_input_is_a_clean_error(tmp_path, capsys):
    src = tmp_path / "bad.jsonl"
    src.write_text('{"content": "x", "group_id": "g", "reference_time": "yesterday"}')
    assert main(["add", "--db", str(tmp_path / "m.db"), str(src)]) == 2
    assert "ISO-8601" in capsys.readouterr().err


def test_add_on_a_non_terminal_prints_a_status_line(tmp_path, capsys):
    lines = [
        {"content": f"Alice: note {i}.", "group_id": "g", "reference_time": f"2024-01-0{i}T10:00Z"}
        for i in range(1, 4)
    ]
    src = tmp_path / "eps.jsonl"
    src.write_text("\n".join(json.dumps(x) for x in lines))
    assert main(["add", "--db", str(tmp_path / "m.db"), str(src)]) == 0
    err = capsys.readouterr().err  # pytest's stderr is not a terminal
    assert "ingested 3/3 episodes, " in err and "/s" in err
