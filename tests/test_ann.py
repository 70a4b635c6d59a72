"""The HNSW vector index: recall@10 against exact search, updates, deletions, switching."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("hnswlib")

from chronomem.stores.sqlite.ann import AdaptiveIndex, HNSWIndex
from chronomem.stores.sqlite.vectors import ExactIndex, normalise_rows


def clustered(n: int, dim: int = 64, seed: int = 7) -> np.ndarray:
    """Vectors around 50 topics, like sentence embeddings of related facts."""
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(50, dim))
    return normalise_rows(centres[rng.integers(0, 50, n)] + rng.normal(size=(n, dim)) * 0.6)


def test_recall_at_10_against_exact() -> None:
    vectors = clustered(5_000)
    ids = [f"f{i}" for i in range(len(vectors))]
    exact, ann = ExactIndex(dimension=64), HNSWIndex(dimension=64)
    exact.upsert(ids, vectors)
    for start in range(0, len(ids), 500):  # incremental inserts, as writes arrive
        ann.upsert(ids[start : start + 500], vectors[start : start + 500])
    queries = clustered(100, seed=8)
    hits = sum(
        len({i for i, _ in exact.search(q, 10)} & {i for i, _ in ann.search(q, 10)})
        for q in queries
    )
    assert hits / (10 * len(queries)) >= 0.95


def test_scores_are_cosines_best_first() -> None:
    vectors = clustered(300)
    ann = HNSWIndex(dimension=64)
    ann.upsert([str(i) for i in range(300)], vectors)
    found = ann.search(vectors[17], 5)
    assert found[0][0] == "17"
    assert found[0][1] == pytest.approx(1.0, abs=1e-4)
    assert [s for _, s in found] == sorted((s for _, s in found), reverse=True)


def test_update_remove_and_reuse() -> None:
    vectors = clustered(200)
    ann = HNSWIndex(dimension=64)
    ann.upsert([str(i) for i in range(200)], vectors)
    ann.upsert(["5"], vectors[[150]])  # "5" now sits where "150" is
    assert {i for i, _ in ann.search(vectors[150], 2)} == {"5", "150"}
    ann.remove(["5", "150", "unknown"])
    assert len(ann) == 198
    assert {"5", "150"}.isdisjoint(i for i, _ in ann.search(vectors[150], 10))
    ann.upsert(["new"], vectors[[150]])  # reuses a deleted slot
    assert ann.search(vectors[150], 1)[0][0] == "new"
    assert len(ann.search(vectors[0], 1_000)) == 199  # k above the size: everything


def test_adaptive_index_switches_once_past_threshold() -> None:
    vectors = clustered(600)
    ids = [str(i) for i in range(600)]
    index = AdaptiveIndex(dimension=64, threshold=500)
    index.upsert(ids[:400], vectors[:400])
    assert not index.approximate
    index.upsert(ids[400:], vectors[400:])
    assert index.approximate and len(index) == 600
    assert index.search(vectors[450], 1)[0][0] == "450"
    index.remove(["450"])
    assert "450" not in {i for i, _ in index.search(vectors[450], 5)}
