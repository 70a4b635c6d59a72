"""Ingestion throughput: short chat turns, long assistant-style turns, cost versus group size.

    PYTHONPATH=src .venv/bin/python bench/ingest_throughput.py \
        --data ../shared/data/locomo/locomo10.json --json bench/results/ingest_throughput.json \
        [--baseline-src /tmp/chronomem-main/src]

Phases, each in its own process (so peak RSS is per phase), with the rule extractor and the
default local embedder (``--embedder hash`` for the pipeline alone):

* ``short``: LoCoMo conversation 1 (read by path, never copied), each turn one message
  episode, one ``Memory.add_episodes`` call into a fresh SQLite file;
* ``calls``: the same turns as ``short``, one ``Memory.add_episode`` call per message (as a
  chat app adds them): the cost of a call's own reads (context, held values);
* ``long``: generated user/assistant turns of about 550 tokens with markdown lists and code
  blocks (``bench/ingest_corpus.py``, deterministic, no external data);
* ``growth``: one group grown with generated short turns; the ms per episode of a window of
  ``--window`` episodes ingested at 100, 1k and 10k stored episodes (``--sizes``).
  ``per_episode_growth`` = ms per episode at the largest size / at the smallest.

With ``--baseline-src`` every phase also runs on that source tree (e.g. an export of
``main``), interleaved with the current one, so old and new share the machine's load.
``--no-learned`` runs the current tree with the learned reader's step off (``docs/reader.md``;
on by default since round 8; the baseline tree runs with its own default).
Each phase reports wall and CPU seconds (``time.process_time``) and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
PHASES = ("short", "calls", "long", "growth")


def locomo_turns(path: Path, conversations: int = 1) -> list[tuple[str, datetime, str]]:
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


# -- one phase, in a child process ------------------------------------------------------------
def _memory(path: str, embedder_name: str, learned: bool):  # type: ignore[no-untyped-def]
    from chronomem import Memory
    from chronomem.extractors import RuleExtractor

    if embedder_name == "hash":
        from chronomem.testing import HashEmbedder

        embedder = HashEmbedder()
    else:
        from chronomem.providers.local import LocalEmbedder

        embedder = LocalEmbedder()
    embedder.embed_batch(["warm up"])  # model load is not ingest time
    extractor = None if learned else RuleExtractor(embedder, learned=False)
    return Memory(path, embedder=embedder, extractor=extractor)


def _timed_add(memory, items) -> dict[str, float]:  # type: ignore[no-untyped-def]
    wall, cpu = time.perf_counter(), time.process_time()
    memory.add_episodes(items)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "episodes": len(items),
        "wall_s": round(wall, 3),
        "cpu_s": round(cpu, 3),
        "episodes_per_s": round(len(items) / wall, 1),
        "episodes_per_cpu_s": round(len(items) / cpu, 1),
    }


def _timed_calls(memory, items) -> dict[str, float]:  # type: ignore[no-untyped-def]
    wall, cpu = time.perf_counter(), time.process_time()
    for item in items:
        memory.add_episode(item.content, group_id=item.group_id, reference_time=item.reference_time)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "episodes": len(items),
        "wall_s": round(wall, 3),
        "cpu_s": round(cpu, 3),
        "cpu_ms_per_call": round(1000 * cpu / len(items), 2),
    }


def _items(turns: Sequence[tuple[str, datetime, str]]) -> list[object]:
    from chronomem import EpisodeInput

    return [
        EpisodeInput(content=text, group_id=g, reference_time=ref.replace(second=i % 60))
        for i, (g, ref, text) in enumerate(turns)
    ]


def run_phase(phase: str, args: argparse.Namespace, db: str) -> dict[str, object]:
    sys.path.insert(0, str(HERE))
    from ingest_corpus import long_turns, short_turns

    load = os.getloadavg()
    with _memory(db, args.embedder, not args.no_learned) as memory:
        if phase == "short":
            out: dict[str, object] = _timed_add(memory, _items(locomo_turns(args.data)))
        elif phase == "calls":
            out = _timed_calls(memory, _items(locomo_turns(args.data)))
        elif phase == "long":
            turns = [("long", ref, text) for ref, text in long_turns(args.long)]
            out = _timed_add(memory, _items(turns))
        else:
            turns = [
                ("grow", ref, text) for ref, text in short_turns(max(args.sizes) + args.window)
            ]
            items, done, windows = _items(turns), 0, {}
            for size in sorted(args.sizes):
                memory.add_episodes(items[done:size])  # grow, untimed
                window = _timed_add(memory, items[size : size + args.window])
                done = size + args.window
                windows[str(size)] = {
                    "ms_per_episode": round(1000 * window["wall_s"] / args.window, 2),
                    "cpu_ms_per_episode": round(1000 * window["cpu_s"] / args.window, 2),
                }
            first, last = windows[str(min(args.sizes))], windows[str(max(args.sizes))]
            out = {
                "windows": windows,
                "per_episode_growth": round(last["ms_per_episode"] / first["ms_per_episode"], 2),
                "per_episode_growth_cpu": round(
                    last["cpu_ms_per_episode"] / first["cpu_ms_per_episode"], 2
                ),
            }
    out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    out["loadavg_start"] = [round(x, 1) for x in load]
    out["loadavg_end"] = [round(x, 1) for x in os.getloadavg()]
    return out


# -- the parent: phases in child processes, current and baseline interleaved ----------------
def _child(phase: str, src: Path, argv: list[str]) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, __file__, *argv, "--phase", phase, "--db", f"{tmp}/bench.db"]
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1:] or ["failed"]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def _argv(args: argparse.Namespace, sizes: Sequence[int]) -> list[str]:
    return [
        "--data", str(args.data), "--long", str(args.long), "--window", str(args.window),
        "--embedder", args.embedder, "--sizes", *map(str, sizes),
    ]  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--data", type=Path, default=Path("../shared/data/locomo/locomo10.json"))
    ap.add_argument("--long", type=int, default=200, help="long turns to ingest")
    ap.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    ap.add_argument("--window", type=int, default=100, help="episodes timed at each size")
    ap.add_argument("--embedder", choices=["local", "hash"], default="local")
    ap.add_argument("--phases", nargs="+", choices=PHASES, default=list(PHASES))
    ap.add_argument("--baseline-src", type=Path, help="also run each phase on this src tree")
    ap.add_argument("--baseline-phases", nargs="+", choices=PHASES)
    ap.add_argument("--baseline-sizes", type=int, nargs="+", help="default: --sizes")
    ap.add_argument("--no-learned", action="store_true", help="current tree: the learned step off")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--phase", choices=PHASES, help=argparse.SUPPRESS)
    ap.add_argument("--db", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.phase:
        print(json.dumps(run_phase(args.phase, args, args.db)))
        return
    runs: dict[str, dict[str, object]] = {"current": {}}
    trees = {"current": HERE.parent / "src"}
    if args.baseline_src:
        runs["baseline"], trees["baseline"] = {}, args.baseline_src
    for phase in args.phases:
        for name, src in trees.items():
            if name == "baseline" and phase not in (args.baseline_phases or args.phases):
                continue
            print(f"{name}: {phase} ...", file=sys.stderr, flush=True)
            sizes = args.sizes if name == "current" else (args.baseline_sizes or args.sizes)
            learned = ["--no-learned"] if args.no_learned and name == "current" else []
            runs[name][phase] = _child(phase, src, [*_argv(args, sizes), *learned])
            print(json.dumps(runs[name][phase]), file=sys.stderr, flush=True)
    now = runs["current"]
    result: dict[str, object] = {
        "machine": f"{platform.node()} {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "loadavg": [round(x, 1) for x in os.getloadavg()],
        "embedder": args.embedder,
        "learned": not args.no_learned,
        "short_episodes_per_s": now.get("short", {}).get("episodes_per_s"),
        "long_episodes_per_s": now.get("long", {}).get("episodes_per_s"),
        "per_episode_growth": now.get("growth", {}).get("per_episode_growth"),
        "peak_rss_mb": max((p.get("peak_rss_mb", 0) for p in now.values()), default=None),
        "runs": runs,
    }
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
