"""The service as a real process: ``chronomem keys`` and ``chronomem serve`` over a socket
(uvicorn), and the crash test: SIGKILL mid-ingestion, restart, every accepted episode
ingested exactly once."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from tests.service_helpers import (
    REPO,
    bodies,
    chronomem_command,
    free_port,
    start_server,
    stop,
)

pytestmark = pytest.mark.slow


def create_key(db: Path, *groups: str, admin: bool = False) -> str:
    args = ["keys", "create", "--db", str(db), "--json", "--name", "test"]
    for group in groups:
        args += ["--groups", group]
    if admin:
        args.append("--admin")
    done = subprocess.run(
        chronomem_command(*args), cwd=REPO, capture_output=True, text=True, check=True
    )
    token: str = json.loads(done.stdout)["token"]
    return token


def wait_status(client: httpx.Client, path: str, wanted: str, timeout_s: float = 20) -> dict:  # type: ignore[type-arg]
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        body = client.get(path).json()
        if body.get("status") == wanted:
            return body  # type: ignore[no-any-return]
        time.sleep(0.05)
    raise AssertionError(f"{path} never reached {wanted!r}")


def test_serve_over_a_real_socket(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    token = create_key(db, "acme-*")
    port = free_port()
    log = tmp_path / "serve.log"
    server = start_server(db, port, "--log-level", "info", log=log)
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}) as api:
            r = api.post(
                "/v1/groups/acme-1/episodes",
                json={"content": "Bob: I live in Paris.", "episode_id": "m1"},
            )
            assert r.status_code == 202
            wait_status(api, "/v1/groups/acme-1/episodes/m1", "done")
            found = api.post("/v1/groups/acme-1/search", json={"query": "Where does Bob live?"})
            assert found.json()["facts"][0]["target_name"] == "Paris"
            assert api.get("/v1/groups/beta-1/episodes").status_code == 403
        assert httpx.get(f"{base}/v1/groups/acme-1/episodes").status_code == 401
        server.send_signal(signal.SIGTERM)
        server.wait(15)  # uvicorn shuts down gracefully, then re-raises the signal
        assert "Application shutdown complete" in log.read_text()
    finally:
        stop(server)


def statuses(db: Path) -> dict[str, int]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT status, COUNT(*) FROM service_queue GROUP BY status")
        return dict(rows.fetchall())


def test_sigkill_mid_ingestion_loses_nothing_and_duplicates_nothing(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    token = create_key(db, "*", admin=True)
    port = free_port()
    headers = {"Authorization": f"Bearer {token}"}
    server = start_server(db, port, log=tmp_path / "first.log")
    accepted: dict[str, str] = {}  # episode id -> group
    batches = []
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", headers=headers) as api:
            for n in range(20):  # 4 tenants x 5 batches x 10 episodes = 200
                group = f"tenant-{n % 4}"
                texts = [
                    f"Person{n}x{i}: I moved to Town{n}x{i} and I like Tea{i}." for i in range(10)
                ]
                body = {"episodes": bodies(texts, start=f"2024-02-{1 + n:02d}T09:00:00+00:00")}
                key = {"Idempotency-Key": f"batch-{n}"}
                r = api.post(f"/v1/groups/{group}/episodes/batch", json=body, headers=key)
                assert r.status_code == 202
                accepted.update({e["id"]: group for e in r.json()["episodes"]})
                batches.append((group, body, key, r.json()["episodes"]))
            deadline = time.monotonic() + 30
            while statuses(db).get("done", 0) < 20 and time.monotonic() < deadline:
                time.sleep(0.02)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    finally:
        stop(server)
    assert len(accepted) == 200
    at_kill = statuses(db)
    assert at_kill.get("done", 0) < 200, "the kill came after the end: nothing was tested"

    server = start_server(db, port, log=tmp_path / "second.log")
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", headers=headers) as api:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                queue = api.get("/readyz").json()["queue"]
                if queue["queued"] == 0 and queue["processing"] == 0:
                    break
                time.sleep(0.1)
            for episode_id, group in list(accepted.items())[::20]:
                status = api.get(f"/v1/groups/{group}/episodes/{episode_id}").json()
                assert status["status"] == "done", status
            group, body, key, first = batches[0]  # the client retries a batch after the crash
            again = api.post(f"/v1/groups/{group}/episodes/batch", json=body, headers=key)
            assert again.json()["replayed"] is True
            assert [e["id"] for e in again.json()["episodes"]] == [e["id"] for e in first]
    finally:
        stop(server)

    assert statuses(db) == {"done": 200}
    with sqlite3.connect(db) as conn:
        stored = conn.execute("SELECT group_id, id FROM episodes").fetchall()
    assert len(stored) == 200
    assert {i: g for g, i in stored} == accepted
