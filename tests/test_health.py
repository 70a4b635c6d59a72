"""Issue 11 finding 7: honest health and errors.

``/readyz`` says "not ready" when the store does not answer or the disk is full; the
global queue depth is shown only to an admin key for '*'; error bodies never carry the
server's file paths; ``/docs``, ``/redoc`` and ``/openapi.json`` are a setting.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chronomem.service.limits import Limits
from chronomem.service.readiness import redact
from chronomem.service.runtime import ServiceConfig
from tests.service_helpers import asgi_client, make_runtime

pytestmark = pytest.mark.anyio


async def test_readyz_is_not_ready_when_the_disk_is_full(tmp_path: Path) -> None:
    free_needed = 1 << 62  # more than any disk has: the check compares real free space
    rt = make_runtime(tmp_path / "memory.db", limits=Limits(min_free_disk_bytes=free_needed))
    try:
        async with asgi_client(rt) as anonymous:
            r = await anonymous.get("/readyz")
        assert r.status_code == 503
        assert "disk" in r.json()["detail"] and "full" in r.json()["detail"]
        assert str(tmp_path) not in r.text
    finally:
        rt.close()


async def test_readyz_is_not_ready_when_the_store_does_not_answer(tmp_path: Path) -> None:
    rt = make_runtime(tmp_path / "memory.db")
    try:
        async with asgi_client(rt) as anonymous:
            assert (await anonymous.get("/readyz")).status_code == 200
            rt.memory.store.close()  # the store is gone: every read now fails
            r = await anonymous.get("/readyz")
        assert r.status_code == 503 and "memory store" in r.json()["detail"]
        assert str(tmp_path) not in r.text
    finally:
        rt.close()


async def test_store_errors_carry_no_server_paths(tmp_path: Path) -> None:
    rt = make_runtime(tmp_path / "memory.db")
    token = rt.keys.create(name="t", groups=["*"]).token
    try:
        rt.memory.store.close()
        async with asgi_client(rt, token) as client:
            r = await client.post("/v1/groups/g/search", json={"query": "Alice"})
        assert r.status_code < 600 and r.status_code != 200
        assert str(tmp_path) not in r.text and "memory.db" not in r.text
        assert "<memory database>" in r.json()["detail"]
    finally:
        rt.close()


def test_redact_hides_database_locations() -> None:
    config = ServiceConfig(db="/srv/data/memory.db", queue_db="sqlite:////srv/q/queue.db")
    text = "SQLiteStore('/srv/data/memory.db') failed; queue /srv/q/queue.db; dir /srv/data"
    out = redact(text, config)
    assert "/srv" not in out and "<memory database>" in out and "<service database>" in out
    url = ServiceConfig(db="falkordb://:s3cret@10.0.0.5:6379", queue_db="q.db")
    assert "s3cret" not in redact("cannot reach falkordb://:s3cret@10.0.0.5:6379", url)


async def test_queue_depth_is_for_global_admins_only(tmp_path: Path) -> None:
    rt = make_runtime(tmp_path / "memory.db")
    root = rt.keys.create(name="root", groups=["*"], admin=True).token
    scoped = rt.keys.create(name="acme", groups=["acme-*"], admin=True).token
    try:
        for token, shows in ((None, False), (scoped, False), ("cmk_forged", False), (root, True)):
            async with asgi_client(rt, token) as client:
                body = (await client.get("/readyz")).json()
            assert body["status"] == "ready"
            assert ("queued" in body["queue"]) is shows, token
    finally:
        rt.close()


@pytest.mark.parametrize("docs", [True, False])
async def test_docs_exposure_is_a_setting(tmp_path: Path, docs: bool) -> None:
    rt = make_runtime(tmp_path / "memory.db", docs=docs)
    try:
        async with asgi_client(rt) as anonymous:
            for path in ("/docs", "/redoc", "/openapi.json"):
                status = (await anonymous.get(path)).status_code
                assert status == (200 if docs else 404), (path, status)
            assert (await anonymous.get("/readyz")).status_code == 200
    finally:
        rt.close()
