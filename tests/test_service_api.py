"""Every REST route, in process (httpx ASGI transport), on the Alice story."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from chronomem.service import ServiceRuntime
from tests.service_helpers import asgi_client, bodies, make_runtime, wait_idle

pytestmark = pytest.mark.anyio

STORY = [
    "Alice: I just started a new job at Google as a data engineer.",
    "Alice: I left Google last week.",
    "Alice: I'm working at Meta now.",
]
TIMES = ["2024-01-01T10:00:00Z", "2024-01-15T14:00:00Z", "2024-01-20T09:00:00Z"]


@pytest.fixture
def admin_token(runtime: ServiceRuntime) -> str:
    return runtime.keys.create(name="admin", groups=["*"], admin=True).token


@pytest.fixture
async def api(runtime: ServiceRuntime, admin_token: str) -> AsyncIterator[httpx.AsyncClient]:
    async with asgi_client(runtime, admin_token) as client:
        yield client


async def add_story(
    api: httpx.AsyncClient, runtime: ServiceRuntime, group: str = "demo"
) -> list[str]:
    batch = [{"content": c, "reference_time": w} for c, w in zip(STORY, TIMES, strict=True)]
    r = await api.post(f"/v1/groups/{group}/episodes/batch", json={"episodes": batch})
    assert r.status_code == 202, r.text
    wait_idle(runtime)
    return [e["id"] for e in r.json()["episodes"]]


async def test_add_one_episode_then_follow_its_status(
    api: httpx.AsyncClient, runtime: ServiceRuntime
) -> None:
    r = await api.post(
        "/v1/groups/demo/episodes",
        json={"content": STORY[0], "reference_time": TIMES[0], "episode_id": "msg-1"},
    )
    assert r.status_code == 202
    (accepted,) = r.json()["episodes"]
    assert accepted["id"] == "msg-1" and accepted["status"] in ("queued", "processing", "done")
    wait_idle(runtime)
    status = (await api.get("/v1/groups/demo/episodes/msg-1")).json()
    assert status["status"] == "done" and status["facts"] >= 1
    assert status["episode"]["content"] == STORY[0]
    again = await api.post(
        "/v1/groups/demo/episodes", json={"content": STORY[0], "episode_id": "msg-1"}
    )
    assert again.status_code == 202 and again.json()["episodes"][0]["status"] == "done"
    assert (await api.get("/v1/groups/demo/episodes/nope")).status_code == 404


async def test_a_batch_with_an_idempotency_key_is_queued_once(
    api: httpx.AsyncClient, runtime: ServiceRuntime
) -> None:
    body = {"episodes": bodies(["Bob: I live in Paris.", "Bob: I moved to Rome."])}
    headers = {"Idempotency-Key": "batch-42"}
    first = await api.post("/v1/groups/demo/episodes/batch", json=body, headers=headers)
    second = await api.post("/v1/groups/demo/episodes/batch", json=body, headers=headers)
    assert first.status_code == second.status_code == 202
    assert second.json()["replayed"] is True
    assert [e["id"] for e in second.json()["episodes"]] == [
        e["id"] for e in first.json()["episodes"]
    ]
    changed = {"episodes": body["episodes"][:1]}
    clash = await api.post("/v1/groups/demo/episodes/batch", json=changed, headers=headers)
    assert clash.status_code == 422 and clash.json()["code"] == "idempotency_key_reused"
    wait_idle(runtime)
    assert len(runtime.memory.recent_episodes(group_id="demo", limit=10)) == 2


async def test_a_retry_without_reference_time_still_replays(api: httpx.AsyncClient) -> None:
    body = {"content": "Bob: I live in Paris."}  # reference_time defaults to "now"
    headers = {"Idempotency-Key": "single-1"}
    first = await api.post("/v1/groups/demo/episodes", json=body, headers=headers)
    second = await api.post("/v1/groups/demo/episodes", json=body, headers=headers)
    assert second.json()["replayed"] is True
    assert second.json()["episodes"][0]["id"] == first.json()["episodes"][0]["id"]


async def test_recent_episodes_queue_and_delete(
    api: httpx.AsyncClient, runtime: ServiceRuntime
) -> None:
    ids = await add_story(api, runtime)
    recent = (await api.get("/v1/groups/demo/episodes", params={"limit": 2})).json()["episodes"]
    assert [e["content"] for e in recent] == [STORY[2], STORY[1]]
    queue = (await api.get("/v1/groups/demo/queue", params={"status": "done"})).json()["episodes"]
    assert {e["id"] for e in queue} == set(ids)
    r = await api.delete(f"/v1/groups/demo/episodes/{ids[2]}")
    assert r.status_code == 200 and r.json()["deleted"] is True
    assert (await api.get(f"/v1/groups/demo/episodes/{ids[2]}")).status_code == 404
    assert (await api.delete(f"/v1/groups/demo/episodes/{ids[2]}")).status_code == 404
    found = (await api.post("/v1/groups/demo/search", json={"query": "Meta"})).json()
    assert all("Meta" not in f["fact"] for f in found["facts"])


async def test_a_failed_episode_can_be_listed_and_retried(tmp_path: Path, admin_token: str) -> None:
    rt = make_runtime(tmp_path / "paused.db")  # workers not started: we play the worker
    rt.keys.create(name="x", groups=["*"])
    try:
        async with asgi_client(rt, rt.keys.create(name="a", groups=["*"]).token) as api:
            await api.post(
                "/v1/groups/demo/episodes", json={"content": "Bob: hi", "episode_id": "e1"}
            )
            claim = rt.queue.claim()
            assert claim is not None
            rt.queue.fail(claim, "ProviderHTTPError: 503", retryable=False)
            failed = (await api.get("/v1/groups/demo/queue", params={"status": "failed"})).json()
            assert [(e["id"], e["error"]) for e in failed["episodes"]] == [
                ("e1", "ProviderHTTPError: 503")
            ]
            r = await api.post("/v1/groups/demo/episodes/e1/retry")
            assert r.status_code == 200 and r.json()["status"] == "queued"
            assert (await api.post("/v1/groups/demo/episodes/e1/retry")).status_code == 404
    finally:
        rt.close()


async def test_search_now_then_and_history(api: httpx.AsyncClient, runtime: ServiceRuntime) -> None:
    await add_story(api, runtime)
    work = {"query": "Where does Alice work?", "relations": ["WORKS_AT"]}
    now = (await api.post("/v1/groups/demo/search", json=work)).json()["facts"]
    assert [(f["source_name"], f["target_name"]) for f in now] == [("Alice", "Meta")]
    then = await api.post(
        "/v1/groups/demo/search", json={**work, "valid_at": "2024-01-05T12:00:00Z"}
    )
    assert [f["target_name"] for f in then.json()["facts"]] == ["Google"]
    believed = await api.post("/v1/groups/demo/search", json={**work, "history": True, "limit": 5})
    assert {f["target_name"] for f in believed.json()["facts"]} == {"Google", "Meta"}
    episodes = await api.post(
        "/v1/groups/demo/search", json={"query": "Meta", "targets": ["episodes"]}
    )
    body = episodes.json()
    assert body["facts"] == [] and body["episodes"][0]["content"] == STORY[2]


async def test_context_and_timeline(api: httpx.AsyncClient, runtime: ServiceRuntime) -> None:
    await add_story(api, runtime)
    r = await api.post("/v1/groups/demo/context", json={"query": "Where does Alice work?"})
    assert r.status_code == 200 and "Meta" in r.json()["context"]
    small = await api.post(
        "/v1/groups/demo/context", json={"query": "Where does Alice work?", "max_tokens": 50}
    )
    assert 0 < len(small.json()["context"]) < len(r.json()["context"])
    timeline = (await api.get("/v1/groups/demo/timeline", params={"entity": "Alice"})).json()
    assert timeline["entity"]["name"] == "Alice"
    jobs = [f["target_name"] for f in timeline["facts"] if f["relation"] == "WORKS_AT"]
    assert jobs == ["Google", "Meta"]  # world-time order
    missing = await api.get("/v1/groups/demo/timeline", params={"entity": "Zebulon"})
    assert missing.status_code == 404


async def test_get_and_delete_a_fact(api: httpx.AsyncClient, runtime: ServiceRuntime) -> None:
    await add_story(api, runtime)
    fact = (await api.post("/v1/groups/demo/search", json={"query": "Meta"})).json()["facts"][0]
    got = await api.get(f"/v1/groups/demo/facts/{fact['id']}")
    assert got.status_code == 200 and got.json()["fact"] == fact["fact"]
    assert got.json()["source_name"] == "Alice"
    assert (await api.delete(f"/v1/groups/demo/facts/{fact['id']}")).status_code == 200
    assert (await api.get(f"/v1/groups/demo/facts/{fact['id']}")).status_code == 404
    assert (await api.delete(f"/v1/groups/demo/facts/{fact['id']}")).status_code == 404


async def test_delete_a_group(api: httpx.AsyncClient, runtime: ServiceRuntime) -> None:
    await add_story(api, runtime, group="doomed")
    await add_story(api, runtime, group="kept")
    assert (await api.delete("/v1/groups/doomed")).status_code == 200
    assert (await api.get("/v1/groups/doomed/episodes")).json()["episodes"] == []
    assert len((await api.get("/v1/groups/kept/episodes")).json()["episodes"]) == 3


async def test_keys_are_managed_by_the_admin_key(
    api: httpx.AsyncClient, runtime: ServiceRuntime
) -> None:
    made = await api.post("/v1/keys", json={"name": "acme-bot", "groups": ["acme-*"]})
    assert made.status_code == 201
    token, key_id = made.json()["token"], made.json()["id"]
    listed = (await api.get("/v1/keys")).json()["keys"]
    assert {"acme-bot", "admin"} <= {k["name"] for k in listed}
    assert all("token" not in k for k in listed)
    async with asgi_client(runtime, token) as bot:
        assert (await bot.get("/v1/groups/acme-1/episodes")).status_code == 200
        assert (await api.delete(f"/v1/keys/{key_id}")).status_code == 200
        assert (await bot.get("/v1/groups/acme-1/episodes")).status_code == 401
    assert (await api.delete(f"/v1/keys/{key_id}")).status_code == 404


async def test_health_readiness_metrics_and_openapi(
    api: httpx.AsyncClient, runtime: ServiceRuntime
) -> None:
    await add_story(api, runtime)
    await api.post("/v1/groups/demo/search", json={"query": "Alice"})
    async with asgi_client(runtime) as anonymous:
        assert (await anonymous.get("/healthz")).json() == {"status": "ok"}
        ready = (await anonymous.get("/readyz")).json()
        assert ready["status"] == "ready" and ready["queue"] == {}  # depth: admins only
    ready = (await api.get("/readyz")).json()
    assert ready["status"] == "ready" and ready["queue"]["queued"] == 0
    async with asgi_client(runtime) as anonymous:
        assert (await anonymous.get("/openapi.json")).json()["info"]["title"] == "chronomem"
        assert (await anonymous.get("/docs")).status_code == 200
        assert (await anonymous.get("/metrics")).status_code == 401
    text = (await api.get("/metrics")).text
    for needle in (
        'chronomem_queue_episodes{status="queued"} 0',
        "chronomem_episodes_ingested_total 3",
        "chronomem_ingest_episodes_per_second",
        'chronomem_search_seconds_count{kind="search"} 1',
        "# TYPE chronomem_llm_calls_total counter",
    ):
        assert needle in text
