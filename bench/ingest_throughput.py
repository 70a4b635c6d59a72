"""Offline ingest throughput: LoCoMo turns through the default pipeline, real embedder.

    .venv/bin/python bench/ingest_throughput.py --data ../shared/data/locomo/locomo10.json \
        --conversations 1 --json bench/results/ingest_throughput.json

Each turn is one message episode ("Speaker: text", session time as reference_time), ingested
one by one with ``Memory.add_episode`` into a fresh SQLite file: the rule extractor, the
local all-MiniLM-L6-v2 embedder, one transaction per episode. Reports episodes/s and the
per-episode latency distribution.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from chronomem import Memory
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
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=Path("../shared/data/locomo/locomo10.json"))
    ap.add_argument("--conversations", type=int, default=1)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    turns = locomo_turns(args.data, args.conversations)
    embedder = LocalEmbedder()
    embedder.embed_batch(["warm up"])  # model load is not ingest time
    with tempfile.TemporaryDirectory() as tmp, Memory(str(Path(tmp) / "m.db"), embedder=embedder) as memory:
        latencies = []
        start = time.perf_counter()
        for i, (group, ref, text) in enumerate(turns):
            t0 = time.perf_counter()
            memory.add_episode(text, group_id=group, reference_time=ref.replace(second=i % 60))
            latencies.append(time.perf_counter() - t0)
        wall = time.perf_counter() - start
    latencies.sort()
    result = {
        "machine": f"{platform.node()} {platform.processor() or platform.machine()}, 2 cores",
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "episodes": len(turns),
        "wall_s": round(wall, 2),
        "episodes_per_s": round(len(turns) / wall, 1),
        "latency_ms": {
            "p50": round(1000 * statistics.median(latencies), 2),
            "p95": round(1000 * latencies[int(0.95 * (len(latencies) - 1))], 2),
        },
    }
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
