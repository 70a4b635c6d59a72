"""The dynamic step and the drift measure: pure functions over community memberships.

Between full rebuilds, a new entity joins the community most of its neighbours belong to
(one label-propagation step, :func:`join_neighbours`). That drifts from what a full run
would give; :func:`partition_drift` measures by how much.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from chronomem.engine.communities.propagation import Edge

MAX_PASSES = 4


def join_neighbours(
    candidates: Sequence[str],
    edges: Iterable[Edge],
    membership: Mapping[str, str],
    sizes: Mapping[str, int],
) -> dict[str, str]:
    """Community of each candidate that has neighbours in communities: candidate -> community.

    A candidate joins the community its neighbours are linked to by the most facts; ties go
    to the larger community, then to the smaller community id. Candidates are visited in id
    order, in up to :data:`MAX_PASSES` passes, so a new entity linked only to another new
    entity follows it once that one has joined. Candidates with no neighbour in a community
    stay out (the drift measure counts them).
    """
    links: dict[str, dict[str, int]] = {c: {} for c in candidates}
    for a, b, count in edges:
        for one, other in ((a, b), (b, a)):
            if one in links and other != one:
                links[one][other] = links[one].get(other, 0) + count
    assigned: dict[str, str] = {}
    for _ in range(MAX_PASSES):
        joined = 0
        for entity in sorted(c for c in links if c not in assigned):
            votes: dict[str, int] = {}
            for other, count in links[entity].items():
                community = assigned.get(other) or membership.get(other)
                if community is not None:
                    votes[community] = votes.get(community, 0) + count
            if votes:
                assigned[entity] = min(votes, key=lambda c: (-votes[c], -sizes.get(c, 0), c))
                joined += 1
        if not joined:
            break
    return assigned


def partition_drift(stored: Mapping[str, str], fresh: Mapping[str, str]) -> float:
    """Share of entities whose stored community differs from the one a full run gives.

    Both arguments map entity id -> community key (an entity in no community is absent).
    The two partitions use unrelated keys, so each stored community is first matched to the
    fresh community it overlaps most (one to one, biggest overlaps first); an entity agrees
    when its stored community is matched to its fresh one, or when it is in neither. The
    share is taken over the entities in a community in either partition: 0.0 means the
    stored communities are exactly what :meth:`build` would write now.
    """
    entities = set(stored) | set(fresh)
    if not entities:
        return 0.0
    overlap: dict[tuple[str, str], int] = {}
    for entity in entities:
        s, f = stored.get(entity), fresh.get(entity)
        if s is not None and f is not None:
            overlap[(s, f)] = overlap.get((s, f), 0) + 1
    match: dict[str, str] = {}
    taken: set[str] = set()
    for (s, f), _ in sorted(overlap.items(), key=lambda item: (-item[1], item[0])):
        if s not in match and f not in taken:
            match[s] = f
            taken.add(f)
    agree = sum(
        1
        for entity in entities
        if (s := stored.get(entity)) is not None and match.get(s) == fresh.get(entity)
    )
    return 1.0 - agree / len(entities)
