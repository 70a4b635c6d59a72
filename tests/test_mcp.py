"""The MCP server through the official SDK's client: every tool over stdio (``chronomem mcp``
as a subprocess), and streamable HTTP with API keys."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import httpx2
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult, TextContent

from chronomem.mcp.correction_tools import CORRECTION_TOOL_NAMES
from chronomem.mcp.tools import TOOL_NAMES
from tests.service_helpers import REPO, chronomem_command, free_port, make_runtime, stop

pytestmark = pytest.mark.anyio


def text_of(result: CallToolResult) -> str:
    return " ".join(c.text for c in result.content if isinstance(c, TextContent))


def ok(result: CallToolResult) -> dict:  # type: ignore[type-arg]
    assert not result.is_error, text_of(result)
    assert isinstance(result.structured_content, dict)
    return result.structured_content


def stdio_server(db: Path, *extra: str) -> StdioServerParameters:
    """``chronomem mcp`` of this checkout (the SDK passes the server a minimal environment,
    so the sources are named here: else an installed chronomem would answer)."""
    return StdioServerParameters(
        command=sys.executable,
        args=chronomem_command("mcp", "--db", str(db), "--embedder", "hash", *extra)[1:],
        cwd=str(REPO),
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )


async def test_every_tool_over_stdio(tmp_path: Path) -> None:
    params = stdio_server(tmp_path / "memory.db", "--group", "demo", "--groups", "demo")
    async with Client(params, read_timeout_seconds=60) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        assert names == {*TOOL_NAMES, *CORRECTION_TOOL_NAMES}

        story = [
            ("Alice: I just started a new job at Google.", "2024-01-01T10:00:00Z"),
            ("Alice: I left Google last week.", "2024-01-15T14:00:00Z"),
            ("Alice: I'm working at Meta now.", "2024-01-20T09:00:00Z"),
        ]
        added = []
        for content, when in story:
            result = await client.call_tool(
                "add_memory", {"content": content, "reference_time": when, "wait_seconds": 30}
            )
            added.append(ok(result))
        assert [a["status"] for a in added] == ["ingested"] * 3
        assert added[0]["facts"] >= 1 and added[0]["group_id"] == "demo"

        facts = ok(await client.call_tool("search_facts", {"query": "Where does Alice work?"}))
        targets = {f["target"] for f in facts["facts"]}
        assert "Meta" in targets and "Google" not in targets  # the Google job has ended
        then = ok(
            await client.call_tool(
                "search_facts", {"query": "Alice work", "valid_at": "2024-01-05T00:00:00Z"}
            )
        )
        targets = {f["target"] for f in then["facts"]}
        assert "Google" in targets and "Meta" not in targets
        entities = ok(await client.call_tool("search_entities", {"query": "Alice"}))
        assert entities["entities"][0]["name"] == "Alice"
        context = ok(await client.call_tool("get_context", {"query": "Where does Alice work?"}))
        assert "Meta" in context["context"]
        timeline = ok(await client.call_tool("get_timeline", {"entity": "Alice"}))
        jobs = [f["target"] for f in timeline["facts"] if f["relation"] == "WORKS_AT"]
        assert jobs == ["Google", "Meta"]
        episodes = ok(await client.call_tool("get_episodes", {"last_n": 5}))
        assert len(episodes["episodes"]) == 3 and episodes["not_ingested"] == []

        fact_id = next(f["id"] for f in facts["facts"] if f["target"] == "Meta")
        assert (
            ok(await client.call_tool("delete_fact", {"fact_id": fact_id}))["status"] == "deleted"
        )
        again = await client.call_tool("delete_fact", {"fact_id": fact_id})
        assert again.is_error and "no fact" in text_of(again)
        first = added[0]["episode_id"]
        gone = ok(await client.call_tool("delete_episode", {"episode_id": first}))
        assert gone["status"] == "deleted"
        assert (
            ok(await client.call_tool("clear_group", {"group_id": "demo"}))["status"] == "cleared"
        )
        empty = ok(await client.call_tool("get_episodes", {}))
        assert empty["episodes"] == []


async def test_tools_report_errors_instead_of_success(tmp_path: Path) -> None:
    params = stdio_server(tmp_path / "memory.db", "--group", "demo", "--groups", "demo")
    async with Client(params, read_timeout_seconds=60) as client:
        outside = await client.call_tool("add_memory", {"content": "x", "group_id": "other"})
        assert outside.is_error and "not allowed" in text_of(outside)
        naive = await client.call_tool(
            "add_memory", {"content": "Bob: hi", "reference_time": "2024-01-01T10:00:00"}
        )
        assert naive.is_error and "timezone" in text_of(naive)
        empty = await client.call_tool("add_memory", {"content": "   "})
        assert empty.is_error and "empty" in text_of(empty)
        bad_json = await client.call_tool("add_memory", {"content": "{", "source": "json"})
        assert bad_json.is_error and "JSON" in text_of(bad_json)
        queued = ok(await client.call_tool("add_memory", {"content": "Bob: hi", "wait_seconds": 0}))
        assert queued["status"] in ("queued", "ingested") and queued["episode_id"]
        missing = await client.call_tool("get_timeline", {"entity": "Nobody"})
        assert missing.is_error and "no entity" in text_of(missing)
        nothing = await client.call_tool("delete_episode", {"episode_id": "nope"})
        assert nothing.is_error


async def test_streamable_http_needs_a_key_and_keeps_to_its_groups(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    rt = make_runtime(db)
    token = rt.keys.create(name="acme", groups=["acme-*"]).token
    rt.close()
    port = free_port()
    process = subprocess.Popen(
        chronomem_command(
            "mcp",
            "--db",
            str(db),
            "--embedder",
            "hash",
            "--transport",
            "http",
            "--port",
            str(port),
            "--group",
            "acme-1",
        ),
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        anonymous = None
        deadline = time.monotonic() + 120  # a loaded machine can take long to start it
        while anonymous is None and time.monotonic() < deadline:
            try:
                anonymous = httpx.post(url, json={}, timeout=1)
            except httpx.HTTPError:
                await _sleep(0.1)
        assert anonymous is not None, "the MCP server did not answer within 120 s"
        assert anonymous.status_code == 401
        headers = {"Authorization": f"Bearer {token}"}
        async with (
            httpx2.AsyncClient(headers=headers, timeout=60) as http,
            Client(streamable_http_client(url, http_client=http)) as client,
        ):
            added = await client.call_tool(
                "add_memory", {"content": "Bob: I live in Paris.", "wait_seconds": 30}
            )
            assert ok(added)["status"] == "ingested"
            found = ok(await client.call_tool("search_facts", {"query": "Bob live"}))
            assert found["facts"][0]["target"] == "Paris"
            other = await client.call_tool("search_facts", {"query": "x", "group_id": "beta"})
            assert other.is_error and "acme-*" in text_of(other)
            fact_id = found["facts"][0]["id"]
            refused = await client.call_tool("retract_fact", {"fact_id": fact_id})
            assert refused.is_error and "admin API key" in text_of(refused)
    finally:
        stop(process)


async def _sleep(seconds: float) -> None:
    import anyio

    await anyio.sleep(seconds)


def test_tool_descriptions_say_what_each_tool_does() -> None:
    from chronomem.mcp import build_server

    rt = make_runtime(":memory:")
    try:
        server = build_server(rt)
        import anyio

        tools = anyio.run(server.list_tools)
    finally:
        rt.close()
    described = {t.name: (t.description or "") for t in tools}
    assert "durable queue" in described["add_memory"]
    schema = json.dumps([t.input_schema for t in tools])
    assert "reference_time" in schema and "ctx" not in schema
