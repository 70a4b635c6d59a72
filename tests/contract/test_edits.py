"""Contract: edit records (hand corrections) are written with their change set, listed newest
first by group and by subject, scoped to their group and removed with it; a change set can
delete mentions."""

from __future__ import annotations

from chronomem.model import ChangeSet, Edit, EditKind
from chronomem.ports import Store

from .builders import at, mention, small_graph

G, OTHER = "g1", "g2"


def _edit(group: str, id_: str, day: float, subjects: tuple[str, ...], **extra: object) -> Edit:
    return Edit(
        id=id_,
        group_id=group,
        kind=EditKind.RENAME_ENTITY,
        at=at(day),
        actor="ops",
        reason="typo",
        subjects=subjects,
        payload={"entities_before": [{"id": "alice", "name": "Alise"}], "n": 1.5},
        **extra,  # type: ignore[arg-type]
    )


def test_edits_round_trip_newest_first_and_by_subject(store: Store) -> None:
    store.apply(small_graph(G))
    first = _edit(G, "e1", 3, ("e1", "alice"))
    second = _edit(G, "e2", 4, ("e2", "alice", "acme"), undoes="e1")
    third = _edit(G, "e3", 4, ("e3", "globex"))  # same instant: insertion order decides
    store.apply(ChangeSet(group_id=G, edits=(first,)))
    store.apply(ChangeSet(group_id=G, edits=(second, third)))
    assert store.list_edits(G) == [third, second, first]
    assert store.list_edits(G, limit=1) == [third]
    assert store.list_edits(G, subject_id="alice") == [second, first]
    assert store.list_edits(G, subject_id="e1") == [first]
    assert store.list_edits(G, subject_id="nobody") == []


def test_edits_stay_in_their_group_and_go_with_it(store: Store) -> None:
    store.apply(small_graph(G))
    store.apply(small_graph(OTHER))
    store.apply(ChangeSet(group_id=G, edits=(_edit(G, "e1", 3, ("e1", "alice")),)))
    assert store.list_edits(OTHER) == []
    assert store.list_edits(OTHER, subject_id="alice") == []
    store.delete_group(G)
    assert store.list_edits(G) == []


def test_a_change_set_deletes_mentions(store: Store) -> None:
    store.apply(small_graph(G))
    before = store.mentions([G], entity_ids=["alice"])
    assert len(before) == 2
    store.apply(
        ChangeSet(
            group_id=G,
            delete_mentions=(mention(G, "ep-1", "alice"),),
            mentions=(mention(G, "ep-1", "acme"),),
        )
    )
    assert [m.episode_id for m in store.mentions([G], entity_ids=["alice"])] == ["ep-2"]
    assert mention(G, "ep-1", "acme") in store.mentions([G], episode_ids=["ep-1"])
