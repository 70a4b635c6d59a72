"""Correcting memory through MCP (the official SDK's client over stdio, ``chronomem mcp`` as
a subprocess): edit with ``known_at`` before it still showing the old belief, merge by ids
from get_timeline, the edit trail, undo; and the server reports chronomem's version."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from mcp import Client

from chronomem import __version__
from tests.test_mcp import ok, stdio_server, text_of

pytestmark = pytest.mark.anyio


async def test_corrections_over_stdio(tmp_path: Path) -> None:
    params = stdio_server(tmp_path / "memory.db", "--group", "demo")
    async with Client(params, read_timeout_seconds=60) as client:
        assert client.server_info.version == __version__
        for content in ("Alice: I work at Google.", "Ally: I live in Paris."):
            ok(await client.call_tool("add_memory", {"content": content, "wait_seconds": 30}))
        before = datetime.now(UTC).isoformat()
        found = ok(await client.call_tool("search_facts", {"query": "Where does Alice work?"}))
        job = next(f for f in found["facts"] if f["relation"] == "WORKS_AT")
        edited = ok(
            await client.call_tool(
                "edit_fact", {"fact_id": job["id"], "value": "Meta", "reason": "user said so"}
            )
        )
        assert edited["edit"]["kind"] == "edit_fact" and edited["edit"]["actor"] == "mcp"

        async def jobs(**times: str) -> list[str]:
            asked = {"query": "Where does Alice work?", **times}
            got = ok(await client.call_tool("search_facts", asked))
            return [f["target"] for f in got["facts"] if f["relation"] == "WORKS_AT"]

        assert await jobs() == ["Meta"]
        assert await jobs(known_at=before) == ["Google"]

        alice = ok(await client.call_tool("get_timeline", {"entity": "Alice"}))["entity_id"]
        ally = ok(await client.call_tool("get_timeline", {"entity": "Ally"}))["entity_id"]
        merged = ok(await client.call_tool("merge_entities", {"keep_id": alice, "merged_id": ally}))
        relations = ok(await client.call_tool("get_timeline", {"entity": "Alice"}))["facts"]
        assert {"LIVES_IN", "WORKS_AT"} <= {f["relation"] for f in relations}
        trail = ok(await client.call_tool("list_edits", {"subject_id": alice}))["edits"]
        assert [e["kind"] for e in trail] == ["merge_entities", "edit_fact"]
        undone = ok(await client.call_tool("undo_edit", {"edit_id": merged["edit"]["id"]}))
        assert undone["edit"]["undoes"] == merged["edit"]["id"]
        bad = await client.call_tool("edit_fact", {"fact_id": job["id"], "clear": ["when"]})
        assert bad.is_error and "only valid_at and invalid_at" in text_of(bad)
