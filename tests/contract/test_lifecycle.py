"""Contract: communities, group deletion and the embedder binding."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from chronomem.errors import UsageError
from chronomem.model import ChangeSet, CommunitySet, Target
from chronomem.ports import Store

from .builders import EMBEDDER, community, embed, entity, fact, now_filter, small_graph

A, B = "group-a", "group-b"


def _communities(group: str, *items: tuple[str, str, list[str]]) -> CommunitySet:
    return CommunitySet(group_id=group, communities=tuple(community(group, *i) for i in items))


def test_communities_round_trip_and_are_replaced_whole(store: Store) -> None:
    store.apply(small_graph(A))
    first = _communities(A, ("c-1", "Alice Acme", ["alice", "acme"]), ("c-2", "Globex", ["globex"]))
    store.replace_communities(first)
    got = store.get_communities([A])
    assert sorted(got, key=lambda c: c.id) == list(first.communities)
    np.testing.assert_array_equal(got[0].name_embedding, first.communities[0].name_embedding)
    assert [c.member_ids for c in store.get_communities([A], ["c-1"])] == [("alice", "acme")]
    store.replace_communities(_communities(A, ("c-3", "Everyone", ["alice", "acme", "globex"])))
    assert [c.id for c in store.get_communities([A])] == ["c-3"]
    assert store.text_search(Target.COMMUNITIES, [A], "Globex", limit=5, filter=now_filter()) == []
    hits = store.vector_search(
        Target.COMMUNITIES, [A], embed("Globex"), limit=5, filter=now_filter()
    )
    assert [h[0] for h in hits] == ["c-3"]


def test_replacing_communities_is_atomic_and_per_group(store: Store) -> None:
    for group in (A, B):
        store.apply(small_graph(group))
        store.replace_communities(_communities(group, ("c-1", "Alice Acme", ["alice", "acme"])))
    good = community(A, "c-2", "Globex", ["globex"])
    broken = replace(
        community(A, "c-3", "Broken", ["alice"]), name_embedding=np.ones((2, 2), np.float32)
    )
    with pytest.raises(UsageError):
        store.replace_communities(CommunitySet(group_id=A, communities=(good, broken)))
    assert [c.id for c in store.get_communities([A])] == ["c-1"]
    store.replace_communities(CommunitySet(group_id=A, communities=()))
    assert store.get_communities([A]) == []
    assert [c.id for c in store.get_communities([B])] == ["c-1"]
    hits = store.vector_search(
        Target.COMMUNITIES, [B], embed("Alice Acme"), limit=5, filter=now_filter()
    )
    assert [h[0] for h in hits] == ["c-1"]


def _snapshot(store: Store, group: str) -> tuple[object, ...]:
    history = now_filter(history=True)
    return (
        store.get_episodes([group], ["ep-1", "ep-2"]),
        store.get_entities([group], ["alice", "acme", "globex"]),
        store.get_facts([group], ["f-acme", "f-globex"]),
        store.mentions([group]),
        store.get_communities([group]),
        store.group_version(group),
        store.text_search(Target.FACTS, [group], "Alice", limit=5, filter=history),
        store.vector_search(Target.ENTITIES, [group], embed("Alice"), limit=5, filter=history),
        dict(store.walk([group], ["alice"], depth=2, filter=history)),
    )


def test_delete_group_removes_the_group_and_leaves_others(store: Store) -> None:
    for group in (A, B):
        store.apply(small_graph(group))
        store.replace_communities(_communities(group, ("c-1", "Alice Acme", ["alice", "acme"])))
    kept = _snapshot(store, B)
    _snapshot(store, A)  # warm any caches of the deleted group
    store.delete_group(A)
    assert _snapshot(store, B) == kept
    gone = _snapshot(store, A)
    assert gone[:6] == ([], [], [], [], [], 0) and gone[6:8] == ([], [])
    assert gone[8] == {"alice": 0}
    assert store.find_entities(A, ["alice"]) == [] and store.recent_episodes(A, limit=5) == []
    store.apply(small_graph(A))  # the same ids can be written again
    assert store.group_version(A) == 1
    assert [
        h[0]
        for h in store.vector_search(
            Target.ENTITIES, [A], embed("Alice"), limit=1, filter=now_filter()
        )
    ] == ["alice"]


def test_delete_group_of_an_unknown_group_is_harmless(store: Store) -> None:
    store.apply(small_graph(B))
    store.delete_group(A)
    assert store.group_version(B) == 1


def test_the_embedder_is_bound_once(store: Store) -> None:
    store.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)
    store.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)  # the same again is fine
    with pytest.raises(UsageError, match=EMBEDDER.name):
        store.bind_embedder("other-model", EMBEDDER.dimension)
    with pytest.raises(UsageError, match="new database"):
        store.bind_embedder(EMBEDDER.name, EMBEDDER.dimension * 2)


def test_vectors_of_another_dimension_are_refused_once_bound(store: Store) -> None:
    store.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)
    wide = np.ones(EMBEDDER.dimension + 1, dtype=np.float32)
    changes = ChangeSet(group_id=A, entities=(replace(entity(A, "e", "Eve"), name_embedding=wide),))
    with pytest.raises(UsageError):
        store.apply(changes)
    assert store.get_entities([A], ["e"]) == [] and store.group_version(A) == 0
    store.apply(
        ChangeSet(
            group_id=A,
            entities=(entity(A, "e", "Eve"),),
            facts=(fact(A, "f", "e", "e", "Eve trusts herself"),),
        )
    )
    assert store.get_facts([A], ["f"])[0].fact == "Eve trusts herself"
