"""Model dataclasses <-> FalkorDB property maps.

Instants are integer microseconds (``model.time.to_micros``); ``None`` properties are simply
absent (FalkorDB stores no nulls); attributes are JSON text (property values cannot be maps);
embeddings travel as lists of floats and are stored with ``vecf32``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import numpy as np

from chronomem.errors import StoreError, UsageError
from chronomem.jsontext import stored_attributes
from chronomem.model import Community, Entity, Episode, Fact, Mention, Vector
from chronomem.model.names import normalize_name
from chronomem.model.time import from_micros, from_micros_or_none, micros_or_none, to_micros
from chronomem.stores.vectors_check import check_vector

__all__ = [
    "Props",
    "community_from_props",
    "community_params",
    "entity_from_props",
    "entity_params",
    "episode_from_props",
    "episode_params",
    "fact_from_props",
    "fact_params",
    "mention_params",
    "vector_param",
]

PropValue = str | int | float | bool | None | list[str] | list[float]
Props = dict[str, PropValue]
Param = Props | dict[str, Props | PropValue]


def vector_param(vector: Vector | None, dimension: int | None, what: str) -> list[float] | None:
    """A vector as a short list of floats, after checking its dimension."""
    if vector is None:
        return None
    array = check_vector(vector, what)
    if dimension is not None and array.shape[0] != dimension:
        raise UsageError(
            f"{what} has a {array.shape[0]}-dim embedding but this store holds "
            f"{dimension}-dim embeddings: embed it with the store's model, or use another "
            "graph prefix (falkordb://host:port/PREFIX) for another model"
        )
    # float32 -> float64 is exact, and so is its repr: vecf32 gets back the very same floats
    return [float(x) for x in array.astype(np.float64).tolist()]


def _vector(value: object) -> Vector | None:
    if value is None:
        return None
    return np.asarray(value, dtype=np.float32)


def _json(value: Mapping[str, object]) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _attributes(props: Mapping[str, object]) -> dict[str, object]:
    raw = props.get("attributes")
    return {} if raw is None else stored_attributes(str(raw))


def episode_params(episode: Episode, dimension: int | None) -> dict[str, Props | PropValue]:
    props: Props = {
        "id": episode.id,
        "content": episode.content,
        "source": episode.source.value,
        "source_description": episode.source_description,
        "reference_time": to_micros(episode.reference_time),
        "created_at": to_micros(episode.created_at),
    }
    if episode.thread_id is not None:
        props["thread_id"] = episode.thread_id
    what = f"episode {episode.id!r}"
    return {"props": props, "emb": vector_param(episode.embedding, dimension, what)}


def episode_from_props(group_id: str, props: Mapping[str, object]) -> Episode:
    return Episode(
        id=str(props["id"]),
        group_id=group_id,
        content=str(props["content"]),
        source=str(props["source"]),  # type: ignore[arg-type]  # parsed by Episode
        reference_time=from_micros(_int(props["reference_time"])),
        created_at=from_micros(_int(props["created_at"])),
        source_description=str(props.get("source_description", "")),
        embedding=_vector(props.get("embedding")),
        thread_id=None if props.get("thread_id") is None else str(props["thread_id"]),
    )


def entity_params(entity: Entity, dimension: int | None) -> dict[str, Props | PropValue]:
    props: Props = {
        "id": entity.id,
        "name": entity.name,
        "norm_name": normalize_name(entity.name),
        "labels": list(entity.labels),
        "summary": entity.summary,
        "attributes": _json(entity.attributes),
        "created_at": to_micros(entity.created_at),
    }
    what = f"entity {entity.id!r}"
    return {
        "id": entity.id,
        "props": props,
        "emb": vector_param(entity.name_embedding, dimension, what),
    }


def entity_from_props(group_id: str, props: Mapping[str, object]) -> Entity:
    return Entity(
        id=str(props["id"]),
        group_id=group_id,
        name=str(props["name"]),
        created_at=from_micros(_int(props["created_at"])),
        labels=tuple(_strings(props.get("labels"))),
        summary=str(props.get("summary", "")),
        attributes=_attributes(props),  # type: ignore[arg-type]  # JSON values
        name_embedding=_vector(props.get("name_embedding")),
    )


def fact_params(fact: Fact, dimension: int | None) -> dict[str, Props | PropValue]:
    props: Props = {
        "id": fact.id,
        "relation": fact.relation,
        "fact": fact.fact,
        "episodes": list(fact.episodes),
        "attributes": _json(fact.attributes),
        "created_at": to_micros(fact.created_at),
        "valid_at": micros_or_none(fact.valid_at),
        "invalid_at": micros_or_none(fact.invalid_at),
        "expired_at": micros_or_none(fact.expired_at),
    }
    return {
        "id": fact.id,
        "source": fact.source_id,
        "target": fact.target_id,
        "props": {k: v for k, v in props.items() if v is not None},
        "emb": vector_param(fact.embedding, dimension, f"fact {fact.id!r}"),
    }


def fact_from_props(
    group_id: str, source_id: str, target_id: str, props: Mapping[str, object]
) -> Fact:
    return Fact(
        id=str(props["id"]),
        group_id=group_id,
        source_id=source_id,
        target_id=target_id,
        relation=str(props["relation"]),
        fact=str(props["fact"]),
        created_at=from_micros(_int(props["created_at"])),
        episodes=tuple(_strings(props.get("episodes"))),
        valid_at=from_micros_or_none(_int_or_none(props.get("valid_at"))),
        invalid_at=from_micros_or_none(_int_or_none(props.get("invalid_at"))),
        expired_at=from_micros_or_none(_int_or_none(props.get("expired_at"))),
        attributes=_attributes(props),  # type: ignore[arg-type]  # JSON values
        embedding=_vector(props.get("embedding")),
    )


def mention_params(mention: Mention) -> Props:
    return {"episode": mention.episode_id, "entity": mention.entity_id}


def community_params(community: Community, dimension: int | None) -> dict[str, Props | PropValue]:
    props: Props = {
        "id": community.id,
        "name": community.name,
        "summary": community.summary,
        "created_at": to_micros(community.created_at),
        "member_ids": list(community.member_ids),
    }
    what = f"community {community.id!r}"
    return {"props": props, "emb": vector_param(community.name_embedding, dimension, what)}


def community_from_props(group_id: str, props: Mapping[str, object]) -> Community:
    return Community(
        id=str(props["id"]),
        group_id=group_id,
        name=str(props["name"]),
        summary=str(props.get("summary", "")),
        created_at=from_micros(_int(props["created_at"])),
        member_ids=tuple(_strings(props.get("member_ids"))),
        name_embedding=_vector(props.get("name_embedding")),
    )


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise StoreError(f"FalkorDB returned {value!r} where an instant (integer) was stored")
    return int(value)


def _int_or_none(value: object) -> int | None:
    return None if value is None else _int(value)


def _strings(value: object) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise StoreError(f"FalkorDB returned {value!r} where a list of strings was stored")
    return [str(v) for v in value]
