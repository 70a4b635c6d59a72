"""Temporal truth benchmark: does the memory know what is true now, then, and when it changed?

Scenarios (``bench/data/temporal/*.jsonl``, format in that folder's README) are short chats in
everyday language. Each is replayed through the public API — ``chronomem.Memory`` on a fresh
SQLite file, the default rule extractor and the real default embedder — with a manual clock
set to each message's time before it is added (each message is learned when it is said; out-
of-order scenarios are ingested in their ``ingest_order``). Then its checks are asked.

Reports the rule path's check accuracy, overall and per category, and for the LLM path (the
fake OpenAI-compatible server over real HTTP, see ``temporal_llm.py``) the contradiction-
candidate recall.

    python bench/temporal.py [--subset fast] [--json out.json] [--verbose] [--category X]
        [--no-llm] [--scenario ID] [--data DIR] [--disable STAGE ...] [--no-learned]

``--data DIR`` reads the scenarios from another folder of the same format (for example the
held-out set ``bench/data/temporal_heldout``, which must never be used to tune the extractor).
``--disable STAGE`` switches a reading stage of the rule extractor off (an ablation; see
``bench/ablation.py`` for all stages at once). ``--no-learned`` switches the learned
reader's step (``docs/reader.md``, on by default) off.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
import traceback
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from temporal_checks import Outcome, evaluate
from temporal_data import CATEGORIES, DATA, Check, Message, Scenario, load_scenarios

from chronomem import Memory
from chronomem.errors import UsageError
from chronomem.extractors import RuleExtractor
from chronomem.ports import Embedder, Extractor
from chronomem.testing import ManualClock


@dataclass(frozen=True, slots=True)
class CheckResult:
    scenario: str
    index: int
    category: str
    kind: str
    ok: bool
    detail: str
    check: str  # a one-line description


OnMessage = Callable[[Scenario, Message, datetime], None]


def default_embedder() -> Embedder:
    """The embedder ``Memory(path)`` picks by default (the real local model when installed)."""
    with Memory() as probe:
        return probe.embedder


@contextmanager
def replayed(
    scenario: Scenario,
    embedder: Embedder,
    workdir: Path,
    *,
    llm: object | None = None,
    on_message: OnMessage | None = None,
    extractor: Extractor | None = None,
) -> Iterator[Memory]:
    """A fresh memory with the scenario ingested, its clock standing at ``scenario.now``
    (``extractor``: else the default for ``llm``)."""
    learned = scenario.learned_times()
    clock = ManualClock(learned[scenario.ingest_order[0]])
    path = workdir / f"{scenario.group_id}-{'llm' if llm else 'rule'}.db"
    memory = Memory(str(path), embedder=embedder, clock=clock, llm=llm, extractor=extractor)  # type: ignore[arg-type]
    try:
        for i in scenario.ingest_order:
            message = scenario.messages[i]
            clock.set(learned[i])
            if on_message is not None:
                on_message(scenario, message, learned[i])
            memory.add_episode(
                message.episode_text,
                group_id=scenario.group_id,
                reference_time=message.time,
                source="message",
                source_description=f"chat, {message.role} turn",
            )
        clock.set(scenario.now)
        yield memory
    finally:
        memory.close()
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)


def describe(check: Check) -> str:
    """The check's fields that differ from their defaults, as one line of JSON."""
    defaults = {f.name: f.default for f in fields(Check)}
    shown = {k: v for k, v in vars_of(check).items() if k != "category" and v != defaults.get(k)}
    return json.dumps(shown, default=str, ensure_ascii=False)


def vars_of(obj: object) -> dict[str, object]:
    return {name: getattr(obj, name) for name in getattr(obj, "__slots__", ())}


def judge(scenario: Scenario, memory: Memory) -> list[CheckResult]:
    out: list[CheckResult] = []
    for n, check in enumerate(scenario.checks):
        try:
            outcome = evaluate(check, memory, scenario)
        except Exception as exc:  # a crash in a check is that check's failure
            outcome = Outcome(False, f"check raised {type(exc).__name__}: {exc}")
        out.append(
            CheckResult(
                scenario.id,
                n,
                check.category,
                check.kind,
                outcome.ok,
                outcome.detail,
                describe(check),
            )
        )
    return out


def failed_all(scenario: Scenario, error: str) -> list[CheckResult]:
    return [
        CheckResult(scenario.id, n, c.category, c.kind, False, error, describe(c))
        for n, c in enumerate(scenario.checks)
    ]


def run_rule(
    scenarios: list[Scenario],
    embedder: Embedder,
    extractor: Callable[[Scenario], Extractor] | None = None,
) -> list[CheckResult]:
    """Replay every scenario on the rule path and run its checks (``extractor``: makes
    the extractor of each scenario; else the default one)."""
    results: list[CheckResult] = []
    with tempfile.TemporaryDirectory(prefix="temporal-bench-") as tmp:
        for scenario in scenarios:
            made = extractor(scenario) if extractor is not None else None
            try:
                with replayed(scenario, embedder, Path(tmp), extractor=made) as memory:
                    results += judge(scenario, memory)
            except Exception as exc:  # an ingestion crash fails the scenario, not the run
                error = f"ingestion raised {type(exc).__name__}: {exc}"
                traceback.print_exc(file=sys.stderr)
                results += failed_all(scenario, error)
    return results


def summarize(results: list[CheckResult]) -> dict[str, object]:
    by: dict[str, list[bool]] = defaultdict(list)
    for r in results:
        by[r.category].append(r.ok)
    passed = sum(r.ok for r in results)
    return {
        "accuracy": round(passed / len(results), 4) if results else None,
        "passed": passed,
        "checks": len(results),
        "scenarios": len({r.scenario for r in results}),
        "by_category": {
            c: {"accuracy": round(sum(v) / len(v), 4), "passed": sum(v), "checks": len(v)}
            for c in CATEGORIES
            if (v := by.get(c))
        },
    }


def run_llm(scenarios: list[Scenario], embedder: Embedder) -> dict[str, object]:
    """Contradiction-candidate recall on the LLM path (fake server, real HTTP client)."""
    from temporal_llm import Recall, ReplayOracle

    from chronomem.providers.openai_compatible import OpenAICompatibleLLM
    from chronomem.testing.fake_openai import FakeOpenAIServer

    oracle = ReplayOracle()
    recall = Recall()
    asked = 0
    with FakeOpenAIServer(auto_answer=oracle) as server, tempfile.TemporaryDirectory() as tmp:
        llm = OpenAICompatibleLLM(model="fake", base_url=server.base_url, api_key="fake")
        for scenario in scenarios:
            server.reset()
            oracle.start_scenario()
            try:
                asked += _recall_one(scenario, embedder, Path(tmp), llm, server, oracle, recall)
            except Exception as exc:
                traceback.print_exc(file=sys.stderr)
                recall.misses.append(f"{scenario.id}: ingestion raised {exc!r}")
    value = recall.value
    return {
        "candidate_recall": round(value, 4) if value is not None else None,
        "hits": recall.hits,
        "applicable_checks": recall.applicable,
        "not_applicable_checks": recall.not_applicable,
        "no_competing_fact_checks": recall.no_competing_fact,
        "fact_questions": asked,
        "misses": recall.misses,
    }


def _recall_one(
    scenario: Scenario,
    embedder: Embedder,
    workdir: Path,
    llm: Any,
    server: Any,
    oracle: Any,
    recall: Any,
) -> int:
    """Replay one scenario on the LLM path and add its checks to ``recall``."""
    from temporal_llm import score_recall

    marks: list[tuple[int, int]] = []  # (message index, requests received before it)

    def on_message(s: Scenario, m: Message, learned: datetime) -> None:
        marks.append((m.index, len(server.requests)))
        oracle.next_episode(s, m, learned)

    with replayed(scenario, embedder, workdir, llm=llm, on_message=on_message) as memory:
        asked = _asked_by_episode(server.requests, marks)
        score_recall(
            scenario,
            memory,
            asked,
            recall,
            lambda s: s.fact.invalid_at is not None or s.fact.expired_at is not None,
        )
    return len(asked)


def _asked_by_episode(requests: list[Any], marks: list[tuple[int, int]]) -> list[Any]:
    """The fact questions of the resolve requests, each tagged with its message index."""
    from temporal_llm import questions

    out: list[Any] = []
    ends = [start for _, start in marks[1:]] + [len(requests)]
    for (index, start), end in zip(marks, ends, strict=True):
        bodies = [dict(r.body) for r in requests[start:end] if r.task == "resolve"]
        out += questions(bodies, episode=index)
    return out


def machine() -> dict[str, object]:
    return {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }


def print_table(summary: dict[str, object], verbose_failures: list[CheckResult]) -> None:
    print(
        f"rule path: {summary['passed']}/{summary['checks']} checks = {summary['accuracy']}"
        f"  ({summary['scenarios']} scenarios)"
    )
    print(f"{'category':<14} {'acc':>6} {'pass':>5} {'n':>4}")
    for name, row in summary["by_category"].items():  # type: ignore[attr-defined]
        print(f"{name:<14} {row['accuracy']:>6.3f} {row['passed']:>5} {row['checks']:>4}")
    for r in verbose_failures:
        print(f"FAIL [{r.category}] {r.scenario}#{r.index} {r.check}\n     {r.detail}")


def is_blind(folder: Path) -> bool:
    """Does the set's README title call it blind (and is it not retired)? Its failures are
    then never printed or written: a blind set gives totals only."""
    readme = folder / "README.md"
    text = readme.read_text(encoding="utf-8").lower() if readme.is_file() else ""
    title = text.split("\n", 1)[0]
    return "blind" in title and "retired as a held-out set" not in text


def stages_off(parser: argparse.ArgumentParser, names: list[str]) -> tuple[str, ...]:
    """The ``--disable`` stage names, checked before any work: an unknown one exits with
    the parser's usage error."""
    try:
        RuleExtractor(disable=names)
    except UsageError as exc:
        parser.error(f"--disable: {exc}")
    return tuple(names)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--subset", choices=["fast", "all"], default="all")
    parser.add_argument("--category", choices=CATEGORIES)
    parser.add_argument("--scenario", help="run only this scenario id")
    parser.add_argument("--json", type=Path, help="write the report here")
    parser.add_argument("--verbose", action="store_true", help="list failing checks")
    parser.add_argument("--no-llm", action="store_true", help="skip the LLM-path recall")
    parser.add_argument(
        "--disable",
        action="append",
        default=[],
        metavar="STAGE",
        help="switch a reading stage of the rule extractor off (repeatable; "
        "`chronomem explain --help` lists them)",
    )
    parser.add_argument(
        "--no-learned",
        action="store_true",
        help="switch the learned reader's step off (on by default)",
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=DATA,
        metavar="DIR",
        help=f"folder of scenario *.jsonl files (default {DATA.relative_to(DATA.parents[2])})",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.data.is_dir():
        parser.error(f"--data {args.data}: not a folder; give a folder of scenario *.jsonl files")

    if is_blind(args.data) and (args.verbose or args.scenario):
        parser.error(
            f"--data {args.data} is a blind set (its README says so): its totals can be "
            "measured, its failures and single scenarios are not shown to anyone who might "
            "change the extractor; drop --verbose/--scenario"
        )
    scenarios = load_scenarios(args.data, subset=args.subset, category=args.category)
    if not any(args.data.glob("*.jsonl")):
        parser.error(f"--data {args.data}: no *.jsonl scenario files in it")
    if args.scenario:
        scenarios = [s for s in scenarios if s.id == args.scenario]
    embedder = default_embedder()
    started, cpu = time.perf_counter(), time.process_time()
    disable = stages_off(parser, args.disable)
    learned = not args.no_learned
    results = run_rule(
        scenarios, embedder, lambda _: RuleExtractor(embedder, disable=disable, learned=learned)
    )
    if args.category:
        results = [r for r in results if r.category == args.category]
    rule_s = time.perf_counter() - started
    summary = summarize(results)
    print_table(summary, [r for r in results if not r.ok] if args.verbose else [])
    report: dict[str, object] = {
        "rule": {
            **summary,
            "seconds": round(rule_s, 1),
            "failures": (
                "withheld: a blind set"
                if is_blind(args.data)
                else [vars_of(r) for r in results if not r.ok]
            ),
        },
        "subset": args.subset,
        "category": args.category,
        "data": str(args.data),
        "disabled_stages": sorted(disable),
        "learned": learned,
        "embedder": embedder.name,
        "machine": machine(),
    }
    if not args.no_llm:
        llm = run_llm(scenarios, embedder)
        report["llm"] = llm
        print(
            f"LLM path: contradiction-candidate recall {llm['candidate_recall']} "
            f"({llm['hits']}/{llm['applicable_checks']}; "
            f"{llm['not_applicable_checks']} checks had no stored fact to close, "
            f"{llm['no_competing_fact_checks']} no new fact to compare it with)"
        )
        if args.verbose:
            for miss in llm["misses"]:  # type: ignore[attr-defined]
                print(f"MISS {miss}")
    report["seconds"] = round(time.perf_counter() - started, 1)
    report["cpu_seconds"] = round(time.process_time() - cpu, 1)
    report["loadavg"] = [round(x, 2) for x in os.getloadavg()]
    print(
        f"{report['seconds']} s wall, {report['cpu_seconds']} s CPU, "
        f"load {report['loadavg']}, embedder {embedder.name}"
    )
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
