"""How long the write that moves a packed FalkorDB group to its own graph takes.

Five groups of 400 facts (200 entities, 100 episodes) each get a further 200 facts: that
write crosses 500 facts, so a packed group moves out (copy, publish, clear) and its own
graph gets its indexes; with ``buckets=0`` the same write only creates the indexes. Both
on one private server, one after the other; medians of wall and client CPU time.

    PYTHONPATH=src .venv/bin/python bench/falkordb_moveout.py
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from falkordb_footprint import Vectors, _batch

from chronomem.stores.falkordb import FalkorDBServer, FalkorDBStore


def main() -> None:
    result: dict[str, object] = {}
    with FalkorDBServer.start(threads=2) as server:
        for layout, buckets in (("packed", 16), ("own", 0)):
            store = FalkorDBStore.from_url(f"{server.url}/m{layout}?buckets={buckets}")
            store.bind_embedder("clustered", 384)
            vectors = Vectors(real=False, dim=384)
            wall, cpu = [], []
            for g in range(5):
                store.apply(_batch(f"g{g}", 0, 400, vectors))  # below 500 of every label
                started, cpu_started = time.perf_counter(), time.process_time()
                store.apply(_batch(f"g{g}", 400, 200, vectors))  # crosses 500 facts
                wall.append(time.perf_counter() - started)
                cpu.append(time.process_time() - cpu_started)
                assert not store.scope(f"g{g}").packed
            result[layout] = {
                "crossing_write_s_median": round(statistics.median(wall), 3),
                "client_cpu_s_median": round(statistics.median(cpu), 3),
            }
            store.close()
    result["load_average"] = os.getloadavg()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
