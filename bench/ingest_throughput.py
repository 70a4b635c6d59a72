"""Offline ingest throughput: LoCoMo turns through the default pipeline, real embedder.

    .venv/bin/python bench/ingest_throughput.py --data ../shared/data/locomo/locomo10.json \
        --conversations 1 --json bench/results/ingest_throughput.json

Each turn is one message episode ("Speaker: text", session time as reference_time), ingested
into a fresh SQLite file with the rule extractor and the local all-MiniLM-L6-v2 embedder, one
transaction per episode, in two modes: one ``Memory.add_episode`` call per turn (per-episode
latency), and one ``Memory.add_episodes`` call for all (batched embedding). Reports episodes/s
for both.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from chronomem import EpisodeInput, Memory
from chronomem.providers.local import LocalEmbedder


def locomo_turns(path: Path, conversations: int) -> list[tuple[str, datetime, str]]:
    data = json.loads(path.read_text())
    out = []
    for sample in data[:conversations]:
        conv = sample["conversation"]
        n = 1
        while f"session_{n}" in conv or f"session_{n}_date_time" in conv:
            turns = conv.get(f"session_{n}") or []
            when = conv.get(f"session_{n}_date_time")
            if turns and when:
                ref = datetime.strptime(when, "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)
                for turn in turns:
                    text = turn["text"]
                    if turn.get("blip_caption"):
                        text += f" [shares a photo: {turn['blip_caption']}]"
                    out.append((sample["sample_id"], ref, f"{turn['speaker']}: {text}"))
            n += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--data", type=Path, default=Path("../shared/data/locomo/locomo10.json"))
    ap.add_argument("--conversations", type=int, default=1)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    turns = locomo_turns(args.data, args.conversations)
    embedder = LocalEmbedder()
    embedder.embed_batch(["warm up"])  # model load is not ingest time
    with tempfile.TemporaryDirectory() as tmp:
        with Memory(str(Path(tmp) / "one.db"), embedder=LocalEmbedder()) as memory:
            memory.embedder.embed_batch(["warm up"])
            latencies = []
            start = time.perf_counter()
            for i, (group, ref, text) in enumerate(turns):
                t0 = time.perf_counter()
                memory.add_episode(text, group_id=group, reference_time=ref.replace(second=i % 60))
                latencies.append(time.perf_counter() - t0)
            one_by_one = time.perf_counter() - start
        with Memory(str(Path(tmp) / "bulk.db"), embedder=embedder) as memory:
            items = [
                EpisodeInput(content=text, group_id=g, reference_time=ref.replace(second=i % 60))
                for i, (g, ref, text) in enumerate(turns)
            ]
            start = time.perf_counter()
            memory.add_episodes(items)
            bulk = time.perf_counter() - start
    latencies.sort()
    result = {
        "machine": f"{platform.node()} {platform.processor() or platform.machine()}, 2 cores",
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "load_average": [round(x, 1) for x in os.getloadavg()],
        "episodes": len(turns),
        "add_episode": {
            "wall_s": round(one_by_one, 2),
            "episodes_per_s": round(len(turns) / one_by_one, 1),
            "latency_ms_p50": round(1000 * statistics.median(latencies), 2),
            "latency_ms_p95": round(1000 * latencies[int(0.95 * (len(latencies) - 1))], 2),
        },
        "add_episodes": {"wall_s": round(bulk, 2), "episodes_per_s": round(len(turns) / bulk, 1)},
    }
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
