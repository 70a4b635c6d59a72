"""What a search or store query may see: targets, groups and the bi-temporal filter."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from typing import Literal

from chronomem.errors import UsageError
from chronomem.model.belief import as_known
from chronomem.model.graph import Entity, Fact
from chronomem.model.time import TimeRange, ensure_aware_or_none, is_believed, is_upcoming
from chronomem.model.validation import check_relation


class Target(StrEnum):
    """What a search method looks through."""

    FACTS = "facts"  # fact text
    ENTITIES = "entities"  # entity name + summary
    EPISODES = "episodes"  # episode content
    COMMUNITIES = "communities"  # community name + summary


@dataclass(frozen=True, slots=True)
class SearchFilter:
    """Which facts and entities a query may return.

    By default only facts believed true now. ``valid_at`` asks "what was true then",
    ``known_at`` "what did the memory believe then" (see :func:`chronomem.model.time.is_believed`);
    ``history=True`` drops the temporal rule and returns every fact, past or present.
    ``upcoming=True`` also admits facts still ahead of ``valid_at`` (plans, scheduled events:
    :func:`chronomem.model.time.is_upcoming`); ``Memory.search`` and ``context`` set it when
    no ``valid_at`` is asked for.
    Ranges restrict the world timeline (``valid_at`` of a fact inside ``valid_between``) and the
    system timeline (``created_at`` inside ``created_between``).
    """

    valid_at: datetime | None = None
    known_at: datetime | None = None
    history: bool = False
    upcoming: bool = False
    relations: tuple[str, ...] | None = None
    labels: tuple[str, ...] | None = None
    valid_between: TimeRange | None = None
    created_between: TimeRange | None = None
    # attribute values (custom types, docs/types.md): every pair must match exactly
    entity_attributes: Mapping[str, Scalar] | None = None
    fact_attributes: Mapping[str, Scalar] | None = None

    def __post_init__(self) -> None:
        for name in ("entity_attributes", "fact_attributes"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, check_attribute_filter(value, name))
        object.__setattr__(self, "valid_at", ensure_aware_or_none(self.valid_at, "valid_at"))
        object.__setattr__(self, "known_at", ensure_aware_or_none(self.known_at, "known_at"))
        if self.relations is not None:
            object.__setattr__(self, "relations", tuple(check_relation(r) for r in self.relations))
        if self.labels is not None:
            object.__setattr__(self, "labels", tuple(self.labels))

    def resolved(self, now: datetime) -> SearchFilter:
        """The same filter with ``valid_at`` and ``known_at`` defaulted to ``now``.

        ``known_at`` never exceeds ``now``; ``valid_at`` defaults to ``known_at`` so that
        "what did we believe at t'" means "what did we believe was true at t'".
        """
        known = self.known_at or now
        return replace(self, known_at=known, valid_at=self.valid_at or known)

    def admits_fact(self, fact: Fact) -> bool:
        """The Python form of the filter; stores push the same rule into their queries."""
        if self.relations is not None and fact.relation not in self.relations:
            return False
        if self.fact_attributes and not _holds(fact.attributes, self.fact_attributes):
            return False
        if self.valid_between is not None and not self.valid_between.contains(fact.valid_at):
            return False
        if self.created_between is not None and not self.created_between.contains(fact.created_at):
            return False
        if self.history:
            return True
        assert self.valid_at is not None and self.known_at is not None, "call resolved() first"
        if is_believed(fact, valid_at=self.valid_at, known_at=self.known_at):
            return True
        return self.upcoming and is_upcoming(fact, valid_at=self.valid_at, known_at=self.known_at)

    def shown_fact(self, fact: Fact) -> Fact | None:
        """``fact`` as the memory believed it at ``known_at`` (an end learned later is not
        shown: :func:`chronomem.model.belief.as_known`) if the filter admits that state,
        else None. Every read that hands facts to a caller goes through it."""
        if self.known_at is not None:
            fact = as_known(fact, self.known_at)
        return fact if self.admits_fact(fact) else None

    def admits_entity(self, entity: Entity) -> bool:
        if self.labels is not None and not set(self.labels) & set(entity.labels):
            return False
        if self.entity_attributes and not _holds(entity.attributes, self.entity_attributes):
            return False
        return not (self.known_at is not None and entity.created_at > self.known_at)


Scalar = str | int | float | bool
_ATTRIBUTE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,99}$")


def check_attribute_filter(values: Mapping[str, object], what: str) -> dict[str, Scalar]:
    """Attribute names are field names; values are scalars (``UsageError`` otherwise)."""
    out: dict[str, Scalar] = {}
    for name, value in values.items():
        if not isinstance(name, str) or not _ATTRIBUTE_NAME.match(name):
            raise UsageError(
                f"{what}: {name!r} is not an attribute name (a field name: letters, digits, _)"
            )
        if not isinstance(value, str | int | float | bool):
            raise UsageError(
                f"{what}[{name!r}]: filter on a text, number or boolean value, not {value!r}"
            )
        out[name] = value
    return out


def _holds(attributes: Mapping[str, object], wanted: Mapping[str, Scalar]) -> bool:
    for name, value in wanted.items():
        have = attributes.get(name)
        if have != value or isinstance(have, bool) != isinstance(value, bool):
            return False
    return True


@dataclass(frozen=True, slots=True)
class SearchRequest:
    """One text or vector search of :meth:`Store.search_batch`: ``query`` is the text of a
    ``"text"`` search, the query vector of a ``"vector"`` one."""

    kind: Literal["text", "vector"]
    target: Target
    group_ids: tuple[str, ...]
    query: object
    limit: int
    filter: SearchFilter
