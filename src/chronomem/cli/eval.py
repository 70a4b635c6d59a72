"""``chronomem eval locomo|longmemeval|jsonl --data FILE``: retrieval metrics offline; with an
LLM configured (``CHRONOMEM_LLM_*``) also answers and an LLM judge's accuracy."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from chronomem.errors import UsageError
from chronomem.search import DEFAULT_MAX_TOKENS


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from chronomem.eval import LOADERS
    from chronomem.providers.registry import EMBEDDER_PROVIDERS

    p = sub.add_parser("eval", help="evaluate retrieval (and answers) on a benchmark")
    p.add_argument("benchmark", choices=sorted(LOADERS), help="the data file's format")
    p.add_argument("--data", required=True, help="the benchmark's JSON (JSONL) file")
    p.add_argument(
        "--limit", type=int, help="only the first N conversations (LongMemEval: questions)"
    )
    p.add_argument("--json", type=Path, help="write the report here")
    p.add_argument(
        "--results",
        type=Path,
        help="per-question results, appended as they come (resume by running again); "
        "default: <benchmark>-<data file name>.results.jsonl in the current directory",
    )
    p.add_argument(
        "--fresh",
        action="store_true",
        help="start over: delete the results file first instead of resuming from it",
    )
    p.add_argument("--max-tokens", type=int, default=DEFAULT_MAX_TOKENS, help="context budget")
    p.add_argument(
        "--embedder",
        choices=sorted(EMBEDDER_PROVIDERS),
        default="auto",
        help="auto: the local model (hash, with a warning, when it is not installed)",
    )
    p.add_argument(
        "--no-llm",
        action="store_true",
        help="retrieval only, even when CHRONOMEM_LLM_MODEL is set",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run_eval)


def run_eval(args: argparse.Namespace) -> int:
    from chronomem.eval import Evaluator, ResultsFile, build_report, load_benchmark, render_table
    from chronomem.memory import Memory, default_embedder
    from chronomem.providers import Settings, llm_from_settings
    from chronomem.providers.factory import embedder_named
    from chronomem.stores import open_store

    if args.max_tokens < 50:
        raise UsageError(f"--max-tokens must be at least 50, got {args.max_tokens}")
    conversations = load_benchmark(args.benchmark, args.data, limit=args.limit)
    settings = Settings.from_env()
    llm = llm_from_settings(settings) if settings.llm_model and not args.no_llm else None
    embedder = embedder_named(args.embedder, settings) or default_embedder()
    run = {
        "benchmark": args.benchmark,
        "data": Path(args.data).name,
        "max_tokens": args.max_tokens,
        "embedder": embedder.name,
        "answer_model": str(getattr(llm, "model", type(llm).__name__)) if llm else None,
    }
    default_results = Path(f"{args.benchmark}-{Path(args.data).stem}.results.jsonl")
    path = Path(args.results or default_results)
    if args.fresh:
        path.unlink(missing_ok=True)
    results = ResultsFile(path, run)
    if results.rows:
        print(
            f"resuming from {path}: {len(results.rows)} questions done are kept "
            "(--fresh starts over)",
            file=sys.stderr,
        )
    evaluator = Evaluator(
        benchmark=args.benchmark,
        make_memory=lambda clock: Memory(
            store=open_store(":memory:"), embedder=embedder, clock=clock
        ),
        results=results,
        max_tokens=args.max_tokens,
        llm=llm,
        progress=not args.quiet,
    )
    rows = evaluator.run(conversations)
    report = build_report(run, rows)
    print(render_table(report))
    print(f"results: {results.path}", file=sys.stderr)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    return 0
