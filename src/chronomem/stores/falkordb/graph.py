"""Whole-group graph reads for communities: every entity, and the weighted entity graph.

Each runs one parameterized query on the group's graph through a ``read`` callable (as in
:mod:`.search`); the only text formatted into a query is a condition from
:func:`.filters.fact_condition`, built from constant fragments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from chronomem.model import Entity, SearchFilter
from chronomem.stores.falkordb.filters import fact_condition
from chronomem.stores.falkordb.rows import entity_from_props
from chronomem.stores.falkordb.search import Reader

__all__ = ["ENTITY_EDGES", "LIST_ENTITIES", "entity_edges", "list_entities"]

# Stubs (deleted entities that facts still name) are not entities.
LIST_ENTITIES: Final = "MATCH (n:Entity) WHERE n.stub IS NULL RETURN properties(n)"

# {where}: a condition from filters.fact_condition. One row per unordered pair.
ENTITY_EDGES: Final = """
MATCH (a:Entity)-[r:FACT]->(b:Entity)
WHERE a.id <> b.id AND {where}
WITH CASE WHEN a.id < b.id THEN a.id ELSE b.id END AS x,
     CASE WHEN a.id < b.id THEN b.id ELSE a.id END AS y
RETURN x, y, count(*) AS n
ORDER BY x, y
"""


def list_entities(read: Reader, group_id: str) -> list[Entity]:
    """Every entity of the group (stubs excluded)."""
    return [
        entity_from_props(group_id, _props(row[0])) for row in read(group_id, LIST_ENTITIES, {})
    ]


def entity_edges(read: Reader, group_id: str, search: SearchFilter) -> list[tuple[str, str, int]]:
    """``(a, b, n)`` with ``a < b``: ``n`` facts passing ``search`` link entities a and b."""
    where, params = fact_condition(search)
    found = read(group_id, ENTITY_EDGES.format(where=where), params)
    return [(str(row[0]), str(row[1]), int(str(row[2]))) for row in found]


def _props(value: object) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise TypeError(f"FalkorDB returned {type(value).__name__} where a property map was due")
    return value
