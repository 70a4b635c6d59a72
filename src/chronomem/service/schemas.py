"""Request and response bodies of the REST API (they are also its OpenAPI schema)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    StrictBool,
)

from chronomem.model.validation import GROUP_ID_PATTERN
from chronomem.search.context import DEFAULT_MAX_TOKENS

GROUP_ID_REGEX = GROUP_ID_PATTERN.pattern
EPISODE_ID_REGEX = r"^[A-Za-z0-9_.:-]{1,128}$"
THREAD_ID_REGEX = EPISODE_ID_REGEX  # model.validation.THREAD_ID_PATTERN


def _encodable(value: str) -> str:
    """Refuse text that cannot be stored on every store: lone surrogates from JSON escapes,
    NUL characters."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text must be valid Unicode (no lone surrogate escapes)") from None
    if "\x00" in value:
        raise ValueError("text must not contain NUL characters (\\u0000): remove them")
    return value


def _storable_time(value: datetime) -> datetime:
    """An aware time that converts to UTC without leaving the calendar (years 1-9999)."""
    try:
        return value.astimezone(UTC)
    except (OverflowError, ValueError):
        raise ValueError("the time is outside the years 1-9999 once converted to UTC") from None


def describe_errors(errors: Sequence[Mapping[str, Any]], *, limit: int = 10) -> str:
    """Pydantic's errors as ``field: problem; ...`` for a caller to fix."""
    problems = []
    for item in list(errors)[:limit]:
        where = ".".join(str(p) for p in item.get("loc", ()) if p != "body") or "body"
        problems.append(f"{where}: {item.get('msg', 'invalid')}")
    return "; ".join(problems)


Text = Annotated[str, AfterValidator(_encodable)]
Instant = Annotated[
    AwareDatetime,
    Field(description="ISO-8601 with a timezone, e.g. 2024-01-15T14:00:00Z"),
    AfterValidator(_storable_time),
]
Source = Literal["message", "text", "json"]
TargetName = Literal["facts", "entities", "episodes", "communities"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


AttributeName = Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]{0,99}$")]
AttributeValue = Annotated[str, Field(max_length=1000)] | int | float | bool
EntityName = Annotated[Text, Field(min_length=1, max_length=200)]


# -- episodes ---------------------------------------------------------------------------------
class EpisodeIn(_Strict):
    content: Text = Field(
        min_length=1, description="The message ('Alice: I moved to Berlin'), text or JSON."
    )
    reference_time: Instant | None = Field(
        default=None, description="When it was said (timezone required); default: now."
    )
    source: Source = "message"
    source_description: Text = Field(default="", max_length=500)
    episode_id: str | None = Field(
        default=None,
        pattern=EPISODE_ID_REGEX,
        description="Your id for the episode; re-sending an id that is queued or stored "
        "already adds nothing. Default: a new random id.",
    )
    thread_id: str | None = Field(
        default=None,
        pattern=THREAD_ID_REGEX,
        description="The conversation it belongs to (a thread is provenance inside the "
        "group, not a tenant; DELETE .../threads/{id} deletes its episodes).",
    )


class EpisodeBatchIn(_Strict):
    episodes: list[EpisodeIn] = Field(min_length=1)


class QueuedOut(BaseModel):
    id: str
    group_id: str
    status: Literal["queued", "processing", "done", "failed", "stored"]
    attempts: int = 0
    error: str | None = None
    reference_time: datetime | None = None
    accepted_at: datetime | None = None
    finished_at: datetime | None = None
    next_attempt_at: datetime | None = None
    entities: int | None = None
    facts: int | None = None


class AcceptedOut(BaseModel):
    episodes: list[QueuedOut]
    replayed: bool = Field(
        description="True when an Idempotency-Key matched an earlier request: nothing new "
        "was queued."
    )


class EpisodeOut(BaseModel):
    id: str
    group_id: str
    content: str
    source: str
    source_description: str
    reference_time: datetime
    created_at: datetime
    thread_id: str | None = None


class EpisodeStatusOut(QueuedOut):
    episode: EpisodeOut | None = None


class EpisodeListOut(BaseModel):
    episodes: list[EpisodeOut]


class QueueListOut(BaseModel):
    episodes: list[QueuedOut]


# -- graph ------------------------------------------------------------------------------------
class FactOut(BaseModel):
    id: str
    group_id: str
    source_id: str
    source_name: str | None
    target_id: str
    target_name: str | None
    relation: str
    fact: str
    valid_at: datetime | None
    invalid_at: datetime | None
    created_at: datetime
    expired_at: datetime | None
    episodes: list[str]
    attributes: dict[str, JsonValue] = {}


class EntityOut(BaseModel):
    id: str
    group_id: str
    name: str
    labels: list[str]
    summary: str
    created_at: datetime
    attributes: dict[str, JsonValue] = {}


class CommunityOut(BaseModel):
    id: str
    group_id: str
    name: str
    summary: str
    member_ids: list[str]


class TimelineOut(BaseModel):
    entity: EntityOut
    facts: list[FactOut]


class DeletedOut(BaseModel):
    deleted: bool
    detail: str


# -- search -----------------------------------------------------------------------------------
class SearchIn(_Strict):
    query: Text = Field(min_length=1, max_length=2000)
    limit: int = Field(default=10, ge=1, le=100)
    recipe: Text = Field(default="hybrid_rrf", max_length=100)
    targets: list[TargetName] | None = Field(
        default=None, description="What to return; default: the recipe's targets."
    )
    valid_at: Instant | None = Field(default=None, description="What was true at this time.")
    known_at: Instant | None = Field(
        default=None, description="What the memory believed at this time."
    )
    history: bool = Field(default=False, description="Past facts too (no time rule).")
    thread_ids: ThreadIds = None
    relations: list[Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9_]{0,99}$")]] | None = None
    labels: list[Annotated[Text, Field(min_length=1, max_length=100)]] | None = None
    entity_attributes: dict[AttributeName, AttributeValue] | None = Field(
        default=None, description='Entities whose attributes hold these values, e.g. {"age": 34}.'
    )
    fact_attributes: dict[AttributeName, AttributeValue] | None = Field(
        default=None, description='Facts whose attributes hold these values, e.g. {"title": "CTO"}.'
    )


class SearchOut(BaseModel):
    facts: list[FactOut]
    entities: list[EntityOut]
    episodes: list[EpisodeOut]
    communities: list[CommunityOut]
    took_ms: float


ThreadIds = Annotated[
    list[Annotated[str, Field(pattern=THREAD_ID_REGEX)]] | None,
    Field(default=None, max_length=100, description="Only these threads (conversations)."),
]


class ContextIn(_Strict):
    query: Text = Field(min_length=1, max_length=2000)
    max_tokens: int = Field(default=DEFAULT_MAX_TOKENS, ge=50, le=20_000)
    valid_at: Instant | None = None
    known_at: Instant | None = None
    thread_ids: ThreadIds = None


class ContextOut(BaseModel):
    context: str
    tokens: int = Field(default=0, description="Estimated tokens of `context`.")
    fact_ids: list[str] = Field(default=[], description="The facts `context` shows.")
    entity_ids: list[str] = Field(default=[], description="The entities `context` shows.")
    took_ms: float


# -- keys and health --------------------------------------------------------------------------
class KeyIn(_Strict):
    name: Text = Field(min_length=1, max_length=200)
    groups: list[Annotated[str, Field(pattern=r"^[A-Za-z0-9_\-*?\[\]!]{1,128}$")]] = Field(
        min_length=1, description="Group patterns, e.g. ['acme-*']; ['*'] for every group."
    )
    admin: StrictBool = False  # a privilege: true or false, never "yes"


class KeyOut(BaseModel):
    id: str
    name: str
    groups: list[str]
    admin: bool
    created_at: datetime
    revoked_at: datetime | None = None


class KeyCreatedOut(KeyOut):
    token: str = Field(description="Shown once: the service keeps only its hash.")


class KeyListOut(BaseModel):
    keys: list[KeyOut]


class HealthOut(BaseModel):
    status: Literal["ok"]


class ReadyOut(BaseModel):
    status: Literal["ready", "unavailable"]
    workers_leader: bool
    queue: dict[str, int]
    detail: str = ""


class ErrorOut(BaseModel):
    detail: str
    code: str


# -- stated facts and provenance -------------------------------------------------------------
class StatedFactIn(_Strict):
    """One fact stated directly (``Memory.add_fact``; Graphiti's add_triplet)."""

    source: EntityName
    relation: Annotated[str, Field(min_length=1, max_length=100, examples=["WORKS_AT"])]
    target: EntityName
    valid_at: Instant | None = Field(default=None, description="Default: reference_time.")
    invalid_at: Instant | None = None
    fact: Text | None = Field(default=None, max_length=2000)
    source_labels: list[Annotated[Text, Field(min_length=1, max_length=100)]] = []
    target_labels: list[Annotated[Text, Field(min_length=1, max_length=100)]] = []
    attributes: dict[AttributeName, JsonValue] = {}
    reference_time: Instant | None = Field(default=None, description="Default: now.")
    episode_id: str | None = Field(default=None, pattern=EPISODE_ID_REGEX)


class IngestedOut(BaseModel):
    """What a stated fact wrote: its episode, the facts created or closed, the entities."""

    episode_id: str
    stored_already: bool
    facts: list[FactOut]
    invalidated: list[str]
    entities: list[EntityOut]


class EpisodeGraphOut(BaseModel):
    """What one episode produced or supports (provenance)."""

    episode: EpisodeOut
    entities: list[EntityOut]
    facts: list[FactOut]
