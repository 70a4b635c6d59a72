"""Contract: episode embeddings (round trip, vector search) and timeline neighbours."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from chronomem.model import ChangeSet, Episode, SearchFilter, Target
from chronomem.ports import Store

from .builders import NOW, at, embed, episode, now_filter

G = "g1"
H = "g2"
TEXTS = {
    "ep-hike": "Alice: we went hiking in the mountains last weekend",
    "ep-cook": "Bob: I baked sourdough bread and a lemon pie",
    "ep-job": "Alice: I start my new job at the hospital on Monday",
}


def _embedded(
    group: str, id_: str, content: str, *, day: float = 0, created: float | None = None
) -> Episode:
    return replace(episode(group, id_, content, day=day, created=created), embedding=embed(content))


def _store_texts(store: Store) -> None:
    eps = tuple(_embedded(G, i, t, day=n) for n, (i, t) in enumerate(TEXTS.items()))
    store.apply(ChangeSet(group_id=G, episodes=eps))


def test_episode_embedding_round_trips(store: Store) -> None:
    _store_texts(store)
    plain = episode(G, "ep-plain", "no vector here", day=9)
    store.apply(ChangeSet(group_id=G, episodes=(plain,)))
    got = {e.id: e for e in store.get_episodes([G], [*TEXTS, "ep-plain"])}
    for id_, text in TEXTS.items():
        vector = got[id_].embedding
        assert vector is not None and vector.dtype == np.float32
        np.testing.assert_array_equal(vector, embed(text))
    assert got["ep-plain"].embedding is None
    (recent, *_) = store.recent_episodes(G, limit=1, before=at(9))
    assert recent.id == "ep-job" and recent.embedding is not None


def test_vector_search_finds_episodes_by_content(store: Store) -> None:
    _store_texts(store)
    for id_, text in TEXTS.items():
        hits = store.vector_search(Target.EPISODES, [G], embed(text), limit=2, filter=now_filter())
        assert hits[0][0] == id_
        assert hits[0][1] > 0.99 and len(hits) == 2 and hits[1][1] < hits[0][1]


def test_episode_vector_search_hides_episodes_unknown_at_known_at(store: Store) -> None:
    late = _embedded(G, "ep-late", "Alice: we went hiking again", day=1, created=50)
    store.apply(ChangeSet(group_id=G, episodes=(late,)))
    _store_texts(store)
    query = embed("Alice: we went hiking again")
    now = store.vector_search(Target.EPISODES, [G], query, limit=1, filter=now_filter())
    assert [h[0] for h in now] == ["ep-late"]
    early = SearchFilter(known_at=at(10)).resolved(NOW)
    before = store.vector_search(Target.EPISODES, [G], query, limit=5, filter=early)
    assert "ep-late" not in [h[0] for h in before] and len(before) == 3


def test_episode_vector_search_stays_in_its_groups(store: Store) -> None:
    _store_texts(store)
    other = _embedded(H, "ep-other", TEXTS["ep-cook"])
    store.apply(ChangeSet(group_id=H, episodes=(other,)))
    query = embed(TEXTS["ep-cook"])
    only_h = store.vector_search(Target.EPISODES, [H], query, limit=5, filter=now_filter())
    assert [h[0] for h in only_h] == ["ep-other"]
    both = store.vector_search(Target.EPISODES, [G, H], query, limit=2, filter=now_filter())
    assert {h[0] for h in both} == {"ep-cook", "ep-other"}


def _timeline(store: Store) -> None:
    # day 1 holds three turns written in order (same reference time): order = insertion
    eps = [
        episode(G, "d0", "turn d0", day=0),
        episode(G, "d1-a", "turn a", day=1),
        episode(G, "d1-b", "turn b", day=1),
        episode(G, "d1-c", "turn c", day=1),
        episode(G, "d3", "turn d3", day=3),
    ]
    store.apply(ChangeSet(group_id=G, episodes=(eps[0], eps[4])))
    store.apply(ChangeSet(group_id=G, episodes=tuple(eps[1:4])))
    store.apply(ChangeSet(group_id=H, episodes=(episode(H, "h1", "other group", day=1),)))


def test_adjacent_episodes_are_timeline_neighbours(store: Store) -> None:
    _timeline(store)
    assert [e.id for e in store.adjacent_episodes([G], ["d1-b"], span=1)] == ["d1-a", "d1-c"]
    assert [e.id for e in store.adjacent_episodes([G], ["d1-b"], span=2)] == [
        "d0",
        "d1-a",
        "d1-c",
        "d3",
    ]
    assert [e.id for e in store.adjacent_episodes([G], ["d0"], span=1)] == ["d1-a"]
    assert [e.id for e in store.adjacent_episodes([G], ["d3"], span=1)] == ["d1-c"]


def test_adjacent_episodes_leave_out_the_given_and_repeat_none(store: Store) -> None:
    _timeline(store)
    found = store.adjacent_episodes([G], ["d1-a", "d1-b"], span=1)
    assert [e.id for e in found] == ["d0", "d1-c"]
    assert store.adjacent_episodes([G], ["d1-b"], span=0) == []
    assert store.adjacent_episodes([G], [], span=3) == []
    assert store.adjacent_episodes([G], ["unknown"], span=3) == []


def test_adjacent_episodes_stay_in_their_group(store: Store) -> None:
    _timeline(store)
    assert store.adjacent_episodes([H], ["d1-b"], span=3) == []
    assert store.adjacent_episodes([G], ["h1"], span=3) == []
    found = store.adjacent_episodes([G, H], ["d1-b", "h1"], span=1)
    assert {e.id for e in found} == {"d1-a", "d1-c"}
    assert all(e.group_id == G for e in found)


def test_timeline_reads_leave_the_vectors_out_when_asked(store: Store) -> None:
    _store_texts(store)
    full = store.recent_episodes(G, limit=3)
    lean = store.recent_episodes(G, limit=3, vectors=False)
    assert [e.id for e in lean] == [e.id for e in full] == ["ep-job", "ep-cook", "ep-hike"]
    assert lean == full  # every field but the vector (which equality leaves out)
    assert all(e.embedding is not None for e in full)
    assert all(e.embedding is None for e in lean)
    full = store.adjacent_episodes([G], ["ep-cook"], span=1)
    lean = store.adjacent_episodes([G], ["ep-cook"], span=1, vectors=False)
    assert [e.id for e in lean] == [e.id for e in full] == ["ep-hike", "ep-job"]
    assert lean == full
    assert all(e.embedding is not None for e in full)
    assert all(e.embedding is None for e in lean)
