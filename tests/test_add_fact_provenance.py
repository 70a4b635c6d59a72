"""``add_fact`` (Graphiti's add_triplet) and episode provenance (issue 15 items 2 and 4), on
the Python facade, AsyncMemory, REST and the MCP tool bodies."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import httpx
import pytest

from chronomem import AsyncMemory, UsageError
from chronomem.mcp.tools import MemoryTools
from chronomem.service import ServiceRuntime
from chronomem.testing import HashEmbedder, ManualClock
from tests.conftest import MemoryFactory
from tests.helpers import t
from tests.real_embedder import real_embedder
from tests.service_helpers import asgi_client


@pytest.mark.local_model
def test_add_fact_resolves_entities_and_closes_the_contradicted_fact(
    make_memory: MemoryFactory, clock: ManualClock
) -> None:
    memory = make_memory(embedder=real_embedder())
    said = memory.add_episode(
        "Alice: I just started a new job at Google.", group_id="g", reference_time=t("2024-01-01")
    )
    clock.set(t("2024-03-01T00:00:01"))
    result = memory.add_fact("alice", "works at", "Meta", group_id="g", valid_at=t("2024-03-01"))
    (new,) = [f for f in result.facts if f.relation == "WORKS_AT" and f.invalid_at is None]
    alice = next(e for e in said.entities if e.name == "Alice")
    assert new.source_id == alice.id  # resolved onto the stored Alice, no second node
    (closed,) = result.invalidated
    assert "Google" in closed.fact and closed.invalid_at == t("2024-03-01")
    names = [e.name for e in memory.store.list_entities("g")]
    assert names.count("Alice") == 1
    again = memory.add_fact("Alice", "WORKS_AT", "Meta", group_id="g", valid_at=t("2024-03-01"))
    assert [f.id for f in again.facts] == [new.id]  # deduplicated onto the same fact
    current = memory.search("Where does Alice work?", group_id="g").facts
    assert [f.fact for f in current if f.relation == "WORKS_AT"] == ["Alice works at Meta."]


def test_add_fact_refuses_bad_input_with_a_fix(make_memory: MemoryFactory) -> None:
    memory = make_memory()
    with pytest.raises(UsageError, match="same entity"):
        memory.add_fact("Alice", "KNOWS", "alice", group_id="g")
    with pytest.raises(UsageError, match="cannot end before it starts"):
        memory.add_fact(
            "Alice", "WORKS_AT", "Acme", group_id="g",
            valid_at=t("2024-02-01"), invalid_at=t("2024-01-01"),
        )  # fmt: skip
    with pytest.raises(UsageError, match="no letters"):
        memory.add_fact("Alice", "!!", "Acme", group_id="g")
    assert not memory.recent_episodes(group_id="g")  # nothing half-written


def test_episode_graph_lists_what_an_episode_produced_and_supports(
    make_memory: MemoryFactory,
) -> None:
    memory = make_memory()
    first = memory.add_episode(
        "Alice: I just started a new job at Google.", group_id="g", reference_time=t("2024-01-01")
    )
    memory.add_episode("Bob: I live in Paris.", group_id="g", reference_time=t("2024-01-02"))
    graph = memory.get_episode_graph(first.episode.id, group_id="g")
    assert graph.episode.id == first.episode.id
    assert {e.name for e in graph.entities} == {"Alice", "Google"}
    assert {f.id for f in graph.facts} == {f.id for f in first.facts}
    assert all(first.episode.id in f.episodes for f in graph.facts)
    with pytest.raises(UsageError, match="no episode"):
        memory.get_episode_graph(first.episode.id, group_id="other")  # never across groups


def test_async_memory_has_add_fact_and_episode_graph() -> None:
    async def run() -> None:
        memory = AsyncMemory(embedder=HashEmbedder())
        result = await memory.add_fact("Alice", "LIVES_IN", "Paris", group_id="g")
        graph = await memory.get_episode_graph(result.episode.id, group_id="g")
        assert [f.fact for f in graph.facts] == ["Alice lives in Paris."]
        await memory.close()

    asyncio.run(run())


# -- REST and MCP ----------------------------------------------------------------------------
@pytest.fixture
async def api(runtime: ServiceRuntime) -> AsyncIterator[httpx.AsyncClient]:
    token = runtime.keys.create(name="t", groups=["demo"]).token
    async with asgi_client(runtime, token) as client:
        yield client


@pytest.mark.anyio
async def test_rest_add_fact_and_episode_graph(api: httpx.AsyncClient) -> None:
    body = {"source": "Alice", "relation": "WORKS_AT", "target": "Google",
            "valid_at": "2024-01-01T00:00:00Z", "attributes": {"title": "engineer"}}  # fmt: skip
    first = await api.post("/v1/groups/demo/facts", json=body)
    assert first.status_code == 201, first.text
    body.update(target="Meta", valid_at="2024-03-01T00:00:00Z")
    second = (await api.post("/v1/groups/demo/facts", json=body)).json()
    assert len(second["invalidated"]) == 1  # the Google fact was closed
    episode = second["episode_id"]
    graph = await api.get(f"/v1/groups/demo/episodes/{episode}/graph")
    assert graph.status_code == 200
    found = graph.json()
    assert {e["name"] for e in found["entities"]} == {"Alice", "Meta"}
    assert [f["fact"] for f in found["facts"]] == ["Alice works at Meta."]
    assert found["facts"][0]["attributes"] == {"title": "engineer"}
    missing = await api.get("/v1/groups/demo/episodes/nope/graph")
    assert missing.status_code == 404
    bad = await api.post("/v1/groups/demo/facts", json={**body, "target": "alice"})
    assert bad.status_code == 422 and "same entity" in bad.text
    other = await api.post("/v1/groups/elsewhere/facts", json=body)
    assert other.status_code == 403
    search = await api.post(
        "/v1/groups/demo/search",
        json={"query": "works", "history": True, "fact_attributes": {"title": "engineer"}},
    )
    assert len(search.json()["facts"]) == 2


def test_mcp_tools_add_fact_and_episode_graph(runtime: ServiceRuntime) -> None:
    tools = MemoryTools(runtime, default_group="demo", allowed=["demo"])
    added = tools.add_fact("Alice", "LIVES_IN", "Paris", valid_at="2024-01-01T00:00:00Z")
    assert added["facts"][0]["fact"] == "Alice lives in Paris."  # type: ignore[index]
    graph = tools.get_episode_graph(str(added["episode_id"]))
    assert [e["name"] for e in graph["entities"]] == ["Alice", "Paris"]  # type: ignore[index, union-attr]
    assert graph["facts"][0]["episodes"] == [added["episode_id"]]  # type: ignore[index]
