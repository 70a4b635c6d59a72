"""Issue 22 findings 7 and 9: what a client is told when the store fails.

A store failure is told as what it means for the client -- retry now, or retry once the
operator freed space -- never with the backend's name, address or message (the server log
keeps those). A full disk is a retryable 503 with ``Retry-After``, not a 500 that reads like
a corrupt file.
"""

from __future__ import annotations

import json
import sqlite3
import textwrap
from pathlib import Path

import pytest

from tests.service_helpers import REPO, asgi_client, make_runtime
from tests.test_faults import on_small_disk

pytestmark = pytest.mark.anyio


async def test_an_unreachable_falkordb_is_a_503_that_names_no_backend(tmp_path: Path) -> None:
    pytest.importorskip("falkordb")
    from chronomem.stores.falkordb.server import FalkorDBServer

    server = FalkorDBServer.start()
    host_port = server.url.rsplit("/", 1)[-1].rsplit("@", 1)[-1]
    rt = make_runtime(server.url, queue_db=str(tmp_path / "queue.db"))
    token = rt.keys.create(name="plain", groups=["g"]).token
    try:
        server.stop()  # the backend goes away under a running service
        async with asgi_client(rt, token) as client:
            r = await client.post("/v1/groups/g/search", json={"query": "Alice"})
        assert r.status_code == 503, r.text
        assert r.json()["code"] == "store_busy" and "retry" in r.json()["detail"]
        assert r.headers["Retry-After"].isdigit()
        port = host_port.rsplit(":", 1)[-1]
        for leak in ("FalkorDB", "falkordb", "127.0.0.1", port, "redis"):
            assert leak not in r.text, (leak, r.text)
    finally:
        rt.close()


async def test_a_broken_store_is_a_500_that_names_no_backend(tmp_path: Path) -> None:
    """A file changed behind the service's back (a table dropped): a 500 that points at the
    server log, not at the file or the engine."""
    db = tmp_path / "memory.db"
    rt = make_runtime(db)
    token = rt.keys.create(name="t", groups=["*"]).token
    try:
        async with asgi_client(rt, token) as client:
            r = await client.post(
                "/v1/groups/g/facts", json={"source": "Alice", "relation": "LIKES", "target": "Tea"}
            )
            assert r.status_code == 201, r.text
            outside = sqlite3.connect(db)
            outside.execute("DROP TABLE facts")
            outside.commit()
            outside.close()
            r = await client.get("/v1/groups/g/facts/" + r.json()["facts"][0]["id"])
        assert r.status_code == 500 and r.json()["code"] == "store_error", r.text
        assert "server log" in r.json()["detail"]
        for leak in ("SQLite", "sqlite", "memory.db", str(tmp_path), "no such table"):
            assert leak not in r.text, (leak, r.text)
    finally:
        rt.close()


DISK_FULL_SERVICE = textwrap.dedent(
    """
    import asyncio, json, os, sys
    sys.path.insert(0, sys.argv[2])
    from tests.service_helpers import asgi_client, make_runtime

    root = sys.argv[1]
    rt = make_runtime(os.path.join(root, "memory.db"))
    token = rt.keys.create(name="t", groups=["g"]).token

    async def main():
        out = []
        async with asgi_client(rt, token) as client:
            free = os.statvfs(root).f_bavail * os.statvfs(root).f_frsize
            with open(os.path.join(root, "filler"), "wb") as fh:  # leave about 60 KB
                fh.write(b"x" * max(0, free - 60_000))
            for i in range(400):
                body = {"source": "Alice", "relation": "LIKES", "target": f"Thing {i}",
                        "fact": "Alice likes " + "word " * 300}
                r = await client.post("/v1/groups/g/facts", json=body)
                if r.status_code != 201:
                    out.append({"status": r.status_code, "body": r.json(),
                                "retry_after": r.headers.get("Retry-After")})
                    break
            os.remove(os.path.join(root, "filler"))
            r = await client.post("/v1/groups/g/facts", json=body)
            out.append({"status": r.status_code})
        print(json.dumps(out))

    asyncio.run(main())
    rt.close()
    """
)


def test_a_full_disk_is_a_retryable_503_and_the_retry_succeeds(tmp_path: Path) -> None:
    """A 4 MiB tmpfs filled until a write fails: 503 ``store_full`` with Retry-After and no
    path; after space is freed the same request succeeds."""
    failed, retried = on_small_disk(tmp_path, DISK_FULL_SERVICE, str(REPO))  # type: ignore[misc]
    mount = tmp_path / "small"
    assert failed["status"] == 503, failed
    assert failed["body"]["code"] == "store_full" and "space" in failed["body"]["detail"]
    assert failed["retry_after"] and failed["retry_after"].isdigit()
    assert str(mount) not in json.dumps(failed)
    assert retried["status"] == 201


async def test_every_answer_carries_the_security_headers(tmp_path: Path) -> None:
    """Issue 22 finding 8: no sniffing, no framing anywhere; a strict policy on the page."""
    rt = make_runtime(tmp_path / "memory.db")
    try:
        async with asgi_client(rt) as client:
            answers = {
                "/ui/": await client.get("/ui/"),
                "/healthz": await client.get("/healthz"),
                "refused": await client.get("/v1/groups/g/facts/x"),  # no key: 401
            }
        for where, r in answers.items():
            assert r.headers["x-content-type-options"] == "nosniff", where
            assert r.headers["x-frame-options"] == "DENY", where
            assert "frame-ancestors 'none'" in r.headers["content-security-policy"], where
        page = answers["/ui/"].headers["content-security-policy"]
        directives = dict(d.strip().split(" ", 1) for d in page.split(";"))
        assert directives["script-src"] == "'self'"  # no inline or third-party script
        assert "object-src 'none'" in page
    finally:
        rt.close()
