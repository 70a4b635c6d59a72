"""The routes the web page reads: groups, graph snapshot, entity detail, status, /ui."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from chronomem.model import SearchFilter
from chronomem.service import ServiceRuntime
from chronomem.service import ui as ui_module
from chronomem.service.explore_schemas import GraphCompactOut, GraphOut
from tests.service_helpers import asgi_client, wait_idle

pytestmark = pytest.mark.anyio

STORY = [
    ("Alice: I just started a new job at Google as a data engineer.", "2024-01-01T10:00:00Z"),
    ("Alice: I left Google last week.", "2024-01-15T14:00:00Z"),
    ("Alice: I'm working at Meta now.", "2024-01-20T09:00:00Z"),
]


@pytest.fixture
async def api(runtime: ServiceRuntime) -> AsyncIterator[httpx.AsyncClient]:
    token = runtime.keys.create(name="admin", groups=["*"], admin=True).token
    async with asgi_client(runtime, token) as client:
        batch = [{"content": c, "reference_time": t} for c, t in STORY]
        r = await client.post("/v1/groups/demo/episodes/batch", json={"episodes": batch})
        assert r.status_code == 202, r.text
        wait_idle(runtime)
        yield client


def edges(body: dict) -> dict[str, str]:  # type: ignore[type-arg]
    """'<source> <RELATION> <target>' -> state, for the facts of a graph answer."""
    names = {e["id"]: e["name"] for e in body["entities"]}
    return {
        f"{names[f['source_id']]} {f['relation']} {names[f['target_id']]}": f["state"]
        for f in body["facts"]
    }


def works_at(body: dict, company: str) -> str | None:  # type: ignore[type-arg]
    found = [s for k, s in edges(body).items() if k.startswith("Alice") and k.endswith(company)]
    return found[0] if found else None


async def test_graph_now_then_and_as_believed_then(api: httpx.AsyncClient) -> None:
    now = (await api.get("/v1/groups/demo/graph")).json()
    GraphOut.model_validate(now)  # the hand-built body matches its documented schema
    assert works_at(now, "Meta") == "current" and works_at(now, "Google") == "closed"
    assert {e["name"] for e in now["entities"]} >= {"Alice", "Google", "Meta"}
    assert all(e["mentions"] >= 1 for e in now["entities"])

    before = (
        await api.get("/v1/groups/demo/graph", params={"valid_at": "2024-01-05T00:00:00Z"})
    ).json()
    assert works_at(before, "Google") == "current" and works_at(before, "Meta") is None
    assert "Meta" not in {e["name"] for e in before["entities"]}

    meta = next(f for f in now["facts"] if f["state"] == "current" and f["relation"] == "WORKS_AT")
    learned_google_ended = min(f["expired_at"] for f in now["facts"] if f["expired_at"])
    just_before = datetime.fromisoformat(learned_google_ended) - timedelta(microseconds=1)
    believed = (
        await api.get("/v1/groups/demo/graph", params={"known_at": just_before.isoformat()})
    ).json()
    assert works_at(believed, "Google") == "current"
    assert meta["id"] not in {f["id"] for f in believed["facts"]}
    assert now["world_events"][0].startswith("2024-01-01")
    assert len(now["system_events"]) >= 2


async def test_current_edges_are_exactly_what_the_store_filter_admits(
    api: httpx.AsyncClient, runtime: ServiceRuntime
) -> None:
    store, now = runtime.memory.store, datetime.now(UTC)
    everyone = [e.id for e in store.list_entities("demo")]
    instants = [datetime(2023, 12, 1, tzinfo=UTC)] + [
        datetime(2024, 1, d, tzinfo=UTC) for d in (1, 2, 8, 9, 16, 20, 21)
    ]
    knowns = [
        None,
        *sorted(
            {
                f.created_at
                for f in store.facts_of_entities(
                    ["demo"], everyone, SearchFilter(history=True).resolved(now)
                )
            }
        ),
    ]
    for valid_at in instants:
        for known_at in knowns:
            params = {"valid_at": valid_at.isoformat()}
            if known_at is not None:
                params["known_at"] = known_at.isoformat()
            body = (await api.get("/v1/groups/demo/graph", params=params)).json()
            flt = SearchFilter(valid_at=valid_at, known_at=known_at).resolved(now)
            expected = {f.id for f in store.facts_of_entities(["demo"], everyone, flt)}
            got = {f["id"] for f in body["facts"] if f["state"] == "current"}
            assert got == expected, (valid_at, known_at)


async def test_compact_graph_says_the_same_as_the_full_one(api: httpx.AsyncClient) -> None:
    for params in ({}, {"valid_at": "2024-01-05T00:00:00Z"}, {"limit": "2"}):
        full = (await api.get("/v1/groups/demo/graph", params=params)).json()
        r = await api.get("/v1/groups/demo/graph/compact", params=params)
        small = GraphCompactOut.model_validate(r.json())
        assert len(r.content) < len((await api.get("/v1/groups/demo/graph")).content)
        e, f = small.entities, small.facts
        assert e.id == [x["id"] for x in full["entities"]]
        assert e.name == [x["name"] for x in full["entities"]]
        assert e.mentions == [x["mentions"] for x in full["entities"]]
        assert [small.communities[c] if c >= 0 else None for c in e.community] == [
            x["community_id"] for x in full["entities"]
        ]
        assert [small.labels[i] if i >= 0 else None for i in e.label] == [
            (x["labels"] or [None])[0] for x in full["entities"]
        ]
        rows = list(zip(f.id, f.source, f.target, f.relation, f.closed, strict=True))
        assert [
            (i, e.id[s], e.id[t], small.relations[r], "closed" if c else "current")
            for i, s, t, r, c in rows
        ] == [
            (x["id"], x["source_id"], x["target_id"], x["relation"], x["state"])
            for x in full["facts"]
        ]
        for name in ("total_entities", "total_facts", "truncated", "version"):
            assert getattr(small, name) == full[name]
    assert (await api.get("/v1/groups/demo/graph/compact", params={"limit": 0})).status_code == 422


async def test_limit_keeps_the_most_mentioned(api: httpx.AsyncClient) -> None:
    body = (await api.get("/v1/groups/demo/graph", params={"limit": 1})).json()
    assert body["truncated"] and body["total_entities"] >= 3
    assert [e["name"] for e in body["entities"]] == ["Alice"] and body["facts"] == []


async def test_entity_detail_has_timeline_and_quoted_sources(api: httpx.AsyncClient) -> None:
    graph = (await api.get("/v1/groups/demo/graph")).json()
    alice = next(e for e in graph["entities"] if e["name"] == "Alice")
    r = await api.get(f"/v1/groups/demo/entities/{alice['id']}")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["entity"]["name"] == "Alice" and body["mentions"] == 3
    assert [f["target_name"] for f in body["facts"]][:1] == ["Google"]
    assert {f["target_name"] for f in body["facts"]} >= {"Google", "Meta"}
    quoted = {e["content"] for e in body["episodes"]}
    assert STORY[0][0] in quoted and STORY[2][0] in quoted
    assert (await api.get("/v1/groups/demo/entities/nope")).status_code == 404


async def test_entity_detail_lists_the_names_merged_into_it(
    api: httpx.AsyncClient, runtime: ServiceRuntime
) -> None:
    said = [
        ("Alice: I work at Google.", "2024-01-01T10:00:00Z"),
        ("Alice Smith: I love hiking on weekends.", "2024-01-02T10:00:00Z"),
    ]
    batch = [{"content": c, "reference_time": t} for c, t in said]
    await api.post("/v1/groups/names/episodes/batch", json={"episodes": batch})
    wait_idle(runtime)
    graph = (await api.get("/v1/groups/names/graph")).json()
    assert "Alice Smith" not in {e["name"] for e in graph["entities"]}  # merged, not renamed
    alice = next(e for e in graph["entities"] if e["name"] == "Alice")
    body = (await api.get(f"/v1/groups/names/entities/{alice['id']}")).json()
    assert body["aliases"] == ["Alice Smith"]
    google = next(e for e in graph["entities"] if e["name"] == "Google")
    assert (await api.get(f"/v1/groups/names/entities/{google['id']}")).json()["aliases"] == []


async def test_groups_are_those_the_key_may_use(
    api: httpx.AsyncClient, runtime: ServiceRuntime
) -> None:
    await api.post("/v1/groups/other/episodes", json={"content": "Bob: hi"})
    wait_idle(runtime)
    body = (await api.get("/v1/groups")).json()
    assert body["groups"] == ["demo", "other"] and body["key"]["admin"] is True
    narrow = runtime.keys.create(name="n", groups=["demo", "team-*"]).token
    async with asgi_client(runtime, narrow) as client:
        mine = (await client.get("/v1/groups")).json()
        assert mine["groups"] == ["demo"] and mine["key"]["admin"] is False
        assert (await client.get("/v1/groups/other/graph")).status_code == 403
        assert (await client.get("/v1/groups/other/status")).status_code == 403
    async with asgi_client(runtime, "cmk_wrong_key") as client:
        assert (await client.get("/v1/groups")).status_code == 401


async def test_groups_held_by_the_store_are_listed_within_the_key_patterns_only(
    api: httpx.AsyncClient, runtime: ServiceRuntime
) -> None:
    # Written straight to the memory (as a script or the CLI would), never through the queue.
    for group in ("team-blue", "secret-hr"):
        runtime.memory.add_episode(
            "Bob: I work at Initech.",
            group_id=group,
            reference_time=datetime(2024, 2, 1, tzinfo=UTC),
        )
    admin = (await api.get("/v1/groups")).json()["groups"]
    assert admin == ["demo", "secret-hr", "team-blue"]
    narrow = runtime.keys.create(name="n", groups=["team-*"]).token
    async with asgi_client(runtime, narrow) as client:
        r = await client.get("/v1/groups")
        assert r.json()["groups"] == ["team-blue"]
        assert "secret-hr" not in r.text and "demo" not in r.text  # not even the names
        graph = (await client.get("/v1/groups/team-blue/graph")).json()
        assert "Initech" in {e["name"] for e in graph["entities"]}
    await api.delete("/v1/groups/team-blue")
    assert "team-blue" not in (await api.get("/v1/groups")).json()["groups"]


async def test_status_counts_the_queue_and_grows_with_writes(
    api: httpx.AsyncClient, runtime: ServiceRuntime
) -> None:
    first = (await api.get("/v1/groups/demo/status")).json()
    assert first["queue"]["done"] == 3 and first["failed"] == [] and first["version"] >= 3
    before = (await api.get("/v1/groups/demo/graph")).json()  # cached until the next write
    assert "Lisbon" not in {e["name"] for e in before["entities"]}
    await api.post("/v1/groups/demo/episodes", json={"content": "Alice: I moved to Lisbon."})
    wait_idle(runtime)
    second = (await api.get("/v1/groups/demo/status")).json()
    assert second["version"] > first["version"] and second["queue"]["done"] == 4
    after = (await api.get("/v1/groups/demo/graph")).json()
    assert after["version"] == second["version"]
    assert "Lisbon" in {e["name"] for e in after["entities"]}


async def test_context_reports_tokens_and_the_facts_it_shows(api: httpx.AsyncClient) -> None:
    body = (
        await api.post("/v1/groups/demo/context", json={"query": "Where does Alice work?"})
    ).json()
    assert "Meta" in body["context"] and body["tokens"] > 0 and body["fact_ids"]
    graph = (await api.get("/v1/groups/demo/graph")).json()
    assert set(body["fact_ids"]) <= {f["id"] for f in graph["facts"]}


async def test_bad_instants_are_422(api: httpx.AsyncClient) -> None:
    r = await api.get("/v1/groups/demo/graph", params={"valid_at": "2024-01-05T00:00:00"})
    assert r.status_code == 422 and "valid_at" in r.json()["detail"]
    r = await api.get("/v1/groups/demo/graph", params={"known_at": "yesterday"})
    assert r.status_code == 422


async def test_ui_says_how_to_build_when_missing(
    api: httpx.AsyncClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ui_module, "STATIC", tmp_path / "nothing")
    r = await api.get("/ui/")
    assert r.status_code == 503 and "npm run build" in r.text
    built = tmp_path / "built"
    built.mkdir()
    (built / "index.html").write_text("<title>page</title>")
    (built / "app.js").write_text("1")
    monkeypatch.setattr(ui_module, "STATIC", built)
    assert (await api.get("/ui/")).text == "<title>page</title>"
    assert (await api.get("/ui/app.js")).status_code == 200
    assert (await api.get("/ui/../explore.py")).status_code == 404
    assert (await api.get("/ui/%2e%2e/%2e%2e/app.py")).status_code == 404
