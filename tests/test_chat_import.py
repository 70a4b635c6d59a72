"""Chat histories in: ChatGPT and Claude exports and plain JSONL, each message an episode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chronomem import Memory
from chronomem.cli.main import main
from chronomem.errors import UsageError
from chronomem.portable import chat_episodes, read_chat
from chronomem.testing import HashEmbedder
from tests.helpers import t

JAN1 = 1704103200.0  # 2024-01-01T10:00:00Z


def _node(nid: str, parent: str | None, role: str | None, text: str, at: float | None, **extra):  # type: ignore[no-untyped-def]
    message = None
    if role is not None:
        message = {
            "id": nid,
            "author": {"role": role, "name": None, "metadata": {}},
            "create_time": at,
            "content": {"content_type": extra.pop("content_type", "text"), "parts": [text]},
            "recipient": extra.pop("recipient", "all"),
            "status": "finished_successfully",
            "metadata": {},
        }
    return nid, {"id": nid, "message": message, "parent": parent, "children": []}


def chatgpt_export() -> list[dict]:  # type: ignore[type-arg]
    """Two conversations; the first has an edited user turn (a dead branch) and tool noise."""
    first = dict(
        [
            _node("root", None, None, "", None),
            _node("sys", "root", "system", "You are ChatGPT.", None),
            _node("u1", "sys", "user", "I just started a new job at Google.", JAN1),
            _node("a1", "u1", "assistant", "Congratulations on the new job!", JAN1 + 5),
            _node("u2-old", "a1", "user", "I live in Berlin.", JAN1 + 60),  # edited away
            _node("u2", "a1", "user", "I live in Paris.", JAN1 + 70),
            _node("call", "u2", "assistant", '{"q": "Paris"}', JAN1 + 71, recipient="browser"),
            _node("code", "call", "tool", "search results", JAN1 + 72),
            _node("a2", "code", "assistant", "Paris is lovely in spring.", JAN1 + 80),
        ]
    )
    second = dict(
        [
            _node("r2", None, None, "", None),
            _node("v1", "r2", "user", "I left Google and joined Meta.", JAN1 + 86400 * 30),
        ]
    )
    return [
        {"title": "New job", "create_time": JAN1, "mapping": first, "current_node": "a2",
         "conversation_id": "c-1", "id": "c-1"},
        {"title": "Career", "create_time": JAN1, "mapping": second, "current_node": "v1",
         "conversation_id": "c-2", "id": "c-2"},
    ]  # fmt: skip


def claude_export() -> list[dict]:  # type: ignore[type-arg]
    return [
        {
            "uuid": "conv-1",
            "name": "Moving",
            "created_at": "2024-03-01T09:00:00.000000Z",
            "chat_messages": [
                {"uuid": "m1", "sender": "human", "text": "I moved to Lisbon last week.",
                 "created_at": "2024-03-01T09:00:00.000000Z", "content": []},
                {"uuid": "m2", "sender": "assistant", "text": "",
                 "content": [{"type": "text", "text": "How do you like Lisbon?"}],
                 "created_at": "2024-03-01T09:00:04.000000Z"},
            ],
        }
    ]  # fmt: skip


def test_chatgpt_reads_the_shown_branch_with_times_and_speakers():
    messages = read_chat(json.dumps(chatgpt_export()), "chatgpt")
    assert [m.text for m in messages] == [
        "I just started a new job at Google.",
        "Congratulations on the new job!",
        "I live in Paris.",  # not the edited-away "Berlin", no system/tool/browser turns
        "Paris is lovely in spring.",
        "I left Google and joined Meta.",
    ]
    assert messages[0].time == t("2024-01-01T10:00") and messages[0].conversation == "New job"
    episodes = chat_episodes(messages, fmt="chatgpt", group_id="me", user_name="Alice")
    assert episodes[0].content == "Alice: I just started a new job at Google."
    assert episodes[1].content.startswith("ChatGPT: ")
    assert episodes[0].source_description == "chatgpt: New job"


def test_claude_export_reads_text_and_content_blocks():
    messages = read_chat(json.dumps(claude_export()), "claude")
    assert [(m.role, m.text) for m in messages] == [
        ("user", "I moved to Lisbon last week."),
        ("assistant", "How do you like Lisbon?"),
    ]
    assert messages[1].time == t("2024-03-01T09:00:04")
    wrapped = json.dumps({"conversations": claude_export()})  # some exports wrap the list
    assert len(read_chat(wrapped, "claude")) == 2


def test_jsonl_keeps_named_speakers_and_repeated_lines():
    lines = [
        {"role": "user", "content": "hi", "time": "2024-05-01T09:00:00Z"},
        {"role": "Bob", "content": "Hello Alice, I adopted a cat.", "time": "2024-05-01T09:01:00Z"},
        {"role": "user", "content": "hi", "time": "2024-05-01T09:00:00Z"},
        {"role": "system", "content": "ignored", "time": "2024-05-01T08:00:00Z"},
    ]
    text = "\n".join(json.dumps(x) for x in lines)
    messages = read_chat(text, "jsonl")
    episodes = chat_episodes(messages, fmt="jsonl", group_id="me", user_name="Alice")
    assert [e.content for e in episodes] == [
        "Alice: hi",
        "Alice: hi",
        "Bob: Hello Alice, I adopted a cat.",
    ]
    assert len({e.episode_id for e in episodes}) == 3  # two identical lines, two messages
    again = chat_episodes(read_chat(text, "jsonl"), fmt="jsonl", group_id="me")
    assert [e.episode_id for e in again] == [e.episode_id for e in episodes]  # stable ids


def test_wrong_shapes_say_how_to_fix():
    with pytest.raises(UsageError, match="list of conversations"):
        read_chat(json.dumps({"mapping": {}}), "chatgpt")
    with pytest.raises(UsageError, match="line 1 needs time"):
        read_chat('{"role": "user", "content": "hi"}', "jsonl")
    with pytest.raises(UsageError, match="not valid JSON"):
        read_chat("[{", "claude")
    with pytest.raises(UsageError, match=r"timezone|ISO"):
        read_chat('{"role": "user", "content": "hi", "time": "yesterday"}', "jsonl")


def test_long_messages_are_split_not_refused():
    messages = read_chat(
        json.dumps([{"role": "user", "content": "word " * 50, "time": 0}])[1:-1], "jsonl"
    )
    parts = chat_episodes(messages, fmt="jsonl", group_id="me", max_chars=100)
    assert len(parts) == 3 and all(len(p.content) <= 100 for p in parts)
    assert "".join(p.content.removeprefix("User: ") for p in parts) == "word " * 50


def test_cli_import_chat_is_in_time_order_and_resumable(tmp_path: Path, capsys, monkeypatch):
    from chronomem import memory as memory_module

    monkeypatch.setattr(memory_module, "default_embedder", lambda **_: HashEmbedder())
    export = tmp_path / "conversations.json"
    export.write_text(json.dumps(chatgpt_export()))
    db = str(tmp_path / "me.db")
    args = ["import-chat", str(export), "--format", "chatgpt", "--db", db, "--group", "me"]
    assert main([*args, "--user-name", "Alice"]) == 0
    assert "5 episodes added" in capsys.readouterr().out
    assert main([*args, "--user-name", "Alice"]) == 0
    rerun = capsys.readouterr().out
    assert "0 episodes added" in rerun and "5 already there" in rerun
    with Memory(db, embedder=HashEmbedder()) as memory:
        episodes = memory.recent_episodes(group_id="me", limit=10)[::-1]
        assert [e.reference_time for e in episodes] == sorted(e.reference_time for e in episodes)
        assert episodes[0].content == "Alice: I just started a new job at Google."
        assert episodes[0].speaker() == "Alice"
        now = {f.fact for f in memory.search("Where does Alice work?", group_id="me").facts}
        assert any("Meta" in f for f in now) and not any("job at Google" in f for f in now)
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert main(["import-chat", str(bad), "--format", "claude", "--db", db, "--group", "me"]) == 2
    assert "list of conversations" in capsys.readouterr().err
