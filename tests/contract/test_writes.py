"""Contract: writes round-trip exactly, are atomic, and keep episodes unique."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta, timezone

import numpy as np
import pytest

from chronomem.errors import ConflictError, DuplicateEpisodeError, UsageError
from chronomem.model import ChangeSet, CommunitySet, Episode, EpisodeSource, Target
from chronomem.ports import Store

from .builders import (
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

G = "g1"


def _assert_same_vector(got: object, want: object) -> None:
    assert got is not None and want is not None
    np.testing.assert_array_equal(got, want)
    assert np.asarray(got).dtype == np.float32


def test_an_empty_store_holds_nothing(store: Store) -> None:
    assert store.group_version(G) == 0
    assert store.get_episodes([G], ["x"]) == []
    assert store.recent_episodes(G, limit=5) == []
    assert store.get_entities([G], ["x"]) == []
    assert store.get_facts([G], ["x"]) == []
    assert store.mentions([G]) == []
    assert store.get_communities([G]) == []
    assert store.text_search(Target.FACTS, [G], "anything", limit=5, filter=now_filter()) == []


def test_episode_round_trip_keeps_every_field(store: Store) -> None:
    plus_two = timezone(timedelta(hours=2))
    ep = Episode(
        id="ep",
        group_id=G,
        content='{"a": [1, 2]}',
        source=EpisodeSource.JSON,
        reference_time=at(3).astimezone(plus_two),
        created_at=at(4).replace(microsecond=123456),
        source_description="crm export",
    )
    store.apply(ChangeSet(group_id=G, episodes=(ep,)))
    (got,) = store.get_episodes([G], ["ep"])
    assert got == ep
    assert got.reference_time == at(3) and got.created_at.microsecond == 123456


def test_entity_round_trip_keeps_labels_attributes_and_embedding(store: Store) -> None:
    alice = entity(
        G,
        "alice",
        "Dr. Alice Müller",
        labels=("Person", "Doctor"),
        summary="a surgeon",
        attributes={"age": 41, "tags": ["x", None, True], "nested": {"k": 1.5}, "note": "ü"},
    )
    store.apply(ChangeSet(group_id=G, entities=(alice,)))
    (got,) = store.get_entities([G], ["alice"])
    assert got == alice
    _assert_same_vector(got.name_embedding, alice.name_embedding)


def test_fact_round_trip_keeps_instants_episodes_and_embedding(store: Store) -> None:
    f = fact(
        G,
        "f",
        "a",
        "b",
        "A likes B",
        relation="LIKES",
        created=2.5,
        valid=1,
        invalid=7,
        expired=8,
        episodes=("ep-3", "ep-1", "ep-2"),
    )
    bare = fact(G, "bare", "a", "b", "A knows B", embedded=False)
    store.apply(with_endpoints(G, [f, bare]))
    got = {x.id: x for x in store.get_facts([G], ["f", "bare", "missing"])}
    assert got == {"f": f, "bare": bare}
    assert got["f"].episodes == ("ep-3", "ep-1", "ep-2")  # source order is kept
    _assert_same_vector(got["f"].embedding, f.embedding)
    assert got["bare"].embedding is None and got["bare"].valid_at is None


def test_get_returns_rows_in_the_order_asked(store: Store) -> None:
    store.apply(small_graph(G))
    assert [e.id for e in store.get_entities([G], ["globex", "alice", "acme"])] == [
        "globex",
        "alice",
        "acme",
    ]


def test_mentions_and_provenance_work_both_ways(store: Store) -> None:
    store.apply(small_graph(G))
    by_episode = store.mentions([G], episode_ids=["ep-1"])
    assert {(m.episode_id, m.entity_id) for m in by_episode} == {
        ("ep-1", "alice"),
        ("ep-1", "acme"),
    }
    by_entity = store.mentions([G], entity_ids=["alice"])
    assert {m.episode_id for m in by_entity} == {"ep-1", "ep-2"}
    assert len(store.mentions([G])) == 4
    assert {f.id for f in store.facts_of_episodes([G], ["ep-2"])} == {"f-acme", "f-globex"}
    assert {f.id for f in store.facts_of_episodes([G], ["ep-1"])} == {"f-acme"}


def test_recent_episodes_are_newest_first_and_strictly_before(store: Store) -> None:
    store.apply(
        ChangeSet(
            group_id=G,
            episodes=tuple(episode(G, f"ep-{d}", f"turn {d}", day=d) for d in (3, 1, 4, 2)),
        )
    )
    assert [e.id for e in store.recent_episodes(G, limit=3)] == ["ep-4", "ep-3", "ep-2"]
    assert [e.id for e in store.recent_episodes(G, limit=5, before=at(3))] == ["ep-2", "ep-1"]


def test_find_entities_matches_normalized_names(store: Store) -> None:
    store.apply(
        ChangeSet(
            group_id=G,
            entities=(
                entity(G, "ana", "  Dr. Ana-María "),
                entity(G, "bob", "Bob"),
            ),
        )
    )
    assert [e.id for e in store.find_entities(G, ["dr ana maria", "nobody"])] == ["ana"]


def test_a_stored_episode_id_is_refused_and_nothing_is_written(store: Store) -> None:
    store.apply(ChangeSet(group_id=G, episodes=(episode(G, "ep", "first"),)))
    retry = ChangeSet(
        group_id=G, episodes=(episode(G, "ep", "again"),), entities=(entity(G, "e", "Eve"),)
    )
    with pytest.raises(DuplicateEpisodeError) as caught:
        store.apply(retry)
    assert caught.value.episode_id == "ep"
    assert store.get_entities([G], ["e"]) == []
    assert store.get_episodes([G], ["ep"])[0].content == "first"
    assert store.group_version(G) == 1


def test_a_repeated_episode_id_within_one_change_set_is_refused(store: Store) -> None:
    twice = ChangeSet(group_id=G, episodes=(episode(G, "ep", "a"), episode(G, "ep", "b")))
    with pytest.raises(DuplicateEpisodeError):
        store.apply(twice)
    assert store.get_episodes([G], ["ep"]) == []


def test_a_change_set_failing_midway_leaves_nothing(store: Store) -> None:
    store.apply(small_graph(G))
    before = (
        store.get_facts([G], ["f-acme", "f-globex"]),
        store.mentions([G]),
        store.group_version(G),
    )
    doomed = ChangeSet(
        group_id=G,
        delete_fact_ids=("f-acme",),
        delete_entity_ids=("acme",),
        delete_episode_ids=("ep-2",),
        entities=(entity(G, "new", "Newton"),),
        facts=(fact(G, "f-new", "alice", "new", "Alice met Newton"),),
        mentions=(mention(G, "ep-1", "new"),),
        episodes=(episode(G, "ep-3", "fresh"), episode(G, "ep-1", "duplicate")),
    )
    with pytest.raises(DuplicateEpisodeError):
        store.apply(doomed)
    assert (
        store.get_facts([G], ["f-acme", "f-globex"]),
        store.mentions([G]),
        store.group_version(G),
    ) == before
    assert store.get_entities([G], ["acme", "new"])[0].id == "acme"
    assert len(store.get_entities([G], ["acme", "new"])) == 1
    assert [e.id for e in store.get_episodes([G], ["ep-1", "ep-2", "ep-3"])] == ["ep-1", "ep-2"]
    assert (
        store.text_search(Target.FACTS, [G], "Newton", limit=5, filter=now_filter(history=True))
        == []
    )


def test_an_invalid_embedding_midway_leaves_nothing(store: Store) -> None:
    bad = replace(fact(G, "bad", "a", "b", "bad vector"), embedding=np.ones((2, 2), np.float32))
    doomed = ChangeSet(
        group_id=G,
        episodes=(episode(G, "ep", "x"),),
        facts=(bad,),
        entities=(entity(G, "a", "A"), entity(G, "b", "B")),
    )
    with pytest.raises(UsageError):
        store.apply(doomed)
    assert store.get_episodes([G], ["ep"]) == [] and store.group_version(G) == 0


def test_version_grows_with_every_apply_and_guards_expected_version(store: Store) -> None:
    store.apply(ChangeSet(group_id=G, episodes=(episode(G, "ep-1", "one"),)))
    store.apply(ChangeSet(group_id=G, entities=(entity(G, "e", "Eve"),)))
    assert store.group_version(G) == 2
    stale = ChangeSet(group_id=G, episodes=(episode(G, "ep-2", "two"),), expected_version=1)
    with pytest.raises(ConflictError):
        store.apply(stale)
    assert store.get_episodes([G], ["ep-2"]) == [] and store.group_version(G) == 2
    store.apply(ChangeSet(group_id=G, episodes=(episode(G, "ep-2", "two"),), expected_version=2))
    assert store.group_version(G) == 3
    first = ChangeSet(group_id="fresh", episodes=(episode("fresh", "ep", "x"),), expected_version=0)
    store.apply(first)
    assert store.group_version("fresh") == 1


def test_upsert_replaces_the_whole_row(store: Store) -> None:
    store.apply(small_graph(G))
    renamed = entity(G, "acme", "Acme Rockets", labels=("Company",), summary="builds rockets")
    rewritten = fact(
        G,
        "f-globex",
        "alice",
        "globex",
        "Alice manages Globex",
        relation="MANAGES",
        created=3,
        valid=3,
        episodes=("ep-1",),
    )
    store.apply(ChangeSet(group_id=G, entities=(renamed,), facts=(rewritten,)))
    (got_entity,) = store.get_entities([G], ["acme"])
    (got_fact,) = store.get_facts([G], ["f-globex"])
    assert got_entity == renamed and got_fact == rewritten
    _assert_same_vector(got_fact.embedding, rewritten.embedding)
    assert [f.id for f in store.facts_of_episodes([G], ["ep-2"])] == ["f-acme"]
    assert [e.id for e in store.find_entities(G, ["acme rockets"])] == ["acme"]
    assert store.find_entities(G, ["acme"]) == []
    hits = store.text_search(Target.FACTS, [G], "manages", limit=5, filter=now_filter())
    assert [h[0] for h in hits] == ["f-globex"]
    assert store.text_search(Target.FACTS, [G], "Globex", limit=5, filter=now_filter()) != []
    assert store.text_search(Target.ENTITIES, [G], "maker", limit=5, filter=now_filter()) == []
    hits = store.text_search(Target.ENTITIES, [G], "builds", limit=5, filter=now_filter())
    assert [h[0] for h in hits] == ["acme"]
    nearest = store.vector_search(
        Target.FACTS, [G], embed("Alice manages Globex"), limit=1, filter=now_filter()
    )
    assert nearest[0][0] == "f-globex" and nearest[0][1] == pytest.approx(1.0, abs=1e-5)


def test_deleting_a_fact_removes_it_and_its_provenance(store: Store) -> None:
    store.apply(small_graph(G))
    store.apply(ChangeSet(group_id=G, delete_fact_ids=("f-acme",)))
    assert store.get_facts([G], ["f-acme"]) == []
    assert [f.id for f in store.facts_of_episodes([G], ["ep-1", "ep-2"])] == ["f-globex"]
    history = now_filter(history=True)
    assert store.text_search(Target.FACTS, [G], "Acme", limit=5, filter=history) == []
    hits = store.vector_search(
        Target.FACTS, [G], embed("Alice works at Acme"), limit=5, filter=history
    )
    assert "f-acme" not in [h[0] for h in hits]


def test_deleting_an_entity_removes_its_mentions(store: Store) -> None:
    store.apply(small_graph(G))
    store.apply(ChangeSet(group_id=G, delete_entity_ids=("acme",)))
    assert store.get_entities([G], ["acme"]) == []
    assert store.mentions([G], entity_ids=["acme"]) == []
    assert len(store.mentions([G])) == 3
    assert store.find_entities(G, ["acme"]) == []
    assert store.text_search(Target.ENTITIES, [G], "rocket", limit=5, filter=now_filter()) == []
    hits = store.vector_search(Target.ENTITIES, [G], embed("Acme"), limit=5, filter=now_filter())
    assert "acme" not in [h[0] for h in hits]


def test_deleting_an_episode_removes_its_mentions_and_provenance(store: Store) -> None:
    store.apply(small_graph(G))
    store.apply(ChangeSet(group_id=G, delete_episode_ids=("ep-2",)))
    assert store.get_episodes([G], ["ep-2"]) == []
    assert store.mentions([G], episode_ids=["ep-2"]) == []
    assert store.facts_of_episodes([G], ["ep-2"]) == []
    (kept,) = store.get_facts([G], ["f-acme"])  # the engine decides which facts go
    assert kept.episodes == ("ep-1",)
    assert store.text_search(Target.EPISODES, [G], "Paris", limit=5, filter=now_filter()) == []


def test_links_to_ids_missing_from_the_group_are_refused(store: Store) -> None:
    store.apply(small_graph(G))
    store.apply(ChangeSet(group_id="other", entities=(entity("other", "stranger", "Stranger"),)))
    refused = [
        ChangeSet(group_id=G, facts=(fact(G, "f", "alice", "stranger", "Alice met a stranger"),)),
        ChangeSet(group_id=G, mentions=(mention(G, "ep-1", "stranger"),)),
        ChangeSet(group_id=G, mentions=(mention(G, "ep-9", "alice"),)),
        ChangeSet(
            group_id=G,
            delete_entity_ids=("acme",),
            facts=(fact(G, "f", "alice", "acme", "Alice visits Acme"),),
        ),
    ]
    for changes in refused:
        with pytest.raises(UsageError, match="neither stored"):
            store.apply(changes)
    assert store.get_facts([G], ["f"]) == [] and len(store.mentions([G])) == 4
    assert store.get_entities([G], ["acme"]) != [] and store.group_version(G) == 1


def test_deletions_run_before_inserts(store: Store) -> None:
    store.apply(ChangeSet(group_id=G, episodes=(episode(G, "ep", "old text"),)))
    store.apply(
        ChangeSet(group_id=G, delete_episode_ids=("ep",), episodes=(episode(G, "ep", "new text"),))
    )
    assert store.get_episodes([G], ["ep"])[0].content == "new text"


def test_a_change_set_replaces_the_communities_in_the_same_transaction(store: Store) -> None:
    store.apply(small_graph(G))
    old = community(G, "c-old", "Old circle", ["alice", "acme"])
    store.replace_communities(CommunitySet(group_id=G, communities=(old,)))
    new = community(G, "c-new", "Paris circle", ["alice", "globex"])
    doomed = ChangeSet(group_id=G, episodes=(episode(G, "ep-1", "duplicate"),), communities=(new,))
    with pytest.raises(DuplicateEpisodeError):
        store.apply(doomed)
    assert [c.id for c in store.get_communities([G])] == ["c-old"]  # refused: nothing changed
    version = store.group_version(G)
    store.apply(ChangeSet(group_id=G, delete_entity_ids=("acme",), communities=(new,)))
    (got,) = store.get_communities([G])
    assert (got.id, got.member_ids, got.name) == ("c-new", ("alice", "globex"), "Paris circle")
    _assert_same_vector(got.name_embedding, new.name_embedding)
    assert store.group_version(G) == version + 1  # one write
    found = store.vector_search(
        Target.COMMUNITIES, [G], embed("Paris circle"), limit=3, filter=now_filter()
    )
    assert [i for i, _ in found] == ["c-new"]
    store.apply(ChangeSet(group_id=G, communities=()))
    assert store.get_communities([G]) == []
    assert store.apply(ChangeSet(group_id=G)) is None  # an empty change set leaves them
