"""Workers: order per group, tenants in parallel, retries, permanent failures, deletion
while queued, and one worker process per queue."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from chronomem.errors import ProviderHTTPError
from chronomem.intake import EpisodeInput
from chronomem.memory import Memory
from chronomem.ports import EmbedKind, Matrix
from chronomem.service import ServiceConfig, open_runtime
from chronomem.service.queue import Backoff, Status
from chronomem.testing import HashEmbedder
from tests.helpers import t
from tests.service_helpers import make_runtime, wait_idle


class FlakyEmbedder:
    """A real embedder (HashEmbedder) that fails its first ``failures`` calls, like a
    provider having a bad minute."""

    def __init__(self, failures: int) -> None:
        self.inner = HashEmbedder()
        self.failures = failures

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def embed_batch(self, texts: Sequence[str], *, kind: EmbedKind = "document") -> Matrix:
        if self.failures > 0:
            self.failures -= 1
            raise ProviderHTTPError("embedding provider answered 503", status_code=503)
        return self.inner.embed_batch(texts, kind=kind)


def items(group: str, texts: Sequence[str], times: Sequence[str]) -> list[EpisodeInput]:
    return [
        EpisodeInput(content=x, group_id=group, reference_time=t(w))
        for x, w in zip(texts, times, strict=True)
    ]


def test_a_group_is_ingested_in_reference_time_order(tmp_path: Path) -> None:
    rt = make_runtime(tmp_path / "m.db")
    try:
        rt.accept("g1", items("g1", ["Alice: I'm working at Meta now."], ["2024-01-20T09:00"]))
        rt.accept(
            "g1",
            items(
                "g1",
                ["Alice: I just started a new job at Google.", "Alice: I left Google last week."],
                ["2024-01-01T10:00", "2024-01-15T14:00"],
            ),
        )
        rt.start()
        wait_idle(rt)
        stored = rt.memory.recent_episodes(group_id="g1", limit=10)
        assert len(stored) == 3
        rows = rt.queue.list("g1")  # finished_at: when each row was marked done after its write
        by_write = sorted(rows, key=lambda r: r.finished_at or datetime.max.replace(tzinfo=UTC))
        assert [r.reference_time for r in by_write] == sorted(e.reference_time for e in stored)
    finally:
        rt.close()


def test_tenants_written_concurrently_do_not_interfere(tmp_path: Path) -> None:
    rt = make_runtime(tmp_path / "m.db", workers=3)
    rt.start()
    groups = [f"tenant-{n}" for n in range(4)]

    def client(group: str) -> None:
        for n in range(12):
            text = f"{group.title().replace('-', '')}Person{n}: I live in City{group[-1]}x{n}."
            rt.accept(group, items(group, [text], [f"2024-01-01T10:{n:02d}"]))

    threads = [threading.Thread(target=client, args=(g,)) for g in groups]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wait_idle(rt, timeout_s=60)
        for group in groups:
            stored = rt.memory.recent_episodes(group_id=group, limit=100)
            assert len(stored) == 12
            assert all(e.content.startswith(group.title().replace("-", "")) for e in stored)
            found = rt.memory.search("Person lives in City", group_id=group, limit=50)
            assert found.facts and all(f.group_id == group for f in found.facts)
            assert all(f"City{group[-1]}x" in f.fact for f in found.facts)
        assert rt.queue.depth() == {Status.QUEUED: 0, Status.PROCESSING: 0, Status.FAILED: 0}
    finally:
        rt.close()


def test_a_provider_failure_is_retried_until_it_succeeds(tmp_path: Path) -> None:
    config = ServiceConfig(db=str(tmp_path / "m.db"), backoff=Backoff(base_s=0.01, cap_s=0.05))
    rt = open_runtime(config, embedder=FlakyEmbedder(failures=2))
    try:
        (row,) = rt.accept(
            "g1", items("g1", ["Bob: I live in Paris."], ["2024-01-01T00:00"])
        ).episodes
        rt.start()
        wait_idle(rt)
        done = rt.queue.get("g1", row.id)
        assert done is not None and done.status is Status.DONE and done.attempts == 3
        assert "chronomem_episode_retries_total 2" in rt.metrics_text()
    finally:
        rt.close()


def test_an_episode_that_keeps_failing_is_kept_with_its_error(tmp_path: Path) -> None:
    config = ServiceConfig(
        db=str(tmp_path / "m.db"), backoff=Backoff(max_attempts=2, base_s=0.01, cap_s=0.05)
    )
    rt = open_runtime(config, embedder=FlakyEmbedder(failures=1000))
    try:
        (row,) = rt.accept(
            "g1", items("g1", ["Bob: I live in Paris."], ["2024-01-01T00:00"])
        ).episodes
        rt.start()
        wait_idle(rt)
        failed = rt.queue.get("g1", row.id)
        assert failed is not None and failed.status is Status.FAILED
        assert failed.attempts == 2 and "503" in (failed.error or "")
        assert rt.memory.recent_episodes(group_id="g1") == []
    finally:
        rt.close()


def test_a_usage_error_fails_at_once_without_retries(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with Memory(str(path), embedder=HashEmbedder(dimension=64)) as memory:
        memory.add_episode("Bob: hi", group_id="g1", reference_time=t("2024-01-01T00:00"))
    rt = make_runtime(path)  # HashEmbedder(256): the file is bound to the 64-dim model
    try:
        (row,) = rt.accept(
            "g1", items("g1", ["Bob: I live in Paris."], ["2024-01-02T00:00"])
        ).episodes
        rt.start()
        wait_idle(rt)
        failed = rt.queue.get("g1", row.id)
        assert failed is not None and failed.status is Status.FAILED and failed.attempts == 1
        assert "embedding model" in (failed.error or "")
    finally:
        rt.close()


def test_deleting_a_group_drops_what_it_had_queued(tmp_path: Path) -> None:
    rt = make_runtime(tmp_path / "m.db")
    try:
        rt.accept("g1", items("g1", ["Bob: I live in Paris."], ["2024-01-01T00:00"]))
        rt.accept("g2", items("g2", ["Eve: I live in Rome."], ["2024-01-01T00:00"]))
        assert rt.delete_group("g1") == 1
        rt.start()
        wait_idle(rt)
        assert rt.memory.recent_episodes(group_id="g1") == []
        assert len(rt.memory.recent_episodes(group_id="g2")) == 1
    finally:
        rt.close()


def test_one_process_works_a_queue_and_another_takes_over(tmp_path: Path) -> None:
    first = make_runtime(tmp_path / "m.db")
    second = make_runtime(tmp_path / "m.db")
    try:
        first.start()
        wait_idle(first)
        second.start()
        assert first.workers.is_leader and not second.workers.is_leader
        first.close()  # releases the worker lock
        second.accept("g1", items("g1", ["Bob: I live in Paris."], ["2024-01-01T00:00"]))
        wait_idle(second, timeout_s=10)
        assert second.workers.is_leader
        assert len(second.memory.recent_episodes(group_id="g1")) == 1
    finally:
        second.close()


class SlowForEmbedder(HashEmbedder):
    """A real embedder that takes ``delay_s`` for any text containing ``marker`` (a tenant
    whose episodes are slow to ingest)."""

    def __init__(self, marker: str, delay_s: float) -> None:
        super().__init__()
        self.marker, self.delay_s = marker, delay_s

    def embed_batch(self, texts: Sequence[str], *, kind: EmbedKind = "document") -> Matrix:
        if any(self.marker in text for text in texts):
            threading.Event().wait(self.delay_s)
        return super().embed_batch(texts, kind=kind)


def test_a_flooding_tenant_does_not_hold_another_tenants_episode(tmp_path: Path) -> None:
    """One worker, a tenant with 20 slow episodes queued first: the second tenant's episode
    is served after at most the one slow episode in progress (round robin), not after 20."""
    delay = 0.4
    config = ServiceConfig(db=str(tmp_path / "m.db"), workers=1)
    rt = open_runtime(config, embedder=SlowForEmbedder("Floodgate", delay))
    try:
        flood = [f"Floodgate {n}: I moved to Lyon in {2000 + n}." for n in range(20)]
        times = [f"2024-01-01T{n:02d}:00" for n in range(20)]
        rt.accept("flood", items("flood", flood, times))
        rt.start()
        threading.Event().wait(delay / 2)  # the flood is being worked on
        started = time.monotonic()
        (row,) = rt.accept(
            "calm", items("calm", ["Bob: I live in Paris."], ["2024-01-01T00:00"])
        ).episodes
        while (got := rt.queue.get("calm", row.id)) is None or got.status is not Status.DONE:
            assert time.monotonic() - started < 20 * delay, "the calm tenant waited for the flood"
            threading.Event().wait(0.02)
        latency = time.monotonic() - started
        left = sum(r.status is not Status.DONE for r in rt.queue.list("flood", limit=50))
        print(f"calm tenant latency {latency:.2f} s with one worker; flood rows not done {left}")
        assert left >= 10  # it was served while most of the flood still waited
    finally:
        rt.close()
