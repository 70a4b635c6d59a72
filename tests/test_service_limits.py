"""Bad input gets a clear 4xx with a JSON body saying what to fix, never a 500."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from chronomem.service import ServiceRuntime
from chronomem.service.limits import Limits
from tests.service_helpers import make_runtime

pytestmark = pytest.mark.anyio


@pytest.fixture
def runtime(tmp_path: Path) -> Iterator[ServiceRuntime]:
    limits = Limits(max_body_bytes=20_000, max_batch=5, max_content_chars=1_000)
    rt = make_runtime(tmp_path / "memory.db", limits=limits)
    yield rt
    rt.close()


def episode(**fields: object) -> dict[str, object]:
    return {"content": "Alice: hi", "reference_time": "2024-01-01T10:00:00Z", **fields}


async def refused(response: httpx.Response, status: int, *words: str) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"detail", "code"}
    for word in words:
        assert word in body["detail"], body["detail"]


async def test_body_over_the_limit_is_413(api: httpx.AsyncClient) -> None:
    big = {"episodes": [episode(content="x" * 900) for _ in range(30)]}
    await refused(await api.post("/v1/groups/g/episodes/batch", json=big), 413, "20,000 bytes")

    async def chunks() -> AsyncIterator[bytes]:  # no Content-Length: counted as it streams
        yield b'{"content": "'
        for _ in range(30):
            yield b"y" * 1000
        yield b'"}'

    streamed = await api.post(
        "/v1/groups/g/episodes", content=chunks(), headers={"content-type": "application/json"}
    )
    await refused(streamed, 413, "bytes")


async def test_batch_and_content_limits(api: httpx.AsyncClient, runtime: ServiceRuntime) -> None:
    six = {"episodes": [episode() for _ in range(6)]}
    await refused(await api.post("/v1/groups/g/episodes/batch", json=six), 422, "limit of 5")
    long = episode(content="[" + "1," * 500 + "1]", source="json")  # not split into passages
    await refused(await api.post("/v1/groups/g/episodes", json=long), 422, "1,000")
    await refused(await api.post("/v1/groups/g/episodes/batch", json={"episodes": []}), 422)
    assert runtime.queue.depth()["queued"] == 0  # nothing half-accepted


async def test_invalid_times(api: httpx.AsyncClient) -> None:
    naive = episode(reference_time="2024-01-01T10:00:00")
    await refused(await api.post("/v1/groups/g/episodes", json=naive), 422, "timezone")
    garbage = episode(reference_time="last tuesday")
    await refused(await api.post("/v1/groups/g/episodes", json=garbage), 422, "reference_time")
    edge = episode(reference_time="0001-01-01T00:00:00+05:00")
    await refused(await api.post("/v1/groups/g/episodes", json=edge), 422, "1-9999")
    search = {"query": "x", "valid_at": "2024-13-01T00:00:00Z"}
    await refused(await api.post("/v1/groups/g/search", json=search), 422, "valid_at")


async def test_unknown_recipe_source_and_fields(api: httpx.AsyncClient) -> None:
    recipe = await api.post("/v1/groups/g/search", json={"query": "x", "recipe": "magic"})
    await refused(recipe, 422, "unknown search recipe 'magic'", "hybrid_rrf")
    source = await api.post("/v1/groups/g/episodes", json=episode(source="email"))
    await refused(source, 422, "source")
    extra = await api.post("/v1/groups/g/episodes", json=episode(colour="blue"))
    await refused(extra, 422, "colour")
    bad_json = await api.post("/v1/groups/g/episodes", json=episode(source="json", content="{no"))
    await refused(bad_json, 422, "not valid JSON")
    limit = await api.post("/v1/groups/g/search", json={"query": "x", "limit": 10_000})
    await refused(limit, 422, "limit")


async def test_malformed_requests(api: httpx.AsyncClient) -> None:
    raw = await api.post(
        "/v1/groups/g/episodes", content=b"{not json", headers={"content-type": "application/json"}
    )
    await refused(raw, 422)
    surrogate = b'{"content": "Alice: \\ud800", "reference_time": "2024-01-01T10:00:00Z"}'
    lone = await api.post(
        "/v1/groups/g/episodes", content=surrogate, headers={"content-type": "application/json"}
    )
    await refused(lone, 422, "content")
    await refused(await api.get("/v1/groups/bad.group/episodes"), 422, "group_id")
    await refused(await api.get("/v1/groups/g/episodes", params={"limit": -1}), 422, "limit")
    await refused(await api.put("/v1/groups/g/episodes"), 405)
    await refused(await api.get("/v1/nowhere"), 404)
    header = await api.post(
        "/v1/groups/g/episodes", json=episode(), headers={"Idempotency-Key": "x" * 300}
    )
    await refused(header, 422, "Idempotency-Key")
