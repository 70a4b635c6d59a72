"""``Memory.context`` latency on a 400-turn group of long turns (issue 21: p95 ≤ 50 ms CPU).

    cd bench && PYTHONPATH=../src nice ../.venv/bin/python context_speed.py \
        --turns 400 --rounds 10 --json results/context_speed.json

Ingests ``--turns`` generated user/assistant turns of about 550 tokens with markdown and
code (``ingest_corpus.long_turns``) into a fresh SQLite file with the default local
embedder, then calls ``Memory.context`` at the default budget for questions of every kind
(a lookup, a history, an order, an aggregation, a preference, an open question), ``--rounds``
times each after one warm-up round. Each call is timed in wall time and in the process's
CPU time (query embedding included); reported: p50 / p95 / max of both and the load average.
``--cold`` drops the turn readings the context builder keeps between questions
(``search/kept.py``) before every call: each call then reads its turns as if no earlier
question had examined them (the first question over a group). ``--call search`` times
``Memory.search`` instead (the default recipe, limit 10).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from ingest_corpus import long_turns

from chronomem import EpisodeInput, Memory

QUESTIONS = (
    "Where does Maya live now?",
    "In what order did I bring up the database migration and the caching layer?",
    "How did my plans for the release change over time?",
    "How many times did I ask about testing across my sessions?",
    "What would you suggest for my code review style, given what I prefer?",
    "What did we decide about the deployment pipeline?",
)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "p50": round(statistics.median(values), 1),
        "p95": round(percentile(values, 0.95), 1),
        "max": round(max(values), 1),
    }


def timed_calls(
    memory: Memory,
    rounds: int,
    profiler: cProfile.Profile | None,
    cold: bool = False,
    call: str = "context",
) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of each ``Memory.context`` (``call="search"``:
    ``Memory.search``) call after a warm-up round."""
    method = memory.search if call == "search" else memory.context
    wall: list[float] = []
    cpu: list[float] = []
    for round_ in range(rounds + 1):
        for question in QUESTIONS:
            if cold:
                memory._context.kept.forget()
            if profiler is not None and round_:
                profiler.enable()
            w, c = time.perf_counter(), time.process_time()
            method(question, group_id="chat")
            if round_:  # round 0 warms caches up
                wall.append((time.perf_counter() - w) * 1000)
                cpu.append((time.process_time() - c) * 1000)
            if profiler is not None:
                profiler.disable()
    return wall, cpu


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--turns", type=int, default=400)
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--embedder", choices=("local", "hash"), default="local")
    p.add_argument("--json", type=Path)
    p.add_argument("--db", type=Path, help="keep the ingested group in this file and reuse it")
    p.add_argument("--profile", type=Path, help="write a cProfile of the timed calls here")
    p.add_argument("--cold", action="store_true", help="drop the kept turn readings per call")
    p.add_argument("--call", choices=("context", "search"), default="context")
    args = p.parse_args()
    if args.embedder == "hash":
        from chronomem.testing import HashEmbedder

        embedder = HashEmbedder()
    else:
        from chronomem.providers.local import LocalEmbedder

        embedder = LocalEmbedder()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or Path(tmp) / "speed.db"
        fresh = not db.exists()
        memory = Memory(str(db), embedder=embedder)
        started = time.perf_counter()
        if fresh:
            memory.add_episodes(
                EpisodeInput(content=text, group_id="chat", reference_time=when, source="message")
                for when, text in long_turns(args.turns)
            )
        ingest_s = time.perf_counter() - started
        load0 = os.getloadavg()[0]
        profiler = cProfile.Profile() if args.profile else None
        wall, cpu = timed_calls(memory, args.rounds, profiler, args.cold, args.call)
        if profiler is not None:
            profiler.dump_stats(str(args.profile))
        memory.close()
    result = {
        "turns": args.turns,
        "calls": len(wall),
        "embedder": args.embedder,
        "call": args.call,
        "cold": args.cold,
        "ingest_s": round(ingest_s, 1) if fresh else None,
        "wall_ms": summary(wall),
        "cpu_ms": summary(cpu),
        "loadavg_1m": {"start": load0, "end": os.getloadavg()[0]},
        "cores": os.cpu_count(),
    }
    print(json.dumps(result, indent=1))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
