"""The nodes and edges of the temporal knowledge graph: pure data, no I/O.

Instances are immutable; derive changed copies with :func:`dataclasses.replace`.
Embeddings are float32 numpy vectors (or ``None`` until embedded); they take no part in
equality or ``repr``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from chronomem.errors import UsageError
from chronomem.model.time import ensure_aware, ensure_aware_or_none
from chronomem.model.validation import (
    check_group_id,
    check_json,
    check_relation,
    check_thread_id,
    choice_of,
)

Vector = npt.NDArray[np.float32]
JSONValue = str | int | float | bool | None | list["JSONValue"] | dict[str, "JSONValue"]


class EpisodeSource(StrEnum):
    """What kind of content an episode holds."""

    MESSAGE = "message"  # a chat turn, "Speaker: text"
    TEXT = "text"  # free text: a note, a document chunk
    JSON = "json"  # structured business data, one JSON document

    @classmethod
    def parse(cls, value: object) -> EpisodeSource:
        chosen = choice_of(cls, value)
        if chosen is not None:
            return chosen
        choices = ", ".join(repr(s.value) for s in cls)
        raise UsageError(f"unknown episode source {value!r}: use one of {choices}")


@dataclass(frozen=True, slots=True)
class Episode:
    """Something said or recorded at ``reference_time`` (when it was said, world time)."""

    id: str
    group_id: str
    content: str
    source: EpisodeSource
    reference_time: datetime
    created_at: datetime
    source_description: str = ""
    embedding: Vector | None = field(default=None, compare=False, repr=False)  # of content
    thread_id: str | None = None  # the conversation inside the group (provenance, not a tenant)

    def __post_init__(self) -> None:
        check_group_id(self.group_id)
        check_thread_id(self.thread_id)
        object.__setattr__(self, "source", EpisodeSource.parse(self.source))
        object.__setattr__(
            self, "reference_time", ensure_aware(self.reference_time, "reference_time")
        )
        object.__setattr__(self, "created_at", ensure_aware(self.created_at, "created_at"))

    def speaker(self) -> str | None:
        """The speaker of a message episode ("Alice: hi" -> "Alice"), else None."""
        if self.source is not EpisodeSource.MESSAGE:
            return None
        head, sep, _ = self.content.partition(":")
        head = head.strip()
        if not sep or not head or len(head) > 60 or "\n" in head:
            return None
        return head

    def json_payload(self) -> JSONValue:
        """The parsed content of a JSON episode."""
        return json.loads(self.content)


# An episode is embedded from this much of its content: about 128 wordpieces, the length
# all-MiniLM-L6-v2 was trained on. The model's cost grows with the wordpieces it reads (a
# 256-wordpiece turn costs twice a 128 one) and a longer start adds little to one vector;
# long documents are split into passages (engine/passages.py), each embedded on its own.
EPISODE_EMBED_CHARS = 512


def episode_text(episode: Episode) -> str:
    """What an episode's embedding is computed from: its content, cut to
    :data:`EPISODE_EMBED_CHARS` (embedding models read only the start of a long text). The
    learned reader encodes the same text first (``extractors/learned/step.py``)."""
    return episode.content[:EPISODE_EMBED_CHARS]


@dataclass(frozen=True, slots=True)
class Entity:
    """A person, organisation, place, thing or idea the memory knows about."""

    id: str
    group_id: str
    name: str
    created_at: datetime
    labels: tuple[str, ...] = ()
    summary: str = ""
    attributes: Mapping[str, JSONValue] = field(default_factory=dict)
    name_embedding: Vector | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        check_group_id(self.group_id)
        if not self.name.strip():
            raise UsageError("an entity needs a non-empty name")
        object.__setattr__(self, "created_at", ensure_aware(self.created_at, "created_at"))
        object.__setattr__(self, "labels", tuple(self.labels))
        check_json(self.attributes, "the attributes of an entity")


@dataclass(frozen=True, slots=True)
class Fact:
    """A statement linking two entities, with bi-temporal validity.

    World timeline: ``valid_at`` .. ``invalid_at`` (when it held).
    System timeline: ``created_at`` (when we learned it) .. ``expired_at`` (when we learned it
    ended, or retracted it). ``episodes`` lists the source episodes, oldest first.
    """

    id: str
    group_id: str
    source_id: str
    target_id: str
    relation: str
    fact: str
    created_at: datetime
    episodes: tuple[str, ...] = ()
    valid_at: datetime | None = None
    invalid_at: datetime | None = None
    expired_at: datetime | None = None
    attributes: Mapping[str, JSONValue] = field(default_factory=dict)
    embedding: Vector | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        check_group_id(self.group_id)
        check_relation(self.relation)
        if not self.fact.strip():
            raise UsageError("a fact needs non-empty text")
        object.__setattr__(self, "episodes", tuple(self.episodes))
        object.__setattr__(self, "created_at", ensure_aware(self.created_at, "created_at"))
        for name in ("valid_at", "invalid_at", "expired_at"):
            object.__setattr__(self, name, ensure_aware_or_none(getattr(self, name), name))
        check_json(self.attributes, "the attributes of a fact")

    @property
    def endpoints(self) -> tuple[str, str]:
        return (self.source_id, self.target_id)


@dataclass(frozen=True, slots=True)
class Mention:
    """Episode -> entity: the episode mentions the entity (the episodic edge)."""

    group_id: str
    episode_id: str
    entity_id: str


@dataclass(frozen=True, slots=True)
class Community:
    """A cluster of strongly connected entities, with key-term name and summary."""

    id: str
    group_id: str
    name: str
    summary: str
    created_at: datetime
    member_ids: tuple[str, ...] = ()
    name_embedding: Vector | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        check_group_id(self.group_id)
        object.__setattr__(self, "created_at", ensure_aware(self.created_at, "created_at"))
        object.__setattr__(self, "member_ids", tuple(self.member_ids))


def without_embedding(
    row: Episode | Entity | Fact | Community,
) -> Episode | Entity | Fact | Community:
    """``row`` with its embedding left out (``None``): search results and lean reads."""
    if isinstance(row, Episode | Fact):
        return replace(row, embedding=None) if row.embedding is not None else row
    if isinstance(row, Entity | Community):
        return replace(row, name_embedding=None) if row.name_embedding is not None else row
    return row
