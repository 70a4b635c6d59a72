"""Whole-group graph reads for communities: every entity, and the weighted entity graph.

Functions over an open connection; :class:`~chronomem.stores.sqlite.store.SQLiteStore`
runs them inside its read transaction.
"""

from __future__ import annotations

import sqlite3

from chronomem.model import Entity, SearchFilter
from chronomem.stores.sqlite import rows
from chronomem.stores.sqlite.filters import Clause, fact_clause

_ENTITIES = f"SELECT {rows.ENTITY_COLUMNS} FROM entities WHERE group_id = ? ORDER BY rid"

# One row per unordered pair of distinct entities; min()/max() with two arguments are
# SQLite's scalar functions, so (a, b) and (b, a) facts count for the same pair.
_EDGES = """
SELECT min(f.source_id, f.target_id) AS a, max(f.source_id, f.target_id) AS b, count(*)
FROM facts f
WHERE {where}
GROUP BY a, b
ORDER BY a, b
"""


def list_entities(conn: sqlite3.Connection, group_id: str) -> list[Entity]:
    """Every entity of the group, oldest row first."""
    return [rows.entity_from(r) for r in conn.execute(_ENTITIES, (group_id,))]


def entity_edges(
    conn: sqlite3.Connection, group_id: str, flt: SearchFilter
) -> list[tuple[str, str, int]]:
    """``(a, b, n)`` with ``a < b``: ``n`` facts passing ``flt`` link entities a and b."""
    where = (
        Clause("f.group_id = ?", (group_id,))
        & Clause("f.source_id <> f.target_id")
        & fact_clause(flt, "f")
    )
    sql = _EDGES.format(where=where.sql)
    return [(str(a), str(b), int(n)) for a, b, n in conn.execute(sql, where.params)]
