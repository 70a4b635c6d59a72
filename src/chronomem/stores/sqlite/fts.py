"""Full-text search with FTS5 and BM25.

User text never reaches FTS5's query language: it is cut into word tokens, each token is
quoted, and the quoted terms are OR'ed (any word may match; BM25 ranks rows that match more,
and rarer, words higher).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence

from chronomem.model import SearchFilter, Target
from chronomem.stores.sqlite.filters import in_values, target_clause

_WORD = re.compile(r"[^\W_]+")
MAX_TERMS = 32

# target -> (row table, bm25 expression: entity and community names weigh twice the summary)
_INDEXES: dict[Target, tuple[str, str]] = {
    Target.FACTS: ("facts", "bm25(facts_fts)"),
    Target.ENTITIES: ("entities", "bm25(entities_fts, 2.0, 1.0)"),
    Target.EPISODES: ("episodes", "bm25(episodes_fts)"),
    Target.COMMUNITIES: ("communities", "bm25(communities_fts, 2.0, 1.0)"),
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
    """Ids of the target's rows matching ``query`` with score ``-bm25`` (higher is better)."""
    expression = match_expression(query)
    if expression is None or limit <= 0:
        return []
    table, bm25 = _INDEXES[target]
    fts = f"{table}_fts"
    where = in_values("t.group_id", groups) & target_clause(target, flt, "t")
    sql = (
        f"SELECT t.id, -{bm25} AS score FROM {fts} JOIN {table} t ON t.rid = {fts}.rowid "
        f"WHERE {fts} MATCH ? AND {where.sql} ORDER BY score DESC, t.rid LIMIT ?"
    )
    return [
        (id_, float(score)) for id_, score in conn.execute(sql, (expression, *where.params, limit))
    ]
