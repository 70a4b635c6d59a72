"""Queue rows <-> Python: the row types, and the SQL that reads and writes them."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from chronomem.engine.learned import Learned
from chronomem.errors import UsageError
from chronomem.intake import EpisodeInput
from chronomem.model import Episode
from chronomem.model.time import from_micros, from_micros_or_none, to_micros


class Status(StrEnum):
    QUEUED = "queued"
    PROCESSING = "processing"
    DONE = "done"
    FAILED = "failed"


COLUMNS = (
    "group_id, id, status, attempts, error, reference_time, source, accepted_at, "
    "finished_at, next_attempt_at, entities, facts"
)


@dataclass(frozen=True, slots=True)
class QueuedEpisode:
    """What the queue knows about one accepted episode (without its content)."""

    id: str
    group_id: str
    status: Status
    attempts: int
    error: str | None
    reference_time: datetime
    source: str
    accepted_at: datetime
    finished_at: datetime | None
    next_attempt_at: datetime
    entities: int | None = None
    facts: int | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """A row a worker took: the episode to ingest and how many times it was tried."""

    episode: Episode
    attempts: int
    learned: Learned = Learned.NOW  # when what it says is learned (engine/learned.py)


@dataclass(frozen=True, slots=True)
class Acceptance:
    """The answer to ``accept``: each episode's row, and whether this was a replay."""

    episodes: tuple[QueuedEpisode, ...]
    replayed: bool


def insert_row(e: Episode, now: datetime, learned: Learned) -> tuple[str | int, ...]:
    return (
        e.group_id,
        e.id,
        e.content,
        e.source.value,
        e.source_description,
        to_micros(e.reference_time),
        to_micros(now),
        to_micros(now),
        learned.value,
    )


def fingerprint(items: Sequence[EpisodeInput]) -> str:
    canonical = [
        [
            i.group_id,
            i.content,
            i.reference_time.isoformat(),
            i.source,
            i.source_description,
            i.episode_id,
        ]
        for i in items
    ]
    return hashlib.sha256(json.dumps(canonical).encode()).hexdigest()


def replay(
    conn: sqlite3.Connection, idempotency: tuple[str, str], fingerprint: str
) -> list[tuple[str, str]] | None:
    row = conn.execute(
        "SELECT fingerprint, episode_ids FROM service_idempotency WHERE scope = ? AND key = ?",
        idempotency,
    ).fetchone()
    if row is None:
        return None
    if row[0] != fingerprint:
        raise IdempotencyMismatch(
            f"Idempotency-Key {idempotency[1]!r} was used for a different request: send the "
            "same episodes again to replay it, or use a new key for new episodes"
        )
    return [(g, i) for g, i in json.loads(row[1])]


class IdempotencyMismatch(UsageError):
    """An idempotency key came back with a different request."""


def read_rows(conn: sqlite3.Connection, keys: Sequence[tuple[str, str]]) -> list[QueuedEpisode]:
    out = []
    for group_id, episode_id in keys:
        row = conn.execute(
            f"SELECT {COLUMNS} FROM service_queue WHERE group_id = ? AND id = ?",
            (group_id, episode_id),
        ).fetchone()
        if row is not None:
            out.append(queued_row(row))
    return out


# group_id, id, status, attempts, error, reference_time, source, accepted_at, finished_at,
# next_attempt_at, entities, facts -- as COLUMNS lists them
QueueRow = tuple[
    str, str, str, int, str | None, int, str, int, int | None, int, int | None, int | None
]


def queued_row(row: QueueRow) -> QueuedEpisode:
    group_id, id_, status, attempts, error, ref, source, accepted, finished, due, ents, facts = row
    return QueuedEpisode(
        id=id_,
        group_id=group_id,
        status=Status(status),
        attempts=attempts,
        error=error,
        reference_time=from_micros(ref),
        source=source,
        accepted_at=from_micros(accepted),
        finished_at=from_micros_or_none(finished),
        next_attempt_at=from_micros(due),
        entities=ents,
        facts=facts,
    )


def claim_row(conn: sqlite3.Connection, seq: int) -> Claim:
    row = conn.execute(
        "SELECT group_id, id, content, source, source_description, reference_time, "
        "accepted_at, attempts, learned FROM service_queue WHERE seq = ?",
        (seq,),
    ).fetchone()
    group_id, id_, content, source, description, ref, accepted, attempts, learned = row
    episode = Episode(
        id=id_,
        group_id=group_id,
        content=content,
        source=source,
        reference_time=from_micros(ref),
        created_at=from_micros(accepted),
        source_description=description,
    )
    return Claim(episode=episode, attempts=attempts, learned=Learned.parse(learned))
