"""Rows of the store's reads, tagged with their group, -> model objects in the order asked."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final, TypeVar

from chronomem.model import Community, Entity, Episode, Fact, Target
from chronomem.stores.falkordb import cypher_reads, rows
from chronomem.stores.falkordb.connection import Row

__all__ = ["GET", "StoredRow", "Tagged", "as_map", "convert", "facts_from", "in_order"]

StoredRow = Fact | Entity | Episode | Community
Tagged = list[tuple[str, Row]]  # (group id, row)
_T = TypeVar("_T", bound=StoredRow)

GET: Final = {
    Target.FACTS: cypher_reads.GET_FACTS,
    Target.ENTITIES: cypher_reads.GET_ENTITIES,
    Target.EPISODES: cypher_reads.GET_EPISODES,
    Target.COMMUNITIES: cypher_reads.GET_COMMUNITIES,
}


def facts_from(tagged: Tagged) -> list[Fact]:
    """Facts from ``(group, [source id, target id, properties])`` rows, in insertion order
    within each group."""
    found = [(g, str(r[0]), str(r[1]), as_map(r[2])) for g, r in tagged]
    found.sort(key=lambda x: (x[0], _seq(x[3])))
    return [rows.fact_from_props(g, source, target, props) for g, source, target, props in found]


def convert(target: Target, tagged: Tagged) -> list[StoredRow]:
    if target is Target.FACTS:
        return list(facts_from(tagged))
    readers: dict[Target, Callable[[str, Mapping[str, object]], StoredRow]] = {
        Target.ENTITIES: rows.entity_from_props,
        Target.EPISODES: rows.episode_from_props,
        Target.COMMUNITIES: rows.community_from_props,
    }
    convert = readers[target]
    return [convert(g, as_map(r[0])) for g, r in tagged]


def _seq(props: Mapping[str, object]) -> int:
    seq = props.get("seq")
    return seq if isinstance(seq, int) else 0


def as_map(value: object) -> Mapping[str, object]:
    """A row's properties; a null in a projected map is a property the row does not have
    (FalkorDB stores no nulls)."""
    if not isinstance(value, Mapping):
        raise TypeError(f"FalkorDB returned {type(value).__name__} where a property map was due")
    return {k: v for k, v in value.items() if v is not None}


def in_order(items: list[_T], ids: Sequence[str]) -> list[_T]:
    rank = {i: n for n, i in enumerate(ids)}
    return sorted(items, key=lambda item: (rank.get(item.id, len(rank)), item.group_id))
