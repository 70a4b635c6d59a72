"""The search primitives on FalkorDB: full-text, vector (HNSW) and breadth-first walks.

Each works group by group, through a ``read`` callable and each group's
:class:`.scope.Scope` (its own graph, or its rows in a shared bucket), and multi-group answers
are merged by score. Filters run inside the queries. A packed group is never "indexed": it
scans its own rows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from chronomem.model import SearchFilter, Target, Vector
from chronomem.model.time import to_micros
from chronomem.stores.falkordb import cypher_reads, cypher_search, textscan
from chronomem.stores.falkordb.connection import Row
from chronomem.stores.falkordb.filters import Params, entity_condition, fact_condition
from chronomem.stores.falkordb.rows import vector_param
from chronomem.stores.falkordb.scope import Scope
from chronomem.stores.vectors_check import unit_query as shared_unit_query

__all__ = [
    "Call",
    "Plan",
    "Reader",
    "query_terms",
    "run_calls",
    "target_condition",
    "text_calls",
    "vector_calls",
    "walk",
]

# read(scope, query, params) -> rows of the query in that group's scope
Reader = Callable[[Scope, str, Mapping[str, object]], list[Row]]
# indexed(scope) -> does the group hold the target's index (else: a scan of its rows)?
Indexed = Callable[[Scope], bool]
Hit = tuple[str, float]
Call = tuple[Scope, str, Mapping[str, object]]  # (group scope, query, parameters)
Finish = Callable[[list[Row]], list[Hit]]  # a call's rows -> its hits


@dataclass(frozen=True, slots=True)
class Plan:
    """A search as queries (one per group) and what turns each one's rows into hits."""

    calls: list[Call]
    finish: list[Finish]
    limit: int = 0

    def hits(self, rows: Sequence[list[Row]]) -> list[Hit]:
        """The best ``limit`` hits over all groups, given the rows of each call."""
        found = [hit for done, got in zip(self.finish, rows, strict=True) for hit in done(got)]
        return sorted(found, key=lambda h: (-h[1], h[0]))[: self.limit]


_WORD = re.compile(r"[^\W_]+")
MAX_TERMS = 32
_FIRST_ROUND = 4  # HNSW candidates per wanted result; grows 4x while too few pass the filter


def query_terms(query: str) -> list[str]:
    """The distinct words of ``query``, lower-cased, at most :data:`MAX_TERMS`.

    Words are ``[^\\W_]+`` runs, so no RediSearch operator can reach the server.
    """
    return list(dict.fromkeys(w.casefold() for w in _WORD.findall(query)))[:MAX_TERMS]


def target_condition(target: Target, search: SearchFilter) -> tuple[str, Params]:
    """The filter of ``target``'s rows: facts and entities as the filter says, episodes
    known by ``known_at``, communities unfiltered (as in the SQLite store)."""
    if target is Target.FACTS:
        return fact_condition(search)
    if target is Target.ENTITIES:
        return entity_condition(search)
    if target is not Target.EPISODES:
        return "true", {}
    parts: list[str] = []
    params: Params = {}
    sources = search.sources()
    if sources is not None:
        parts.append("e.id IN $f_sources")
        params["f_sources"] = list(sources)
    if search.known_at is not None:
        parts.append("e.created_at <= $f_known_at")
        params["f_known_at"] = to_micros(search.known_at)
    return " AND ".join(parts) or "true", params


def run_calls(read: Reader, calls: Sequence[Call]) -> list[list[Row]]:
    """The rows of each call, one round trip after the other (see ``read_many`` for one)."""
    return [read(scope, query, params) for scope, query, params in calls]


def text_calls(
    target: Target,
    groups: Sequence[Scope],
    query: str,
    *,
    limit: int,
    search: SearchFilter,
    indexed: Indexed,
) -> Plan:
    """The queries of a full-text search, one per group, and how to score their rows. Where
    the group has the full-text index, score = sum over query words of FalkorDB's TF-IDF
    score; a small group's rows are read and scored by BM25 in Python (:mod:`.textscan`)."""
    terms = query_terms(query)
    if not terms or limit <= 0:
        return Plan([], [])
    where, params = target_condition(target, search)
    text = cypher_search.TEXT_SEARCH[target].format(where=where)
    scan = cypher_search.TEXT_SCAN[target].format(where=where)
    arguments = {**params, "terms": terms, "limit": limit}
    weights = textscan.FIELD_WEIGHTS[target]

    def scored(rows: list[Row]) -> list[Hit]:
        return [(str(r[0]), float(str(r[1]))) for r in rows]

    def scanned(rows: list[Row]) -> list[Hit]:
        return textscan.score_rows(rows, terms, weights)

    calls: list[Call] = []
    finish: list[Finish] = []
    for scope in groups:
        on_index = indexed(scope)
        calls.append((scope, text, arguments) if on_index else (scope, scan, params))
        finish.append(scored if on_index else scanned)
    return Plan(calls, finish, limit)


def unit_query(vector: Vector, dimension: int) -> list[float] | None:
    """The query as a unit-length list of floats; None for the zero vector."""
    unit = shared_unit_query(vector)
    return None if unit is None else vector_param(unit, dimension, "the query vector")


def vector_calls(
    read: Reader,
    target: Target,
    groups: Sequence[Scope],
    vector: Vector,
    *,
    dimension: int,
    limit: int,
    search: SearchFilter,
    indexed: Indexed,
) -> Plan:
    """The queries of a nearest-neighbour search by cosine similarity, one per group: HNSW
    where the group has the index (widened through ``read`` when too few neighbours pass
    the filter), an exact scan where it is still small."""
    if target not in cypher_search.VECTOR_SEARCH or limit <= 0:
        return Plan([], [])
    query = unit_query(vector, dimension)
    if query is None:
        return Plan([], [])
    where, params = target_condition(target, search)
    text = cypher_search.VECTOR_SEARCH[target].format(where=where)
    exact = cypher_search.EXACT_VECTOR_SEARCH[target].format(where=where)
    arguments = {**params, "vector": query, "limit": limit}
    k = max(_FIRST_ROUND * limit, 40)

    def scanned(rows: list[Row]) -> list[Hit]:
        return [(str(r[0]), min(1.0, float(str(r[1])))) for r in rows]

    def widened(scope: Scope) -> Finish:
        return lambda rows: _widen(read, target, scope, text, arguments, k, scanned(rows))

    calls: list[Call] = []
    finish: list[Finish] = []
    for scope in groups:
        on_index = indexed(scope)
        if on_index:
            calls.append((scope, text, {**arguments, "k": k}))
        else:
            calls.append((scope, exact, arguments))
        finish.append(widened(scope) if on_index else scanned)
    return Plan(calls, finish, limit)


def _widen(
    read: Reader,
    target: Target,
    scope: Scope,
    text: str,
    params: Mapping[str, object],
    k: int,
    hits: list[Hit],
) -> list[Hit]:
    """HNSW over-fetched ``k`` neighbours and the filter kept ``hits``: while too few, fetch
    4x more, until enough pass or all were seen."""
    limit = int(str(params["limit"]))
    total: int | None = None
    while len(hits) < limit:
        if total is None:
            counted = read(scope, cypher_search.VECTOR_COUNT[target], {})
            total = int(str(counted[0][0])) if counted else 0
        if k >= total:
            break
        k = min(4 * k, total)
        found = read(scope, text, {**params, "k": k})
        hits = [(str(r[0]), min(1.0, float(str(r[1])))) for r in found]
    return hits


def walk(
    read: Reader, groups: Sequence[Scope], seeds: Sequence[str], depth: int, search: SearchFilter
) -> Mapping[str, int]:
    """Entity id -> hops from the nearest seed over facts passing the filter, both ways.

    Seeds count as 0 hops whether or not they are stored (as in the SQLite store).
    """
    hops = dict.fromkeys(seeds, 0)
    where, params = fact_condition(search)
    step = cypher_reads.WALK_STEP.format(where=where)
    for scope in groups:
        reached = dict.fromkeys(seeds, 0)
        frontier = list(reached)
        for hop in range(1, depth + 1):
            if not frontier:
                break
            found = read(scope, step, {**params, "ids": frontier})
            frontier = sorted({str(r[0]) for r in found} - reached.keys())
            reached.update(dict.fromkeys(frontier, hop))
        for entity_id, hop in reached.items():
            hops[entity_id] = min(hop, hops.get(entity_id, hop))
    return hops
