"""``chronomem explain``: how the offline extractor reads one message, stage by stage."""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from pathlib import Path

from chronomem.errors import UsageError
from chronomem.extractors.rules.explain import explain, render
from chronomem.extractors.rules.pipeline import PIPE_NAMES, describe
from chronomem.model.time import parse_instant


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    stages = "\n".join(f"  {name:<18} {describe(name)}" for name in PIPE_NAMES)
    p = sub.add_parser(
        "explain",
        help="show which reading stage made which fact of a message",
        description="Read one message with the offline rule extractor and print its "
        "stages in order, what each stage added, changed or dropped, and the final facts.",
        epilog=f"stages:\n{stages}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("text", help="the message to read")
    p.add_argument("--speaker", metavar="NAME", help="who says it (a chat turn)")
    p.add_argument(
        "--context",
        type=Path,
        metavar="FILE",
        help='earlier turns, one per line ("Name: message"), oldest first',
    )
    p.add_argument(
        "--disable",
        action="append",
        default=[],
        choices=PIPE_NAMES,
        metavar="STAGE",
        help="switch a stage off (repeatable); the stages are listed below",
    )
    p.add_argument("--at", help="ISO time the message is said (default: now, UTC)")
    p.add_argument(
        "--no-embedder",
        action="store_true",
        help="do not load the local model: the learned reader stays off",
    )
    p.set_defaults(func=run_explain)


def run_explain(args: argparse.Namespace) -> int:
    at = parse_instant(args.at, "--at") if args.at else datetime.now(UTC)
    context = _turns(args.context) if args.context else []
    embedder = None
    if not args.no_embedder:
        from chronomem.memory import default_embedder

        embedder = default_embedder()
    found = explain(
        args.text,
        at=at,
        speaker=args.speaker,
        context=context,
        disable=args.disable,
        embedder=embedder,
    )
    print(render(found), end="")
    return 0


def _turns(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(
            f"--context {path}: cannot read it ({exc.strerror}); give a text file with one "
            "earlier turn per line"
        ) from exc
    return [line.strip() for line in text.splitlines() if line.strip()]
