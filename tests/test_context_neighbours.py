"""The turns around a context's best turns, read for all of them at once, are each turn's own.

``search/neighbours.py`` reads every anchor's neighbours in one store call and splits them
per anchor; a context gives each neighbour a share of its own anchor's score, so the split
must be exactly what reading each anchor alone gives: also when anchors sit next to each
other, at either end of a timeline, in two groups, and when turns share a time (then the
store's insertion order decides, and each anchor is read alone).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from chronomem.model import ChangeSet, Episode
from chronomem.search.neighbours import neighbours_of
from chronomem.stores import SQLiteStore
from tests.contract.builders import episode


def _store(days: dict[str, list[float]]) -> tuple[SQLiteStore, dict[str, Episode]]:
    """A store whose groups hold one turn per day listed (in that order of insertion)."""
    store = SQLiteStore()
    rows: dict[str, Episode] = {}
    for group, when in days.items():
        turns = [
            episode(group, f"{group}-{n}", f"Pat: note {n} of the {group} book club", day=d)
            for n, d in enumerate(when)
        ]
        for turn in turns:  # one write each: insertion order is the list's
            store.apply(ChangeSet(group_id=group, episodes=(turn,)))
        rows.update((t.id, t) for t in turns)
    return store, rows


def _alone(store: SQLiteStore, groups: list[str], anchors: list[str], span: int) -> dict:
    return {a: store.adjacent_episodes(groups, [a], span=span) for a in anchors}


@pytest.mark.parametrize("span", [0, 1, 2, 3])
def test_each_anchor_gets_what_reading_it_alone_gives(span: int) -> None:
    store, rows = _store({"reading": [float(d) for d in range(30)], "chess": [0.5, 3.5, 7.5]})
    groups = ["reading", "chess"]
    cases = [
        ["reading-0", "reading-29"],  # both ends of the timeline
        ["reading-10", "reading-11", "reading-12"],  # side by side
        ["reading-5", "reading-7"],  # sharing a neighbour
        ["chess-1", "reading-14", "chess-0"],  # two groups
        [],
    ]
    rng = random.Random(7)
    cases += [rng.sample(sorted(rows), 12) for _ in range(20)]
    for anchors in cases:
        together = neighbours_of(store, groups, anchors, rows, span)
        assert together == _alone(store, groups, anchors, span), anchors
    store.close()


def test_turns_sharing_a_time_are_ordered_as_the_store_orders_them() -> None:
    # three turns at day 4: only the store knows their order (by insertion)
    store, rows = _store({"club": [1.0, 2.0, 3.0, 4.0, 4.0, 4.0, 5.0, 6.0]})
    groups = ["club"]
    for anchors in (["club-3"], ["club-4", "club-7"], ["club-2", "club-6"], ["club-5"]):
        for span in (1, 2):
            together = neighbours_of(store, groups, anchors, rows, span)
            assert together == _alone(store, groups, anchors, span), anchors
    store.close()


def test_one_store_read_serves_every_anchor() -> None:
    store, rows = _store({"club": [float(d) for d in range(40)]})
    calls: list[list[str]] = []
    read = store.adjacent_episodes

    def counting(groups: list[str], ids: list[str], **options: Any) -> list[Episode]:
        calls.append(list(ids))
        return read(groups, ids, **options)

    store.adjacent_episodes = counting  # type: ignore[method-assign]
    anchors = [f"club-{n}" for n in (3, 9, 10, 20, 33)]
    neighbours_of(store, ["club"], anchors, rows, 2)
    assert calls == [anchors]
    store.close()
