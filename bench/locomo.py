"""LoCoMo evidence recall of ``Memory.context`` against BM25 and dense baselines over raw turns.

    .venv/bin/python bench/locomo.py --data ../shared/data/locomo/locomo10.json \
        --json bench/results/locomo.json

Each conversation goes into its own group, one episode per turn ("Speaker: text", image
captions appended), reference time = the session's date. For every question of categories
1-4 with evidence, the default context is built and a gold turn counts as covered when its
episode is shown, or is a source episode of a shown fact. The baselines fill the same token
budget (same estimator) with raw turns, best first, by BM25 (SQLite FTS5, the same query
words) and by cosine with the same embedder. Embeddings are cached in bench/.cache so a
re-run skips the model; ingest time is reported with the cache state.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import sqlite3
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
from embedcache import CachedEmbedder

from chronomem import Memory
from chronomem.intake import EpisodeInput
from chronomem.search import estimate_tokens
from chronomem.search.methods import keywords
from chronomem.stores import open_store

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Turn:
    dia_id: str
    text: str
    when: datetime


def load_turns(sample: dict) -> list[Turn]:
    conv = sample["conversation"]
    turns: list[Turn] = []
    n = 1
    while f"session_{n}" in conv or f"session_{n}_date_time" in conv:
        when = datetime.strptime(conv[f"session_{n}_date_time"], "%I:%M %p on %d %B, %Y")
        for t in conv.get(f"session_{n}", []):
            text = f"{t['speaker']}: {t['text']}"
            if t.get("blip_caption"):
                text += f" [shares a photo: {t['blip_caption']}]"
            turns.append(Turn(t["dia_id"], text, when.replace(tzinfo=UTC)))
        n += 1
    return turns


def questions(sample: dict, known: set[str]) -> list[tuple[int, str, str, set[str]]]:
    out = []
    for q in sample["qa"]:
        gold = {e.strip() for e in q.get("evidence", []) if e.strip() in known}
        if q.get("category") in CATEGORIES and gold:
            out.append((q["category"], q["question"], str(q.get("answer", "")), gold))
    return out


def pct(values: list[float], p: float) -> float:
    return float(np.percentile(values, p)) if values else 0.0


class Baselines:
    """Raw-turn retrieval filled to a token budget."""

    def __init__(self, turns: list[Turn], vectors: np.ndarray) -> None:
        self.turns, self.vectors = turns, vectors
        self.db = sqlite3.connect(":memory:")
        self.db.execute(
            "CREATE VIRTUAL TABLE t USING fts5(c, tokenize='porter unicode61 remove_diacritics 2')"
        )
        self.db.executemany("INSERT INTO t (rowid, c) VALUES (?, ?)", list(enumerate(t.text for t in turns)))
        self.cost = [estimate_tokens(f"[{t.when.date()}] {t.text}") + 1 for t in turns]

    def bm25(self, question: str) -> list[int]:
        words = list(dict.fromkeys(w.casefold() for w in _WORD.findall(keywords(question))))
        if not words:
            return []
        expr = " OR ".join(f'"{w}"' for w in words)
        sql = "SELECT rowid FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT 1000"
        return [r for (r,) in self.db.execute(sql, (expr,))]

    def dense(self, qvec: np.ndarray) -> list[int]:
        return list(np.argsort(-(self.vectors @ qvec))[:1000])

    def fill(self, order: list[int], budget: int) -> tuple[set[str], int, str]:
        used, shown, texts = 0, set(), []
        for i in order:
            if used + self.cost[i] > budget:
                break
            used += self.cost[i]
            shown.add(self.turns[i].dia_id)
            texts.append(self.turns[i].text)
        return shown, used, "\n".join(texts)


def answer_overlap(answer: str, text: str) -> float:
    """Share of the answer's words (3+ letters, first 5 letters) found in ``text``."""
    words = {w.casefold()[:5] for w in _WORD.findall(answer) if len(w) >= 3}
    if not words:
        return float("nan")
    have = {w.casefold()[:5] for w in _WORD.findall(text)}
    return len(words & have) / len(words)


def real_tokenizer():  # type: ignore[no-untyped-def]
    try:
        import bpe_openai  # type: ignore[import-not-found]

        return bpe_openai.get_encoding("o200k_base")
    except Exception:  # noqa: BLE001 - optional
        return None


def run_conversation(sample: dict, embedder: CachedEmbedder, args: argparse.Namespace, acc: dict) -> None:
    turns = load_turns(sample)
    gid = re.sub(r"[^A-Za-z0-9_-]", "-", sample["sample_id"])
    base = Baselines(turns, embedder.embed_batch([t.text for t in turns]))  # warms the cache
    memory = Memory(store=open_store(":memory:"), embedder=embedder)
    items = [
        EpisodeInput(
            content=t.text, group_id=gid, reference_time=t.when, source="message",
            source_description=t.dia_id, episode_id=f"{gid}:{t.dia_id}",
        )
        for t in turns
    ]
    start = time.perf_counter()
    memory.add_episodes(items)
    acc["ingest_s"] += time.perf_counter() - start
    acc["turns"] += len(turns)
    qs = questions(sample, {t.dia_id for t in turns})
    qvecs = embedder.embed_batch([q for _, q, _, _ in qs], kind="query")
    enc = acc["enc"]
    for (cat, question, answer, gold), qvec in zip(qs, qvecs, strict=True):
        start = time.perf_counter()
        ctx = memory.context(question, group_id=gid, max_tokens=args.max_tokens)
        acc["ms"].append((time.perf_counter() - start) * 1000)
        covered = {i.split(":", 1)[1] for i in (*ctx.episode_ids, *ctx.source_episode_ids)}
        record(acc["ours"], cat, gold, covered, ctx.tokens, answer_overlap(answer, ctx.text))
        if enc is not None:
            acc["real_tokens"].append(len(enc.encode(ctx.text)))
        acc["via_facts"].append(len(gold & {i.split(":", 1)[1] for i in ctx.source_episode_ids}) > 0)
        for name, order in (("bm25", base.bm25(question)), ("dense", base.dense(qvec))):
            shown, used, text = base.fill(order, args.max_tokens)
            record(acc[name], cat, gold, shown, used, answer_overlap(answer, text))
        if len(acc["misses"]) < 12 and not gold <= covered and cat in (1, 4):
            acc["misses"].append({"category": CATEGORIES[cat], "question": question, "gold": sorted(gold), "missing": sorted(gold - covered)})
    memory.close()


def record(table: dict, cat: int, gold: set[str], covered: set[str], tokens: int, overlap: float) -> None:
    row = table[cat]
    row["all"].append(gold <= covered)
    row["any"].append(bool(gold & covered))
    row["tokens"].append(tokens)
    if overlap == overlap:  # not NaN
        row["answer"].append(overlap)


def summary(table: dict) -> dict:
    def stats(rows: list[dict]) -> dict:
        alls = [x for r in rows for x in r["all"]]
        return {
            "n": len(alls),
            "recall_all": round(statistics.fmean(alls), 4) if alls else 0.0,
            "recall_any": round(statistics.fmean([x for r in rows for x in r["any"]]), 4) if alls else 0.0,
            "answer_words_in_context": round(statistics.fmean([x for r in rows for x in r["answer"]] or [0.0]), 4),
            "tokens_mean": round(statistics.fmean([x for r in rows for x in r["tokens"]]), 1) if alls else 0.0,
        }

    out = {CATEGORIES[c]: stats([table[c]]) for c in sorted(table)}
    out["overall"] = stats(list(table.values()))
    return out


def make_embedder(kind: str):  # type: ignore[no-untyped-def]
    if kind == "torch":
        from chronomem.providers.torch_local import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder()
    from chronomem.providers.local import LocalEmbedder

    return LocalEmbedder()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--data", default="../shared/data/locomo/locomo10.json")
    p.add_argument("--json", type=Path, help="write results here")
    p.add_argument("--limit-conversations", type=int, default=None)
    p.add_argument("--max-tokens", type=int, default=None, help="default: Memory.context's")
    p.add_argument("--cache", type=Path, default=Path(__file__).parent / ".cache" / "embeddings.sqlite")
    p.add_argument("--embedder", choices=("local", "torch"), default="local",
                   help="local: the default ONNX model; torch: sentence-transformers (chronomem[torch])")
    args = p.parse_args()
    from chronomem.search import DEFAULT_MAX_TOKENS

    args.max_tokens = args.max_tokens or DEFAULT_MAX_TOKENS
    data = json.loads(Path(args.data).read_text())[: args.limit_conversations]
    embedder = CachedEmbedder(make_embedder(args.embedder), args.cache)
    new_table = lambda: defaultdict(lambda: {"all": [], "any": [], "tokens": [], "answer": []})  # noqa: E731
    acc: dict = {"ours": new_table(), "bm25": new_table(), "dense": new_table(), "ms": [], "ingest_s": 0.0,
                 "turns": 0, "misses": [], "real_tokens": [], "via_facts": [], "enc": real_tokenizer()}
    for n, sample in enumerate(data, 1):
        t0 = time.perf_counter()
        run_conversation(sample, embedder, args, acc)
        print(f"conversation {n}/{len(data)} done in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    ours = summary(acc["ours"])
    result = {
        "benchmark": "locomo",
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {"platform": platform.platform(), "python": platform.python_version(), "cpus": __import__("os").cpu_count()},
        "loadavg": [round(x, 2) for x in __import__("os").getloadavg()],
        "embedder": embedder.name,
        "conversations": len(data),
        "max_tokens": args.max_tokens,
        "overall": ours["overall"],
        "categories": ours,
        "baselines": {name: {**summary(acc[name])["overall"], "categories": summary(acc[name])} for name in ("bm25", "dense")},
        "context_tokens": {"mean": round(statistics.fmean(acc["ours"][1]["tokens"] + acc["ours"][2]["tokens"] + acc["ours"][3]["tokens"] + acc["ours"][4]["tokens"]), 1),
                            "p95": pct([x for r in acc["ours"].values() for x in r["tokens"]], 95),
                            "real_o200k_mean": round(statistics.fmean(acc["real_tokens"]), 1) if acc["real_tokens"] else None,
                            "real_o200k_p95": pct(acc["real_tokens"], 95) if acc["real_tokens"] else None},
        "search_ms": {"p50": round(pct(acc["ms"], 50), 2), "p95": round(pct(acc["ms"], 95), 2),
                      "note": "Memory.context wall time; query vectors come from the embedding cache"},
        "ingest": {"turns": acc["turns"], "seconds": round(acc["ingest_s"], 1),
                   "turns_per_s": round(acc["turns"] / max(acc["ingest_s"], 1e-9), 1),
                   "embedding_cache": {"hits": embedder.hits, "misses": embedder.misses}},
        "questions_with_gold_behind_a_fact": round(statistics.fmean(acc["via_facts"]), 4) if acc["via_facts"] else 0.0,
        "example_misses": acc["misses"],
    }
    print(markdown(result))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


def markdown(r: dict) -> str:
    lines = ["| category | n | chronomem recall_all | recall_any | BM25 recall_all | dense recall_all |", "|---|---|---|---|---|---|"]
    for cat in [*CATEGORIES.values(), "overall"]:
        o = r["categories"].get(cat) if cat != "overall" else r["overall"]
        if not o:
            continue
        b = r["baselines"]["bm25"]["categories"].get(cat, {})
        d = r["baselines"]["dense"]["categories"].get(cat, {})
        lines.append(f"| {cat} | {o['n']} | {o['recall_all']:.3f} | {o['recall_any']:.3f} | {b.get('recall_all', 0):.3f} | {d.get('recall_all', 0):.3f} |")
    t = r["context_tokens"]
    lines.append(f"\ncontext tokens mean {t['mean']} (p95 {t['p95']}; real o200k mean {t['real_o200k_mean']}), "
                 f"context build p50 {r['search_ms']['p50']} ms / p95 {r['search_ms']['p95']} ms, "
                 f"ingest {r['ingest']['turns']} turns in {r['ingest']['seconds']} s")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
