"""A second tenant's latency while the first floods the service queue: round robin (now)
versus oldest-waiting-group-first (before), side by side in one run.

    .venv/bin/python bench/queue_fairness.py

One worker thread; tenant "flood" queues 20 episodes that take 0.4 s each to embed (a slow
embedder for that tenant); 0.2 s later tenant "calm" sends one episode. Prints the time
from its acceptance until it is ``done``.
"""

from __future__ import annotations

import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.test_service_workers import SlowForEmbedder, items

from chronomem.service import ServiceConfig, open_runtime
from chronomem.service.queue import IngestQueue, Status

DELAY_S = 0.4


def calm_latency() -> float:
    with tempfile.TemporaryDirectory() as tmp:
        config = ServiceConfig(db=str(Path(tmp) / "m.db"), workers=1)
        rt = open_runtime(config, embedder=SlowForEmbedder("Floodgate", DELAY_S))
        try:
            flood = [f"Floodgate {n}: I moved to Lyon in {2000 + n}." for n in range(20)]
            rt.accept("flood", items("flood", flood, [f"2024-01-01T{n:02d}:00" for n in range(20)]))
            rt.start()
            threading.Event().wait(DELAY_S / 2)
            started = time.monotonic()
            calm = items("calm", ["Bob: I live in Paris."], ["2024-01-01T00:00"])
            (row,) = rt.accept("calm", calm).episodes
            while (got := rt.queue.get("calm", row.id)) is None or got.status is not Status.DONE:
                time.sleep(0.02)
            return time.monotonic() - started
        finally:
            rt.close()


def main() -> None:
    now = calm_latency()
    IngestQueue._note_served = lambda self, group, waiting: None  # type: ignore[method-assign]
    before = calm_latency()  # every group at tick 0: the oldest waiting group goes first
    print(f"calm tenant latency: round robin {now:.2f} s; oldest group first {before:.2f} s")


if __name__ == "__main__":
    main()
