"""Long content through the service: REST and MCP split it into passages exactly as
``Memory.add_episode`` does (one rule, engine/passages.py), queue a request whole or not at
all, and refuse with a clear 413/422 only what even passages cannot serve."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from mcp import Client

from chronomem.engine import passages
from chronomem.intake import EpisodeInput
from chronomem.memory import Memory
from chronomem.model import Episode
from chronomem.service import ServiceRuntime
from chronomem.service.limits import Limits
from chronomem.testing import HashEmbedder
from tests.helpers import t
from tests.service_helpers import (
    free_port,
    make_runtime,
    start_server,
    stop,
    wait_idle,
)
from tests.test_mcp import ok, stdio_server
from tests.test_service_process import create_key

pytestmark = pytest.mark.anyio

WHEN = "2024-03-01T10:00:00Z"


@pytest.fixture
def runtime(tmp_path: Path) -> Iterator[ServiceRuntime]:
    limits = Limits(max_body_bytes=200_000, max_content_chars=5_000)
    rt = make_runtime(tmp_path / "memory.db", limits=limits)
    yield rt
    rt.close()


def document(lines: int = 340) -> str:
    """About 50 KB of ordinary prose in paragraphs; the last one says something new."""
    days = [
        f"Day {i}. Maria Lopez took the train from Porto to the coast and wrote about the "
        f"food, the weather and the people she met; she sent a postcard to Bruno Costa "
        f"from station number {i}."
        for i in range(lines)
    ]
    return "\n\n".join([*days, "In Lisbon Maria adopted a grey cat named Pimenta."])


def long_message() -> str:
    return "Carol: " + " ".join(f"I tried recipe {i} for dinner." for i in range(1_000))


def python_episodes(path: Path, item: EpisodeInput) -> list[Episode]:
    """What ``Memory.add_episode`` stores for the same input (same limit)."""
    with Memory(str(path), embedder=HashEmbedder(), max_episode_chars=5_000) as memory:
        result = memory.add_episode(
            item.content,
            group_id=item.group_id,
            reference_time=item.reference_time,
            source=item.source,
            episode_id=item.episode_id,
        )
        return list(result.passages) or [result.episode]


def same_episodes(a: list[Episode], b: list[Episode]) -> None:
    key = lambda e: (e.id, e.content, e.source, e.source_description, e.reference_time)  # noqa: E731
    assert [key(e) for e in a] == [key(e) for e in b]


async def test_a_50kb_document_via_rest_is_stored_as_passages_like_python(
    api: httpx.AsyncClient, runtime: ServiceRuntime, tmp_path: Path
) -> None:
    doc = document()
    assert len(doc) > 50_000
    body = {"content": doc, "source": "text", "episode_id": "doc-1", "reference_time": WHEN}
    sent = await api.post("/v1/groups/g1/episodes", json=body)
    assert sent.status_code == 202, sent.text
    rows = sent.json()["episodes"]
    assert len(rows) > 30 and [r["id"] for r in rows] == [
        f"doc-1#{k}" for k in range(1, len(rows) + 1)
    ]
    runtime.start()
    wait_idle(runtime, timeout_s=120)
    stored = runtime.memory.get_episodes([r["id"] for r in rows], group_id="g1")
    assert len(stored) == len(rows)
    item = EpisodeInput(doc, "g1", t("2024-03-01T10:00"), source="text", episode_id="doc-1")
    stored.sort(key=lambda e: e.reference_time)
    same_episodes(stored, python_episodes(tmp_path / "py.db", item))

    found = await api.post(
        "/v1/groups/g1/search",
        json={"query": "Maria's cat Pimenta", "targets": ["episodes"]},
    )
    assert found.status_code == 200, found.text
    assert any("named Pimenta" in e["content"] for e in found.json()["episodes"])
    again = await api.post("/v1/groups/g1/episodes", json=body)  # re-sent: nothing new
    assert again.status_code == 202 and all(r["status"] == "done" for r in again.json()["episodes"])


async def test_an_over_limit_message_via_rest_becomes_passages_like_python(
    api: httpx.AsyncClient, runtime: ServiceRuntime, tmp_path: Path
) -> None:
    huge = long_message()
    assert len(huge) > 5_000  # over this service's episode limit
    batch = {
        "episodes": [
            {"content": "Dan: hi Carol, how was the week?", "reference_time": WHEN},
            {"content": huge, "reference_time": "2024-03-01T10:01:00Z", "episode_id": "m-2"},
            {"content": "Dan: wow.", "reference_time": "2024-03-01T10:02:00Z"},
        ]
    }
    sent = await api.post("/v1/groups/g1/episodes/batch", json=batch)
    assert sent.status_code == 202, sent.text
    ids = [r["id"] for r in sent.json()["episodes"]]
    middle = [i for i in ids if i.startswith("m-2#")]
    assert len(middle) >= 6 and len(ids) == len(middle) + 2
    runtime.start()
    wait_idle(runtime, timeout_s=60)
    stored = sorted(runtime.memory.get_episodes(middle, group_id="g1"), key=lambda e: e.id)
    assert all(e.content.startswith("Carol: ") and len(e.content) <= 5_000 for e in stored)
    item = EpisodeInput(huge, "g1", t("2024-03-01T10:01"), episode_id="m-2")
    same_episodes(stored, sorted(python_episodes(tmp_path / "py.db", item), key=lambda e: e.id))
    found = runtime.memory.search("recipe 999 for dinner", group_id="g1", limit=5)
    assert found.facts or found.entities


async def test_what_passages_cannot_serve_is_refused_and_nothing_is_queued(
    api: httpx.AsyncClient, runtime: ServiceRuntime, monkeypatch: pytest.MonkeyPatch
) -> None:
    over_cap = {"content": document(1_500), "source": "text", "reference_time": WHEN}
    refused = await api.post("/v1/groups/g1/episodes", json=over_cap)
    assert refused.status_code == 413
    assert refused.json()["code"] == "payload_too_large"
    assert "200,000 bytes" in refused.json()["detail"] and "send" in refused.json()["detail"]

    big_json = {"content": "[" + "1," * 3_000 + "1]", "source": "json", "reference_time": WHEN}
    refused = await api.post("/v1/groups/g1/episodes", json=big_json)
    assert refused.status_code == 422
    assert "5,000" in refused.json()["detail"] and "split it" in refused.json()["detail"]

    monkeypatch.setattr(passages, "MAX_PASSAGES", 3)
    batch = {
        "episodes": [
            {"content": "Dan: hi", "reference_time": WHEN},
            {"content": document(), "source": "text", "reference_time": WHEN},
        ]
    }
    refused = await api.post("/v1/groups/g1/episodes/batch", json=batch)
    assert refused.status_code == 422
    assert "3 passages" in refused.json()["detail"] and "several parts" in refused.json()["detail"]
    assert runtime.queue.depth() == {"queued": 0, "processing": 0, "failed": 0}


async def test_mcp_add_memory_stores_a_long_document_as_passages(tmp_path: Path) -> None:
    params = stdio_server(tmp_path / "memory.db", "--group", "demo", "--groups", "demo")
    params.env = dict(os.environ)  # this checkout's code (PYTHONPATH), not the installed one
    doc = document(60)
    async with Client(params, read_timeout_seconds=60) as client:
        added = ok(
            await client.call_tool(
                "add_memory",
                {"content": doc, "source": "text", "episode_id": "doc-9", "wait_seconds": 30},
            )
        )
        assert added["status"] == "ingested" and added["episode_id"] == "doc-9#1"
        assert added["passages"] == [f"doc-9#{k}" for k in range(1, len(added["passages"]) + 1)]
        assert len(added["passages"]) == len(passages.split_text(doc, limit=passages.PASSAGE_CHARS))
        found = ok(await client.call_tool("get_episodes", {"last_n": 50}))
        assert {e["id"] for e in found["episodes"]} == set(added["passages"])


def test_a_real_server_takes_a_50kb_document_and_refuses_a_body_over_4_mib(
    tmp_path: Path,
) -> None:
    """``chronomem serve`` on 127.0.0.1 with its default limits."""
    db = tmp_path / "memory.db"
    token = create_key(db, "*")
    port = free_port()
    server = start_server(db, port, log=tmp_path / "server.log")
    headers = {"Authorization": f"Bearer {token}"}
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", headers=headers) as api:
            doc = {"content": document(), "source": "text", "reference_time": WHEN}
            sent = api.post("/v1/groups/g1/episodes", json=doc)
            assert sent.status_code == 202, sent.text
            assert len(sent.json()["episodes"]) > 30
            huge = {"content": "word " * 900_000, "source": "text", "reference_time": WHEN}
            refused = api.post("/v1/groups/g1/episodes", json=huge)
            assert refused.status_code == 413
            assert refused.json()["code"] == "payload_too_large"
            assert "4,194,304 bytes" in refused.json()["detail"]
            queue = api.get("/v1/groups/g1/queue", params={"limit": 500}).json()["episodes"]
            assert len(queue) == len(sent.json()["episodes"])  # nothing of the refused body
    finally:
        stop(server)
