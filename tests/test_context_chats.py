"""The long-chat harness (bench/context_chats.py) on a tiny chat written here: it reads the
chat format, asks each question, and reports per kind chronomem's text-only and
with-sources recall beside the four raw-turn baselines; a malformed chat is refused."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import context_chats  # noqa: E402

from chronomem.errors import UsageError  # noqa: E402

FILLER = (
    "Here is a longer answer about sourdough hydration. Keep the starter warm. "
    "Fold the dough every half hour. Bake it in a hot cast iron pot. "
) * 6
TURNS = [
    ("u1", "user", "Priya", "2024-02-01T09:00:00Z", "I started learning the cello last week."),
    ("a1", "assistant", "Assistant", "2024-02-01T09:01:00Z", FILLER),
    ("u2", "user", "Priya", "2024-03-05T09:00:00Z", "Now I have picked up the ukulele as well."),
    ("a2", "assistant", "Assistant", "2024-03-05T09:01:00Z", FILLER),
    ("u3", "user", "Priya", "2024-04-10T09:00:00Z", "Please always answer me in bullet points."),
    ("a3", "assistant", "Assistant", "2024-04-10T09:01:00Z", FILLER),
]
CHAT = {
    "id": "tiny",
    "user": "Priya",
    "turns": [
        {"id": i, "role": r, "speaker": s, "time": t, "content": c} for i, r, s, t, c in TURNS
    ],
    "questions": [
        {"id": "q1", "kind": "order", "asked_at": "2024-05-01T00:00:00Z",
         "question": "Which instrument did I start first, the cello or the ukulele?",
         "answer": "the cello", "evidence": ["u1", "u2"]},
        {"id": "q2", "kind": "instruction", "asked_at": "2024-05-01T00:00:00Z",
         "question": "How should you format your answers to me?",
         "answer": "bullet points", "evidence": ["u3"]},
    ],
}  # fmt: skip


def write(folder: Path, chat: dict) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / f"{chat['id']}.json").write_text(json.dumps(chat))
    return folder


def test_reads_the_chat_format_into_a_conversation(tmp_path):
    conv = context_chats.load_chat(write(tmp_path / "c", CHAT) / "tiny.json")
    assert conv.turns[0].text == "Priya: I started learning the cello last week."
    assert [q.category for q in conv.questions] == ["order", "instruction"]
    assert conv.questions[0].evidence == {"u1", "u2"}
    assert conv.questions[0].asked_at is not None and conv.questions[0].asked_at.month == 5


def test_reports_every_kind_with_both_counts_and_the_four_baselines(tmp_path, monkeypatch):
    folder = write(tmp_path / "chats", CHAT)
    out = tmp_path / "report.json"
    argv = ["context_chats.py", str(folder), "--embedder", "hash", "--json", str(out)]
    argv += ["--cache", str(tmp_path / "cache.sqlite")]
    monkeypatch.setattr(sys, "argv", argv)
    assert context_chats.main() == 0
    result = json.loads(out.read_text())
    assert result["chats"] == 1 and result["turns"] == 6
    mine = result["chronomem"]
    assert set(mine["categories"]) == {"order", "instruction"}
    for key in context_chats.KEYS:
        assert 0.0 <= mine["overall"][key] <= 1.0
    assert mine["overall"]["text_all"] <= mine["overall"]["evidence_all"]
    # the whole chat fits in 2,000 tokens: every baseline shows every gold turn
    for name in context_chats.BASELINES:
        assert result[name]["overall"]["text_all"] == 1.0
    # so does chronomem: six turns, a generous budget
    assert mine["overall"]["text_all"] == 1.0


def test_check_only_reads_and_counts(tmp_path, monkeypatch, capsys):
    folder = write(tmp_path / "chats", CHAT)
    monkeypatch.setattr(sys, "argv", ["context_chats.py", str(folder), "--check"])
    assert context_chats.main() == 0
    assert "1 chats, 6 turns" in capsys.readouterr().out


def test_a_chat_without_turns_is_refused_with_the_file_named(tmp_path):
    bad = {k: v for k, v in CHAT.items() if k != "turns"}
    path = write(tmp_path / "bad", bad) / "tiny.json"
    with pytest.raises(UsageError, match=r"tiny.json: a chat needs 'turns'"):
        context_chats.load_chat(path)
    unknown = dict(CHAT, questions=[dict(CHAT["questions"][0], evidence=["zz"])])
    with pytest.raises(UsageError, match="unknown turn ids"):
        context_chats.load_chat(write(tmp_path / "bad2", unknown) / "tiny.json")
    with pytest.raises(UsageError, match="no chat files"):
        context_chats.load_folder(tmp_path / "empty_dir_that_is_missing")
