"""Domain objects -> response bodies (one function per kind)."""

from __future__ import annotations

from collections.abc import Mapping

from chronomem.model import Community, Entity, Episode, Fact
from chronomem.service.auth import ApiKey
from chronomem.service.queue import QueuedEpisode
from chronomem.service.schemas import (
    CommunityOut,
    EntityOut,
    EpisodeOut,
    EpisodeStatusOut,
    FactOut,
    KeyOut,
    QueuedOut,
)


def queued_out(row: QueuedEpisode) -> QueuedOut:
    return QueuedOut(
        id=row.id,
        group_id=row.group_id,
        status=row.status.value,
        attempts=row.attempts,
        error=row.error,
        reference_time=row.reference_time,
        accepted_at=row.accepted_at,
        finished_at=row.finished_at,
        next_attempt_at=row.next_attempt_at if row.status == "queued" else None,
        entities=row.entities,
        facts=row.facts,
    )


def status_out(row: QueuedEpisode | None, episode: Episode | None) -> EpisodeStatusOut:
    """The queue's view of an episode joined with the stored episode, when there is one."""
    stored = None if episode is None else episode_out(episode)
    if row is None:
        assert episode is not None
        return EpisodeStatusOut(
            id=episode.id,
            group_id=episode.group_id,
            status="stored",
            reference_time=episode.reference_time,
            episode=stored,
        )
    return EpisodeStatusOut(**queued_out(row).model_dump(), episode=stored)


def episode_out(e: Episode) -> EpisodeOut:
    return EpisodeOut(
        id=e.id,
        group_id=e.group_id,
        content=e.content,
        source=e.source.value,
        source_description=e.source_description,
        reference_time=e.reference_time,
        created_at=e.created_at,
        thread_id=e.thread_id,
    )


def fact_out(f: Fact, names: Mapping[str, str]) -> FactOut:
    return FactOut(
        id=f.id,
        group_id=f.group_id,
        source_id=f.source_id,
        source_name=names.get(f.source_id),
        target_id=f.target_id,
        target_name=names.get(f.target_id),
        relation=f.relation,
        fact=f.fact,
        valid_at=f.valid_at,
        invalid_at=f.invalid_at,
        created_at=f.created_at,
        expired_at=f.expired_at,
        episodes=list(f.episodes),
        attributes=dict(f.attributes),
    )


def entity_out(e: Entity) -> EntityOut:
    return EntityOut(
        id=e.id,
        group_id=e.group_id,
        name=e.name,
        labels=list(e.labels),
        summary=e.summary,
        created_at=e.created_at,
        attributes=dict(e.attributes),
    )


def community_out(c: Community) -> CommunityOut:
    return CommunityOut(
        id=c.id, group_id=c.group_id, name=c.name, summary=c.summary, member_ids=list(c.member_ids)
    )


def key_out(key: ApiKey) -> KeyOut:
    return KeyOut(
        id=key.id,
        name=key.name,
        groups=list(key.groups),
        admin=key.admin,
        created_at=key.created_at,
        revoked_at=key.revoked_at,
    )
