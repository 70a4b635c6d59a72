"""Small groups packed in shared bucket graphs: isolation, and the move to an own graph.

Two tenants share one bucket (``buckets=1``). Every store method must answer for tenant A
exactly what a store holding A alone, in its own graph, answers: the same rows, and the same
scores (text scoring counts only A's rows: no term statistics of B leak into A's ranking).
A group that grows moves to its own graph; a move interrupted at any step leaves the group
readable in exactly one place, and the next write finishes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

import pytest

from chronomem.errors import StoreUnavailableError
from chronomem.model import ChangeSet, CommunitySet, Edit, EditKind, SearchRequest, Target
from chronomem.stores.falkordb import (
    FalkorDBStore,
    cypher,
    cypher_packed,
    cypher_reads,
    cypher_search,
    moveout,
)
from chronomem.stores.falkordb.connection import FalkorDBConnection
from chronomem.stores.falkordb.scope import scoped_statement
from tests.contract.builders import (
    at,
    community,
    embed,
    entity,
    episode,
    fact,
    mention,
    now_filter,
    small_graph,
    with_endpoints,
)
from tests.falkordb_server import fresh_store

pytestmark = pytest.mark.falkordb

A, B = "tenant-a", "tenant-b"
WORDS = "Alice works at Acme Berlin Paris engineer rocket Globex"
FACT_IDS = ["f-acme", "f-globex", "b-1", "b-2", "grown-3"]
ENTITY_IDS = ["alice", "acme", "globex", "b-x"]


def _load(store: FalkorDBStore, group: str, *, crowd: bool) -> None:
    """``small_graph`` and a community; with ``crowd``, many more rows using A's words and
    A's ids (a neighbour whose data would skew A's text scores if they were shared)."""
    store.apply(small_graph(group))
    record = Edit(f"edit-{group}", group, EditKind.RETRACT_FACT, at(3), "ops", subjects=("f-acme",))
    store.apply(ChangeSet(group_id=group, edits=(record,)))
    store.replace_communities(
        CommunitySet(group, (community(group, "c-1", "Alice Acme", ["alice", "acme"]),))
    )
    if crowd:
        facts = [fact(group, f"b-{i}", "alice", "b-x", f"{WORDS} {i}") for i in range(25)]
        extra = with_endpoints(group, facts)
        eps = tuple(episode(group, f"b-ep-{i}", f"Alice: {WORDS}", day=3 + i) for i in range(5))
        store.apply(replace(extra, episodes=eps, mentions=(mention(group, "b-ep-0", "b-x"),)))


def _answers(store: FalkorDBStore, g: str) -> dict[str, object]:
    """What every read of the store port answers for group ``g``."""
    flt, history = now_filter(), now_filter(history=True)
    asked = (("text", "works at Acme rocket"), ("vector", embed("Alice works at Acme")))
    requests = [
        SearchRequest(kind, t, (g,), query, 10, history)  # type: ignore[arg-type]
        for t in Target
        for kind, query in asked
    ]
    found: dict[str, object] = {
        "version": store.group_version(g),
        "episodes": store.get_episodes([g], ["ep-1", "ep-2", "b-ep-0"]),
        "recent": store.recent_episodes(g, limit=10),
        "adjacent": store.adjacent_episodes([g], ["ep-1"], span=2),
        "entities": store.get_entities([g], ENTITY_IDS),
        "find": store.find_entities(g, ["alice", "acme"]),
        "facts": store.get_facts([g], FACT_IDS),
        "of_entities": store.facts_of_entities([g], ["alice"], history),
        "of_episodes": store.facts_of_episodes([g], ["ep-1", "ep-2"]),
        "mentions": store.mentions([g]),
        "mentions_by": store.mentions([g], episode_ids=["ep-1"], entity_ids=["alice", "b-x"]),
        "communities": store.get_communities([g]),
        "many": store.get_many([g], {Target.FACTS: FACT_IDS, Target.ENTITIES: ENTITY_IDS}),
        "lean": store.get_many(
            [g], {t: [*FACT_IDS, *ENTITY_IDS, "ep-1", "c-1"] for t in Target}, vectors=False
        ),
        "list_entities": store.list_entities(g),
        "list_facts": store.list_facts(g),
        "edges": store.entity_edges(g, flt),
        "walk": dict(store.walk([g], ["alice"], depth=2, filter=history)),
        "batch": store.search_batch(requests),
        "edits": store.list_edits(g),
        "edits_of": store.list_edits(g, subject_id="f-acme"),
    }
    for target in Target:
        found[f"text {target.value}"] = store.text_search(
            target, [g], WORDS, limit=10, filter=history
        )
        found[f"vector {target.value}"] = store.vector_search(
            target, [g], embed(WORDS), limit=10, filter=history
        )
    return found


def _bucket_rows(store: FalkorDBStore, group: str) -> int:
    """Nodes and edges of ``group`` left in the bucket (B's, who stays packed), its ``Meta``
    marker aside."""
    key = store.scope(B).key
    nodes = store.connection.query_bucket(
        key, "MATCH (n) WHERE n.group_id = $g AND NOT n:Meta RETURN count(n)", {"g": group}
    )
    edges = store.connection.query_bucket(
        key, "MATCH ()-[r]->() WHERE r.group_id = $g RETURN count(r)", {"g": group}
    )
    return int(str(nodes[0][0])) + int(str(edges[0][0]))


@pytest.fixture
def pair() -> Iterator[tuple[FalkorDBStore, FalkorDBStore]]:
    """(A and B packed in one bucket, A alone in its own graph)."""
    with fresh_store(options="buckets=1") as packed, fresh_store(options="buckets=0") as alone:
        for store in (packed, alone):
            store.bind_embedder("hash", 64)
        _load(packed, A, crowd=False)
        _load(packed, B, crowd=True)
        _load(alone, A, crowd=False)
        yield packed, alone


def test_every_store_read_of_a_packed_tenant_answers_as_if_it_were_alone(
    pair: tuple[FalkorDBStore, FalkorDBStore],
) -> None:
    packed, alone = pair
    assert packed.scope(A).packed and packed.scope(A).key == packed.scope(B).key
    assert not alone.scope(A).packed
    assert packed.group_ids() == [A, B]
    assert _answers(packed, A) == _answers(alone, A)
    assert _answers(packed, B)["text facts"]  # B's own rows are found for B


def test_writes_and_deletions_of_one_packed_tenant_leave_the_other(
    pair: tuple[FalkorDBStore, FalkorDBStore],
) -> None:
    packed, alone = pair
    b_before = _answers(packed, B)
    gone = ChangeSet(group_id=A, delete_episode_ids=("ep-1",), delete_entity_ids=("acme",))
    for store in (packed, alone):
        store.apply(gone)
        store.apply(ChangeSet(group_id=A, entities=(entity(A, "alice", "Alicia"),)))
    assert _answers(packed, A) == _answers(alone, A)
    assert _answers(packed, B) == b_before
    packed.delete_group(A)
    assert packed.group_ids() == [B]
    assert packed.get_facts([A], FACT_IDS) == [] and packed.group_version(A) == 0
    assert _answers(packed, B) == b_before


def test_every_query_sent_for_a_packed_group_is_scoped_to_it() -> None:
    """Every labelled node and typed edge pattern of every query carries the group id
    parameter once rewritten; index procedures and unlabelled matches are refused."""
    texts: list[str] = []
    for module in (cypher, cypher_reads, cypher_search, cypher_packed):
        for name, value in vars(module).items():
            if name.startswith("_") or not name.isupper():
                continue  # templates are checked through the queries built from them
            for text in value.values() if isinstance(value, dict) else [value]:
                if (
                    isinstance(text, str)
                    and "INDEX FOR" not in text
                    and re.search(r"\b(MATCH|MERGE|CREATE|CALL)\b", text)
                ):
                    texts.append(text.replace("{where}", "true"))
    refused = scoped = 0
    for text in texts:
        try:
            sent = scoped_statement(text)
        except AssertionError:  # an index procedure: never sent for a packed group
            assert re.search(r"db\.idx|db\.indexes", text)
            refused += 1
            continue
        nodes = re.findall(r"\(\w*:\w+[^)]*", sent)  # labelled node patterns
        edges = re.findall(r"\(\)<?-\[\w*:\w+[^\]]*", sent)  # typed, between anonymous ends
        patterns = nodes + edges
        assert patterns and all("group_id: $scope_gid" in p for p in patterns), sent
        scoped += 1
    assert scoped > 30 and refused > 5
    with pytest.raises(AssertionError):
        scoped_statement("MATCH (n) RETURN n")


def _grow(group: str, count: int) -> ChangeSet:
    facts = [fact(group, f"grown-{i}", "alice", "acme", f"Alice grew {i}") for i in range(count)]
    return with_endpoints(group, facts)


def test_a_packed_group_that_grows_moves_to_its_own_graph(
    pair: tuple[FalkorDBStore, FalkorDBStore],
) -> None:
    packed, alone = pair
    b_before = _answers(packed, B)
    for store in (packed, alone):
        store.label_index_after = 30  # the move (and, in an own graph, the indexes) at 30 rows
        store.apply(_grow(A, 30))
    assert not packed.scope(A).packed and packed.scope(B).packed
    assert _answers(packed, A) == _answers(alone, A)  # indexes came the same way on both
    assert _answers(packed, B) == b_before
    assert _bucket_rows(packed, A) == 0
    assert packed.group_ids() == [A, B]


class Crash(Exception):
    pass


@pytest.mark.parametrize("step", ["locked", "copied", "published"])
def test_a_move_interrupted_at_any_step_leaves_the_group_in_one_place(
    pair: tuple[FalkorDBStore, FalkorDBStore], step: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    packed, _ = pair
    packed.label_index_after = 30

    def crash(at: str) -> None:
        if at == step:
            raise Crash(at)

    monkeypatch.setattr(moveout, "checkpoint", crash)
    with pytest.raises(Crash):
        packed.apply(_grow(A, 30))
    monkeypatch.undo()
    other = FalkorDBStore(connection=FalkorDBConnection(packed.connection.address))
    other.label_index_after = 30
    with other:  # another process: nothing cached
        assert other.scope(A).packed == (step != "published")
        assert other.group_ids() == [A, B]
        facts = other.list_facts(A)
        assert len(facts) == 32 == len({f.id for f in facts})
        assert len(other.mentions([A])) == 4 and len(other.list_entities(A)) == 3
        if step == "locked":  # the lease is fresh: another writer waits, nothing is written
            with pytest.raises(StoreUnavailableError, match="being moved"):
                other.apply(ChangeSet(group_id=A, entities=(entity(A, "zed", "Zed"),)))
        other.move_lease_s = 0.0  # the mover is gone: the next writer takes the move over
        other.apply(ChangeSet(group_id=A, entities=(entity(A, "zed", "Zed"),)))
        assert not other.scope(A).packed
        assert len(other.list_facts(A)) == 32 and len(other.list_entities(A)) == 4
        assert _bucket_rows(other, A) == 0
        assert other.group_ids() == [A, B]
        assert len(other.list_facts(B)) == 27


def test_packed_groups_spread_and_move_out_on_a_cluster() -> None:
    from tests.falkordb_server import session_cluster

    with fresh_store(session_cluster().url, options="buckets=4") as store:
        groups = [f"t-{i}" for i in range(12)]
        for group in groups:
            _load(store, group, crowd=False)
        keys = {store.scope(g).key for g in groups}
        assert all(store.scope(g).packed for g in groups) and len(keys) > 1
        holding = {session_cluster().master_of(k).port for k in keys}
        assert len(holding) >= 2  # buckets are keys like any other: spread by slot
        store.label_index_after = 30
        store.apply(_grow(groups[0], 30))
        assert not store.scope(groups[0]).packed
        assert len(store.list_facts(groups[0])) == 32
        assert store.group_ids() == sorted(groups)
        for group in groups[1:]:
            assert len(store.list_facts(group)) == 2 and store.scope(group).packed
