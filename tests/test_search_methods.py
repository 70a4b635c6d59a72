"""Search methods, rerankers, filters and presets on a small hand-built graph.

Alice --WORKS_AT--> Acme            Alice --KNOWS--> Bob --KNOWS--> Carol --LIVES_IN--> Paris
Alice --WORKS_AT--> Initech (day 0 .. day 10, learned on day 10)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from chronomem import Memory
from chronomem.errors import ProviderOutputError, UsageError
from chronomem.model import ChangeSet, Entity, Episode, Fact, Mention, SearchFilter, TimeRange
from chronomem.search import PRESETS, Rerank, SearchConfig, TargetConfig, preset
from chronomem.search.rerankers import by_count, by_distance, mmr, rrf
from chronomem.testing import HashEmbedder, ManualClock

T0 = datetime(2024, 1, 1, tzinfo=UTC)
EMB = HashEmbedder()
G = "g"


def day(n: float) -> datetime:
    return T0 + timedelta(days=n)


def ent(id_: str, name: str, label: str = "Person") -> Entity:
    return Entity(
        id_,
        G,
        name,
        day(0),
        (label,),
        f"{name} is a {label.lower()}.",
        name_embedding=EMB.embed_batch([name])[0],
    )


def fact(id_: str, src: str, dst: str, rel: str, text: str, **times: datetime) -> Fact:
    times.setdefault("valid_at", day(0))
    created = times.pop("created_at", day(0))
    eps = times.pop("episodes", ("e1",))  # type: ignore[arg-type]
    return Fact(
        id_,
        G,
        src,
        dst,
        rel,
        text,
        created,
        tuple(eps),
        **times,  # type: ignore[arg-type]
        embedding=EMB.embed_batch([text])[0],
    )


def episode(id_: str, text: str, d: float) -> Episode:
    return Episode(id_, G, text, "message", day(d), day(d))


@pytest.fixture
def memory() -> Memory:
    clock = ManualClock(day(100))
    m = Memory(embedder=EMB, clock=clock)
    m.store.bind_embedder(EMB.name, EMB.dimension)
    people = [
        ent("alice", "Alice"),
        ent("bob", "Bob"),
        ent("carol", "Carol"),
        ent("acme", "Acme", "Organization"),
        ent("initech", "Initech", "Organization"),
        ent("paris", "Paris", "Place"),
    ]
    facts = [
        fact(
            "f-acme",
            "alice",
            "acme",
            "WORKS_AT",
            "Alice works at Acme as an engineer",
            valid_at=day(11),
            episodes=("e2",),
        ),
        fact(
            "f-initech",
            "alice",
            "initech",
            "WORKS_AT",
            "Alice works at Initech",
            invalid_at=day(10),
            expired_at=day(10),
            episodes=("e1",),
        ),
        fact("f-ab", "alice", "bob", "KNOWS", "Alice knows Bob from school", episodes=("e1",)),
        fact("f-bc", "bob", "carol", "KNOWS", "Bob knows Carol from work", episodes=("e3",)),
        fact(
            "f-cp",
            "carol",
            "paris",
            "LIVES_IN",
            "Carol lives in Paris",
            episodes=("e3", "e4", "e5"),
        ),
    ]
    episodes = [
        episode("e1", "Alice: I work at Initech. Bob and I went to school together.", 0),
        episode("e2", "Alice: I started at Acme today as an engineer.", 11),
        episode("e3", "Bob: Carol from work moved to Paris.", 12),
        episode("e4", "Carol: Paris is lovely in spring.", 13),
        episode("e5", "Carol: I love living in Paris.", 14),
    ]
    mentions = [
        ("e1", "alice"),
        ("e1", "initech"),
        ("e1", "bob"),
        ("e2", "alice"),
        ("e2", "acme"),
        ("e3", "bob"),
        ("e3", "carol"),
        ("e3", "paris"),
        ("e4", "carol"),
        ("e4", "paris"),
        ("e5", "carol"),
        ("e5", "paris"),
    ]
    m.store.apply(
        ChangeSet(
            G,
            tuple(episodes),
            tuple(people),
            tuple(facts),
            tuple(Mention(G, e, n) for e, n in mentions),
        )
    )
    yield m
    m.close()


def ids(rows: Sequence[object]) -> list[str]:
    return [r.id for r in rows]  # type: ignore[attr-defined]


# -- rerankers as pure functions ---------------------------------------------------------
def test_rrf_fuses_as_defined() -> None:
    fused = dict(rrf([[("a", 9.0), ("b", 1.0)], [("b", 5.0), ("c", 4.0)]], k=60))
    assert fused == pytest.approx({"a": 1 / 61, "b": 1 / 62 + 1 / 61, "c": 1 / 62})
    assert [i for i, _ in rrf([[("a", 9.0), ("b", 1.0)], [("b", 5.0), ("c", 4.0)]])] == [
        "b",
        "a",
        "c",
    ]


def test_mmr_drops_a_near_duplicate_and_lambda_one_ranks_by_relevance() -> None:
    q = np.array([1.0, 0.0, 0.0], dtype=np.float32)
    vectors = {
        "a": np.array([0.9, 0.44, 0.0]),
        "a2": np.array([0.89, 0.45, 0.01]),
        "b": np.array([0.7, -0.2, 0.69]),
    }
    candidates = [("a", 0.0), ("a2", 0.0), ("b", 0.0)]
    kept = list(candidates)
    assert [i for i, _ in mmr(candidates, vectors, q, lambda_=0.5, limit=2)] == ["a", "b"]
    assert [i for i, _ in mmr(candidates, vectors, q, lambda_=1.0, limit=2)] == ["a", "a2"]
    assert candidates == kept  # inputs untouched


def test_node_distance_is_graded_by_hops() -> None:
    candidates = [("far", 0.0), ("unreached", 0.0), ("one", 0.0), ("centre", 0.0)]
    ranked = by_distance(candidates, {"centre": 0, "one": 1, "far": 2})
    assert [i for i, _ in ranked] == ["centre", "one", "far", "unreached"]
    assert [s for _, s in ranked] == [1.0, 0.5, pytest.approx(1 / 3), 0.0]


def test_count_reranker_keeps_given_order_on_ties() -> None:
    assert [i for i, _ in by_count([("x", 0), ("y", 0), ("z", 0)], {"z": 3, "y": 1, "x": 1})] == [
        "z",
        "x",
        "y",
    ]


# -- methods through the searcher ---------------------------------------------------------
def one(method: str, target: str = "facts", reranker: str = "rrf", limit: int = 10) -> SearchConfig:
    tc = TargetConfig((method,), reranker, limit)  # type: ignore[arg-type]
    return SearchConfig(**{"facts": None, "entities": None, target: tc})  # type: ignore[arg-type]


def test_bm25_and_cosine_find_the_matching_fact(memory: Memory) -> None:
    for method in ("bm25", "cosine"):
        found = memory.search("Who lives in Paris?", group_id=G, recipe=one(method))
        assert found.facts[0].id == "f-cp", method


def test_bm25_searches_episodes_and_entities(memory: Memory) -> None:
    found = memory.search("spring in Paris", group_id=G, recipe=one("bm25", "episodes"))
    assert found.episodes[0].id == "e4"
    found = memory.search("Initech", group_id=G, recipe=one("bm25", "entities"))
    assert ids(found.entities) == ["initech"]


def test_bfs_walks_from_entities_named_in_the_query(memory: Memory) -> None:
    found = memory.search("tell me about Bob", group_id=G, recipe=one("bfs", "entities"))
    assert ids(found.entities)[:1] == ["bob"]
    assert set(ids(found.entities)[1:3]) == {"alice", "carol"}  # one hop
    facts = memory.search("tell me about Bob", group_id=G, recipe=one("bfs")).facts
    assert set(ids(facts)[:2]) == {"f-ab", "f-bc"}  # touching Bob first
    assert "f-initech" not in ids(facts)  # the walk sees current facts only


def test_bfs_seeds_from_recent_episodes_or_caller(memory: Memory) -> None:
    recent = memory.search("anything?", group_id=G, recipe=one("bfs", "entities"))
    # the three latest episodes (e3..e5) mention Bob, Carol and Paris: the walk starts there
    assert set(ids(recent.entities)[:3]) == {"bob", "carol", "paris"}
    given = memory.search("anything?", group_id=G, recipe=one("bfs", "entities"), seeds=["acme"])
    assert ids(given.entities)[:2] == ["acme", "alice"]
    eps = memory.search("x", group_id=G, recipe=one("bfs", "episodes"), seeds=["initech"])
    assert ids(eps.episodes)[0] == "e1"


def test_node_distance_orders_one_hop_before_two(memory: Memory) -> None:
    cfg = SearchConfig(facts=None, entities=TargetConfig(("bm25",), Rerank.NODE_DISTANCE, 10))
    found = memory.search("Paris Carol Bob Acme", group_id=G, recipe=cfg, center=["alice"])
    order = ids(found.entities)
    assert order.index("acme") < order.index("carol") < order.index("paris")
    assert order.index("bob") < order.index("carol")
    facts = memory.search(
        "knows lives works", group_id=G, recipe="node_distance", center=["alice"]
    ).facts
    assert ids(facts)[-2:] == ["f-bc", "f-cp"]  # 1 hop, then 2 hops from Alice


def test_episode_mentions_ranks_by_how_often_heard(memory: Memory) -> None:
    found = memory.search("Carol Paris Bob", group_id=G, recipe="episode_mentions")
    assert found.facts[0].id == "f-cp"  # three source episodes
    assert ids(found.entities)[:2] in (["carol", "paris"], ["paris", "carol"])


def test_cross_encoder_needs_and_uses_a_reranker(memory: Memory) -> None:
    with pytest.raises(UsageError, match="reranker"):
        memory.search("Alice", group_id=G, recipe="cross_encoder")

    class ShortestFirst:  # a deterministic Reranker implementation
        def score(self, query: str, passages: Sequence[str]) -> list[float]:
            return [-float(len(p)) for p in passages]

    m = Memory(store=memory.store, embedder=EMB, clock=memory.clock, reranker=ShortestFirst())
    found = m.search("Alice works knows", group_id=G, recipe="cross_encoder")
    lengths = [len(f.fact) for f in found.facts]
    assert lengths == sorted(lengths) and found.facts


def test_a_reranker_that_miscounts_its_scores_is_a_provider_output_error(memory: Memory) -> None:
    """Issue 22 finding 11: one score too few is the reranker's fault, said as such (it was a
    TypeError from the error's own constructor)."""

    class OneShort:
        def score(self, query: str, passages: Sequence[str]) -> list[float]:
            return [1.0] * (len(passages) - 1)

    m = Memory(store=memory.store, embedder=EMB, clock=memory.clock, reranker=OneShort())
    with pytest.raises(ProviderOutputError, match="exactly one score per passage"):
        m.search("Alice works knows", group_id=G, recipe="cross_encoder")


# -- filters on both timelines --------------------------------------------------------------
def test_filters_on_world_and_system_timelines(memory: Memory) -> None:
    q = "Where does Alice work?"
    assert "f-initech" not in ids(memory.search(q, group_id=G).facts)
    assert "f-initech" in ids(memory.search(q, group_id=G, valid_at=day(5)).facts)
    assert "f-acme" not in ids(memory.search(q, group_id=G, valid_at=day(5)).facts)
    believed = memory.search(q, group_id=G, known_at=day(5)).facts  # end not yet learned
    assert "f-initech" in ids(believed)
    history = memory.search(q, group_id=G, filter=SearchFilter(history=True)).facts
    assert {"f-initech", "f-acme"} <= set(ids(history))
    window = SearchFilter(history=True, valid_between=TimeRange(day(10), day(20)))
    assert ids(memory.search(q, group_id=G, filter=window).facts) == ["f-acme"]
    learned = SearchFilter(created_between=TimeRange(day(50), None))
    assert memory.search(q, group_id=G, filter=learned).facts == ()
    rel = SearchFilter(relations=("KNOWS",))
    assert set(ids(memory.search("Alice Bob Carol", group_id=G, filter=rel).facts)) == {
        "f-ab",
        "f-bc",
    }
    places = SearchFilter(labels=("Place",))
    assert ids(memory.search("Paris Alice", group_id=G, filter=places).entities) == ["paris"]


def test_walked_entities_respect_label_filter(memory: Memory) -> None:
    places = SearchFilter(labels=("Organization",))
    found = memory.search("Alice", group_id=G, recipe="node_distance", filter=places)
    assert set(ids(found.entities)) <= {"acme", "initech"}


# -- presets are immutable -------------------------------------------------------------------
def test_presets_unchanged_after_calls(memory: Memory) -> None:
    before = dict(PRESETS)
    for name in PRESETS:
        if name != "cross_encoder":
            memory.search("Alice", group_id=G, recipe=name, limit=1)
    assert dict(PRESETS) == before and PRESETS["hybrid_rrf"].facts.limit == 10  # type: ignore[union-attr]
    with pytest.raises(dataclasses.FrozenInstanceError):
        preset("hybrid_rrf").bfs_depth = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        PRESETS["mine"] = SearchConfig()  # type: ignore[index]
    assert set(PRESETS) == {
        "hybrid_rrf",
        "hybrid_mmr",
        "node_distance",
        "episode_mentions",
        "cross_encoder",
    }


def test_bad_recipes_say_how_to_fix() -> None:
    with pytest.raises(UsageError, match="hybrid_rrf"):
        preset("nope")
    with pytest.raises(UsageError, match="mmr_lambda"):
        SearchConfig(mmr_lambda=2.0)
    with pytest.raises(UsageError, match="methods"):
        TargetConfig(("grep",))  # type: ignore[arg-type]
