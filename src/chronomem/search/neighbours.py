"""The turns next to each of a context's best-ranked turns, read in one store call.

The context builder lets the turns around its best few (the anchors) join the ranking, each
with a share of *its own* anchor's score, so it needs every anchor's neighbours apart:
``store.adjacent_episodes(groups, [anchor], span=n)`` per anchor, twelve reads a call.
:func:`neighbours_of` gives the same lists from one read of all the anchors together.

Why that is exact: the one read returns the union of every anchor's neighbours, less the
anchors themselves. Put the anchors back and sort by the timeline: every anchor's true
neighbours are in that set, and nothing of the set lies between an anchor and one of its
true neighbours that is not itself a true neighbour (it would be a turn between them in the
group's timeline). So the ``span`` nearest on each side in the set are exactly the anchor's
neighbours -- as long as the set sorts as the store's timeline does. The store orders by
reference time, then by insertion, which an :class:`Episode` does not carry: when two turns
of the set share a group and a reference time, each anchor is read alone, as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from chronomem.model import Episode
from chronomem.ports import Store


def neighbours_of(
    store: Store,
    groups: Sequence[str],
    anchors: Sequence[str],
    rows: Mapping[str, Episode],
    span: int,
) -> dict[str, list[Episode]]:
    """Per anchor id, ``store.adjacent_episodes(groups, [anchor], span=span)`` (without the
    vectors, which the context does not use); ``rows`` holds the anchors' own episodes."""
    if not anchors:
        return {}
    together = store.adjacent_episodes(groups, anchors, span=span, vectors=False)
    pool = {e.id: e for e in together} | {a: rows[a] for a in anchors}
    instants = {(e.group_id, e.reference_time) for e in pool.values()}
    if len(instants) < len(pool):  # a tie only the store's insertion order breaks
        return {a: store.adjacent_episodes(groups, [a], span=span, vectors=False) for a in anchors}
    timelines: dict[str, list[Episode]] = {}
    for e in sorted(pool.values(), key=lambda e: (e.group_id, e.reference_time)):
        timelines.setdefault(e.group_id, []).append(e)
    where = {e.id: (e.group_id, i) for line in timelines.values() for i, e in enumerate(line)}
    found: dict[str, list[Episode]] = {}
    for anchor in anchors:
        group, at = where[anchor]
        line = timelines[group]
        found[anchor] = line[max(0, at - span) : at] + line[at + 1 : at + 1 + span]
    return found
