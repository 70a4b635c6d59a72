"""Issue 11 finding 3: MCP over stdio serves only the group it was started for.

Before: ``chronomem mcp --group me`` served every group (``--groups`` defaulted to ``*``),
``clear_group {"group_id": ""}`` wiped the default group, tool arguments skipped the REST
checks, and a line holding ``"\\ud800"`` got no reply at all. Speaks raw JSON-RPC lines to
a real ``chronomem mcp`` process, as Claude Desktop does.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from chronomem import Memory
from tests.stdio_rpc import StdioRPC


@pytest.fixture(scope="module")
def rpc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StdioRPC]:
    db = tmp_path_factory.mktemp("mcp") / "memory.db"
    with StdioRPC(db, "--group", "me") as client:
        yield client


def test_stdio_is_bound_to_its_group(rpc: StdioRPC) -> None:
    mine = rpc.tool("add_memory", {"content": "Alice: I live in Paris.", "wait_seconds": 30})
    assert not mine.get("isError"), mine
    for tool, args in [
        ("add_memory", {"content": "Bob: hi", "group_id": "other"}),
        ("search_facts", {"query": "Paris", "group_id": "other"}),
        ("get_episodes", {"group_id": "other"}),
        ("clear_group", {"group_id": "other"}),
        ("delete_episode", {"episode_id": "e1", "group_id": "other"}),
    ]:
        answer = rpc.tool(tool, args)
        assert answer.get("isError") and "not allowed" in rpc.text(answer), (tool, answer)


@pytest.mark.parametrize(
    ("tool", "args", "needle"),
    [
        ("clear_group", {"group_id": ""}, "group_id"),
        ("clear_group", {}, "group_id"),
        ("delete_episode", {"episode_id": "e1", "group_id": ""}, "empty"),
        ("delete_fact", {"fact_id": "f1", "group_id": "  "}, "empty"),
        ("delete_episode", {"episode_id": "../x"}, "episode_id"),
        ("delete_fact", {"fact_id": ""}, "fact_id"),
        ("add_memory", {"content": "hi", "episode_id": "a b"}, "episode_id"),
        ("add_memory", {"content": "hi", "source_description": "x" * 501}, "source_description"),
        ("search_facts", {"query": "x" * 2001}, "query"),
    ],
)
def test_destructive_and_invalid_calls_are_refused(
    rpc: StdioRPC, tool: str, args: dict[str, object], needle: str
) -> None:
    answer = rpc.tool(tool, args)
    assert answer.get("isError") or "error" in answer, answer
    assert needle in rpc.text(answer)


def test_a_lone_surrogate_gets_an_error_reply(rpc: StdioRPC) -> None:
    line = (
        '{"jsonrpc":"2.0","id":77,"method":"tools/call","params":{"name":"add_memory",'
        '"arguments":{"content":"x \\ud800 y"}}}'
    )
    answer = rpc.raw(line)
    assert answer["id"] == 77 and answer["error"]["code"] == -32602
    assert "Unicode" in answer["error"]["message"]
    answer = rpc.raw("{not json")
    assert answer["id"] is None and answer["error"]["code"] == -32700


def test_the_group_survives(rpc: StdioRPC) -> None:
    rpc.close()
    with Memory(str(rpc.db)) as memory:
        episodes = memory.recent_episodes(group_id="me", limit=10)
    assert [e.content for e in episodes] == ["Alice: I live in Paris."]
    assert json.dumps(rpc.log)  # every call above got an answer
