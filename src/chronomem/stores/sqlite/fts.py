"""Full-text search with FTS5 and BM25, in each group's own index.

User text never reaches FTS5's query language: it is cut into word tokens, each token is
quoted, and the quoted terms are OR'ed (any word may match; BM25 ranks rows that match more,
and rarer, words higher).

Ranking happens inside FTS5 first: the top ``k`` matches by (score, rowid) come from the
full-text index alone (BM25 is computed there, in C, without touching the row table), and
only those rows are read to apply the group and temporal filter. That prefix of the ranking
is exact, so when enough of it passes the filter the answer equals ranking every filtered
match; otherwise ``k`` widens, and a very selective filter falls back to the joined query.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Sequence

from chronomem.model import SearchFilter, Target
from chronomem.stores.sqlite import fts_sync
from chronomem.stores.sqlite.filters import Clause, in_values, target_clause

_WORD = re.compile(r"[^\W_]+")
MAX_TERMS = 32
_FIRST_ROUND = 4  # matches ranked per wanted result in the first round, then 8x
_MIN_CANDIDATES = 64
_ROUNDS = 2  # ranked rounds before the joined query (a filter rejecting nearly all)

# target -> (row table, bm25 column weights: entity and community names weigh twice the summary)
_INDEXES: dict[Target, tuple[str, str]] = {
    Target.FACTS: ("facts", ""),
    Target.ENTITIES: ("entities", ", 2.0, 1.0"),
    Target.EPISODES: ("episodes", ""),
    Target.COMMUNITIES: ("communities", ", 2.0, 1.0"),
}


def match_expression(query: str) -> str | None:
    """An FTS5 MATCH expression OR-ing the query's distinct words; None if it has none."""
    terms = list(dict.fromkeys(word.casefold() for word in _WORD.findall(query)))[:MAX_TERMS]
    if not terms:
        return None
    return " OR ".join(f'"{term}"' for term in terms)


def text_search(
    conn: sqlite3.Connection,
    target: Target,
    groups: Sequence[str],
    query: str,
    limit: int,
    flt: SearchFilter,
) -> list[tuple[str, float]]:
    """Ids of the target's rows matching ``query`` with score ``-bm25`` (higher is better).

    Each group is searched in its own index (:mod:`chronomem.stores.sqlite.fts_sync`), with
    its own statistics; several groups' hits are merged by score."""
    expression = match_expression(query)
    if expression is None or limit <= 0:
        return []
    hits: list[tuple[str, float]] = []
    for group_id in dict.fromkeys(groups):
        serial = fts_sync.group_serial(conn, group_id)
        if serial is not None:
            hits += _group_search(conn, target, serial, group_id, expression, limit, flt)
    hits.sort(key=lambda hit: -hit[1])
    return hits[:limit]


def _group_search(
    conn: sqlite3.Connection,
    target: Target,
    serial: int,
    group_id: str,
    expression: str,
    limit: int,
    flt: SearchFilter,
) -> list[tuple[str, float]]:
    table, weights = _INDEXES[target]
    fts = fts_sync.index_name(serial, table)
    bm25 = f"bm25({fts}{weights})"
    where = in_values("t.group_id", [group_id]) & target_clause(target, flt, "t")
    ranked = (
        f"SELECT rowid, -{bm25} AS score FROM {fts} WHERE {fts} MATCH ? "
        "ORDER BY score DESC, rowid LIMIT ?"
    )
    k = max(limit * _FIRST_ROUND, _MIN_CANDIDATES)
    for _ in range(_ROUNDS):
        try:
            top = conn.execute(ranked, (expression, k)).fetchall()
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                return []  # the group has no row of this kind yet
            raise
        if not top:
            return []
        admitted = _admitted(conn, table, where, [rid for rid, _ in top])
        hits = [(admitted[rid], float(score)) for rid, score in top if rid in admitted]
        if len(hits) >= limit or len(top) < k:  # an exact prefix of the filtered ranking
            return hits[:limit]
        k *= 8
    sql = (
        f"SELECT t.id, -{bm25} AS score FROM {fts} JOIN {table} t ON t.rid = {fts}.rowid "
        f"WHERE {fts} MATCH ? AND {where.sql} ORDER BY score DESC, t.rid LIMIT ?"
    )
    return [
        (id_, float(score)) for id_, score in conn.execute(sql, (expression, *where.params, limit))
    ]


def _admitted(
    conn: sqlite3.Connection, table: str, where: Clause, rids: list[int]
) -> dict[int, str]:
    """rid -> id of the rows among ``rids`` that pass ``where`` (alias ``t``)."""
    sql = (  # CROSS JOIN: look the few rids up; never scan the group's rows by index
        f"SELECT t.rid, t.id FROM json_each(?) AS j CROSS JOIN {table} t ON t.rid = j.value "
        f"WHERE {where.sql}"
    )
    return dict(conn.execute(sql, (json.dumps(rids), *where.params)).fetchall())
