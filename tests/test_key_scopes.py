"""Issue 11 finding 1: a scoped admin key acts only inside its own group patterns.

Before the fix an admin key bound to ``acme-*`` could ``POST /v1/keys`` a key for ``*``
and then read every tenant, and list and revoke every key. Every key route is checked.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from chronomem.service import ServiceRuntime
from chronomem.service.scopes import covered, covers
from tests.service_helpers import asgi_client, make_runtime

pytestmark = pytest.mark.anyio


@pytest.fixture
def runtime(tmp_path: Path) -> Iterator[ServiceRuntime]:
    rt = make_runtime(tmp_path / "memory.db")
    yield rt
    rt.close()


@pytest.mark.parametrize(
    ("outer", "inner", "expected"),
    [
        ("*", "acme-*", True),
        ("acme-*", "*", False),
        ("acme-*", "acme-1", True),
        ("acme-*", "acme-[0-9]*", True),
        ("acme-*", "acme*", False),  # 'acme2' is not under 'acme-*'
        ("acme-*", "ac*", False),
        ("acme-?", "acme-*", False),
        ("acme-*", "acme-?", True),
        ("acme-[0-9]", "acme-[!a]", False),  # [!a] admits letters
        ("acme-[0-9]", "acme-[3-5]", True),
        ("a*b*", "ab*", True),
        ("*x", "*", False),
        ("acme-*", "[!a]*", False),
    ],
)
def test_pattern_coverage(outer: str, inner: str, expected: bool) -> None:
    assert covers(outer, inner) is expected


def test_coverage_is_sound_on_sample_group_ids() -> None:
    """Whenever covers() says yes, no sampled group id matches inner but not outer."""
    from fnmatch import fnmatchcase

    patterns = ["*", "a*", "acme-*", "acme-?", "acme-[0-9]", "acme-[!0-9]*", "?cme-*", "a*-1"]
    ids = ["a", "acme", "acme-", "acme-1", "acme-12", "acme-x", "bcme-1", "a-1", "acme2", "z"]
    for outer in patterns:
        for inner in patterns:
            if covers(outer, inner):
                for gid in ids:
                    assert not fnmatchcase(gid, inner) or fnmatchcase(gid, outer), (outer, inner)


async def test_a_scoped_admin_cannot_mint_a_wider_key(runtime: ServiceRuntime) -> None:
    scoped = runtime.keys.create(name="acme-admin", groups=["acme-*"], admin=True).token
    async with asgi_client(runtime, scoped) as acme:
        for groups in (["*"], ["acme*"], ["beta-*"], ["acme-*", "beta-1"], ["?cme-*"]):
            r = await acme.post("/v1/keys", json={"name": "x", "groups": groups, "admin": True})
            assert r.status_code == 403, (groups, r.text)
            assert "acme-*" in r.json()["detail"]
        inside = await acme.post("/v1/keys", json={"name": "bots", "groups": ["acme-bots-*"]})
        assert inside.status_code == 201, inside.text
    assert sorted(k.name for k in runtime.keys.list()) == ["acme-admin", "bots"]
    async with asgi_client(runtime, inside.json()["token"]) as bot:
        assert (await bot.post("/v1/groups/acme-bots-1/search", json={"query": "x"})).is_success
        r = await bot.post("/v1/groups/acme-2/search", json={"query": "x"})
        assert r.status_code == 403


async def test_a_scoped_admin_sees_and_revokes_only_keys_inside_it(
    runtime: ServiceRuntime,
) -> None:
    root = runtime.keys.create(name="root", groups=["*"], admin=True)
    beta = runtime.keys.create(name="beta", groups=["beta-*"])
    mixed = runtime.keys.create(name="mixed", groups=["acme-1", "beta-1"])
    own = runtime.keys.create(name="acme-bot", groups=["acme-1"])
    scoped = runtime.keys.create(name="acme-admin", groups=["acme-*"], admin=True)
    async with asgi_client(runtime, scoped.token) as acme:
        listed = (await acme.get("/v1/keys", params={"include_revoked": True})).json()["keys"]
        assert sorted(k["name"] for k in listed) == ["acme-admin", "acme-bot"]
        for other in (root, beta, mixed):
            r = await acme.delete(f"/v1/keys/{other.key.id}")
            assert r.status_code == 404, r.text  # indistinguishable from a missing key
        assert (await acme.delete(f"/v1/keys/{own.key.id}")).status_code == 200
        assert (await acme.get("/metrics")).status_code == 403  # spans every tenant
    live = {k.name for k in runtime.keys.list()}
    assert live == {"root", "beta", "mixed", "acme-admin"}
    async with asgi_client(runtime, root.token) as ops:
        assert len((await ops.get("/v1/keys")).json()["keys"]) == 4
        assert (await ops.get("/metrics")).status_code == 200


def test_coverage_of_several_patterns() -> None:
    assert covered(["acme-1", "beta-2"], ["acme-*", "beta-*"])
    assert not covered(["acme-1", "gamma"], ["acme-*", "beta-*"])
