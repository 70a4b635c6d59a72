"""Workers ingest a group's queued episodes as runs through the engine's bulk path (the next
chunk prepared while one is written): order per group, failures that hold only their own
group, and a run that gives way to another group."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from chronomem.engine.batches import FIRST_CHUNK
from chronomem.errors import ProviderHTTPError
from chronomem.intake import EpisodeInput
from chronomem.model import Episode
from chronomem.ports import EmbedKind, Matrix
from chronomem.service import ServiceConfig, ServiceRuntime, open_runtime
from chronomem.service.queue import Backoff, Status
from chronomem.testing import HashEmbedder
from tests.service_helpers import make_runtime, wait_idle

START = datetime(2024, 1, 1, tzinfo=UTC)


def turns(group: str, count: int) -> list[EpisodeInput]:
    return [
        EpisodeInput(
            content=f"Person{n}: I moved to Town{n} and started at Firm{n}.",
            group_id=group,
            reference_time=START + timedelta(minutes=n),
        )
        for n in range(count)
    ]


def spy_runs(rt: ServiceRuntime) -> list[list[Episode]]:
    """Record each run the workers hand to the Ingestor (the real one still does the work)."""
    runs: list[list[Episode]] = []
    ingestor = rt.memory.ingestor
    real = ingestor.add_accepted

    def recording(episodes, **options):  # type: ignore[no-untyped-def]
        runs.append(list(episodes))
        return real(episodes, **options)

    ingestor.add_accepted = recording  # type: ignore[method-assign]
    return runs


def write_order(rt: ServiceRuntime, group: str) -> list[datetime]:
    """The group's reference times in the order their rows were marked done."""
    rows = [r for r in rt.queue.list(group, limit=500) if r.status is Status.DONE]
    return [r.reference_time for r in sorted(rows, key=lambda r: r.finished_at)]  # type: ignore[arg-type,return-value]


def test_groups_ingested_as_runs_keep_their_order(tmp_path: Path) -> None:
    rt = make_runtime(tmp_path / "m.db", workers=3)
    runs = spy_runs(rt)
    groups = ["g-a", "g-b", "g-c"]
    try:
        for group in groups:  # accepted out of order, in several requests
            mixed = turns(group, 60)
            random.Random(group).shuffle(mixed)
            for k in range(0, 60, 20):
                rt.accept(group, mixed[k : k + 20])
        rt.start()
        wait_idle(rt, timeout_s=120)
        for group in groups:
            order = write_order(rt, group)
            assert len(order) == 60 and order == sorted(order)
            assert len(rt.memory.recent_episodes(group_id=group, limit=100)) == 60
        assert max(len(r) for r in runs) > FIRST_CHUNK  # a run spans more than one chunk
        assert all(len({e.group_id for e in r}) == 1 for r in runs)  # never two groups
    finally:
        rt.close()


class FailsOn(HashEmbedder):
    """A real embedder whose provider refuses any batch holding ``marker`` (503)."""

    def __init__(self, marker: str) -> None:
        super().__init__()
        self.marker = marker

    def embed_batch(self, texts: Sequence[str], *, kind: EmbedKind = "document") -> Matrix:
        if any(self.marker in text for text in texts):
            raise ProviderHTTPError("embedding provider answered 503", status_code=503)
        return super().embed_batch(texts, kind=kind)


def test_a_failure_inside_a_run_holds_only_its_own_group(tmp_path: Path) -> None:
    config = ServiceConfig(
        db=str(tmp_path / "m.db"), workers=2, backoff=Backoff(max_attempts=2, base_s=0.01)
    )
    rt = open_runtime(config, embedder=FailsOn("Zebra"))
    try:
        bad = turns("bad", 30)
        bad[17] = EpisodeInput("Zoe: I saw a Zebra today.", "bad", bad[17].reference_time)
        rt.accept("bad", bad)
        rt.accept("good", turns("good", 30))
        rt.start()
        deadline = time.monotonic() + 120
        while rt.queue.depth()[Status.FAILED] == 0 or len(write_order(rt, "good")) < 30:
            assert time.monotonic() < deadline, rt.queue.depth()
            threading.Event().wait(0.05)
        threading.Event().wait(0.5)  # the workers would have taken the held rows by now
        rows = {r.reference_time: r for r in rt.queue.list("bad", limit=100)}
        status = [rows[e.reference_time].status for e in bad]
        assert status[:17] == [Status.DONE] * 17
        assert status[17] is Status.FAILED and "503" in (rows[bad[17].reference_time].error or "")
        assert status[18:] == [Status.QUEUED] * 12  # held behind it, in order
        assert all(rows[e.reference_time].attempts == 0 for e in bad[18:])  # never tried
        assert len(rt.memory.recent_episodes(group_id="bad", limit=100)) == 17
        good = write_order(rt, "good")
        assert len(good) == 30 and good == sorted(good)
    finally:
        rt.close()


class SlowFor(HashEmbedder):
    """A real embedder that takes ``delay_s`` per text holding ``marker``."""

    def __init__(self, marker: str, delay_s: float) -> None:
        super().__init__()
        self.marker, self.delay_s = marker, delay_s

    def embed_batch(self, texts: Sequence[str], *, kind: EmbedKind = "document") -> Matrix:
        slow = sum(self.marker in text for text in texts)
        if slow:
            threading.Event().wait(self.delay_s * slow)
        return super().embed_batch(texts, kind=kind)


def test_a_run_gives_way_when_another_group_waits_and_no_worker_is_free(
    tmp_path: Path,
) -> None:
    config = ServiceConfig(db=str(tmp_path / "m.db"), workers=1)
    rt = open_runtime(config, embedder=SlowFor("Person", 0.02))
    runs = spy_runs(rt)
    try:
        rt.accept("long", turns("long", 150)[:75])
        rt.accept("long", turns("long", 150)[75:])
        rt.start()
        while not runs:  # the long group's run has started
            threading.Event().wait(0.01)
        (row,) = rt.accept("calm", [EpisodeInput("Bob: I live in Paris.", "calm", START)]).episodes
        wait_idle(rt, timeout_s=120)
        calm = rt.queue.get("calm", row.id)
        assert calm is not None and calm.status is Status.DONE
        long_rows = rt.queue.list("long", limit=500)
        before = sum(r.finished_at < calm.finished_at for r in long_rows)  # type: ignore[operator]
        assert len(runs[0]) == 150 and before < 100  # the run gave way before its end
        order = write_order(rt, "long")
        assert len(order) == 150 and order == sorted(order)
        assert all(r.attempts == 1 for r in long_rows)  # handed back untried, not failed
    finally:
        rt.close()
