"""Where a query runs and which tenant it may see: the one :class:`Scope` every query goes
through (:meth:`FalkorDBConnection.query` takes nothing else).

A group lives in its own graph (``<prefix>:g:<group_id>``) or, while small, packed with other
groups in a shared bucket graph (``<prefix>:b:<n>``, see :mod:`.placement`). In a bucket every
node and edge of the group carries ``group_id``, and the scope rewrites each query so that
every labelled node pattern ``(x:Label ...)`` and every typed edge pattern ``[x:TYPE ...]``
holds ``group_id: $scope_gid`` (an edge pattern only where both its ends are anonymous, as in
``()-[r:FACT]->()``; other edges hang off scoped nodes): a ``MATCH`` then sees only the
group's rows (through the bucket's range index on ``group_id``), and a ``MERGE`` or ``CREATE``
writes the property (edges get it by an explicit ``SET`` in :mod:`.cypher`). The
rewrite is mechanical, so no query can forget the scope; unlabelled patterns (``()`` or a
bound ``(n)``) are reached only through a scoped pattern. The group id is a parameter,
never text in the query.

A packed scope refuses the index procedures (``db.idx.*``, ``db.indexes``): a bucket's
indexes are shared by its tenants, so a search through them would rank (and could return)
other tenants' rows. Packed groups scan their own rows instead (exact cosine, and BM25 in
Python over the group's rows only, :mod:`.textscan`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

__all__ = ["SCOPE_PARAM", "Scope", "scoped_statement"]

SCOPE_PARAM: Final = "scope_gid"
_SCOPED = f"group_id: ${SCOPE_PARAM}"
# a labelled node pattern "(x:Label", or a typed edge pattern between anonymous nodes
# "()-[x:TYPE", with its map's "{" (an edge from a node a scoped pattern bound is the
# group's: FalkorDB 4.16 also mis-evaluates a parameter in the map of an edge inside a
# pattern predicate such as "NOT (n)-[:FACT {...}]-()")
_PATTERN = re.compile(r"(\(|\(\)<?-\[)(\w*):(\w+)\s*(\{)?")
_SHARED_INDEX = re.compile(r"\bdb\.(idx\.|indexes\b)")
# a MATCH starting on an unlabelled node, or an untyped edge: it would reach every tenant
_UNSCOPED = re.compile(r"\bMATCH\s+\(\w*\)(?!\s*<?-\[\w*:)|-\[\w*\]-")


@lru_cache(maxsize=512)
def scoped_statement(cypher: str) -> str:
    """``cypher`` with ``group_id: $scope_gid`` in every labelled or typed pattern."""
    if _SHARED_INDEX.search(cypher):
        raise AssertionError(
            "a packed group's query must not use an index procedure (the bucket's indexes are "
            f"shared by its tenants): {cypher.strip()[:80]!r}"
        )

    if _UNSCOPED.search(cypher):
        raise AssertionError(
            f"a packed group's query must name the label of what it matches: {cypher[:80]!r}"
        )

    def scope(match: re.Match[str]) -> str:
        opening, var, label, brace = match.groups()
        rest = ", " if brace else "}"
        return f"{opening}{var}:{label} {{{_SCOPED}{rest}"

    return _PATTERN.sub(scope, cypher)


@dataclass(frozen=True, slots=True)
class Scope:
    """One group's view: the graph key it lives in, and whether that graph is shared."""

    group_id: str
    key: str
    packed: bool = False

    def statement(self, cypher: str) -> str:
        """The query as sent: scoped to the group in a shared bucket, as written otherwise."""
        return scoped_statement(cypher) if self.packed else cypher

    def params(self, params: Mapping[str, object]) -> dict[str, object]:
        """The parameters with the group id (writes stamp it on every row, reads filter)."""
        return {**params, SCOPE_PARAM: self.group_id}
