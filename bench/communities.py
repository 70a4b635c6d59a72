"""Community build time at 10k and 100k entities (issue 6), on the real store and engine.

Loads a synthetic group with planted communities (sizes 5-40, ~2 facts per entity inside
its community, 1 entity in 10 with a fact to a random other community) through the store's
normal write path. Then it times a full build end to end (what ``Memory.build_communities``
runs: store reads, label propagation, extractive summaries, one embedding batch for the
names, the atomic replace), and separately the two graph reads, label propagation alone,
the drift measure and the dynamic step for one new entity. It also prints how well the
planted communities were recovered (1 - drift between planted and found).

    .venv/bin/python bench/communities.py --entities 10000 100000
    .venv/bin/python bench/communities.py --entities 10000 --store falkordb

Entity names get random 384-d unit vectors (as a real embedder would store); community names
are embedded with the HashEmbedder. The loading time is not part of the measure.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

import numpy as np

from chronomem.clock import new_id
from chronomem.engine.communities import (
    CommunityBuilder,
    communities_of,
    partition_drift,
    summarizer_for,
)
from chronomem.model import ChangeSet, Entity, Fact, SearchFilter
from chronomem.ports import Store
from chronomem.testing import HashEmbedder, ManualClock

T = TypeVar("T")
T0 = datetime(2024, 1, 1, tzinfo=UTC)
GROUP = "bench"
DIM = 384
BATCH = 5000
WORDS = ("printer", "garden", "invoice", "rocket", "violin", "harbour", "tennis", "oven")


def planted(n: int, seed: int) -> tuple[list[int], list[tuple[int, int]]]:
    """Community of each entity, and fact endpoints (two inside, 10 % across)."""
    rng = random.Random(seed)
    community: list[int] = []
    while len(community) < n:
        community += [community[-1] + 1 if community else 0] * rng.randint(5, 40)
    community = community[:n]
    members: dict[int, list[int]] = {}
    for entity, c in enumerate(community):
        members.setdefault(c, []).append(entity)
    edges = []
    for entity, c in enumerate(community):
        group = members[c]
        for _ in range(2):
            other = rng.choice(group)
            if other != entity:
                edges.append((entity, other))
        if rng.random() < 0.1:
            edges.append((entity, rng.randrange(n)))
    return community, edges


def load(store: Store, n: int, seed: int) -> dict[str, str]:
    """Write the planted group; returns entity id -> planted community."""
    community, edges = planted(n, seed)
    rng = np.random.default_rng(seed)
    store.bind_embedder(f"hash-{DIM}", DIM)
    words = random.Random(seed)
    for start in range(0, n, BATCH):
        vectors = rng.normal(size=(min(BATCH, n - start), DIM)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        entities = tuple(
            Entity(
                id=f"e{i}", group_id=GROUP, created_at=T0, labels=("Thing",),
                name=f"{words.choice(WORDS)} {community[i]} item {i}",
                summary=f"item {i} of the {community[i]} set", name_embedding=vectors[i - start],
            )
            for i in range(start, min(n, start + BATCH))
        )  # fmt: skip
        store.apply(ChangeSet(group_id=GROUP, entities=entities))
    for start in range(0, len(edges), BATCH):
        facts = tuple(
            Fact(
                id=f"f{k}", group_id=GROUP, source_id=f"e{a}", target_id=f"e{b}",
                relation="RELATES_TO", fact=f"item {a} relates to item {b}", created_at=T0,
                valid_at=T0,
            )
            for k, (a, b) in enumerate(edges[start : start + BATCH], start=start)
        )  # fmt: skip
        store.apply(ChangeSet(group_id=GROUP, facts=facts))
    return {f"e{i}": str(c) for i, c in enumerate(community)}


def timed(fn: Callable[[], T]) -> tuple[float, T]:
    """Wall-clock seconds of ``fn()`` and its result."""
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


@contextmanager
def open_store(kind: str) -> Iterator[Store]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            from chronomem.stores import SQLiteStore

            with SQLiteStore(Path(tmp) / "bench.db") as store:
                yield store
        return
    from chronomem.stores.falkordb import FalkorDBServer, FalkorDBStore

    server = FalkorDBServer.start()
    try:
        with FalkorDBStore.from_url(server.url) as store:
            yield store
    finally:
        server.stop()


def run(n: int, kind: str, seed: int) -> dict[str, float]:
    with open_store(kind) as store:
        load_s, truth = timed(lambda: load(store, n, seed))
        clock = ManualClock(T0 + timedelta(days=1))
        # what Memory.build_communities runs, with the rule extractor's summarizer
        builder = CommunityBuilder(
            store=store, embedder=HashEmbedder(DIM), summarizer=summarizer_for(None),
            clock=clock, ids=new_id,
        )  # fmt: skip
        current = SearchFilter().resolved(clock.now())
        read_s, (entities, edges) = timed(
            lambda: (store.list_entities(GROUP), store.entity_edges(GROUP, current))
        )
        lp_s, found = timed(lambda: communities_of([e.id for e in entities], edges))
        cpu = time.process_time()
        build_s, built = timed(lambda: builder.build(GROUP))
        build_cpu_s = time.process_time() - cpu
        drift_s, drift = timed(lambda: builder.drift(GROUP))
        new = Entity(id="newcomer", group_id=GROUP, name="newcomer", created_at=clock.now())
        link = Fact(
            id="f-new", group_id=GROUP, source_id="newcomer", target_id="e0",
            relation="RELATES_TO", fact="newcomer relates to item 0", created_at=clock.now(),
        )  # fmt: skip
        store.apply(ChangeSet(group_id=GROUP, entities=(new,), facts=(link,)))
        step_s, _ = timed(lambda: builder.extend(GROUP, ["newcomer"]))
        found_map = {m: str(i) for i, ms in enumerate(found) for m in ms}
        return {
            "entities": n,
            "pairs": len(edges),
            "communities": len(built),
            "load_s": load_s,
            "read_s": read_s,
            "propagation_s": lp_s,
            "build_s": build_s,
            "build_cpu_s": build_cpu_s,
            "drift_s": drift_s,
            "dynamic_step_ms": step_s * 1000,
            "drift_after_build": drift,
            "planted_recovered": 1.0 - partition_drift(truth, found_map),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entities", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--store", choices=("sqlite", "falkordb"), default="sqlite")
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"load average before: {load:.1f} on {os.cpu_count()} cores")
    print(
        "| store | entities | entity pairs | communities | build s (cpu s) | reads s "
        "| propagation s | drift s | dynamic step ms | planted recovered |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in args.entities:
        r = run(n, args.store, args.seed)
        if r["drift_after_build"] != 0.0:
            print(f"  ! drift right after the build: {r['drift_after_build']:.4f} (expected 0)")
        print(
            f"| {args.store} | {n:,} | {r['pairs']:,.0f} | {r['communities']:,.0f} "
            f"| {r['build_s']:.1f} ({r['build_cpu_s']:.1f}) | {r['read_s']:.2f} "
            f"| {r['propagation_s']:.2f} "
            f"| {r['drift_s']:.2f} | {r['dynamic_step_ms']:.0f} | {r['planted_recovered']:.3f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
