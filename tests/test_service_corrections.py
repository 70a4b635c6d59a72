"""Correcting memory over REST: admin keys only, recorded with the key's name, the trail of a
group, a fact and an entity, and ``known_at`` before an edit still showing the old belief."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest

from chronomem.service.runtime import ServiceRuntime
from tests.service_helpers import asgi_client

pytestmark = pytest.mark.anyio
G = "/v1/groups/g"


async def _stated(api: httpx.AsyncClient) -> dict:  # type: ignore[type-arg]
    made = await api.post(
        f"{G}/facts",
        json={"source": "Alice", "relation": "WORKS_AT", "target": "Google",
              "valid_at": "2024-01-01T00:00:00Z"},
    )  # fmt: skip
    assert made.status_code == 201, made.text
    return next(f for f in made.json()["facts"] if f["relation"] == "WORKS_AT")


async def _jobs(api: httpx.AsyncClient, **times: str) -> list[str]:
    found = await api.post(f"{G}/search", json={"query": "where does Alice work", **times})
    assert found.status_code == 200, found.text
    return [f["target_name"] for f in found.json()["facts"] if f["relation"] == "WORKS_AT"]


async def test_an_admin_edits_a_fact_and_known_at_before_still_shows_the_old(
    api: httpx.AsyncClient,
) -> None:
    fact = await _stated(api)
    before = datetime.now(UTC).isoformat()
    edited = await api.post(
        f"{G}/facts/{fact['id']}/edit", json={"value": "Meta", "reason": "moved"}
    )
    assert edited.status_code == 201, edited.text
    edit = edited.json()
    assert (edit["kind"], edit["actor"], edit["reason"]) == ("edit_fact", "admin", "moved")
    assert await _jobs(api) == ["Meta"]
    assert await _jobs(api, known_at=before) == ["Google"]
    trail = (await api.get(f"{G}/facts/{fact['id']}/edits")).json()["edits"]
    assert [e["id"] for e in trail] == [edit["id"]]
    undone = await api.post(f"{G}/edits/{edit['id']}/undo", json={})
    assert undone.status_code == 201 and undone.json()["undoes"] == edit["id"]
    assert await _jobs(api) == ["Google"]
    listed = (await api.get(f"{G}/edits", params={"limit": 1})).json()["edits"]
    assert [e["kind"] for e in listed] == ["undo"]


async def test_null_clears_a_date_and_a_missing_field_keeps_it(api: httpx.AsyncClient) -> None:
    fact = await _stated(api)
    edit = await api.post(f"{G}/facts/{fact['id']}/edit", json={"valid_at": None})
    assert edit.status_code == 201, edit.text
    new_id = edit.json()["subjects"][2]
    got = (await api.get(f"{G}/facts/{new_id}")).json()
    assert got["valid_at"] is None and got["attributes"]["supersedes"] == fact["id"]
    nothing = await api.post(f"{G}/facts/{new_id}/edit", json={"reason": "no change"})
    assert nothing.status_code == 422 and "changes nothing" in nothing.json()["detail"]


async def test_entities_are_merged_renamed_and_split_with_their_trail(
    api: httpx.AsyncClient,
) -> None:
    fact = await _stated(api)
    other = await api.post(
        f"{G}/facts", json={"source": "Ali", "relation": "LIVES_IN", "target": "Paris"}
    )
    ali = next(f for f in other.json()["facts"] if f["relation"] == "LIVES_IN")["source_id"]
    alice = fact["source_id"]
    merged = await api.post(
        f"{G}/entities/merge", json={"keep_id": alice, "merged_id": ali, "reason": "same"}
    )
    assert merged.status_code == 201, merged.text
    renamed = await api.post(f"{G}/entities/{alice}/rename", json={"name": "Alice Smith"})
    assert renamed.status_code == 201, renamed.text
    trail = (await api.get(f"{G}/entities/{alice}/edits")).json()["edits"]
    assert [e["kind"] for e in trail] == ["rename_entity", "merge_entities"]
    split = await api.post(
        f"{G}/entities/{alice}/split",
        json={"name": "Ali", "fact_ids": [fact["id"]], "reason": "two people"},
    )
    assert split.status_code == 201, split.text
    assert (await api.get(f"{G}/facts/{fact['id']}")).json()["source_name"] == "Ali"
    bad = await api.post(f"{G}/entities/merge", json={"keep_id": alice, "merged_id": "nope"})
    assert bad.status_code == 404 and "no entity 'nope'" in bad.json()["detail"]


async def test_corrections_need_an_admin_key_but_the_trail_does_not(
    api: httpx.AsyncClient, runtime: ServiceRuntime
) -> None:
    fact = await _stated(api)
    token = runtime.keys.create(name="reader", groups=["g"]).token
    async with asgi_client(runtime, token) as reader:
        refused = await reader.post(f"{G}/facts/{fact['id']}/retract", json={})
        assert refused.status_code == 403 and "admin" in refused.json()["detail"]
        assert (await reader.get(f"{G}/edits")).json() == {"edits": []}
