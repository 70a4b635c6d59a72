"""The export file format: versioned JSONL, one record a line (``docs/portable.md``).

Line 1 is the header; then episodes, entities, facts, mentions and communities, each kind
sorted by id so that one group always exports to the same bytes. Every record has a
``"type"``. Instants are ISO 8601 in UTC with microseconds; vectors are base64 of
little-endian float32 (``null`` when a row has none).

This module only converts between records (dicts) and the model's dataclasses; reading
stores and writing them is :mod:`chronomem.portable.exporter` / ``.importer``.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

import numpy as np

from chronomem.errors import UsageError
from chronomem.model import Community, Entity, Episode, Fact, Mention, Vector
from chronomem.model.graph import JSONValue
from chronomem.model.time import parse_instant
from chronomem.model.validation import check_json

FORMAT_NAME = "chronomem-export"
FORMAT_VERSION = 1
SUPPORTED_VERSIONS = (1,)

Record = dict[str, JSONValue]
Row = Episode | Entity | Fact | Mention | Community


@dataclass(frozen=True, slots=True)
class Header:
    """The first line: what the file is and which embedder made its vectors."""

    group_id: str
    embedder_name: str | None
    embedder_dimension: int | None
    chronomem_version: str
    version: int = FORMAT_VERSION

    def record(self) -> Record:
        return {
            "type": "header",
            "format": FORMAT_NAME,
            "version": self.version,
            "group_id": self.group_id,
            "embedder": None
            if self.embedder_name is None
            else {"name": self.embedder_name, "dimension": self.embedder_dimension},
            "chronomem_version": self.chronomem_version,
        }


def dumps(record: Record) -> str:
    """One JSONL line (with its newline): compact, keys sorted, UTF-8 kept as is; strict
    JSON (a NaN would raise: stores read the NaN of older versions as null)."""
    line = json.dumps(
        record, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )
    return line + "\n"


def parse_header(record: Mapping[str, object]) -> Header:
    """The header record, checked: a clear error for another file or an unknown version."""
    if record.get("type") != "header" or record.get("format") != FORMAT_NAME:
        raise UsageError(
            f"this is not a chronomem export: its first line must be the {FORMAT_NAME!r} "
            "header (make the file with 'chronomem export' or GET /v1/groups/{g}/export)"
        )
    version = record.get("version")
    if version not in SUPPORTED_VERSIONS:
        known = ", ".join(str(v) for v in SUPPORTED_VERSIONS)
        raise UsageError(
            f"this export is format version {version!r}, and this chronomem reads version(s) "
            f"{known}: import it with the chronomem that wrote it "
            f"({record.get('chronomem_version')!r}) or a newer one (pip install -U chronomem)"
        )
    embedder = record.get("embedder")
    name = dimension = None
    if embedder is not None:
        try:
            name, dimension = str(embedder["name"]), int(embedder["dimension"])  # type: ignore[index]
        except (KeyError, TypeError, ValueError):
            raise UsageError(
                'the header\'s "embedder" must be null or {"name": ..., "dimension": <int>}'
            ) from None
    return Header(
        group_id=str(record.get("group_id", "")),
        embedder_name=name,
        embedder_dimension=dimension,
        chronomem_version=str(record.get("chronomem_version", "")),
        version=int(str(version)),
    )


# -- values ------------------------------------------------------------------------------
def instant(value: datetime) -> str:
    return value.astimezone(UTC).isoformat(timespec="microseconds")


def instant_or_none(value: datetime | None) -> str | None:
    return None if value is None else instant(value)


def vector(value: Vector | None) -> str | None:
    if value is None:
        return None
    return base64.b64encode(np.asarray(value, dtype="<f4").tobytes()).decode("ascii")


def _vector_from(value: object) -> Vector | None:
    if value is None:
        return None
    raw = base64.b64decode(str(value), validate=True)
    return np.frombuffer(raw, dtype="<f4").astype(np.float32)


def _instant_from(value: object, what: str) -> datetime:
    return parse_instant(str(value), what)


def _instant_or_none_from(value: object, what: str) -> datetime | None:
    return None if value is None else _instant_from(value, what)


# -- rows -> records -----------------------------------------------------------------------
def to_record(row: Row) -> Record:
    """The record of one stored row (its group is the header's, so it is left out)."""
    if isinstance(row, Episode):
        return {
            "type": "episode",
            "id": row.id,
            "content": row.content,
            "source": row.source.value,
            "source_description": row.source_description,
            "reference_time": instant(row.reference_time),
            "created_at": instant(row.created_at),
            "embedding": vector(row.embedding),
            "thread_id": row.thread_id,  # optional on import: older files have none
        }
    if isinstance(row, Entity):
        return {
            "type": "entity",
            "id": row.id,
            "name": row.name,
            "labels": list(row.labels),
            "summary": row.summary,
            "attributes": dict(row.attributes),
            "created_at": instant(row.created_at),
            "name_embedding": vector(row.name_embedding),
        }
    if isinstance(row, Fact):
        return {
            "type": "fact",
            "id": row.id,
            "source_id": row.source_id,
            "target_id": row.target_id,
            "relation": row.relation,
            "fact": row.fact,
            "episodes": list(row.episodes),
            "valid_at": instant_or_none(row.valid_at),
            "invalid_at": instant_or_none(row.invalid_at),
            "created_at": instant(row.created_at),
            "expired_at": instant_or_none(row.expired_at),
            "attributes": dict(row.attributes),
            "embedding": vector(row.embedding),
        }
    if isinstance(row, Mention):
        return {"type": "mention", "episode_id": row.episode_id, "entity_id": row.entity_id}
    return {
        "type": "community",
        "id": row.id,
        "name": row.name,
        "summary": row.summary,
        "member_ids": list(row.member_ids),
        "created_at": instant(row.created_at),
        "name_embedding": vector(row.name_embedding),
    }


# -- records -> rows -----------------------------------------------------------------------
def from_record(record: Mapping[str, object], group_id: str) -> Row:
    """The row a record describes, in ``group_id``; a UsageError names what is wrong.

    Every string of the record (ids, names, text, attribute keys and values) must be text
    every store keeps (no NUL, no lone surrogate), every number finite."""
    kind = record.get("type")
    check_json(dict(record), f"the {str(kind)[:20]!r} record", text=True)
    build = _BUILDERS.get(str(kind))
    if build is None:
        raise UsageError(
            f"unknown record type {kind!r}: a version-{FORMAT_VERSION} export holds "
            f"{', '.join(sorted(_BUILDERS))}"
        )
    try:
        return build(record, group_id)
    except (KeyError, TypeError, ValueError) as exc:
        raise UsageError(f"invalid {kind} record ({type(exc).__name__}: {exc})") from None


def _episode(r: Mapping[str, object], g: str) -> Episode:
    return Episode(
        id=str(r["id"]),
        group_id=g,
        content=str(r["content"]),
        source=r["source"],  # type: ignore[arg-type]  # parsed by Episode
        reference_time=_instant_from(r["reference_time"], "reference_time"),
        created_at=_instant_from(r["created_at"], "created_at"),
        source_description=str(r.get("source_description") or ""),
        embedding=_vector_from(r.get("embedding")),
        thread_id=None if r.get("thread_id") is None else str(r["thread_id"]),
    )


def _entity(r: Mapping[str, object], g: str) -> Entity:
    return Entity(
        id=str(r["id"]),
        group_id=g,
        name=str(r["name"]),
        created_at=_instant_from(r["created_at"], "created_at"),
        labels=tuple(str(x) for x in _list(r.get("labels"))),
        summary=str(r.get("summary") or ""),
        attributes=_mapping(r.get("attributes")),
        name_embedding=_vector_from(r.get("name_embedding")),
    )


def _fact(r: Mapping[str, object], g: str) -> Fact:
    return Fact(
        id=str(r["id"]),
        group_id=g,
        source_id=str(r["source_id"]),
        target_id=str(r["target_id"]),
        relation=str(r["relation"]),
        fact=str(r["fact"]),
        created_at=_instant_from(r["created_at"], "created_at"),
        episodes=tuple(str(x) for x in _list(r.get("episodes"))),
        valid_at=_instant_or_none_from(r.get("valid_at"), "valid_at"),
        invalid_at=_instant_or_none_from(r.get("invalid_at"), "invalid_at"),
        expired_at=_instant_or_none_from(r.get("expired_at"), "expired_at"),
        attributes=_mapping(r.get("attributes")),
        embedding=_vector_from(r.get("embedding")),
    )


def _mention(r: Mapping[str, object], g: str) -> Mention:
    return Mention(group_id=g, episode_id=str(r["episode_id"]), entity_id=str(r["entity_id"]))


def _community(r: Mapping[str, object], g: str) -> Community:
    return Community(
        id=str(r["id"]),
        group_id=g,
        name=str(r["name"]),
        summary=str(r.get("summary") or ""),
        created_at=_instant_from(r["created_at"], "created_at"),
        member_ids=tuple(str(x) for x in _list(r.get("member_ids"))),
        name_embedding=_vector_from(r.get("name_embedding")),
    )


def _list(value: object) -> list[object]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise TypeError(f"expected a list, got {type(value).__name__}")
    return value


def _mapping(value: object) -> dict[str, JSONValue]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise TypeError(f"expected an object, got {type(value).__name__}")
    return dict(value)


_BUILDERS: dict[str, Callable[[Mapping[str, object], str], Row]] = {
    "episode": _episode,
    "entity": _entity,
    "fact": _fact,
    "mention": _mention,
    "community": _community,
}
