"""Response bodies of the routes the web page reads (graph snapshot, entity detail, groups,
status). They are part of the public OpenAPI schema like every other body."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from chronomem.service.schemas import EntityOut, EpisodeOut, FactOut, QueuedOut


class GraphNodeOut(BaseModel):
    id: str
    name: str
    labels: list[str]
    mentions: int = Field(description="How many episodes mention the entity.")
    community_id: str | None


class GraphEdgeOut(BaseModel):
    id: str
    source_id: str
    target_id: str
    relation: str
    fact: str
    state: Literal["current", "closed"] = Field(
        description="current: search at these instants may return it; closed: known by "
        "known_at and started by valid_at, but no longer true (or retracted) at valid_at."
    )
    valid_at: datetime | None
    invalid_at: datetime | None
    created_at: datetime
    expired_at: datetime | None
    episodes: list[str]


class GraphCommunityOut(BaseModel):
    id: str
    name: str


class GraphOut(BaseModel):
    valid_at: datetime = Field(description="The world time of the snapshot (default: now).")
    known_at: datetime = Field(description="The system time of the snapshot (default: now).")
    entities: list[GraphNodeOut]
    facts: list[GraphEdgeOut]
    communities: list[GraphCommunityOut]
    total_entities: int = Field(description="Entities shown before the limit was applied.")
    total_facts: int = Field(description="Facts shown before the limit was applied.")
    truncated: bool = Field(description="True when only the most mentioned were kept.")
    world_events: list[datetime] = Field(
        description="Distinct valid_at / invalid_at instants of the group's facts, oldest first "
        "(at most 2,000, thinned evenly): where the world timeline changes."
    )
    system_events: list[datetime] = Field(
        description="Distinct created_at / expired_at instants (and entity creation times), "
        "oldest first (at most 2,000): where the memory's beliefs changed."
    )
    version: int = Field(description="The group's write counter (grows with every write).")


class CompactEntitiesOut(BaseModel):
    """One column per field; entity ``i`` is the ``i``-th of every column."""

    id: list[str]
    name: list[str]
    mentions: list[int]
    community: list[int] = Field(description="Position in ``communities``, -1 for none.")
    label: list[int] = Field(description="First label's position in ``labels``, -1 for none.")


class CompactFactsOut(BaseModel):
    """One column per field; fact ``i`` is the ``i``-th of every column."""

    id: list[str]
    source: list[int] = Field(description="Position of the source in ``entities``.")
    target: list[int] = Field(description="Position of the target in ``entities``.")
    relation: list[int] = Field(description="Position in ``relations``.")
    closed: list[int] = Field(description="1: closed, 0: current (as ``state`` in GraphOut).")


class GraphCompactOut(BaseModel):
    """``GraphOut`` reduced to what the web page draws, in columns."""

    valid_at: datetime
    known_at: datetime
    entities: CompactEntitiesOut
    facts: CompactFactsOut
    relations: list[str]
    labels: list[str]
    communities: list[str] = Field(description="Community ids.")
    total_entities: int
    total_facts: int
    truncated: bool
    world_events: list[datetime]
    system_events: list[datetime]
    version: int


class EntityDetailOut(BaseModel):
    entity: EntityOut
    aliases: list[str] = Field(
        description="Other names the entity was matched under when mentions merged into "
        "it (the engine's 'aliases' attribute; never its own name)."
    )
    mentions: int
    community: GraphCommunityOut | None
    facts: list[FactOut] = Field(description="Every fact, current and past, world-time order.")
    episodes: list[EpisodeOut] = Field(description="The source episodes of those facts.")


class KeyInfoOut(BaseModel):
    name: str
    admin: bool
    groups: list[str] = Field(description="The key's group patterns.")


class GroupsOut(BaseModel):
    key: KeyInfoOut
    groups: list[str] = Field(
        description="Groups this key may use that the service knows: those the store holds "
        "(whoever wrote them), those that received episodes through the service, and the "
        "key's literal (wildcard-free) patterns."
    )


class GroupStatusOut(BaseModel):
    version: int = Field(description="The group's write counter: poll it to see new writes.")
    queue: dict[str, int] = Field(description="Queue rows per status.")
    failed: list[QueuedOut] = Field(description="The latest failed episodes, with errors.")
