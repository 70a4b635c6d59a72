"""``SearchFilter`` -> a Cypher boolean expression plus its parameters.

The expression is assembled only from the constant fragments below; every value travels as a
query parameter. The temporal part is :func:`chronomem.model.time.is_believed` written in
Cypher, with ``coalesce`` standing in for Python's handling of ``None`` (a comparison with
``null`` is ``null`` in Cypher, never ``false``):

=============================================  ==============================================
is_believed (Python)                           Cypher (``r`` a fact edge)
=============================================  ==============================================
``created_at > known_at`` -> hidden            ``r.created_at <= $known_at``
``learned_end = expired_at <= known_at``       ``coalesce(r.expired_at <= $known_at, false)``
``learned_end and invalid_at is None``         ``NOT (learned_end AND r.invalid_at IS NULL)``
``valid_at is not None and valid_at > t``      ``coalesce(r.valid_at <= $valid_at, true)``
``learned_end and invalid_at <= t``            ``NOT (learned_end AND coalesce(r.invalid_at
                                               <= $valid_at, false))``
=============================================  ==============================================
"""

from __future__ import annotations

from chronomem.errors import UsageError
from chronomem.model import SearchFilter
from chronomem.model.time import TimeRange, to_micros

__all__ = ["ENTITY_VAR", "FACT_VAR", "Params", "entity_condition", "fact_condition"]

ParamValue = str | int | float | bool | None | list[str]
Params = dict[str, ParamValue]

FACT_VAR = "r"
ENTITY_VAR = "n"

_LEARNED_END = "coalesce(r.expired_at <= $f_known_at, false)"
_BELIEVED = (
    "r.created_at <= $f_known_at",
    f"NOT ({_LEARNED_END} AND r.invalid_at IS NULL)",
    "coalesce(r.valid_at <= $f_valid_at, true)",
    f"NOT ({_LEARNED_END} AND coalesce(r.invalid_at <= $f_valid_at, false))",
)
_UPCOMING = (  # chronomem.model.time.is_upcoming
    "r.created_at <= $f_known_at",
    "coalesce(r.valid_at > $f_valid_at, false)",
    f"NOT ({_LEARNED_END} AND coalesce(r.invalid_at <= r.valid_at, true))",
)
_RELATIONS = "r.relation IN $f_relations"
_VALID_FROM = "r.valid_at >= $f_valid_from"
_VALID_UNTIL = "r.valid_at < $f_valid_until"
_VALID_SET = "r.valid_at IS NOT NULL"
_CREATED_FROM = "r.created_at >= $f_created_from"
_CREATED_UNTIL = "r.created_at < $f_created_until"
_LABELS = "any(label IN n.labels WHERE label IN $f_labels)"
_SOURCES = "any(x IN r.episodes WHERE x IN $f_sources)"
_ENTITY_KNOWN = "n.created_at <= $f_known_at"


def fact_condition(search: SearchFilter) -> tuple[str, Params]:
    """The condition a fact edge bound to ``r`` must meet, and its parameters.

    ``search`` must be resolved (``SearchFilter.resolved(now)``) unless ``history`` is set.
    """
    parts: list[str] = []
    params: Params = {}
    if search.relations is not None:
        parts.append(_RELATIONS)
        params["f_relations"] = list(search.relations)
    if search.valid_between is not None:
        parts.append(_VALID_SET)
        _add_range(parts, params, search.valid_between, (_VALID_FROM, _VALID_UNTIL), "f_valid")
    if search.created_between is not None:
        _add_range(
            parts, params, search.created_between, (_CREATED_FROM, _CREATED_UNTIL), "f_created"
        )
    sources = search.sources()
    if sources is not None:
        parts.append(_SOURCES)
        params["f_sources"] = list(sources)
    if not search.history:
        if search.valid_at is None or search.known_at is None:
            raise UsageError(
                "the SearchFilter has no valid_at/known_at: pass filter.resolved(clock.now()) "
                "to the store"
            )
        if search.upcoming:
            parts.append(f"(({' AND '.join(_BELIEVED)}) OR ({' AND '.join(_UPCOMING)}))")
        else:
            parts.extend(_BELIEVED)
        params["f_known_at"] = to_micros(search.known_at)
        params["f_valid_at"] = to_micros(search.valid_at)
    return _join(parts), params


def entity_condition(search: SearchFilter) -> tuple[str, Params]:
    """The condition an entity node bound to ``n`` must meet (``SearchFilter.admits_entity``)."""
    parts: list[str] = []
    params: Params = {}
    if search.labels is not None:
        parts.append(_LABELS)
        params["f_labels"] = list(search.labels)
    if search.known_at is not None:
        parts.append(_ENTITY_KNOWN)
        params["f_known_at"] = to_micros(search.known_at)
    return _join(parts), params


def _add_range(
    parts: list[str], params: Params, span: TimeRange, clauses: tuple[str, str], name: str
) -> None:
    if span.start is not None:
        parts.append(clauses[0])
        params[f"{name}_from"] = to_micros(span.start)
    if span.end is not None:
        parts.append(clauses[1])
        params[f"{name}_until"] = to_micros(span.end)


def _join(parts: list[str]) -> str:
    return " AND ".join(f"({p})" for p in parts) if parts else "true"
