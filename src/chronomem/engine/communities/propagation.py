"""Label propagation over the weighted entity graph: pure, deterministic, no I/O.

Every entity starts in its own community. Entities are visited in id order, round after
round; each takes the label its neighbours hold most strongly, where a label's strength is

1. the number of current facts linking the entity to neighbours holding it (the weight),
2. then how embedded those neighbours are: the number of neighbours they share with the
   entity (so at a bridge between two cliques the entity follows its own clique),
3. then the smallest label (labels are positions in id order), the stable last resort.

An entity keeps its label unless another is strictly stronger, so the process settles; it
stops when a round changes nothing (or after ``max_rounds``). The same graph always gives
the same partition, whatever order its edges arrive in.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

log = logging.getLogger(__name__)

MAX_ROUNDS = 100

Edge = tuple[str, str, int]  # (entity id, entity id, number of facts)


@dataclass(frozen=True, slots=True)
class WeightedGraph:
    """An undirected graph on entity ids: ``nodes`` sorted, ``neighbours[i]`` maps the index
    of each neighbour of node ``i`` to (fact count, common neighbours)."""

    nodes: tuple[str, ...]
    neighbours: tuple[Mapping[int, tuple[int, int]], ...]

    @classmethod
    def build(cls, nodes: Iterable[str], edges: Iterable[Edge]) -> WeightedGraph:
        """The graph of ``nodes``; edges naming an unknown node or a node itself are ignored;
        repeated pairs (in either direction) add up."""
        ordered = tuple(sorted(set(nodes)))
        index = {node: i for i, node in enumerate(ordered)}
        weights: list[dict[int, int]] = [{} for _ in ordered]
        for a, b, count in edges:
            i, j = index.get(a), index.get(b)
            if i is None or j is None or i == j or count <= 0:
                continue
            weights[i][j] = weights[i].get(j, 0) + count
            weights[j][i] = weights[j].get(i, 0) + count
        keys = [set(w) for w in weights]
        neighbours = tuple(
            {j: (count, len(keys[i] & keys[j])) for j, count in w.items()}
            for i, w in enumerate(weights)
        )
        return cls(ordered, neighbours)

    def degree(self, i: int) -> int:
        """The weighted degree of node ``i`` (facts touching it)."""
        return sum(count for count, _ in self.neighbours[i].values())


def propagate(graph: WeightedGraph, *, max_rounds: int = MAX_ROUNDS) -> list[int]:
    """The final label of every node (by index); nodes sharing a label form a community."""
    labels = list(range(len(graph.nodes)))
    # A node none of whose neighbours changed since its last visit would keep its label, so
    # it is skipped: the result is the same as visiting every node every round.
    stale = [True] * len(labels)
    for round_no in range(1, max_rounds + 1):
        changed = 0
        for i, near in enumerate(graph.neighbours):
            if not stale[i]:
                continue
            stale[i] = False
            best = _strongest(labels, labels[i], near)
            if best != labels[i]:
                labels[i] = best
                changed += 1
                for j in near:
                    stale[j] = True
        if not changed:
            log.debug("label propagation settled after %d rounds", round_no)
            return labels
    log.warning("label propagation did not settle in %d rounds; using the last labels", max_rounds)
    return labels


def _strongest(labels: Sequence[int], current: int, near: Mapping[int, tuple[int, int]]) -> int:
    strength: dict[int, tuple[int, int]] = {}
    for j, (count, shared) in near.items():
        weight, embedded = strength.get(labels[j], (0, 0))
        strength[labels[j]] = (weight + count, embedded + shared)
    if not strength:
        return current
    top = max(strength.values())
    if strength.get(current) == top:
        return current
    return min(label for label, value in strength.items() if value == top)


def communities_of(
    nodes: Iterable[str], edges: Iterable[Edge], *, min_size: int = 2
) -> list[tuple[str, ...]]:
    """Label propagation's communities of at least ``min_size`` members.

    Each community lists its members most central first (weighted degree inside the
    community, then id); communities come largest first, then by their first member.
    """
    graph = WeightedGraph.build(nodes, edges)
    labels = propagate(graph)
    groups: dict[int, list[int]] = {}
    for i, label in enumerate(labels):
        groups.setdefault(label, []).append(i)
    found = [
        tuple(graph.nodes[i] for i in _by_centrality(graph, labels, members))
        for members in groups.values()
        if len(members) >= min_size
    ]
    return sorted(found, key=lambda members: (-len(members), members[0]))


def _by_centrality(graph: WeightedGraph, labels: Sequence[int], members: list[int]) -> list[int]:
    def inner_degree(i: int) -> int:
        return sum(c for j, (c, _) in graph.neighbours[i].items() if labels[j] == labels[i])

    return sorted(members, key=lambda i: (-inner_degree(i), graph.nodes[i]))
