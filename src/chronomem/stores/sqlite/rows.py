"""Model objects <-> SQLite rows (column lists, encoders and decoders)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import cast

import numpy as np

from chronomem.jsontext import stored_attributes
from chronomem.model import Community, Entity, Episode, EpisodeSource, Fact, JSONValue, Vector
from chronomem.model.names import normalize_name
from chronomem.model.time import from_micros, from_micros_or_none, micros_or_none, to_micros
from chronomem.stores.sqlite.filters import SQLParam
from chronomem.stores.vectors_check import check_vector

EPISODE_COLUMNS = (
    "group_id, id, content, source, source_description, reference_time, created_at, embedding, "
    "thread_id"
)
ENTITY_COLUMNS = (
    "group_id, id, name, norm_name, labels, summary, attributes, created_at, name_embedding"
)
FACT_COLUMNS = (
    "group_id, id, source_id, target_id, relation, fact, valid_at, invalid_at, created_at, "
    "expired_at, attributes, embedding"
)
COMMUNITY_COLUMNS = "group_id, id, name, summary, created_at, name_embedding"

Row = tuple[SQLParam, ...]


def encode_vector(vector: Vector | None, what: str) -> bytes | None:
    if vector is None:
        return None
    return check_vector(vector, what).tobytes()


def decode_vector(blob: bytes | None) -> Vector | None:
    if blob is None:
        return None
    return np.frombuffer(blob, dtype=np.float32).copy()


def _json(value: Mapping[str, JSONValue] | tuple[str, ...]) -> str:
    data = list(value) if isinstance(value, tuple) else dict(value)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def episode_row(e: Episode) -> Row:
    return (
        e.group_id,
        e.id,
        e.content,
        e.source.value,
        e.source_description,
        to_micros(e.reference_time),
        to_micros(e.created_at),
        encode_vector(e.embedding, f"embedding of episode {e.id!r}"),
        e.thread_id,
    )


def entity_row(e: Entity) -> Row:
    return (
        e.group_id,
        e.id,
        e.name,
        normalize_name(e.name),
        _json(e.labels),
        e.summary,
        _json(e.attributes),
        to_micros(e.created_at),
        encode_vector(e.name_embedding, f"name_embedding of entity {e.id!r}"),
    )


def fact_row(f: Fact) -> Row:
    return (
        f.group_id,
        f.id,
        f.source_id,
        f.target_id,
        f.relation,
        f.fact,
        micros_or_none(f.valid_at),
        micros_or_none(f.invalid_at),
        to_micros(f.created_at),
        micros_or_none(f.expired_at),
        _json(f.attributes),
        encode_vector(f.embedding, f"embedding of fact {f.id!r}"),
    )


def community_row(c: Community) -> Row:
    return (
        c.group_id,
        c.id,
        c.name,
        c.summary,
        to_micros(c.created_at),
        encode_vector(c.name_embedding, f"name_embedding of community {c.id!r}"),
    )


def episode_from(row: tuple[object, ...]) -> Episode:
    group_id, id_, content, source, description, reference_time, created_at, embedding, thread = row
    return Episode(
        id=cast(str, id_),
        group_id=cast(str, group_id),
        content=cast(str, content),
        source=EpisodeSource(cast(str, source)),
        source_description=cast(str, description),
        reference_time=from_micros(cast(int, reference_time)),
        created_at=from_micros(cast(int, created_at)),
        embedding=decode_vector(cast("bytes | None", embedding)),
        thread_id=cast("str | None", thread),
    )


def entity_from(row: tuple[object, ...]) -> Entity:
    group_id, id_, name, _norm, labels, summary, attributes, created_at, embedding = row
    return Entity(
        id=cast(str, id_),
        group_id=cast(str, group_id),
        name=cast(str, name),
        labels=tuple(json.loads(cast(str, labels))),
        summary=cast(str, summary),
        attributes=stored_attributes(cast(str, attributes)),
        created_at=from_micros(cast(int, created_at)),
        name_embedding=decode_vector(cast("bytes | None", embedding)),
    )


def fact_from(row: tuple[object, ...], episodes: tuple[str, ...]) -> Fact:
    (
        group_id,
        id_,
        source_id,
        target_id,
        relation,
        text,
        valid_at,
        invalid_at,
        created_at,
        expired_at,
        attributes,
        embedding,
    ) = row
    return Fact(
        id=cast(str, id_),
        group_id=cast(str, group_id),
        source_id=cast(str, source_id),
        target_id=cast(str, target_id),
        relation=cast(str, relation),
        fact=cast(str, text),
        created_at=from_micros(cast(int, created_at)),
        episodes=episodes,
        valid_at=from_micros_or_none(cast("int | None", valid_at)),
        invalid_at=from_micros_or_none(cast("int | None", invalid_at)),
        expired_at=from_micros_or_none(cast("int | None", expired_at)),
        attributes=stored_attributes(cast(str, attributes)),
        embedding=decode_vector(cast("bytes | None", embedding)),
    )


def community_from(row: tuple[object, ...], members: tuple[str, ...]) -> Community:
    group_id, id_, name, summary, created_at, embedding = row
    return Community(
        id=cast(str, id_),
        group_id=cast(str, group_id),
        name=cast(str, name),
        summary=cast(str, summary),
        created_at=from_micros(cast(int, created_at)),
        member_ids=members,
        name_embedding=decode_vector(cast("bytes | None", embedding)),
    )
