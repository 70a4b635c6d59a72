"""Threads: an optional ``thread_id`` on episodes (the conversation inside a group), kept by
both stores and by export/import; ``delete_thread`` deletes its episodes as
``delete_episode`` does, and the group keeps the rest."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from chronomem import Memory, SearchFilter
from chronomem.errors import UsageError
from chronomem.portable import export_lines, import_lines
from chronomem.testing import ManualClock
from tests.helpers import t


@pytest.fixture(params=["sqlite", "falkordb"])
def memory(request: pytest.FixtureRequest, make_memory) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    if request.param == "sqlite":
        yield make_memory()
        return
    from tests.falkordb_server import fresh_store  # a real server; skips with the reason

    with fresh_store(options="buckets=1") as store:
        yield make_memory(store=store)


def _say(memory: Memory, clock: ManualClock, when: str, text: str, thread: str | None):  # type: ignore[no-untyped-def]
    clock.set(t(when))
    return memory.add_episode(text, group_id="g", reference_time=t(when), thread_id=thread)


def _jobs(memory: Memory) -> list[str]:
    found = memory.search("Where does Alice work?", group_id="g").facts
    return sorted(f.fact for f in found if f.relation == "WORKS_AT")


def test_delete_thread_removes_its_episodes_and_reopens_what_only_they_closed(memory, clock):
    a = _say(memory, clock, "2024-01-01T10:00", "Alice: I work at Google.", "chat-1")
    _say(memory, clock, "2024-01-02T10:00", "Alice: I love pottery.", None)
    left = _say(memory, clock, "2024-01-15T10:00", "Alice: I left Google last week.", "chat-2")
    assert a.episode.thread_id == "chat-1"
    assert [e.id for e in memory.thread_episodes("chat-2", group_id="g")] == [left.episode.id]
    assert memory.get_episodes([left.episode.id], group_id="g")[0].thread_id == "chat-2"
    assert _jobs(memory) == []  # the job ended
    assert memory.delete_thread("chat-2", group_id="g") == 1
    assert _jobs(memory) == ["Alice works at Google"]  # reopened: only chat-2 closed it
    assert memory.thread_episodes("chat-2", group_id="g") == []
    assert len(memory.recent_episodes(group_id="g")) == 2  # the rest of the group stays
    assert memory.delete_thread("chat-2", group_id="g") == 0


def test_a_bad_thread_id_is_refused_with_the_rule(memory, clock):
    with pytest.raises(UsageError, match="invalid thread_id"):
        _say(memory, clock, "2024-01-01T10:00", "Alice: hi", "has space")
    with pytest.raises(UsageError, match="thread_id"):
        memory.add_episodes(
            [{"content": "Alice: hi", "group_id": "g", "reference_time": "2024-01-01T00:00:00Z",
              "thread_id": 7}]
        )  # fmt: skip
    assert memory.recent_episodes(group_id="g") == []


def test_export_and_import_keep_threads(memory, make_memory, clock):
    _say(memory, clock, "2024-01-01T10:00", "Alice: I work at Google.", "chat-1")
    _say(memory, clock, "2024-01-02T10:00", "Alice: I love pottery.", None)
    lines = list(export_lines(memory.store, "g", embedder=memory.embedder, now=clock.now()))
    assert sum('"thread_id":"chat-1"' in x.replace(" ", "") for x in lines) == 1
    copy = make_memory()
    import_lines(copy.store, lines, embedder=copy.embedder)
    threads = sorted((e.thread_id or "") for e in copy.recent_episodes(group_id="g"))
    assert threads == ["", "chat-1"]


@pytest.mark.anyio
async def test_threads_over_rest_and_the_queue(api, runtime) -> None:  # type: ignore[no-untyped-def]
    from tests.service_helpers import wait_idle

    sent = [
        {"content": "Alice: I work at Google.", "reference_time": "2024-01-01T10:00:00Z",
         "thread_id": "chat-1"},
        {"content": "Alice: I love pottery.", "reference_time": "2024-01-02T10:00:00Z"},
    ]  # fmt: skip
    accepted = await api.post("/v1/groups/g/episodes/batch", json={"episodes": sent})
    assert accepted.status_code == 202, accepted.text
    runtime.start()
    wait_idle(runtime)
    listed = (await api.get("/v1/groups/g/threads/chat-1/episodes")).json()["episodes"]
    assert [e["thread_id"] for e in listed] == ["chat-1"]
    found = await api.post("/v1/groups/g/search", json={"query": "Alice", "thread_ids": ["chat-1"]})
    assert {f["relation"] for f in found.json()["facts"]} == {"WORKS_AT"}
    asked = {"query": "What does Alice love?", "thread_ids": ["chat-1"]}
    context = (await api.post("/v1/groups/g/context", json=asked)).json()["context"]
    assert "pottery" not in _section(context, "FACTS")
    timeline = await api.get(
        "/v1/groups/g/timeline", params={"entity": "Alice", "thread_id": "chat-1"}
    )
    assert [f["relation"] for f in timeline.json()["facts"]] == ["WORKS_AT"]
    bad = await api.post("/v1/groups/g/episodes", json={"content": "x", "thread_id": "a b"})
    assert bad.status_code == 422
    gone = await api.delete("/v1/groups/g/threads/chat-1")
    assert gone.status_code == 200 and "1 episode" in gone.json()["detail"]
    left = (await api.get("/v1/groups/g/episodes")).json()["episodes"]
    assert [e["content"] for e in left] == ["Alice: I love pottery."]
    assert (await api.delete("/v1/groups/g/threads/chat-1")).status_code == 404


def test_import_chat_gives_each_conversation_its_thread() -> None:
    from chronomem.portable.chats import chat_episodes, read_chat

    turns = (("hi", 1, "trip"), ("yo", 2, "work"), ("ok", 3, "trip"))
    lines = "\n".join(
        json.dumps({"role": "user", "content": text, "time": f"2024-01-0{day}T10:00:00Z",
                    "conversation": conv})
        for text, day, conv in turns
    )  # fmt: skip
    episodes = chat_episodes(read_chat(lines, "jsonl"), fmt="jsonl", group_id="g")
    assert [e.thread_id for e in episodes] == ["jsonl:trip", "jsonl:work", "jsonl:trip"]
    odd = chat_episodes(
        read_chat('{"role": "user", "content": "hi", "time": "2024-01-01T10:00:00Z", '
                  '"conversation": "a b/c"}', "jsonl"),
        fmt="jsonl", group_id="g",
    )  # fmt: skip
    assert odd[0].thread_id is not None and odd[0].thread_id.startswith("jsonl:")
    assert " " not in odd[0].thread_id


def test_search_context_and_timeline_filter_by_thread(memory, clock):
    _say(memory, clock, "2024-01-01T10:00", "Alice: I work at Google.", "chat-1")
    _say(memory, clock, "2024-01-02T10:00", "Alice: I live in Paris.", "chat-2")
    only = SearchFilter(thread_ids=["chat-2"], upcoming=True)
    found = memory.search("Alice", group_id="g", filter=only)
    assert {f.relation for f in found.facts} == {"LIVES_IN"}
    both = memory.search(
        "Alice", group_id="g", filter=SearchFilter(thread_ids=["chat-1", "chat-2"])
    )
    assert {f.relation for f in both.facts} == {"LIVES_IN", "WORKS_AT"}
    context = memory.context("Where does Alice work?", group_id="g", filter=only)
    facts, episodes = (_section(context.text, name) for name in ("FACTS", "EPISODES"))
    assert "Paris" in facts and "Google" not in facts
    assert "Google" not in episodes  # the other thread's turn is not shown
    timeline = memory.get_timeline("Alice", group_id="g", thread_ids=["chat-1"])
    assert [f.relation for f in timeline.facts] == ["WORKS_AT"]
    assert memory.get_timeline("Alice", group_id="g", thread_ids=["nope"]).facts == ()
    with pytest.raises(UsageError, match="not resolved"):
        memory.store.facts_of_entities(["g"], [timeline.entity.id], SearchFilter(
            history=True, thread_ids=["chat-1"]))  # fmt: skip


def _section(text: str, name: str) -> str:
    return text.partition(f"<{name}>")[2].partition(f"</{name}>")[0]


def test_cli_add_puts_episodes_in_a_thread(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import io

    from chronomem.cli.main import main

    db = str(tmp_path / "m.db")
    monkeypatch.setattr("sys.stdin", io.StringIO("Alice: I work at Google."))
    assert main(["add", "--db", db, "--group", "g", "--thread", "chat-9"]) == 0
    with Memory(db) as memory:
        assert [e.thread_id for e in memory.recent_episodes(group_id="g")] == ["chat-9"]
    assert main(["add", "--db", db, "--group", "g", "--thread", "no space"]) == 2
