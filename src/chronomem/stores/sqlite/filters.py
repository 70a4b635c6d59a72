"""SearchFilter -> SQL: the one place the bi-temporal rule is written in SQL.

The fact clause is :func:`chronomem.model.time.is_believed` rewritten for SQL's three-valued
logic (a contract test checks it agrees with :meth:`SearchFilter.admits_fact` on random
facts). With ``K = known_at`` and ``V = valid_at`` a fact is believed when::

    created_at <= K
    AND (valid_at IS NULL OR valid_at <= V)
    AND (expired_at IS NULL OR expired_at > K                    -- end not learned by K
         OR (invalid_at IS NOT NULL AND invalid_at > V))         -- or learned, but after V

Column names and aliases here are constants of this package; every value is a parameter.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from chronomem.errors import UsageError
from chronomem.model import SearchFilter, Target, TimeRange
from chronomem.model.filters import Scalar
from chronomem.model.time import to_micros

SQLParam = int | float | str | bytes | None

_MAX_PLACEHOLDERS = 64


@dataclass(frozen=True, slots=True)
class Clause:
    """A boolean SQL expression and its positional parameters."""

    sql: str
    params: tuple[SQLParam, ...] = ()

    def __and__(self, other: Clause) -> Clause:
        if self.sql == "1":
            return other
        if other.sql == "1":
            return self
        return Clause(f"({self.sql}) AND ({other.sql})", self.params + other.params)


TRUE = Clause("1")
FALSE = Clause("0")


def all_of(*clauses: Clause) -> Clause:
    result = TRUE
    for clause in clauses:
        result = result & clause
    return result


def in_values(column: str, values: Sequence[str]) -> Clause:
    """``column`` is one of ``values`` (any number of them: long lists go as one JSON param)."""
    if not values:
        return FALSE
    if len(values) == 1:
        return Clause(f"{column} = ?", (values[0],))
    if len(values) <= _MAX_PLACEHOLDERS:
        return Clause(f"{column} IN ({', '.join('?' * len(values))})", tuple(values))
    return Clause(f"{column} IN (SELECT value FROM json_each(?))", (json.dumps(list(values)),))


def in_range(column: str, window: TimeRange) -> Clause:
    """``window.contains(column)``: half-open [start, end); a NULL instant is outside."""
    clause = Clause(f"{column} IS NOT NULL")
    if window.start is not None:
        clause = clause & Clause(f"{column} >= ?", (to_micros(window.start),))
    if window.end is not None:
        clause = clause & Clause(f"{column} < ?", (to_micros(window.end),))
    return clause


def fact_clause(flt: SearchFilter, alias: str) -> Clause:
    """Facts (table alias ``alias``) that ``flt.admits_fact`` admits."""
    a = alias
    clause = TRUE
    if flt.relations is not None:
        clause = clause & in_values(f"{a}.relation", flt.relations)
    if flt.fact_attributes:
        clause = clause & attributes_clause(f"{a}.attributes", flt.fact_attributes)
    if flt.valid_between is not None:
        clause = clause & in_range(f"{a}.valid_at", flt.valid_between)
    if flt.created_between is not None:
        clause = clause & in_range(f"{a}.created_at", flt.created_between)
    sources = flt.sources()
    if sources is not None:
        said = in_values("fe.episode_id", sources)
        clause = clause & Clause(
            f"EXISTS (SELECT 1 FROM fact_episodes fe WHERE fe.group_id = {a}.group_id "
            f"AND fe.fact_id = {a}.id AND {said.sql})",
            said.params,
        )
    if flt.history:
        return clause
    if flt.known_at is None or flt.valid_at is None:
        raise UsageError(
            "the SearchFilter has no valid_at/known_at: pass filter.resolved(clock.now()) "
            "to the store"
        )
    k, v = to_micros(flt.known_at), to_micros(flt.valid_at)
    believed = Clause(
        f"{a}.created_at <= ? AND ({a}.valid_at IS NULL OR {a}.valid_at <= ?) "
        f"AND ({a}.expired_at IS NULL OR {a}.expired_at > ? "
        f"OR ({a}.invalid_at IS NOT NULL AND {a}.invalid_at > ?))",
        (k, v, k, v),
    )
    if flt.upcoming:  # chronomem.model.time.is_upcoming
        ahead = Clause(
            f"{a}.created_at <= ? AND {a}.valid_at IS NOT NULL AND {a}.valid_at > ? "
            f"AND ({a}.expired_at IS NULL OR {a}.expired_at > ? "
            f"OR ({a}.invalid_at IS NOT NULL AND {a}.invalid_at > {a}.valid_at))",
            (k, v, k),
        )
        believed = Clause(f"({believed.sql}) OR ({ahead.sql})", believed.params + ahead.params)
    return clause & believed


def entity_clause(flt: SearchFilter, alias: str) -> Clause:
    """Entities that ``flt.admits_entity`` admits: any label in common, known by known_at."""
    clause = TRUE
    if flt.labels is not None:
        labels = in_values("label.value", flt.labels)
        clause = Clause(
            f"EXISTS (SELECT 1 FROM json_each({alias}.labels) AS label WHERE {labels.sql})",
            labels.params,
        )
    if flt.entity_attributes:
        clause = clause & attributes_clause(f"{alias}.attributes", flt.entity_attributes)
    if flt.known_at is not None:
        clause = clause & Clause(f"{alias}.created_at <= ?", (to_micros(flt.known_at),))
    return clause


def attributes_clause(column: str, wanted: Mapping[str, Scalar]) -> Clause:
    """Every ``name = value`` pair held by the JSON object in ``column`` (names are checked
    field names: SearchFilter; the value is compared as JSON, so 1 is not true or "1").
    A row whose text SQLite cannot read as JSON (a NaN stored by an older version) matches
    nothing, rather than failing the whole search: CASE evaluates its branch only then."""
    clause = TRUE
    for name, value in wanted.items():
        path = f'$."{name}"'
        clause = clause & Clause(
            f"CASE WHEN json_valid({column}) THEN json_type({column}, ?) = json_type(?, '$') "
            f"AND json_extract({column}, ?) = ? ELSE 0 END",
            (path, json.dumps(value), path, value),
        )
    return clause


def episode_clause(flt: SearchFilter, alias: str) -> Clause:
    """Episodes the memory held at ``known_at`` (of the filter's threads, if any)."""
    sources = flt.sources()
    clause = TRUE if sources is None else in_values(f"{alias}.id", sources)
    if flt.known_at is None:
        return clause
    return clause & Clause(f"{alias}.created_at <= ?", (to_micros(flt.known_at),))


def target_clause(target: Target, flt: SearchFilter, alias: str) -> Clause:
    """The filter for rows of ``target`` (communities are not filtered)."""
    if target is Target.FACTS:
        return fact_clause(flt, alias)
    if target is Target.ENTITIES:
        return entity_clause(flt, alias)
    if target is Target.EPISODES:
        return episode_clause(flt, alias)
    return TRUE
