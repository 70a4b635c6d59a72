"""Stage ablation: what each reading stage of the rule extractor is worth on the dev sets.

For each set, one traced run of every scenario with all stages on gives the baseline
checks, the CPU each stage spends, and the scenarios in which each stage changed anything
(its hits, the text, or, for the cue and the ties, the clauses embedded). Then, for each
stage, only those scenarios are replayed with the stage off: a scenario where the stage
never changed anything reads exactly the same without it, so this equals a full replay of
the set per stage, at a fraction of the CPU. The embedder is loaded once.

    python bench/ablation.py [--data DIR ...] [--stage NAME ...] [--json out.json]

Prints a Markdown table: per stage, the checks lost (and gained) per set when it is off,
and its CPU seconds in the traced run (which re-reads the earlier turns of every turn
uncached, so the CPU is above that of an ordinary run).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from temporal import default_embedder, is_blind, run_rule
from temporal_data import Scenario, load_scenarios

from chronomem.extractors import RuleExtractor
from chronomem.extractors.rules.pipeline import PIPE_NAMES
from chronomem.extractors.rules.trace import Trace
from chronomem.ports import Embedder

DEV_SETS = ("temporal", "temporal_heldout", "temporal_heldout2", "temporal_heldout3")
DATA = Path(__file__).resolve().parent / "data"


@dataclass(slots=True)
class SetAblation:
    """One set: its baseline, and per stage the checks its absence changes."""

    name: str
    checks: int
    passed: int
    blind: bool
    cpu: dict[str, float] = field(default_factory=dict)
    fired: dict[str, list[str]] = field(default_factory=dict)  # stage -> scenario ids
    lost: dict[str, list[str]] = field(default_factory=dict)  # stage -> "scenario#check"
    gained: dict[str, list[str]] = field(default_factory=dict)


def ablate_set(folder: Path, embedder: Embedder, stages: list[str]) -> SetAblation:
    scenarios = load_scenarios(folder)
    traces: dict[str, Trace] = {}

    def traced(scenario: Scenario) -> RuleExtractor:
        trace = traces[scenario.id] = Trace(timed=True)
        return RuleExtractor(embedder, trace=trace)

    base = run_rule(scenarios, embedder, traced)
    ok = {(r.scenario, r.index): r.ok for r in base}
    out = SetAblation(folder.name, len(base), sum(ok.values()), is_blind(folder))
    cpu: dict[str, float] = defaultdict(float)
    for trace in traces.values():
        for stage, seconds in trace.cpu.items():
            cpu[stage] += seconds
    out.cpu = {s: round(cpu[s], 2) for s in stages if s in cpu}
    for stage in stages:
        ids = sorted(i for i, t in traces.items() if stage in t.fired)
        out.fired[stage] = ids
        if not ids:
            continue
        again = run_rule(
            [s for s in scenarios if s.id in ids],
            embedder,
            lambda _, off=stage: RuleExtractor(embedder, disable=[off]),
        )
        out.lost[stage] = [
            f"{r.scenario}#{r.index}" for r in again if ok[(r.scenario, r.index)] and not r.ok
        ]
        out.gained[stage] = [
            f"{r.scenario}#{r.index}" for r in again if r.ok and not ok[(r.scenario, r.index)]
        ]
        lost, gained = len(out.lost[stage]), len(out.gained[stage])
        print(f"{folder.name} {stage}: {len(ids)} scenarios, -{lost} +{gained}", file=sys.stderr)
    return out


def table(sets: list[SetAblation], stages: list[str]) -> str:
    head = (
        "| stage | " + " | ".join(f"{s.name} lost (gained)" for s in sets) + " | fired in | CPU s |"
    )
    rule = "|---" * (len(sets) + 3) + "|"
    rows = [head, rule]
    for stage in stages:
        cells = []
        for s in sets:
            lost, gained = len(s.lost.get(stage, [])), len(s.gained.get(stage, []))
            cells.append(f"{lost}" + (f" (+{gained})" if gained else ""))
        fired = sum(len(s.fired.get(stage, [])) for s in sets)
        cpu = sum(s.cpu.get(stage, 0.0) for s in sets)
        rows.append(f"| {stage} | " + " | ".join(cells) + f" | {fired} | {cpu:.2f} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data",
        action="append",
        type=Path,
        metavar="DIR",
        help="a set (repeatable; default: the four dev sets)",
    )
    parser.add_argument(
        "--stage",
        action="append",
        choices=PIPE_NAMES,
        metavar="NAME",
        help="only these stages (repeatable)",
    )
    parser.add_argument("--json", type=Path, help="write the full report here")
    args = parser.parse_args(argv)
    folders = args.data or [DATA / name for name in DEV_SETS]
    stages = args.stage or list(PIPE_NAMES)
    embedder = default_embedder()
    started, cpu = time.perf_counter(), time.process_time()
    sets = [ablate_set(folder, embedder, stages) for folder in folders]
    print(", ".join(f"{s.name} {s.passed}/{s.checks}" for s in sets) + " with every stage on")
    print(table(sets, stages))
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    load = [round(x, 2) for x in os.getloadavg()]
    print(f"\n{seconds:.0f} s wall, {cpu:.0f} s CPU, load {load}, embedder {embedder.name}")
    if args.json:
        report = {
            "sets": [vars_of(s) for s in sets],
            "seconds": round(seconds, 1),
            "cpu_seconds": round(cpu, 1),
            "loadavg": load,
        }
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    return 0


def vars_of(s: SetAblation) -> dict[str, object]:
    """The report of one set; a blind set's gives counts, never its scenario or check ids."""
    report: dict[str, object] = {name: getattr(s, name) for name in s.__slots__}
    if s.blind:
        for name in ("fired", "lost", "gained"):
            report[name] = {stage: len(ids) for stage, ids in getattr(s, name).items()}
    return report


if __name__ == "__main__":
    raise SystemExit(main())
