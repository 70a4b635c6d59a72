"""What the FalkorDB store adds to the contract suite: server-side atomicity, indexes, query
safety, the embedder record on the server, and the local server helper."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import numpy as np
import pytest

pytest.importorskip("falkordb", reason="the FalkorDB backend needs chronomem[falkordb]")

from chronomem.errors import StoreError, UsageError
from chronomem.model import ChangeSet, CommunitySet, Target
from chronomem.stores.falkordb import FalkorDBServer, FalkorDBStore, cypher, schema, writes
from chronomem.stores.falkordb.catalog import Catalog
from chronomem.stores.falkordb.server import FalkorDBServerError
from tests.contract.builders import (
    EMBEDDER,
    community,
    embed,
    entity,
    episode,
    fact,
    now_filter,
    small_graph,
    with_endpoints,
)
from tests.falkordb_server import fresh_store, session_server_url

G = "g1"


@pytest.fixture
def store() -> Iterator[FalkorDBStore]:
    with fresh_store() as fresh:
        yield fresh


def test_a_query_failing_midway_on_the_server_writes_nothing(store: FalkorDBStore) -> None:
    """The guarantee the one-query write relies on: FalkorDB undoes a query that fails."""
    store.apply(small_graph(G))
    changes = ChangeSet(
        group_id=G,
        delete_entity_ids=("acme",),
        episodes=(episode(G, "ep-3", "fresh"),),
        entities=(entity(G, "new", "Newton"),),
        facts=(fact(G, "f-new", "alice", "new", "Alice met Newton"),),
    )
    params = writes.change_params(changes, EMBEDDER.dimension)
    # a map is no valid property value: the fact step fails after the deletion, entity and
    # episode steps of the same query have run
    params["facts"][0]["props"]["attributes"] = {"nested": "map"}  # type: ignore[index]
    with pytest.raises(StoreError, match="rejected a query"):
        store.connection.query(store.scope(G), cypher.APPLY, params, write=True)
    assert store.group_version(G) == 1
    assert [e.id for e in store.get_entities([G], ["acme", "new"])] == ["acme"]
    assert store.get_episodes([G], ["ep-3"]) == []
    assert len(store.mentions([G])) == 4


def _vector_indexes(store: FalkorDBStore) -> dict[str, dict[str, object]]:
    query = "CALL db.indexes() YIELD label, options RETURN label, options"
    if store.scope(G).packed:  # a packed group has no index of its own
        return {}
    found = store.connection.query(store.scope(G), query, {})
    return {str(label): dict(o) for label, options in found for o in options.values() if o}  # type: ignore[union-attr]


def test_vector_indexes_come_with_the_first_embeddings_and_a_high_ef_runtime(
    store: FalkorDBStore,
) -> None:
    store.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)
    store.vector_index_after = 0  # HNSW from the first vector (small groups scan exactly)
    store.apply(small_graph(G))
    assert not store.scope(G).packed  # past the thresholds: moved out of its bucket
    catalog = Catalog(store.connection, store.group_ids)
    scope = store.scope(G)
    catalog.ensure_indexes(
        scope, EMBEDDER.dimension, {"Entity", "FACT"}, refresh=True
    )  # idempotent
    assert set(_vector_indexes(store)) == {"Entity", "FACT"}  # no community index yet
    store.replace_communities(CommunitySet(G, (community(G, "c", "Alice Acme", ["alice"]),)))
    indexes = _vector_indexes(store)
    assert set(indexes) == {"Entity", "FACT", "Community"}
    for opts in indexes.values():
        assert opts["similarityFunction"] == "cosine"
        assert opts["dimension"] == EMBEDDER.dimension
        assert opts["efRuntime"] == schema.EF_RUNTIME >= 100


HOSTILE = [
    "x'}) MATCH (n) DETACH DELETE n //",
    '@fact:(alice) | -bob* "quoted" ~fuzzy %typo% {tag} [1 2]',
    "back\\slash\nnew line\ttab \u00fcml\u00e4ut \U0001f600 $param `tick`",
    "CYPHER x=1 RETURN 1",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_user_text_is_only_ever_data(store: FalkorDBStore, text: str) -> None:
    ep = episode(G, "ep", f"Alice said: {text}")
    alice = entity(G, "alice", f"Alice {text}", summary=text)
    store.apply(ChangeSet(group_id=G, episodes=(ep,), entities=(alice,)))
    assert store.get_episodes([G], ["ep"]) == [ep]
    assert store.get_entities([G], ["alice"]) == [alice]
    for target in Target:
        store.text_search(target, [G], text, limit=5, filter=now_filter())
    hits = store.text_search(Target.EPISODES, [G], f"said {text}", limit=5, filter=now_filter())
    assert [h[0] for h in hits] == ["ep"]
    assert store.group_version(G) == 1


def test_the_embedder_binding_is_recorded_on_the_server(store: FalkorDBStore) -> None:
    store.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)
    url = repr(store).split("'")[1]
    with FalkorDBStore.from_url(url) as again, FalkorDBStore.from_url(url) as other:
        again.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)
        with pytest.raises(UsageError, match="new database"):
            other.bind_embedder("another-model", 384)


def test_a_group_dropped_by_another_process_is_rebuilt_with_its_indexes(
    store: FalkorDBStore,
) -> None:
    store.apply(small_graph(G))
    url = repr(store).split("'")[1]
    with FalkorDBStore.from_url(url) as elsewhere:
        elsewhere.delete_group(G)
    store.apply(small_graph(G))  # our index cache still believes the graph is set up
    hits = store.text_search(Target.FACTS, [G], "Globex", limit=5, filter=now_filter())
    assert [h[0] for h in hits] == ["f-globex"]
    near = store.vector_search(Target.ENTITIES, [G], embed("Globex"), limit=1, filter=now_filter())
    assert [h[0] for h in near] == ["globex"]


def test_a_small_group_has_no_hnsw_index_until_it_grows_and_answers_the_same(
    store: FalkorDBStore,
) -> None:
    store.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)
    store.vector_index_after = 40
    facts = [
        fact(G, f"f-{i}", "alice", "acme", f"Alice note {i} about topic {i % 7}") for i in range(30)
    ]
    store.apply(with_endpoints(G, facts))
    assert "FACT" not in _vector_indexes(store)  # 30 vectors: exact scan, no HNSW memory
    query = embed("Alice note about topic 3")
    exact = store.vector_search(Target.FACTS, [G], query, limit=5, filter=now_filter())
    vectors = {f.id: f.embedding for f in store.get_facts([G], [f.id for f in facts])}
    unit = query / np.linalg.norm(query)
    best = sorted(vectors, key=lambda i: -float(np.dot(vectors[i], unit)))[:5]
    assert [h[0] for h in exact] == best  # the exact scan is exact
    more = [fact(G, f"g-{i}", "alice", "acme", f"Alice extra {i}") for i in range(15)]
    store.apply(with_endpoints(G, more))
    assert "FACT" in _vector_indexes(store)  # 45 >= 40: the index came, old vectors in it
    indexed = store.vector_search(Target.FACTS, [G], query, limit=5, filter=now_filter())
    assert [h[0] for h in indexed] == [h[0] for h in exact]


@pytest.mark.parametrize("hnsw", [True, False], ids=["hnsw", "exact"])
def test_vector_search_widens_past_neighbours_the_filter_rejects(
    store: FalkorDBStore, hnsw: bool
) -> None:
    store.vector_index_after = 0 if hnsw else 10_000
    retired = [
        fact(G, f"old-{i}", "alice", "acme", f"Alice works at Acme, year {i}", created=0,
             valid=0, invalid=1, expired=1)
        for i in range(120)
    ]  # fmt: skip
    current = [
        fact(G, f"now-{i}", "alice", "globex", f"Alice runs Globex team {i}", created=2)
        for i in range(3)
    ]
    store.apply(with_endpoints(G, [*retired, *current]))
    query = embed("Alice works at Acme, year")
    hits = store.vector_search(Target.FACTS, [G], query, limit=3, filter=now_filter())
    assert sorted(h[0] for h in hits) == ["now-0", "now-1", "now-2"]
    history = store.vector_search(
        Target.FACTS, [G], query, limit=3, filter=now_filter(history=True)
    )
    assert all(h[0].startswith("old-") for h in history)


def test_the_server_helper_says_why_it_cannot_start() -> None:
    url = session_server_url()  # skips (with the reason) where no server binary runs
    taken = int(url.rsplit(":", 1)[1])
    with pytest.raises(FalkorDBServerError, match="did not start"):  # never adopts another's
        FalkorDBServer.start(port=taken, timeout=5)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        with pytest.raises(FalkorDBServerError, match="did not start"):
            FalkorDBServer.start(port=busy.getsockname()[1], timeout=5)


def _index_labels(store: FalkorDBStore) -> set[str]:
    """The labels indexed in the group's own graph (none while it is packed in a bucket)."""
    scope = store.scope(G)
    if scope.packed:
        return set()
    found = store.connection.query(scope, "CALL db.indexes() YIELD label RETURN label", {})
    return {str(row[0]) for row in found}


def test_a_small_group_has_no_index_until_a_label_grows_and_text_search_agrees(
    store: FalkorDBStore,
) -> None:
    """Every index costs fixed server memory, so a small group has none: reads scan, text
    search scores the rows in Python with the index's words (stemmed, stop words kept)."""
    store.label_index_after = 40
    topics = ["running shoes", "the blue car", "cooking dinner", "a dog in the park"]
    facts = [
        fact(G, f"f-{i}", "alice", "acme", f"Alice likes {topics[i % 4]} {i}") for i in range(30)
    ]
    store.apply(with_endpoints(G, facts))
    assert store.scope(G).packed  # 30 facts, 2 entities: packed, no index of its own
    assert [f.id for f in store.get_facts([G], ["f-7"])] == ["f-7"]
    flt = now_filter()
    scanned = store.text_search(Target.FACTS, [G], "Runs", limit=10, filter=flt)
    assert sorted(h[0] for h in scanned) == sorted(f"f-{i}" for i in range(0, 30, 4))
    assert store.text_search(Target.FACTS, [G], "zebras", limit=10, filter=flt) == []
    both = store.text_search(Target.FACTS, [G], "park dog 3", limit=3, filter=flt)
    assert both[0][0] == "f-3"  # the row holding all the words comes first
    names = store.text_search(Target.ENTITIES, [G], "alice", limit=5, filter=flt)
    assert [h[0] for h in names] == ["alice"]
    more = [fact(G, f"g-{i}", "alice", "acme", f"Alice reads {i}") for i in range(15)]
    store.apply(with_endpoints(G, more))
    assert _index_labels(store) == {"FACT"}  # 45 facts >= 40: moved out; still 2 entities
    indexed = store.text_search(Target.FACTS, [G], "Runs", limit=10, filter=flt)
    assert sorted(h[0] for h in indexed) == sorted(h[0] for h in scanned)
    assert [f.id for f in store.get_facts([G], ["g-3"])] == ["g-3"]
