"""Moving a store to another embedding model (``chronomem reembed``), through the Store port."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from chronomem.errors import UsageError
from chronomem.model import Target
from chronomem.ports import EmbedKind, Matrix, Store
from chronomem.reembed import reembed

from .builders import EMBEDDER, now_filter, small_graph

A, B = "reembed-a", "reembed-b"


class MirroredEmbedder:
    """Another model of the same dimension: the hash vectors with their order reversed."""

    name = "mirrored-64"
    dimension = EMBEDDER.dimension

    def embed_batch(self, texts: Sequence[str], *, kind: EmbedKind = "document") -> Matrix:
        return np.ascontiguousarray(EMBEDDER.embed_batch(texts, kind=kind)[:, ::-1])


def _filled(store: Store) -> Store:
    store.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)
    store.apply(small_graph(A))
    store.apply(small_graph(B))
    return store


def test_a_store_moves_group_by_group_and_refuses_use_in_between(store: Store) -> None:
    new = MirroredEmbedder()
    _filled(store)
    before = store.group_version(A)
    done = reembed(store, new, groups=[A])
    assert done.groups == (A,) and done.left == (B,) and done.texts > 0
    assert store.group_version(A) > before
    for name in (EMBEDDER.name, new.name):  # half-moved: neither model may use it
        with pytest.raises(UsageError, match="chronomem reembed"):
            store.bind_embedder(name, EMBEDDER.dimension)
    with pytest.raises(UsageError, match="finish that move first"):
        store.start_reembed("a-third-model", EMBEDDER.dimension)
    finished = reembed(store, new)
    assert finished.groups == (B,) and finished.left == ()
    store.bind_embedder(new.name, new.dimension)
    with pytest.raises(UsageError, match="chronomem reembed"):
        store.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)


def test_every_vector_is_the_new_models_past_facts_included(store: Store) -> None:
    new = MirroredEmbedder()
    _filled(store)
    reembed(store, new)
    for group in (A, B):
        query = new.embed_batch(["Alice works at Acme"], kind="query")[0]
        hits = store.vector_search(
            Target.FACTS, [group], query, limit=5, filter=now_filter(history=True)
        )
        assert hits[0][0] == "f-acme" and hits[0][1] == pytest.approx(1.0, abs=1e-4)
        name = new.embed_batch(["Globex"])[0]
        found = store.vector_search(Target.ENTITIES, [group], name, limit=1, filter=now_filter())
        assert found[0][0] == "globex" and found[0][1] == pytest.approx(1.0, abs=1e-4)
        said = new.embed_batch(["Alice: I work at Acme in Berlin"])[0]
        turns = store.vector_search(Target.EPISODES, [group], said, limit=1, filter=now_filter())
        assert turns[0][0] == "ep-1" and turns[0][1] == pytest.approx(1.0, abs=1e-4)


def test_reembedding_with_the_bound_model_or_an_empty_store_just_binds(store: Store) -> None:
    assert store.start_reembed(EMBEDDER.name, EMBEDDER.dimension) == []
    store.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)
    store.apply(small_graph(A))
    assert reembed(store, EMBEDDER).groups == ()
    store.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)
