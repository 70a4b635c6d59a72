"""Contract: a read for group A never returns a row of group B.

Groups A and B hold the same graph under the same ids (ids are scoped by group), and B also
holds extra rows that would match every query below. Reads for A must return A's rows only.
"""

from __future__ import annotations

import pytest

from chronomem.model import ChangeSet, CommunitySet, Target
from chronomem.ports import Store

from .builders import community, embed, entity, episode, fact, mention, now_filter, small_graph

A, B = "group-a", "group-b"
EXTRA = "Alice works at Acme Globex Berlin Paris engineer rocket"


def _b_only() -> ChangeSet:
    return ChangeSet(
        group_id=B,
        episodes=(episode(B, "b-ep", f"Alice: {EXTRA}", day=9),),
        entities=(entity(B, "b-alice", "Alice", summary=EXTRA, day=0),),
        facts=(fact(B, "b-fact", "alice", "b-alice", EXTRA, created=0, episodes=("ep-1", "b-ep")),),
        mentions=(mention(B, "ep-1", "b-alice"), mention(B, "b-ep", "alice")),
    )


@pytest.fixture
def twin_store(store: Store) -> Store:
    for group in (A, B):
        store.apply(small_graph(group))
        store.replace_communities(
            CommunitySet(
                group_id=group,
                communities=(community(group, "c-1", "Alice Acme", ["alice", "acme"]),),
            )
        )
    store.apply(_b_only())
    store.replace_communities(
        CommunitySet(
            group_id=B,
            communities=(
                community(B, "c-1", "Alice Acme", ["alice", "acme"]),
                community(B, "b-c", EXTRA, ["b-alice"]),
            ),
        )
    )
    return store


A_IDS = {"ep-1", "ep-2", "alice", "acme", "globex", "f-acme", "f-globex", "c-1"}
ALL_IDS = [*sorted(A_IDS), "b-ep", "b-alice", "b-fact", "b-c"]


def _only_a(rows: list[object]) -> None:
    assert rows, "the query should find A's rows"
    assert {r.group_id for r in rows} == {A}


def test_reads_by_id_return_only_the_groups_rows(twin_store: Store) -> None:
    _only_a(twin_store.get_episodes([A], ALL_IDS))
    _only_a(twin_store.get_entities([A], ALL_IDS))
    _only_a(twin_store.get_facts([A], ALL_IDS))
    _only_a(twin_store.get_communities([A], ALL_IDS))
    _only_a(twin_store.get_communities([A]))
    assert len(twin_store.get_entities([A], ALL_IDS)) == 3


def test_reads_by_relation_return_only_the_groups_rows(twin_store: Store) -> None:
    _only_a(twin_store.recent_episodes(A, limit=10))
    _only_a(twin_store.find_entities(A, ["alice", "acme"]))
    assert len(twin_store.find_entities(A, ["alice"])) == 1
    history = now_filter(history=True)
    _only_a(twin_store.facts_of_entities([A], ["alice", "b-alice"], history))
    _only_a(twin_store.facts_of_episodes([A], ["ep-1", "ep-2", "b-ep"]))
    _only_a(twin_store.mentions([A]))
    _only_a(twin_store.mentions([A], episode_ids=["ep-1", "b-ep"]))
    _only_a(twin_store.mentions([A], entity_ids=["alice", "b-alice"]))
    assert len(twin_store.mentions([A])) == 4
    (a_fact,) = twin_store.get_facts([A], ["f-acme"])
    assert a_fact.episodes == ("ep-1", "ep-2")


def test_a_change_to_one_group_leaves_the_other_and_its_version(twin_store: Store) -> None:
    version_a = twin_store.group_version(A)
    twin_store.apply(ChangeSet(group_id=B, entities=(entity(B, "alice", "Alicia"),)))
    assert twin_store.group_version(A) == version_a
    assert twin_store.get_entities([A], ["alice"])[0].name == "Alice"
    assert twin_store.get_entities([B], ["alice"])[0].name == "Alicia"


@pytest.mark.parametrize("target", list(Target))
def test_text_search_returns_only_the_groups_rows(twin_store: Store, target: Target) -> None:
    hits = twin_store.text_search(target, [A], EXTRA, limit=50, filter=now_filter(history=True))
    assert hits, "A has rows matching these words"
    assert {h[0] for h in hits} <= A_IDS


@pytest.mark.parametrize("target", [Target.FACTS, Target.ENTITIES, Target.COMMUNITIES])
def test_vector_search_returns_only_the_groups_rows(twin_store: Store, target: Target) -> None:
    hits = twin_store.vector_search(
        target, [A], embed(EXTRA), limit=50, filter=now_filter(history=True)
    )
    assert hits, "A has embedded rows"
    assert {h[0] for h in hits} <= A_IDS


def test_walk_stays_in_the_group(twin_store: Store) -> None:
    reached = twin_store.walk([A], ["alice"], depth=3, filter=now_filter(history=True))
    assert set(reached) == {"alice", "acme", "globex"}


def test_several_groups_can_be_read_together(twin_store: Store) -> None:
    both = twin_store.get_entities([A, B], ["alice"])
    assert sorted(e.group_id for e in both) == [A, B]
    hits = twin_store.text_search(Target.FACTS, [A, B], "rocket", limit=10, filter=now_filter())
    assert [h[0] for h in hits] == ["b-fact"]
    reached = twin_store.walk([A, B], ["b-alice"], depth=1, filter=now_filter())
    assert set(reached) == {"b-alice", "alice"}
