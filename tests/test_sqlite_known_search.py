"""A vector search "as known at T" never returns what the memory learned after T.

The SQLite store skips its per-candidate SQL check for episodes and entities when no row of
the group was created after the asked instant (the latest ``created_at`` is read once per
write). These tests move that instant around a warm index: before and after a write by the
same store, after a write by another store on the same file, after a deletion, and with two
groups whose latest rows differ.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from chronomem.model import ChangeSet, Episode, Target
from chronomem.stores import SQLiteStore
from tests.contract.builders import at, embed, entity, episode, now_filter

TEXT = "Pat: the allotment gate code changed to 4471"


def _turn(group: str, id_: str, day: float) -> Episode:
    said = episode(group, id_, f"{TEXT} ({id_})", day=day, created=day)
    return replace(said, embedding=embed(TEXT))


def _found(store: SQLiteStore, groups: list[str], day: float, target: Target) -> set[str]:
    hits = store.vector_search(
        target, groups, embed(TEXT), limit=50, filter=now_filter(known_at=at(day))
    )
    return {i for i, _ in hits}


def test_episodes_learned_later_stay_out_before_and_after_writes(tmp_path: Path) -> None:
    path = tmp_path / "garden.db"
    store = SQLiteStore(path)
    store.apply(ChangeSet(group_id="plot", episodes=(_turn("plot", "a", 1), _turn("plot", "b", 5))))
    assert _found(store, ["plot"], 10, Target.EPISODES) == {"a", "b"}  # every row known
    assert _found(store, ["plot"], 3, Target.EPISODES) == {"a"}  # "b" learned on day 5
    assert _found(store, ["plot"], 10, Target.EPISODES) == {"a", "b"}
    store.apply(ChangeSet(group_id="plot", episodes=(_turn("plot", "c", 20),)))
    assert _found(store, ["plot"], 10, Target.EPISODES) == {"a", "b"}  # "c" is day 20's
    other = SQLiteStore(path)  # another writer on the same file
    other.apply(ChangeSet(group_id="plot", episodes=(_turn("plot", "d", 30),)))
    assert _found(store, ["plot"], 25, Target.EPISODES) == {"a", "b", "c"}
    assert _found(store, ["plot"], 40, Target.EPISODES) == {"a", "b", "c", "d"}
    other.apply(ChangeSet(group_id="plot", delete_episode_ids=("d",)))
    assert _found(store, ["plot"], 40, Target.EPISODES) == {"a", "b", "c"}
    other.close()
    store.close()


def test_each_group_is_judged_by_its_own_latest_row() -> None:
    store = SQLiteStore()
    store.apply(ChangeSet(group_id="early", episodes=(_turn("early", "e1", 1),)))
    store.apply(
        ChangeSet(group_id="late", episodes=(_turn("late", "l1", 2), _turn("late", "l2", 9)))
    )
    assert _found(store, ["early", "late"], 5, Target.EPISODES) == {"e1", "l1"}
    assert _found(store, ["early", "late"], 10, Target.EPISODES) == {"e1", "l1", "l2"}
    store.close()


def test_entities_learned_later_stay_out() -> None:
    store = SQLiteStore()
    first = entity("plot", "p1", "Gate code", day=1)
    store.apply(ChangeSet(group_id="plot", entities=(first,)))
    assert _found(store, ["plot"], 4, Target.ENTITIES) == {"p1"}
    later = entity("plot", "p2", "Gate code two", day=7)
    store.apply(ChangeSet(group_id="plot", entities=(later,)))
    assert _found(store, ["plot"], 4, Target.ENTITIES) == {"p1"}
    assert _found(store, ["plot"], 8, Target.ENTITIES) == {"p1", "p2"}
    store.close()
