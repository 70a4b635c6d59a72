"""Small builders for model objects used by the contract tests (vectors from HashEmbedder)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from chronomem.model import (
    ChangeSet,
    Community,
    Entity,
    Episode,
    EpisodeSource,
    Fact,
    JSONValue,
    Mention,
    SearchFilter,
    Vector,
)
from chronomem.testing import HashEmbedder

T0 = datetime(2024, 1, 1, tzinfo=UTC)
NOW = T0 + timedelta(days=1000)
EMBEDDER = HashEmbedder(64)


def at(days: float) -> datetime:
    """T0 plus ``days`` days."""
    return T0 + timedelta(days=days)


def embed(text: str) -> Vector:
    return EMBEDDER.embed_batch([text])[0]


def now_filter(**options: object) -> SearchFilter:
    """A SearchFilter resolved at NOW, as the engine passes it to a store."""
    return SearchFilter(**options).resolved(NOW)  # type: ignore[arg-type]


def episode(
    group: str, id_: str, content: str, *, day: float = 0, created: float | None = None
) -> Episode:
    return Episode(
        id=id_,
        group_id=group,
        content=content,
        source=EpisodeSource.MESSAGE,
        reference_time=at(day),
        created_at=at(day if created is None else created),
        source_description="chat",
    )


def entity(
    group: str,
    id_: str,
    name: str,
    *,
    labels: Sequence[str] = ("Person",),
    summary: str = "",
    day: float = 0,
    attributes: dict[str, JSONValue] | None = None,
    embedded: bool = True,
) -> Entity:
    return Entity(
        id=id_,
        group_id=group,
        name=name,
        created_at=at(day),
        labels=tuple(labels),
        summary=summary,
        attributes=attributes or {},
        name_embedding=embed(name) if embedded else None,
    )


def fact(
    group: str,
    id_: str,
    source: str,
    target: str,
    text: str,
    *,
    relation: str = "RELATES_TO",
    created: float = 0,
    valid: float | None = None,
    invalid: float | None = None,
    expired: float | None = None,
    episodes: Sequence[str] = (),
    embedded: bool = True,
) -> Fact:
    def instant(days: float | None) -> datetime | None:
        return None if days is None else at(days)

    return Fact(
        id=id_,
        group_id=group,
        source_id=source,
        target_id=target,
        relation=relation,
        fact=text,
        created_at=at(created),
        episodes=tuple(episodes),
        valid_at=instant(valid),
        invalid_at=instant(invalid),
        expired_at=instant(expired),
        embedding=embed(text) if embedded else None,
    )


def community(
    group: str, id_: str, name: str, members: Sequence[str], *, summary: str = ""
) -> Community:
    return Community(
        id=id_,
        group_id=group,
        name=name,
        summary=summary or f"about {name}",
        created_at=at(5),
        member_ids=tuple(members),
        name_embedding=embed(name),
    )


def mention(group: str, episode_id: str, entity_id: str) -> Mention:
    return Mention(group_id=group, episode_id=episode_id, entity_id=entity_id)


def with_endpoints(group: str, facts: Sequence[Fact]) -> ChangeSet:
    """A change set writing ``facts`` and a plain entity for each of their endpoints."""
    ends = dict.fromkeys(x for f in facts for x in f.endpoints)
    return ChangeSet(
        group_id=group,
        facts=tuple(facts),
        entities=tuple(entity(group, x, x.title(), embedded=False) for x in ends),
    )


def small_graph(group: str) -> ChangeSet:
    """Two episodes, three entities, two facts (one retired), their mentions."""
    return ChangeSet(
        group_id=group,
        episodes=(
            episode(group, "ep-1", "Alice: I work at Acme in Berlin", day=1),
            episode(group, "ep-2", "Alice: I moved to Paris and joined Globex", day=2),
        ),
        entities=(
            entity(group, "alice", "Alice", summary="an engineer"),
            entity(group, "acme", "Acme", labels=("Organization",), summary="a rocket maker"),
            entity(group, "globex", "Globex", labels=("Organization",)),
        ),
        facts=(
            fact(
                group,
                "f-acme",
                "alice",
                "acme",
                "Alice works at Acme",
                relation="WORKS_AT",
                created=1,
                valid=1,
                invalid=2,
                expired=2,
                episodes=("ep-1", "ep-2"),
            ),
            fact(
                group,
                "f-globex",
                "alice",
                "globex",
                "Alice works at Globex",
                relation="WORKS_AT",
                created=2,
                valid=2,
                episodes=("ep-2",),
            ),
        ),
        mentions=(
            mention(group, "ep-1", "alice"),
            mention(group, "ep-1", "acme"),
            mention(group, "ep-2", "alice"),
            mention(group, "ep-2", "globex"),
        ),
    )
