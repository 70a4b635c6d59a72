"""Contract: the whole-group graph reads communities are built from.

``list_entities`` gives every entity of one group; ``entity_edges`` the entity graph of the
facts passing a filter, one ``(a, b, n)`` per unordered pair with ``a < b``.
"""

from __future__ import annotations

from dataclasses import replace

from chronomem.model import ChangeSet
from chronomem.ports import Store

from .builders import at, entity, fact, now_filter, small_graph, with_endpoints

A, B = "g-a", "g-b"


def test_list_entities_gives_every_entity_of_the_group_only(store: Store) -> None:
    store.apply(small_graph(A))
    store.apply(small_graph(B))
    store.apply(ChangeSet(group_id=B, entities=(entity(B, "b-only", "Bea"),)))
    assert sorted(e.id for e in store.list_entities(A)) == ["acme", "alice", "globex"]
    assert sorted(e.id for e in store.list_entities(B)) == ["acme", "alice", "b-only", "globex"]
    assert store.list_entities("nobody") == []
    alice = next(e for e in store.list_entities(A) if e.id == "alice")
    assert (alice.name, alice.summary, alice.labels) == ("Alice", "an engineer", ("Person",))


def test_list_entities_forgets_deleted_entities(store: Store) -> None:
    store.apply(small_graph(A))
    store.apply(ChangeSet(group_id=A, delete_entity_ids=("globex",), delete_fact_ids=("f-globex",)))
    assert sorted(e.id for e in store.list_entities(A)) == ["acme", "alice"]


def test_entity_edges_count_facts_per_pair_in_both_directions(store: Store) -> None:
    store.apply(
        with_endpoints(
            A,
            (
                fact(A, "f1", "bob", "ann", "Bob knows Ann"),
                fact(A, "f2", "ann", "bob", "Ann helps Bob", relation="HELPS"),
                fact(A, "f3", "ann", "bob", "Ann trusts Bob", relation="TRUSTS"),
                fact(A, "f4", "ann", "cat", "Ann owns Cat", relation="OWNS"),
                fact(A, "f5", "cat", "cat", "Cat is Cat"),
            ),
        )
    )
    assert store.entity_edges(A, now_filter()) == [("ann", "bob", 3), ("ann", "cat", 1)]
    assert store.entity_edges(A, now_filter(relations=("OWNS", "HELPS"))) == [
        ("ann", "bob", 1),
        ("ann", "cat", 1),
    ]
    assert store.entity_edges(B, now_filter()) == []


def test_entity_edges_apply_the_temporal_filter(store: Store) -> None:
    store.apply(small_graph(A))  # alice-acme ended on day 2 (learned then), alice-globex open
    assert store.entity_edges(A, now_filter()) == [("alice", "globex", 1)]
    assert store.entity_edges(A, now_filter(history=True)) == [
        ("acme", "alice", 1),
        ("alice", "globex", 1),
    ]
    back_then = now_filter(valid_at=at(1.5), known_at=at(1.5))
    assert store.entity_edges(A, back_then) == [("acme", "alice", 1)]


def test_entity_edges_stay_inside_the_group(store: Store) -> None:
    store.apply(with_endpoints(A, (fact(A, "f1", "x", "y", "X meets Y"),)))
    store.apply(with_endpoints(B, (fact(B, "f1", "x", "z", "X meets Z"),)))
    assert store.entity_edges(A, now_filter()) == [("x", "y", 1)]
    assert store.entity_edges(B, now_filter()) == [("x", "z", 1)]


def test_list_facts_gives_the_whole_history_of_one_group_without_embeddings(store: Store) -> None:
    store.apply(small_graph(A))
    store.apply(small_graph(B))
    store.apply(with_endpoints(B, (fact(B, "b-only", "bea", "cat", "Bea owns Cat"),)))
    full = {f.id: f for f in store.facts_of_entities([A], ["alice"], now_filter(history=True))}
    lean = {f.id: f for f in store.list_facts(A)}
    assert sorted(lean) == ["f-acme", "f-globex"]  # the ended fact too; nothing of group B
    assert all(f.embedding is None for f in lean.values())
    for id_, f in lean.items():  # every other field as the full read gives it
        assert f == replace(full[id_], embedding=None)
    assert sorted(f.id for f in store.list_facts(B)) == ["b-only", "f-acme", "f-globex"]
    assert store.list_facts("nobody") == []


def test_group_ids_lists_the_groups_held_and_forgets_deleted_ones(store: Store) -> None:
    assert store.group_ids() == []
    store.apply(small_graph(A))
    store.apply(small_graph(B))
    assert sorted(store.group_ids()) == [A, B]
    store.delete_group(A)
    assert store.group_ids() == [B]
