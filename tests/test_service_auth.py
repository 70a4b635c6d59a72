"""Auth and tenancy on every route: no key 401, another tenant's group 403, admin-only
routes 403 for tenant keys; tokens are stored only as hashes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from chronomem.service import ServiceRuntime
from chronomem.service.app import create_app
from tests.service_helpers import asgi_client, make_runtime

pytestmark = pytest.mark.anyio

PUBLIC = {"/healthz", "/readyz", "/openapi.json", "/docs", "/docs/oauth2-redirect", "/redoc"}
ADMIN_ONLY = {
    "/metrics",
    "/v1/keys",
    "/v1/keys/{key_id}",
    "/v1/groups/{group_id}/import",
    # corrections (docs/corrections.md)
    "/v1/groups/{group_id}/facts/{fact_id}/edit",
    "/v1/groups/{group_id}/facts/{fact_id}/retract",
    "/v1/groups/{group_id}/entities/merge",
    "/v1/groups/{group_id}/entities/{entity_id}/rename",
    "/v1/groups/{group_id}/entities/{entity_id}/split",
    "/v1/groups/{group_id}/edits/{edit_id}/undo",
}
KEY_SCOPED = {"/v1/groups"}  # answers about the caller's own key: no group in the path
BODIES = {
    "/v1/groups/{group_id}/episodes": {"content": "Alice: hi"},
    "/v1/groups/{group_id}/episodes/batch": {"episodes": [{"content": "Alice: hi"}]},
    "/v1/groups/{group_id}/search": {"query": "Alice"},
    "/v1/groups/{group_id}/context": {"query": "Alice"},
    "/v1/groups/{group_id}/facts": {"source": "Alice", "relation": "KNOWS", "target": "Bob"},
    "/v1/keys": {"name": "k", "groups": ["*"]},
    "/v1/groups/{group_id}/facts/{fact_id}/edit": {"value": "Meta"},
    "/v1/groups/{group_id}/facts/{fact_id}/retract": {},
    "/v1/groups/{group_id}/entities/merge": {"keep_id": "x1", "merged_id": "x2"},
    "/v1/groups/{group_id}/entities/{entity_id}/rename": {"name": "Alice Smith"},
    "/v1/groups/{group_id}/entities/{entity_id}/split": {"name": "Bob", "fact_ids": ["x1"]},
    "/v1/groups/{group_id}/edits/{edit_id}/undo": {},
    # an export file holding just its header line (docs/portable.md)
    "/v1/groups/{group_id}/import": {
        "type": "header",
        "format": "chronomem-export",
        "version": 1,
        "group_id": "x",
        "embedder": None,
        "chronomem_version": "0",
    },
}


@pytest.fixture
def runtime(tmp_path: Path) -> Iterator[ServiceRuntime]:
    rt = make_runtime(tmp_path / "memory.db")
    yield rt
    rt.close()


def protected_routes(runtime: ServiceRuntime) -> list[tuple[str, str]]:
    """Every operation the app serves, from its own OpenAPI document."""
    paths = create_app(runtime).openapi()["paths"]
    routes = [(method.upper(), path) for path, ops in paths.items() for method in ops]
    assert len(routes) >= 17
    return [(m, p) for m, p in routes if p not in PUBLIC]


def concrete(path: str, group: str) -> str:
    return re.sub(r"\{[a-z_]+\}", lambda m: group if m.group(0) == "{group_id}" else "x1", path)


async def call(client: httpx.AsyncClient, method: str, path: str, group: str) -> httpx.Response:
    url = concrete(path, group)
    params = {"entity": "Alice"} if path.endswith("/timeline") else None
    return await client.request(method, url, json=BODIES.get(path), params=params)


async def test_every_route_but_health_and_docs_needs_a_key(runtime: ServiceRuntime) -> None:
    async with asgi_client(runtime) as anonymous, asgi_client(runtime, "cmk_forged_x") as forged:
        for method, path in protected_routes(runtime):
            for client in (anonymous, forged):
                r = await call(client, method, path, "acme-1")
                assert r.status_code == 401, (method, path, r.status_code)
                assert r.headers["www-authenticate"] == "Bearer"


async def test_a_tenant_key_is_confined_to_its_groups(runtime: ServiceRuntime) -> None:
    token = runtime.keys.create(name="acme", groups=["acme-*"]).token
    async with asgi_client(runtime, token) as acme:
        for method, path in protected_routes(runtime):
            if path in ADMIN_ONLY:
                r = await call(acme, method, path, "acme-1")
                assert r.status_code == 403, (method, path)
                continue
            if path in KEY_SCOPED:
                r = await call(acme, method, path, "acme-1")
                assert r.status_code == 200, (method, path)
                assert all(g.startswith("acme-") for g in r.json()["groups"]), r.text
                continue
            outside = await call(acme, method, path, "beta-1")
            assert outside.status_code == 403, (method, path, outside.text)
            assert "acme-*" in outside.json()["detail"]
            inside = await call(acme, method, path, "acme-1")
            assert inside.status_code in (200, 201, 202, 404), (method, path, inside.text)
        # a pattern is matched whole and case-sensitively
        for group in ("acme", "ACME-1", "xacme-1"):
            r = await acme.get(f"/v1/groups/{group}/episodes")
            assert r.status_code == 403, group


async def test_an_admin_key_reaches_every_route(runtime: ServiceRuntime) -> None:
    token = runtime.keys.create(name="root", groups=["*"], admin=True).token
    async with asgi_client(runtime, token) as admin:
        for method, path in protected_routes(runtime):
            r = await call(admin, method, path, "beta-1")
            assert r.status_code in (200, 201, 202, 404), (method, path, r.text)


async def test_the_x_api_key_header_works_too(runtime: ServiceRuntime) -> None:
    token = runtime.keys.create(name="acme", groups=["acme-*"]).token
    async with asgi_client(runtime) as client:
        ok = await client.get("/v1/groups/acme-1/episodes", headers={"X-API-Key": token})
        assert ok.status_code == 200


def test_tokens_are_stored_only_as_hashes(tmp_path: Path) -> None:
    rt = make_runtime(tmp_path / "memory.db")
    made = rt.keys.create(name="acme", groups=["acme-*"])
    rt.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("memory.db"))
    secret = made.token.removeprefix(f"cmk_{made.key.id}_").encode()
    assert len(secret) >= 43
    assert secret not in raw
    assert made.key.id.encode() in raw  # the row is there, without its secret


def test_keys_command_creates_lists_and_revokes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from chronomem.cli.main import main

    db = str(tmp_path / "memory.db")
    assert (
        main(["keys", "create", "--db", db, "--groups", "acme-*", "--name", "bot", "--json"]) == 0
    )
    made = json.loads(capsys.readouterr().out)
    assert made["token"].startswith("cmk_") and made["groups"] == ["acme-*"]
    assert main(["keys", "list", "--db", db, "--json"]) == 0
    assert [k["name"] for k in json.loads(capsys.readouterr().out)] == ["bot"]
    assert main(["keys", "revoke", made["id"], "--db", db]) == 0
    assert main(["keys", "revoke", made["id"], "--db", db]) == 2  # no live key: a clear error
    assert "no live key" in capsys.readouterr().err
