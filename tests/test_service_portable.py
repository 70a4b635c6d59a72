"""REST export and import: streamed JSONL out, admin-only import in, tenants kept apart."""

from __future__ import annotations

import json

import pytest

from chronomem.service import ServiceRuntime
from tests.service_helpers import asgi_client, wait_idle

pytestmark = pytest.mark.anyio

STORY = [
    ("2024-01-01T10:00:00Z", "Alice: I just started a new job at Google as a data engineer."),
    ("2024-01-15T14:00:00Z", "Alice: I left Google last week."),
    ("2024-01-20T09:00:00Z", "Alice: I'm working at Meta now."),
]


def _token(runtime: ServiceRuntime, groups: list[str], *, admin: bool = False) -> str:
    return runtime.keys.create(name="k", groups=groups, admin=admin).token


async def _exported(runtime: ServiceRuntime, token: str, group: str) -> list[dict]:  # type: ignore[type-arg]
    async with asgi_client(runtime, token) as api:
        r = await api.get(f"/v1/groups/{group}/export")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/x-ndjson")
    return [json.loads(line) for line in r.text.splitlines()]


async def test_export_then_import_into_another_group(runtime: ServiceRuntime) -> None:
    admin = _token(runtime, ["acme-*"], admin=True)
    async with asgi_client(runtime, admin) as api:
        batch = [{"content": c, "reference_time": w} for w, c in STORY]
        assert (
            await api.post("/v1/groups/acme-a/episodes/batch", json={"episodes": batch})
        ).status_code == 202
        wait_idle(runtime)
        body = (await api.get("/v1/groups/acme-a/export")).content
        first = await api.post(
            "/v1/groups/acme-copy/import",
            content=body,
            headers={"content-type": "application/x-ndjson"},
        )
        assert first.status_code == 200, first.text
        assert first.json()["written"] == first.json()["rows"] > 5
        again = await api.post("/v1/groups/acme-copy/import", content=body)
        assert again.status_code == 200 and again.json()["written"] == 0
        found = (await api.post("/v1/groups/acme-copy/search", json={"query": "Meta"})).json()
        assert any("Meta" in f["fact"] for f in found["facts"])
    original = await _exported(runtime, admin, "acme-a")
    copy = await _exported(runtime, admin, "acme-copy")
    assert copy[0]["group_id"] == "acme-copy" and copy[1:] == original[1:]


async def test_another_tenants_key_is_refused(runtime: ServiceRuntime) -> None:
    admin = _token(runtime, ["acme-*"], admin=True)
    async with asgi_client(runtime, admin) as api:
        body = (await api.get("/v1/groups/acme-a/export")).content
    other_admin = _token(runtime, ["globex-*"], admin=True)
    async with asgi_client(runtime, other_admin) as api:
        assert (await api.get("/v1/groups/acme-a/export")).status_code == 403
        assert (await api.post("/v1/groups/acme-a/import", content=body)).status_code == 403
    reader = _token(runtime, ["acme-*"])  # may use the group, but is no admin
    async with asgi_client(runtime, reader) as api:
        assert (await api.get("/v1/groups/acme-a/export")).status_code == 200
        refused = await api.post("/v1/groups/acme-a/import", content=body)
        assert refused.status_code == 403 and "admin" in refused.json()["detail"]
    async with asgi_client(runtime, "not-a-key") as api:
        assert (await api.get("/v1/groups/acme-a/export")).status_code == 401


async def test_bad_versions_and_bodies_are_422_with_the_fix(runtime: ServiceRuntime) -> None:
    admin = _token(runtime, ["*"], admin=True)
    async with asgi_client(runtime, admin) as api:
        lines = (await api.get("/v1/groups/demo/export")).text.splitlines()
        header = {**json.loads(lines[0]), "version": 2}
        r = await api.post("/v1/groups/demo/import", content=json.dumps(header) + "\n")
        assert r.status_code == 422 and "format version 2" in r.json()["detail"]
        r = await api.post("/v1/groups/demo/import", content=b"")
        assert r.status_code == 422 and "empty" in r.json()["detail"]
        r = await api.post("/v1/groups/demo/import", content=b'{"role": "user"}\n')
        assert r.status_code == 422 and "not a chronomem export" in r.json()["detail"]
        r = await api.post("/v1/groups/demo/import", content=b"\xff\xfe")
        assert r.status_code == 422 and "UTF-8" in r.json()["detail"]
