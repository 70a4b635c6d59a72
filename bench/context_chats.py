"""Long user–assistant chats: does the context hold the gold evidence turns, per question kind?

    cd bench && PYTHONPATH=../src nice ../.venv/bin/python context_chats.py /work/bench_chats \
        --json results/context_chats.json

Reads a folder of chats, one JSON file per chat::

    {"id": "c1", "user": "Maya",
     "turns": [{"id": "t1", "role": "user", "speaker": "Maya",
                "time": "2024-05-01T10:00:00Z", "content": "..."}, ...],
     "questions": [{"id": "q1", "kind": "order", "asked_at": "2024-06-01T00:00:00Z",
                    "question": "...", "answer": "...", "evidence": ["t1", "t7"]}, ...]}

Each chat goes into its own memory (one message episode per turn, stored as
"Speaker: content"); each question is asked at its ``asked_at`` through ``Memory.context``
at the default budget (2,000 estimated tokens). Reported per question kind and overall:
chronomem's recall of all / any gold turns counting only turns whose text is shown
(``text_all`` / ``text_any``) and also crediting the source turns of shown facts
(``evidence_all`` / ``evidence_any``), beside four raw-turn baselines at the same budget:
BM25 and dense (same embedder) over whole turns, stopping at the first turn that does not
fit (``*_stop``) or skipping it and filling on (``*_skip``). Scoring is ``locomo.score``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from embedcache import add_cache_options, cached_if_asked
from locomo import DEFAULT, score

from chronomem.errors import UsageError
from chronomem.eval.baselines import BASELINES
from chronomem.eval.data import Conversation
from chronomem.eval.jsonl import conversations_from_rows
from chronomem.eval.metrics import summarise
from chronomem.jsontext import json_object

KEYS = ("text_all", "text_any", "evidence_all", "evidence_any")


def load_chat(path: Path) -> Conversation:
    """One chat file as a conversation (a turn's session is its day; a question's category
    its kind); a malformed file raises a UsageError naming the file and what is missing."""
    chat = json_object(path.read_text(encoding="utf-8"), where=str(path))
    for key in ("id", "turns", "questions"):
        if key not in chat:
            raise UsageError(f"{path}: a chat needs {key!r} (see bench/context_chats.py)")
    cid = str(chat["id"])
    rows: list[tuple[int, dict[str, Any]]] = []
    for n, turn in enumerate(chat["turns"], 1):
        if not isinstance(turn, dict) or "content" not in turn or "time" not in turn:
            raise UsageError(f"{path}: turn {n} needs 'content' and 'time'")
        speaker = turn.get("speaker") or turn.get("role")
        session = str(turn["time"])[:10]
        rows.append((n, {**turn, "type": "turn", "conversation": cid, "text": turn["content"],
                         "speaker": speaker, "session": session}))  # fmt: skip
    for n, q in enumerate(chat["questions"], len(rows) + 1):
        if not isinstance(q, dict):
            raise UsageError(f"{path}: question {n - len(rows)} is not an object")
        rows.append((n, {**q, "type": "question", "conversation": cid,
                         "category": q.get("kind", "all"), "time": q.get("asked_at")}))  # fmt: skip
    (conversation,) = conversations_from_rows(rows, path)
    return conversation


def load_folder(folder: Path) -> list[Conversation]:
    files = sorted(folder.glob("*.json"))
    if not files:
        raise UsageError(f"no chat files (*.json) in {folder}")
    return [load_chat(f) for f in files]


def report(acc: dict) -> dict[str, Any]:
    """Per kind and overall, chronomem's four figures and each baseline's."""
    out: dict[str, Any] = {"chronomem": summarise(acc["rows"]["default"])}
    out |= {b: summarise(acc["rows"][b]) for b in BASELINES}
    return out


def render(result: dict[str, Any]) -> str:
    kinds = [*result["chronomem"]["categories"], "overall"]
    head = ["kind", "n", *(f"chronomem {k}" for k in KEYS), *(f"{b} all" for b in BASELINES)]
    lines = ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    for kind in kinds:

        def stats(name: str, kind: str = kind) -> dict[str, Any]:
            part = result[name]
            return part["overall"] if kind == "overall" else part["categories"][kind]

        cells = [kind, str(stats("chronomem")["with_evidence"])]
        cells += [f"{stats('chronomem')[k]:.3f}" for k in KEYS]
        cells += [f"{stats(b)['text_all']:.3f}" for b in BASELINES]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("folder", type=Path, help="a folder of chat JSON files")
    p.add_argument("--json", type=Path)
    add_cache_options(p)
    p.add_argument("--embedder", default="local", help="an embedder name (default: local)")
    p.add_argument("--check", action="store_true", help="only read the chats and count them")
    p.add_argument(
        "--stores",
        type=Path,
        help="keep each chat's ingested SQLite file in this folder and reuse it (developing "
        "the context: ingest once); delete the folder when ingestion changes",
    )
    args = p.parse_args()
    from chronomem.providers.factory import embedder_named

    try:
        chats = load_folder(args.folder)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.check:
        kinds = Counter(q.category for c in chats for q in c.questions if q.evidence)
        turns = sum(len(c.turns) for c in chats)
        print(f"{len(chats)} chats, {turns} turns, questions with evidence: {dict(kinds)}")
        return 0
    model = embedder_named(args.embedder)
    assert model is not None, f"embedder {args.embedder!r} is not available"
    embedder = cached_if_asked(model, args)
    acc: dict = {"rows": {}, "ms": [], "ingest_s": 0.0, "turns": 0}
    load0, cpu0, started = os.getloadavg()[0], time.process_time(), time.perf_counter()
    for chat in chats:
        score(chat, embedder, {"default": DEFAULT}, acc, args.stores)
    result = {
        "benchmark": "context-chats",
        "chats": len(chats),
        "turns": acc["turns"],
        "max_tokens": DEFAULT.max_tokens,
        **report(acc),
        "wall_s": round(time.perf_counter() - started, 1),
        "cpu_s": round(time.process_time() - cpu0, 1),
        "loadavg_1m": {"start": load0, "end": os.getloadavg()[0]},
    }
    print(render(result))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
