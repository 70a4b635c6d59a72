"""Contract: full-text and vector search, the bi-temporal filter, and graph walks."""

from __future__ import annotations

import pytest

from chronomem.errors import UsageError
from chronomem.model import ChangeSet, CommunitySet, SearchFilter, SearchRequest, Target, TimeRange
from chronomem.ports import Store

from .builders import (
    at,
    community,
    embed,
    entity,
    fact,
    now_filter,
    small_graph,
    with_endpoints,
)

G = "g1"


def _ids(hits: list[tuple[str, float]]) -> list[str]:
    return [h[0] for h in hits]


def test_text_search_ranks_rows_matching_more_words_first(store: Store) -> None:
    store.apply(
        with_endpoints(
            G,
            (
                fact(G, "both", "a", "b", "Alice works at Acme"),
                fact(G, "one", "a", "c", "Alice likes tea"),
                fact(G, "none", "a", "d", "Bob plays chess"),
            ),
        )
    )
    hits = store.text_search(Target.FACTS, [G], "acme ALICE", limit=10, filter=now_filter())
    assert _ids(hits) == ["both", "one"]
    assert hits[0][1] > hits[1][1] > 0
    assert _ids(store.text_search(Target.FACTS, [G], "Alice", limit=1, filter=now_filter())) in (
        ["both"],
        ["one"],
    )


@pytest.mark.parametrize("query", ["", "   ", "?!.,;", "***", '""', "_", "-- --"])
def test_text_search_without_words_finds_nothing(store: Store, query: str) -> None:
    store.apply(small_graph(G))
    assert store.text_search(Target.FACTS, [G], query, limit=5, filter=now_filter()) == []


@pytest.mark.parametrize(
    "query",
    [
        'Alice "works',
        "Alice AND OR NOT",
        "fact: Alice",
        "Alice*",
        "(Alice",
        "NEAR(Alice Globex)",
        "Alice'); DROP TABLE facts; --",
        "Alice^ {x} [y] +z -w ~v",
    ],
)
def test_text_search_treats_query_syntax_as_plain_words(store: Store, query: str) -> None:
    store.apply(small_graph(G))
    hits = store.text_search(Target.FACTS, [G], query, limit=5, filter=now_filter())
    assert _ids(hits) == ["f-globex"]


def test_text_search_covers_every_target(store: Store) -> None:
    store.apply(small_graph(G))
    store.replace_communities(
        CommunitySet(
            group_id=G,
            communities=(
                community(
                    G, "c", "rockets and engines", ["acme"], summary="companies building rockets"
                ),
            ),
        )
    )
    current = now_filter()
    assert _ids(store.text_search(Target.ENTITIES, [G], "Globex", limit=5, filter=current)) == [
        "globex"
    ]
    assert _ids(store.text_search(Target.ENTITIES, [G], "engineer", limit=5, filter=current)) == [
        "alice"
    ]
    assert _ids(store.text_search(Target.EPISODES, [G], "Berlin", limit=5, filter=current)) == [
        "ep-1"
    ]
    assert _ids(store.text_search(Target.COMMUNITIES, [G], "engines", limit=5, filter=current)) == [
        "c"
    ]
    labelled = now_filter(labels=("Organization",))
    assert _ids(
        store.text_search(Target.ENTITIES, [G], "Alice Acme", limit=5, filter=labelled)
    ) == ["acme"]
    early = now_filter(known_at=at(1.5))
    assert _ids(store.text_search(Target.EPISODES, [G], "Alice", limit=5, filter=early)) == ["ep-1"]


def test_vector_search_returns_the_nearest_first(store: Store) -> None:
    texts = ["Alice works at Acme", "Bob plays chess on Sundays", "Carol sails to Norway"]
    store.apply(
        with_endpoints(G, tuple(fact(G, f"f{i}", "a", "b", text) for i, text in enumerate(texts)))
    )
    hits = store.vector_search(
        Target.FACTS, [G], embed("Bob plays chess on Sundays"), limit=2, filter=now_filter()
    )
    assert hits[0][0] == "f1" and hits[0][1] == pytest.approx(1.0, abs=1e-5)
    assert len(hits) == 2 and hits[0][1] >= hits[1][1]
    scaled = embed("Carol sails to Norway") * 7.0  # the store normalises the query
    assert _ids(store.vector_search(Target.FACTS, [G], scaled, limit=1, filter=now_filter())) == [
        "f2"
    ]


def test_vector_search_fills_the_limit_past_filtered_neighbours(store: Store) -> None:
    retired = [
        fact(G, f"old-{i}", "a", "b", f"Alice works at Acme {i}", expired=1, invalid=1)
        for i in range(150)
    ]
    current = [fact(G, f"new-{i}", "a", "b", f"Bob plays chess game {i}") for i in range(4)]
    store.apply(with_endpoints(G, [*retired, *current]))
    hits = store.vector_search(
        Target.FACTS, [G], embed("Alice works at Acme"), limit=3, filter=now_filter()
    )
    assert len(hits) == 3 and all(h.startswith("new-") for h in _ids(hits))
    everything = store.vector_search(Target.FACTS, [G], embed("x"), limit=1000, filter=now_filter())
    assert sorted(_ids(everything)) == sorted(f.id for f in current)


def test_vector_search_sees_later_writes(store: Store) -> None:
    store.apply(ChangeSet(group_id=G, entities=(entity(G, "a", "Alice"),)))
    assert _ids(
        store.vector_search(Target.ENTITIES, [G], embed("Zed"), limit=1, filter=now_filter())
    ) == ["a"]
    store.apply(ChangeSet(group_id=G, entities=(entity(G, "z", "Zed"),)))
    assert _ids(
        store.vector_search(Target.ENTITIES, [G], embed("Zed"), limit=1, filter=now_filter())
    ) == ["z"]
    store.apply(ChangeSet(group_id=G, entities=(entity(G, "z", "Zed", embedded=False),)))
    assert _ids(
        store.vector_search(Target.ENTITIES, [G], embed("Zed"), limit=5, filter=now_filter())
    ) == ["a"]


def test_vector_search_filters_entities_by_label_and_known_at(store: Store) -> None:
    store.apply(small_graph(G))
    store.apply(ChangeSet(group_id=G, entities=(entity(G, "late", "Acme Labs", day=50),)))
    orgs = store.vector_search(
        Target.ENTITIES,
        [G],
        embed("Acme"),
        limit=5,
        filter=now_filter(labels=("Organization", "Place")),
    )
    assert sorted(_ids(orgs)) == ["acme", "globex"]
    early = store.vector_search(
        Target.ENTITIES, [G], embed("Acme Labs"), limit=5, filter=now_filter(known_at=at(10))
    )
    assert "late" not in _ids(early) and len(early) == 3


def _timeline(store: Store) -> None:
    """Alice lived in Rome from day 0; on day 10 we learned she moved to Oslo on day 8.

    On day 12 we retracted a wrong fact (she never owned a boat), learned on day 5.
    """
    store.apply(
        with_endpoints(
            G,
            (
                fact(
                    G,
                    "rome",
                    "alice",
                    "rome",
                    "Alice lives in Rome",
                    relation="LIVES_IN",
                    created=1,
                    valid=0,
                    invalid=8,
                    expired=10,
                ),
                fact(
                    G,
                    "oslo",
                    "alice",
                    "oslo",
                    "Alice lives in Oslo",
                    relation="LIVES_IN",
                    created=10,
                    valid=8,
                ),
                fact(
                    G,
                    "boat",
                    "alice",
                    "boat",
                    "Alice owns a boat",
                    relation="OWNS",
                    created=5,
                    expired=12,
                ),
            ),
        )
    )


def _believed(store: Store, flt: SearchFilter) -> set[str]:
    return {f.id for f in store.facts_of_entities([G], ["alice"], flt)}


def test_filters_follow_both_timelines(store: Store) -> None:
    _timeline(store)
    assert _believed(store, now_filter()) == {"oslo"}
    assert _believed(store, now_filter(valid_at=at(4))) == {"rome"}  # what was true on day 4
    assert _believed(store, now_filter(known_at=at(6))) == {"rome", "boat"}  # believed on day 6
    assert _believed(store, now_filter(known_at=at(11))) == {"oslo", "boat"}
    assert _believed(store, now_filter(known_at=at(11), valid_at=at(7))) == {"rome", "boat"}
    assert _believed(store, now_filter(known_at=at(0.5))) == set()
    assert _believed(store, now_filter(history=True)) == {"rome", "oslo", "boat"}
    assert _believed(store, now_filter(history=True, relations=("OWNS",))) == {"boat"}
    assert _believed(store, now_filter(relations=("LIVES_IN", "WORKS_AT"))) == {"oslo"}
    window = TimeRange(start=at(0), end=at(8))
    assert _believed(store, now_filter(history=True, valid_between=window)) == {"rome"}
    learned = TimeRange(start=at(5), end=at(10))
    assert _believed(store, now_filter(history=True, created_between=learned)) == {"boat"}


def test_search_methods_apply_the_same_filter(store: Store) -> None:
    _timeline(store)
    for flt, want in [(now_filter(), {"oslo"}), (now_filter(valid_at=at(4)), {"rome"})]:
        text = store.text_search(Target.FACTS, [G], "Alice lives owns", limit=10, filter=flt)
        vector = store.vector_search(Target.FACTS, [G], embed("Alice lives"), limit=10, filter=flt)
        assert set(_ids(text)) == want and set(_ids(vector)) == want


def _chain(store: Store) -> None:
    """a - b - c - d - e (mixed directions), b - x retired, c - y only in history."""
    store.apply(
        with_endpoints(
            G,
            (
                fact(G, "ab", "a", "b", "a to b"),
                fact(G, "cb", "c", "b", "c to b"),
                fact(G, "cd", "c", "d", "c to d"),
                fact(G, "ed", "e", "d", "e to d"),
                fact(G, "bx", "b", "x", "b to x", valid=0, invalid=3, expired=3),
                fact(G, "yc", "y", "c", "y to c", created=2000),
            ),
        )
    )


def test_walk_counts_hops_in_both_directions(store: Store) -> None:
    _chain(store)
    current = now_filter()
    assert store.walk([G], ["a"], depth=0, filter=current) == {"a": 0}
    assert store.walk([G], ["a"], depth=2, filter=current) == {"a": 0, "b": 1, "c": 2}
    assert store.walk([G], ["a"], depth=9, filter=current) == {
        "a": 0,
        "b": 1,
        "c": 2,
        "d": 3,
        "e": 4,
    }
    assert store.walk([G], ["e", "a"], depth=2, filter=current) == {
        "e": 0,
        "a": 0,
        "d": 1,
        "b": 1,
        "c": 2,
    }
    past = now_filter(valid_at=at(1), known_at=at(2))
    assert store.walk([G], ["a"], depth=2, filter=past)["x"] == 2
    history = store.walk([G], ["a"], depth=9, filter=now_filter(history=True))
    assert history["x"] == 2 and history["y"] == 3


def test_a_search_batch_answers_as_the_single_searches_do(store: Store) -> None:
    """The searcher sends a search's candidate lists in one batch; each answer must be the
    one of its own call (targets, groups, filters and limits kept apart)."""
    store.apply(small_graph(G))
    store.apply(small_graph("g2"))
    history = now_filter(history=True)
    requests = [
        SearchRequest("text", Target.FACTS, (G,), "Alice Globex", 5, now_filter()),
        SearchRequest("text", Target.FACTS, (G, "g2"), "Alice Acme", 5, history),
        SearchRequest("vector", Target.ENTITIES, (G,), embed("Globex"), 2, now_filter()),
        SearchRequest("text", Target.EPISODES, ("g2",), "Paris", 5, now_filter()),
        SearchRequest("vector", Target.FACTS, ("g2",), embed("Alice works at Acme"), 1, history),
        SearchRequest("text", Target.ENTITIES, ("nobody",), "Alice", 5, now_filter()),
    ]
    single = [
        store.text_search(r.target, r.group_ids, r.query, limit=r.limit, filter=r.filter)
        if isinstance(r.query, str)
        else store.vector_search(r.target, r.group_ids, r.query, limit=r.limit, filter=r.filter)
        for r in requests
    ]
    assert store.search_batch(requests) == single
    assert [len(a) > 0 for a in single] == [True, True, True, True, True, False]
    with pytest.raises(UsageError, match="str query"):
        store.search_batch([SearchRequest("vector", Target.FACTS, (G,), "text", 1, history)])


def test_get_many_reads_several_targets_as_the_get_methods_do(store: Store) -> None:
    store.apply(small_graph(G))
    found = store.get_many(
        [G], {Target.FACTS: ["f-acme", "nope"], Target.ENTITIES: ["globex", "alice"]}
    )
    assert list(found[Target.FACTS]) == store.get_facts([G], ["f-acme", "nope"])
    assert list(found[Target.ENTITIES]) == store.get_entities([G], ["globex", "alice"])
    assert [e.id for e in found[Target.ENTITIES]] == ["globex", "alice"]
    assert store.get_many(["g2"], {Target.EPISODES: ["ep-1"]})[Target.EPISODES] == []


def test_get_many_without_vectors_gives_every_other_field(store: Store) -> None:
    """The lean read (search results) leaves only the embeddings out: every other field of
    every target equals what the get methods return, and no row carries a vector."""
    store.apply(small_graph(G))
    store.replace_communities(
        CommunitySet(group_id=G, communities=(community(G, "c-1", "Alice Acme", ["alice"]),))
    )
    ids = {
        Target.FACTS: [f.id for f in store.list_facts(G)],
        Target.ENTITIES: [e.id for e in store.list_entities(G)],
        Target.EPISODES: ["ep-1"],
        Target.COMMUNITIES: [c.id for c in store.get_communities([G])],
    }
    full = store.get_many([G], ids)
    lean = store.get_many([G], ids, vectors=False)
    for target, wanted in ids.items():
        assert wanted, f"small_graph has no {target.value}"
        assert list(lean[target]) == list(full[target])  # embeddings do not take part in ==
        for row in lean[target]:
            assert getattr(row, "embedding", None) is None
            assert getattr(row, "name_embedding", None) is None
    assert any(f.embedding is not None for f in full[Target.FACTS])
