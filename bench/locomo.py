"""LoCoMo retrieval with a held-out split: knobs tuned on conversations 1-5, reported on 6-10.

    nice .venv/bin/python bench/locomo.py --data ../shared/data/locomo/locomo10.json \
        --json bench/results/locomo_heldout.json

The loading, metrics and baselines are the package's (``chronomem.eval``: the same code as
``chronomem eval locomo``). Each conversation goes into its own memory, one episode per
turn. On the tuning conversations every setting of a one-knob-at-a-time sweep around the
defaults (``ContextConfig``: text weight, neighbours, anchors, fact and entity shares) is
scored on one ingest. Recall is counted two ways (``chronomem.eval.metrics``): ``text_all``
-- every gold turn's text is in the context -- and ``evidence_all`` -- also crediting a turn
that is only the source of a shown fact. The knobs are picked on the mean of the two on the
tuning split (never on the credited figure alone). The held-out conversations are then
scored with the defaults and with the picked knobs, beside BM25 and dense raw-turn baselines
filling the same budget, each both ways: stop at the first turn that does not fit, or skip
it and keep filling. Embeddings are cached in bench/.cache; ``--no-cache`` embeds with the
model itself, so the default extractor also runs the learned reader's step (which reads the
local embedder's token states) as a user's memory does.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from embedcache import CachedEmbedder, add_cache_options, cached_if_asked

from chronomem import Memory
from chronomem.eval.baselines import BASELINES, Baselines
from chronomem.eval.data import Conversation
from chronomem.eval.locomo import load_locomo
from chronomem.eval.metrics import retrieval_record, summarise
from chronomem.eval.runner import episode_inputs, shown_turns, turn_id
from chronomem.ports import Embedder
from chronomem.search.context import CONTEXT_RECIPE, ContextConfig
from chronomem.stores import open_store
from chronomem.testing.fakes import ManualClock

DEFAULT = ContextConfig()
SWEEP = {  # knob -> values tried on the tuning split, one knob at a time
    "text_weight": (0.3, 0.7, 1.0),
    "neighbours": (1, 3),
    "neighbour_anchors": (8, 16),
    "fact_share": (0.0, 0.1, 0.2),
    "entity_share": (0.0, 0.1),
    "speaker_bonus": (0.1, 0.35),
}


def configs() -> dict[str, ContextConfig]:
    out = {"default": DEFAULT}
    for knob, values in SWEEP.items():
        for value in values:
            if knob == "text_weight":
                config = replace(DEFAULT, recipe=replace(CONTEXT_RECIPE, text_weight=value))
            else:
                config = replace(DEFAULT, **{knob: value})
            out[f"{knob}={value}"] = config
    return out


def pick_score(overall: dict) -> float:
    """What the knobs are picked on: the mean of text-only and with-sources recall_all."""
    return round((overall["text_all"] + overall["evidence_all"]) / 2, 4)


def span(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def score(
    conv: Conversation,
    embedder: Embedder,
    settings: dict[str, ContextConfig],
    acc: dict,
    stores: Path | None = None,
) -> None:
    """Ingest once; score every setting in ``settings`` and the raw-turn baselines. When
    the questions say when they are asked, each is asked then (the memory's clock). With
    ``stores``, the conversation's SQLite file there is reused when it exists (written on
    the first run), so only the context is measured again."""
    dated = any(q.asked_at for q in conv.questions)
    clock = ManualClock(conv.last_time + timedelta(minutes=1)) if dated else None
    base = Baselines(conv.turns, embedder.embed_batch([t.text for t in conv.turns]))
    started = time.perf_counter()
    memory = ingested(conv, embedder, clock, stores)
    acc["ingest_s"] += time.perf_counter() - started
    acc["turns"] += len(conv.turns)
    session_of = conv.session_of()
    asked = [q for q in conv.questions if q.evidence]
    qvecs = embedder.embed_batch([q.question for q in asked], kind="query")
    for q, qvec in zip(asked, qvecs, strict=True):
        if clock is not None and q.asked_at is not None:
            clock.set(max(q.asked_at, clock.now()))
        for name, config in settings.items():
            started = time.perf_counter()
            ctx = memory.context(q.question, group_id=conv.id, config=config)
            acc["ms"].append((time.perf_counter() - started) * 1000)
            text, credited = shown_turns(ctx)
            ranking = [turn_id(i) for i in ctx.ranking]
            row = retrieval_record(
                q.evidence, q.evidence_sessions, credited, ranking, session_of, text
            )
            acc["rows"].setdefault(name, []).append(
                {**row, "category": q.category, "context_tokens": ctx.tokens}
            )
        for name, shown in base.shown(q.question, qvec, DEFAULT.max_tokens).items():
            row = retrieval_record(q.evidence, q.evidence_sessions, shown, [], session_of)
            acc["rows"].setdefault(name, []).append({**row, "category": q.category})
    memory.close()


def ingested(
    conv: Conversation, embedder: Embedder, clock: ManualClock | None, stores: Path | None
) -> Memory:
    """A memory holding ``conv``: ingested now, or the SQLite file ``stores`` keeps for it
    (written whole first, under another name, so an interrupted run leaves no half file)."""
    if stores is None:
        memory = Memory(store=open_store(":memory:"), embedder=embedder, clock=clock)
        memory.add_episodes(episode_inputs(conv))
        return memory
    path = stores / f"{conv.id}.db"
    if not path.exists():
        stores.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(".part")
        part.unlink(missing_ok=True)
        memory = Memory(store=open_store(str(part)), embedder=embedder, clock=clock)
        memory.add_episodes(episode_inputs(conv))
        memory.close()
        part.rename(path)
    return Memory(store=open_store(str(path)), embedder=embedder, clock=clock)


def run_split(  # type: ignore[no-untyped-def]
    data: list[Conversation], numbers: list[int], embedder, settings, stores=None
) -> dict:
    acc: dict = {"rows": {}, "ms": [], "ingest_s": 0.0, "turns": 0}
    for n in numbers:
        started = time.perf_counter()
        score(data[n - 1], embedder, settings, acc, stores)
        print(f"conversation {n} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return acc


def report_tuning(tune: dict, sweep: dict[str, float], picked: str) -> None:
    """The tuning split's figures (what development looks at; the test split stays unseen)."""
    print(json.dumps({"picked": picked, "sweep_on_tune": sweep}, indent=1))
    keys = ("text_all", "evidence_all", "text_any")
    for name in ("default", *BASELINES):
        summary = summarise(tune["rows"][name])
        for category, o in {"overall": summary["overall"], **summary["categories"]}.items():
            print(f"tune {name} {category}: " + ", ".join(f"{k} {o.get(k)}" for k in keys))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", default="../shared/data/locomo/locomo10.json")
    p.add_argument("--tune", default="1-5", help="conversations the knobs are picked on")
    p.add_argument(
        "--test",
        default="6-10",
        help="held-out conversations; 'none' while developing: score the tuning split only",
    )
    p.add_argument("--json", type=Path)
    p.add_argument(
        "--no-sweep",
        dest="sweep",
        action="store_false",
        help="score the defaults only (no knob sweep on the tuning split)",
    )
    add_cache_options(p)
    p.add_argument(
        "--stores",
        type=Path,
        help="keep each conversation's ingested SQLite file in this folder and reuse it "
        "(developing the context: ingest once); delete the folder when ingestion changes",
    )
    p.add_argument(
        "--embedder",
        choices=("local", "torch"),
        default="local",
        help="local: the default ONNX model; torch: sentence-transformers (chronomem[torch])",
    )
    args = p.parse_args()
    from chronomem.providers.factory import embedder_named

    data = load_locomo(args.data)
    model = embedder_named(args.embedder)
    assert model is not None
    embedder = cached_if_asked(model, args)
    load0, cpu0 = os.getloadavg()[0], time.process_time()
    tune = run_split(
        data,
        span(args.tune),
        embedder,
        configs() if args.sweep else {"default": DEFAULT},
        args.stores,
    )
    sweep = {
        name: pick_score(summarise(rows)["overall"])
        for name, rows in tune["rows"].items()
        if name not in BASELINES
    }
    picked = max(sweep, key=lambda name: (sweep[name], name == "default"))
    if args.test == "none":  # developing: the tuning split only, by category
        report_tuning(tune, sweep, picked)
        return 0
    chosen = {"default": DEFAULT, picked: configs()[picked]}
    test = run_split(data, span(args.test), embedder, chosen, args.stores)
    both = {name: tune["rows"][name] + test["rows"][name] for name in ("default", *BASELINES)}
    result = {
        "benchmark": "locomo-heldout",
        "embedder": embedder.name,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "tune": args.tune,
        "test": args.test,
        "pick_score": "mean of text_all and evidence_all on the tuning split",
        "sweep_on_tune": sweep,
        "picked": picked,
        "test_picked": summarise(test["rows"][picked]),
        "test_default": summarise(test["rows"]["default"]),
        "test_baselines": {b: summarise(test["rows"][b]) for b in BASELINES},
        "tune_default": summarise(tune["rows"]["default"])["overall"],
        "all_default": summarise(both["default"]),
        "all_baselines": {b: summarise(both[b])["overall"] for b in BASELINES},
        "context_ms_p50": round(statistics.median(tune["ms"] + test["ms"]), 1),
        "ingest": {
            "turns": tune["turns"] + test["turns"],
            "seconds": round(tune["ingest_s"] + test["ingest_s"], 1),
        },
        "cpu_s": round(time.process_time() - cpu0, 1),
        "loadavg_1m": {"start": load0, "end": os.getloadavg()[0]},
        "embedding_cache": (
            {"hits": embedder.hits, "misses": embedder.misses}
            if isinstance(embedder, CachedEmbedder)
            else None
        ),
    }
    print(json.dumps({k: result[k] for k in ("picked", "sweep_on_tune")}, indent=1))
    keys = ("with_evidence", "text_all", "text_any", "evidence_all", "evidence_any")
    for name in ("test_picked", "test_default", "all_default"):
        o = result[name]["overall"]
        more = ("turn_any@5", "turn_any@10", "session_any@5", "session_any@10")
        print(f"{name}: " + ", ".join(f"{k} {o[k]}" for k in keys + more))
    for name, summary in result["test_baselines"].items():
        print(f"test {name}: " + ", ".join(f"{k} {summary['overall'][k]}" for k in keys))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
