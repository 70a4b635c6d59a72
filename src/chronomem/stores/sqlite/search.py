"""Vector search (cached indexes + SQL filtering of candidates) and breadth-first walks."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import cast

import numpy as np

from chronomem.errors import StoreError, UsageError
from chronomem.model import SearchFilter, Target, Vector
from chronomem.model.time import to_micros
from chronomem.ports import Matrix
from chronomem.stores.sqlite.filters import (
    TRUE,
    Clause,
    all_of,
    fact_clause,
    in_values,
    target_clause,
)
from chronomem.stores.sqlite.reads import id_list
from chronomem.stores.sqlite.vectors import Token, VectorCache, VectorIndex
from chronomem.stores.sqlite.writes import group_token
from chronomem.stores.vectors_check import unit_query

# target -> (table, embedding column)
EMBEDDINGS: dict[Target, tuple[str, str]] = {
    Target.FACTS: ("facts", "embedding"),
    Target.EPISODES: ("episodes", "embedding"),
    Target.ENTITIES: ("entities", "name_embedding"),
    Target.COMMUNITIES: ("communities", "name_embedding"),
}
# candidates fetched per wanted result (at least _MIN_CANDIDATES), then 4x while the filter
# rejects too many: a small first round keeps the SQL check and the ANN beam (ef) narrow
_FIRST_ROUND = 2
_MIN_CANDIDATES = 20


def load_vectors(
    conn: sqlite3.Connection, group_id: str, target: Target
) -> tuple[list[str], Matrix | None]:
    """Every stored embedding of the target in the group, as ids and one matrix."""
    table, column = EMBEDDINGS[target]
    found = conn.execute(
        # in row order: equal scores keep it (ids are random, the same text must rank the same)
        f"SELECT id, {column} FROM {table} WHERE group_id = ? AND {column} IS NOT NULL "
        "ORDER BY rid",
        (group_id,),
    ).fetchall()
    if not found:
        return [], None
    sizes = {len(blob) for _, blob in found}
    if len(sizes) != 1:
        raise StoreError(
            f"group {group_id!r} holds {target.value} embeddings of different dimensions: "
            "re-embed them with one model (bind_embedder guards new writes against this)"
        )
    matrix = np.frombuffer(b"".join(blob for _, blob in found), dtype=np.float32)
    return [id_ for id_, _ in found], matrix.reshape(len(found), -1)


def vector_search(
    conn: sqlite3.Connection,
    cache: VectorCache,
    target: Target,
    groups: Sequence[str],
    vector: Vector,
    *,
    limit: int,
    flt: SearchFilter,
) -> list[tuple[str, float]]:
    """Nearest rows passing the filter, best first: over-fetch, filter in SQL, widen."""
    if target not in EMBEDDINGS or limit <= 0:
        return []
    query = unit_query(vector)
    if query is None:
        return []
    indexes: list[tuple[str, VectorIndex]] = []
    tokens: dict[str, Token] = {}
    for group_id in groups:
        tokens[group_id] = token = group_token(conn, group_id)
        index = cache.get((group_id, target), token, partial(load_vectors, conn, group_id, target))
        if index is not None:
            if index.dimension != query.shape[0]:
                raise UsageError(
                    f"the query vector has dimension {query.shape[0]} but the stored embeddings "
                    f"have {index.dimension}: embed the query with the store's embedder"
                )
            indexes.append((group_id, index))
    total = sum(len(index) for _, index in indexes)
    k = max(limit * _FIRST_ROUND, _MIN_CANDIDATES)
    while True:
        candidates = [
            (score, group_id, id_)
            for group_id, index in indexes
            for id_, score in index.search(query, k)
        ]
        if len(indexes) > 1:  # one index already answers best first
            candidates.sort(key=lambda c: -c[0])
        passing = _admitted(conn, target, flt, candidates, partial(_newest, conn, cache, tokens))
        if len(passing) >= limit or k >= total:
            return passing[:limit]
        k *= 4


def _admitted(
    conn: sqlite3.Connection,
    target: Target,
    flt: SearchFilter,
    candidates: list[tuple[float, str, str]],
    newest: Callable[[Target, str], int | None],
) -> list[tuple[str, float]]:
    """The candidates whose rows pass the filter, in candidate order. A filter that admits
    every row is not asked of SQL: the index holds the group's rows as of its token, each
    write applied to it. Episodes and entities asked for as known at ``known_at`` (no thread,
    label or attribute filter) are all admitted when no row of their groups was created
    after it (``newest``: the latest ``created_at``, read once per write)."""
    table, _ = EMBEDDINGS[target]
    admits = target_clause(target, flt, "t")
    if admits.sql == TRUE.sql or _all_known(target, flt, candidates, newest):
        return [(id_, score) for score, _, id_ in candidates]
    by_group: dict[str, list[str]] = {}
    for _, group_id, id_ in candidates:
        by_group.setdefault(group_id, []).append(id_)
    ok: set[tuple[str, str]] = set()
    for group_id, ids in by_group.items():
        where = all_of(
            Clause("t.group_id = ?", (group_id,)),
            in_values("t.id", ids),
            admits,
        )
        ok.update(
            (group_id, r[0])
            for r in conn.execute(f"SELECT t.id FROM {table} t WHERE {where.sql}", where.params)
        )
    return [(id_, score) for score, group_id, id_ in candidates if (group_id, id_) in ok]


def _all_known(
    target: Target,
    flt: SearchFilter,
    candidates: list[tuple[float, str, str]],
    newest: Callable[[Target, str], int | None],
) -> bool:
    """Whether the filter asks only ``created_at <= known_at`` of these episodes or
    entities and every row of their groups passes it."""
    if target not in (Target.EPISODES, Target.ENTITIES) or flt.known_at is None:
        return False
    if target_clause(target, replace(flt, known_at=None), "t").sql != TRUE.sql:
        return False
    known = to_micros(flt.known_at)
    for group_id in {group_id for _, group_id, _ in candidates}:
        latest = newest(target, group_id)
        if latest is not None and latest > known:
            return False
    return True


def _newest(
    conn: sqlite3.Connection,
    cache: VectorCache,
    tokens: Mapping[str, Token],
    target: Target,
    group_id: str,
) -> int | None:
    """The latest ``created_at`` of the group's rows of ``target``, kept per group token."""
    table, _ = EMBEDDINGS[target]

    def load() -> int | None:
        row = conn.execute(f"SELECT max(created_at) FROM {table} WHERE group_id = ?", (group_id,))
        return cast("int | None", row.fetchone()[0])

    return cache.newest((group_id, target), tokens[group_id], load)


def walk(
    conn: sqlite3.Connection,
    groups: Sequence[str],
    seeds: Sequence[str],
    depth: int,
    flt: SearchFilter,
) -> Mapping[str, int]:
    """Entity id -> hops from the nearest seed, over facts passing ``flt``, both directions."""
    hops = dict.fromkeys(id_list(seeds, "seeds"), 0)
    frontier = list(hops)
    facts = fact_clause(flt, "f")
    in_groups = in_values("e.group_id", groups)
    for hop in range(1, depth + 1):
        if not frontier:
            break
        out = all_of(in_values("f.group_id", groups), in_values("f.source_id", frontier), facts)
        back = all_of(in_values("f.group_id", groups), in_values("f.target_id", frontier), facts)
        # in the entities' insertion order, not the ids' (random: the same text must walk
        # the same way, ``search/methods.bfs`` keeps this order on ties)
        sql = (
            f"SELECT e.id FROM entities e WHERE {in_groups.sql} AND e.id "
            f"IN (SELECT f.target_id FROM facts f WHERE {out.sql} "
            f"UNION SELECT f.source_id FROM facts f WHERE {back.sql}) ORDER BY e.rid"
        )
        params = in_groups.params + out.params + back.params
        frontier = list(dict.fromkeys(n for (n,) in conn.execute(sql, params) if n not in hops))
        hops.update(dict.fromkeys(frontier, hop))
    return hops
