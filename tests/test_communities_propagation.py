"""Label propagation, the dynamic step, drift and key terms: the pure parts of stage 7."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from chronomem.engine.communities import (
    communities_of,
    join_neighbours,
    key_terms,
    partition_drift,
)
from chronomem.engine.communities.propagation import Edge
from chronomem.model import Entity


def clique(names: str) -> list[Edge]:
    return [(a, b, 1) for i, a in enumerate(names) for b in names[i + 1 :]]


TWO_CLIQUES = [*clique("abcde"), *clique("vwxyz"), ("e", "v", 1)]


def test_two_cliques_joined_by_one_edge_are_two_communities() -> None:
    found = communities_of("abcdevwxyz", TWO_CLIQUES)
    assert sorted(map(sorted, found)) == [list("abcde"), list("vwxyz")]


def test_bridge_ends_follow_their_own_clique_whatever_the_ids() -> None:
    # the bridge runs from the first id of one clique to the last of the other
    edges = [*clique("mnop"), *clique("bcde"), ("b", "p", 1)]
    assert sorted(map(sorted, communities_of("bcdemnop", edges))) == [list("bcde"), list("mnop")]


def test_the_same_graph_gives_the_same_communities_in_any_order() -> None:
    rng = random.Random(7)
    nodes = [f"n{i:03d}" for i in range(60)]
    edges: list[Edge] = []
    for block in range(4):  # four dense blocks, a few links between them
        members = nodes[block * 15 : (block + 1) * 15]
        edges += [(a, b, rng.randint(1, 3)) for a in members for b in members if a < b]
    edges += [(rng.choice(nodes), rng.choice(nodes), 1) for _ in range(6)]
    first = communities_of(nodes, edges)
    for _ in range(5):
        shuffled = edges[:]
        rng.shuffle(shuffled)
        flipped = [(b, a, n) if rng.random() < 0.5 else (a, b, n) for a, b, n in shuffled]
        assert communities_of(reversed(nodes), flipped) == first
    assert len(first) == 4


def test_fact_count_weighs_the_vote() -> None:
    # "m" sits between two triangles: two facts link it to the left one, one to the right
    edges = [*clique("abc"), *clique("xyz"), ("m", "a", 1), ("m", "b", 1), ("m", "x", 1)]
    heavier = [*edges[:-1], ("m", "x", 3)]
    assert ["a", "b", "c", "m"] in map(sorted, communities_of("abcmxyz", edges))
    assert ["m", "x", "y", "z"] in map(sorted, communities_of("abcmxyz", heavier))


def test_members_come_most_central_first_and_small_groups_are_dropped() -> None:
    star = [("hub", leaf, 1) for leaf in ("l1", "l2", "l3")] + [("l1", "l2", 1)]
    found = communities_of(["hub", "l1", "l2", "l3", "alone", "p", "q"], [*star, ("p", "q", 1)])
    assert found == [("hub", "l1", "l2", "l3"), ("p", "q")]
    assert communities_of(["p", "q", "alone"], [("p", "q", 1)], min_size=3) == []
    assert communities_of(["alone"], [], min_size=1) == [("alone",)]
    assert communities_of([], []) == []


def test_edges_to_unknown_entities_and_self_loops_are_ignored() -> None:
    edges = [("a", "b", 1), ("a", "ghost", 5), ("a", "a", 9)]
    assert communities_of("ab", edges) == [("a", "b")]


def test_a_new_entity_joins_the_community_most_of_its_neighbours_hold() -> None:
    membership = {"a1": "A", "a2": "A", "a3": "A", "b1": "B", "b2": "B"}
    sizes = {"A": 3, "B": 2}
    edges = [("new", "a1", 1), ("new", "b1", 1), ("b2", "new", 1)]
    assert join_neighbours(["new"], edges, membership, sizes) == {"new": "B"}
    tie = [("new", "a1", 1), ("new", "b1", 1)]
    assert join_neighbours(["new"], tie, membership, sizes) == {"new": "A"}  # larger wins
    chain = [("n2", "n1", 1), ("n1", "b1", 1)]  # n2 only knows n1, which joins B first
    assert join_neighbours(["n1", "n2", "n3"], chain, membership, sizes) == {"n1": "B", "n2": "B"}


def test_drift_is_the_share_of_entities_whose_community_would_change() -> None:
    stored = {"a": "s1", "b": "s1", "c": "s2", "d": "s2"}
    assert partition_drift(stored, {"a": "0", "b": "0", "c": "1", "d": "1"}) == 0.0
    assert partition_drift(stored, {"a": "9", "b": "9", "c": "9", "d": "3"}) == 1 / 4  # c moved
    grown = {"a": "0", "b": "0", "c": "1", "d": "1", "e": "1", "f": "2", "g": "2"}
    assert partition_drift(stored, grown) == pytest.approx(3 / 7)  # e, f, g: no stored one
    assert partition_drift({}, {}) == 0.0


def test_key_terms_are_shared_words_then_central_names() -> None:
    def ent(id_: str, name: str) -> Entity:
        return Entity(id=id_, group_id="g", name=name, created_at=datetime(2024, 1, 1, tzinfo=UTC))

    printer = [ent("p", "HP LaserJet printer"), ent("t", "printer tray"), ent("b", "Bob")]
    assert key_terms(printer, {"p": 3}) == ("printer", "HP LaserJet", "tray", "Bob")
    people = [
        ent(str(i), n) for i, n in enumerate(["Ann Lee", "Bo Chan", "Cy Park", "Di Ng", "Ed"])
    ]
    assert key_terms(people, {}) == ("Ann Lee", "Bo Chan", "Cy Park", "Di Ng")
    of_the = [ent("x", "Office of the CEO"), ent("y", "the Board of Directors")]
    assert key_terms(of_the, {}) == ("Office of the CEO", "the Board of Directors")
