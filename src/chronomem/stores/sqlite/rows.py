"""Model objects <-> SQLite rows (column lists, encoders and decoders).

Decoding rebuilds a row's model object without running its ``__post_init__`` checks
(:func:`_restored`): every stored row was checked when it was written (the model's
constructor ran before :func:`episode_row` and its kin), and the checks -- the group id's
pattern, each instant made aware again, the attributes walked as JSON -- cost more than
reading the row. A search reads a few hundred rows per call (round 16, AVX2 machine:
episodes 16.8 → 5.9 µs a row). Instants are decoded through a small memo of the pure
``from_micros``: the same turns' times come back call after call.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from datetime import datetime
from typing import TypeVar, cast

import numpy as np

from chronomem.jsontext import stored_attributes
from chronomem.model import Community, Entity, Episode, EpisodeSource, Fact, JSONValue, Vector
from chronomem.model.names import normalize_name
from chronomem.model.time import from_micros, micros_or_none, to_micros
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
T = TypeVar("T")
_SOURCES = {source.value: source for source in EpisodeSource}
INSTANTS_KEPT = 8192  # decoded instants kept (datetimes only: a few hundred KB)


def _restored(cls: type[T], **fields: object) -> T:
    """A ``cls`` (a frozen, slotted model dataclass) holding ``fields`` -- every one of its
    fields, already in their checked form -- built without its ``__post_init__``."""
    made = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(made, name, value)
    return made


_instant = functools.lru_cache(maxsize=INSTANTS_KEPT)(from_micros)


def _instant_or_none(value: object) -> datetime | None:
    return None if value is None else _instant(cast(int, value))


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
    kind = _SOURCES.get(cast(str, source)) or EpisodeSource.parse(source)
    return _restored(
        Episode,
        id=id_,
        group_id=group_id,
        content=content,
        source=kind,
        reference_time=_instant(cast(int, reference_time)),
        created_at=_instant(cast(int, created_at)),
        source_description=description,
        embedding=decode_vector(cast("bytes | None", embedding)),
        thread_id=thread,
    )


def entity_from(row: tuple[object, ...]) -> Entity:
    group_id, id_, name, _norm, labels, summary, attributes, created_at, embedding = row
    return _restored(
        Entity,
        id=id_,
        group_id=group_id,
        name=name,
        created_at=_instant(cast(int, created_at)),
        labels=tuple(json.loads(cast(str, labels))),
        summary=summary,
        attributes=stored_attributes(cast(str, attributes)),
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
    return _restored(
        Fact,
        id=id_,
        group_id=group_id,
        source_id=source_id,
        target_id=target_id,
        relation=relation,
        fact=text,
        created_at=_instant(cast(int, created_at)),
        episodes=episodes,
        valid_at=_instant_or_none(valid_at),
        invalid_at=_instant_or_none(invalid_at),
        expired_at=_instant_or_none(expired_at),
        attributes=stored_attributes(cast(str, attributes)),
        embedding=decode_vector(cast("bytes | None", embedding)),
    )


def community_from(row: tuple[object, ...], members: tuple[str, ...]) -> Community:
    group_id, id_, name, summary, created_at, embedding = row
    return _restored(
        Community,
        id=id_,
        group_id=group_id,
        name=name,
        summary=summary,
        created_at=_instant(cast(int, created_at)),
        member_ids=members,
        name_embedding=decode_vector(cast("bytes | None", embedding)),
    )
