"""The durable ingestion queue: an accepted episode is a committed row, never a promise.

Life of a row: ``queued`` -> ``processing`` -> ``done`` | back to ``queued`` (retry after a
backoff) | ``failed`` (kept, with its error, until retried or deleted). Workers take, per
group, the earliest ``(reference_time, accepted order)`` row still open -- with the rows that
follow it, as one run ingested in that order (:meth:`IngestQueue.claim_run`) -- and never
two runs of one group at once, so a group's episodes reach the graph in reference-time order.

Failures and order: a store failure (server down, failing over, write not confirmed
durable) is retried with capped exponential backoff until :attr:`Backoff.deadline_s` after
the episode was accepted; meanwhile the group's later episodes wait behind it, other groups
do not. Past the deadline the row is ``failed`` and still *holds its group* (its later
episodes stay queued) until an operator retries or deletes it, so nothing is ever applied
out of order. A :class:`UsageError` (the episode itself is invalid) fails at once and holds
nothing.

Fairness: among groups with work due, the group served least recently goes first (round
robin), so a group that floods the queue, or whose episode is slow, takes at most one
worker while every other group's head episode gets the next free one.

Content: a row keeps its content until :meth:`IngestQueue.complete`, which the worker calls
only after the store returned, i.e. after the store confirmed the write durable.

The queue id is the episode id: a worker that crashes between writing the episode and
marking the row done re-runs it after restart, the store refuses the duplicate id, and
``Memory`` treats that as already done -- so every accepted episode lands exactly once.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import takewhile

from chronomem.clock import IdFactory, SystemClock, new_id
from chronomem.engine.learned import Learned
from chronomem.engine.passages import build_episodes
from chronomem.errors import UsageError
from chronomem.intake import DEFAULT_MAX_EPISODE_CHARS, EpisodeInput
from chronomem.model import check_group_id
from chronomem.model.time import to_micros
from chronomem.ports import Clock
from chronomem.service.db import ServiceDB
from chronomem.service.rows import (
    COLUMNS,
    Acceptance,
    Claim,
    IdempotencyMismatch,
    QueuedEpisode,
    Status,
    claim_row,
    fingerprint,
    insert_row,
    queued_row,
    read_rows,
    replay,
)

__all__ = [
    "Acceptance",
    "Backoff",
    "Claim",
    "IdempotencyMismatch",
    "IngestQueue",
    "QueuedEpisode",
    "Status",
]


@dataclass(frozen=True, slots=True)
class Backoff:
    """Retry policy for store failures: wait ``base_s * 2**(attempt-1)`` seconds (jittered,
    capped at ``cap_s``) between attempts, until ``deadline_s`` after acceptance (default one
    hour) or ``max_attempts`` (None: no limit but the deadline)."""

    max_attempts: int | None = None
    base_s: float = 1.0
    cap_s: float = 60.0
    deadline_s: float = 3600.0

    def delay_s(self, attempts: int) -> float:
        delay = min(self.cap_s, self.base_s * 2 ** max(0, attempts - 1))
        return delay * (0.75 + random.random() / 2)

    def retry_at(self, attempts: int, accepted: datetime, now: datetime) -> datetime | None:
        """When to try again after ``attempts`` failed attempts; None: give up."""
        if self.max_attempts is not None and attempts >= self.max_attempts:
            return None
        due = now + timedelta(seconds=self.delay_s(attempts))
        return due if due <= accepted + timedelta(seconds=self.deadline_s) else None


class IngestQueue:
    """Accept, claim, finish and inspect queued episodes in the service database."""

    def __init__(
        self,
        db: ServiceDB,
        *,
        clock: Clock | None = None,
        ids: IdFactory = new_id,
        backoff: Backoff | None = None,
        max_episode_chars: int = DEFAULT_MAX_EPISODE_CHARS,
    ) -> None:
        self._db = db
        self._clock = clock or SystemClock()
        self._ids = ids
        self._backoff = backoff or Backoff()
        self._max_chars = max_episode_chars
        self._served: dict[str, int] = {}  # group -> tick of its last claim (round robin)
        self._tick = 0

    # -- accepting -------------------------------------------------------------------------
    def accept(
        self,
        items: Sequence[EpisodeInput],
        *,
        idempotency: tuple[str, str] | None = None,
        request_digest: str | None = None,
        learned: Learned = Learned.NOW,
    ) -> Acceptance:
        """Validate every item, then store them all in ONE commit. ``learned``: when the
        memory learns what they say (``engine/learned.py``), kept with each row.

        Long content becomes passages exactly as in ``Memory.add_episode`` (the engine's
        :func:`~chronomem.engine.passages.build_episodes`): one row per passage, all in the
        same commit, so a request is queued whole or not at all.

        ``idempotency=(scope, key)``: a second call with the same scope and key returns the
        first call's rows instead of queuing again (UsageError if the request differs; the
        request is ``request_digest`` when given -- e.g. a hash of the body as sent, before
        defaults such as "now" were filled in -- else the items).
        Items whose ``episode_id`` is queued already are not queued twice either.
        """
        now = self._clock.now()
        episodes = [
            e
            for i in items
            for e in build_episodes(i, now=now, ids=self._ids, max_chars=self._max_chars)
        ]
        if not episodes:
            raise UsageError("no episodes to add: send at least one")
        groups = {e.group_id for e in episodes}
        if len(groups) > 1:
            raise UsageError(
                f"one request adds episodes to one group, got {sorted(groups)}: send one "
                "request per group"
            )
        digest = request_digest or fingerprint(items)
        with self._db.write("accepting episodes") as conn:
            if idempotency is not None:
                earlier = replay(conn, idempotency, digest)
                if earlier is not None:
                    return Acceptance(tuple(read_rows(conn, earlier)), replayed=True)
            conn.executemany(
                "INSERT INTO service_queue (group_id, id, content, source, source_description, "
                "reference_time, status, next_attempt_at, accepted_at, learned) "
                "VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?) "
                "ON CONFLICT (group_id, id) DO NOTHING",
                [insert_row(e, now, learned) for e in episodes],
            )
            keys = [(e.group_id, e.id) for e in episodes]
            if idempotency is not None:
                conn.execute(
                    "INSERT INTO service_idempotency (scope, key, group_id, fingerprint, "
                    "episode_ids, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        *idempotency,
                        episodes[0].group_id,
                        digest,
                        json.dumps(keys),
                        to_micros(now),
                    ),
                )
            return Acceptance(tuple(read_rows(conn, keys)), replayed=False)

    # -- working ---------------------------------------------------------------------------
    def claim(self) -> Claim | None:
        """Take the next episode to ingest, or None when nothing is due (see ``claim_run``)."""
        run = self.claim_run(1)
        return run[0] if run else None

    def claim_run(self, limit: int, *, free_workers: int = 1) -> list[Claim]:
        """Take up to ``limit`` episodes of one group to ingest in this order ([] when
        nothing is due): the group's head and the rows that follow it, while they are
        queued and due. More than one only when every group with work due can have one of
        the ``free_workers`` (the caller included), so no group waits behind another's run.

        Groups are served least recently served first (then oldest waiting); within a group
        only the head (earliest reference time among open rows and rows that hold the group)
        may start a run, and only when no other row of the group is running. A run stops
        before a row that waits for a retry or holds the group, so order is kept.
        """
        now = to_micros(self._clock.now())
        with self._db.write("claiming episodes") as conn:
            waiting = conn.execute(
                "SELECT group_id, MIN(seq) FROM service_queue "
                "WHERE status = 'queued' AND next_attempt_at <= ? GROUP BY group_id",
                (now,),
            ).fetchall()
            waiting.sort(key=lambda row: (self._served.get(row[0], 0), row[1]))
            size = max(1, limit) if len(waiting) <= free_workers else 1
            for group_id, _ in waiting:
                rows = conn.execute(
                    "SELECT seq, status, next_attempt_at FROM service_queue "
                    "WHERE group_id = ? AND (status IN ('queued', 'processing') "
                    "OR (status = 'failed' AND holds_group = 1)) "
                    "ORDER BY status = 'processing' DESC, reference_time, seq LIMIT ?",
                    (group_id, size),
                ).fetchall()
                run = list(takewhile(lambda r: r[1] == Status.QUEUED and r[2] <= now, rows))
                if not run:
                    continue
                conn.executemany(
                    "UPDATE service_queue SET status = 'processing', attempts = attempts + 1 "
                    "WHERE seq = ?",
                    [(r[0],) for r in run],
                )
                self._note_served(group_id, [g for g, _ in waiting])
                return [claim_row(conn, r[0]) for r in run]
        return []

    def others_due(self, group_id: str) -> bool:
        """Does a group other than ``group_id`` have an episode due now?"""
        with self._db.read("looking for other groups' work") as conn:
            row = conn.execute(
                "SELECT 1 FROM service_queue WHERE status = 'queued' AND group_id != ? "
                "AND next_attempt_at <= ? LIMIT 1",
                (group_id, to_micros(self._clock.now())),
            ).fetchone()
        return row is not None

    def release(self, claims: Sequence[Claim]) -> None:
        """Put claimed rows back in the queue untried (a run stopped before them): due now,
        their attempt not counted."""
        with self._db.write("releasing claimed episodes") as conn:
            conn.executemany(
                "UPDATE service_queue SET status = 'queued', attempts = MAX(0, attempts - 1), "
                "next_attempt_at = ? WHERE group_id = ? AND id = ? AND status = 'processing'",
                [(to_micros(self._clock.now()), c.episode.group_id, c.episode.id) for c in claims],
            )

    def _note_served(self, group_id: str, waiting: Sequence[str]) -> None:
        self._tick += 1
        if len(self._served) > 4 * len(waiting) + 1000:  # forget groups that went quiet
            self._served = {g: self._served[g] for g in waiting if g in self._served}
        self._served[group_id] = self._tick

    def complete(self, claim: Claim, *, entities: int, facts: int) -> bool:
        """Mark the claimed row done (its content is dropped: the graph holds it now).

        False when the row is gone: the episode or its group was deleted meanwhile, and the
        caller should remove what it just wrote.
        """
        episode = claim.episode
        with self._db.write("marking an episode done") as conn:
            changed = conn.execute(
                "UPDATE service_queue SET status = 'done', content = '', error = NULL, "
                "finished_at = ?, entities = ?, facts = ? "
                "WHERE group_id = ? AND id = ? AND status = 'processing'",
                (to_micros(self._clock.now()), entities, facts, episode.group_id, episode.id),
            ).rowcount
        return changed == 1

    def fail(self, claim: Claim, error: str, *, retryable: bool) -> Status:
        """Record a failed attempt: back to ``queued`` after a backoff, or ``failed`` for good
        (holding its group when the failure was the store's, see the module docstring)."""
        now = self._clock.now()
        episode = claim.episode
        due = self._backoff.retry_at(claim.attempts, episode.created_at, now) if retryable else None
        status = Status.FAILED if due is None else Status.QUEUED
        with self._db.write("recording a failed episode") as conn:
            conn.execute(
                "UPDATE service_queue SET status = ?, error = ?, next_attempt_at = ?, "
                "finished_at = ?, holds_group = ? "
                "WHERE group_id = ? AND id = ? AND status = 'processing'",
                (
                    status.value,
                    error[:4000],
                    to_micros(now if due is None else due),
                    to_micros(now) if due is None else None,
                    int(retryable),
                    episode.group_id,
                    episode.id,
                ),
            )
        return status

    def still_claimed(self, claim: Claim) -> bool:
        with self._db.read("checking a claim") as conn:
            row = conn.execute(
                "SELECT status FROM service_queue WHERE group_id = ? AND id = ?",
                (claim.episode.group_id, claim.episode.id),
            ).fetchone()
        return row is not None and row[0] == Status.PROCESSING

    def recover(self) -> int:
        """Put rows left ``processing`` by a stopped process back in the queue."""
        with self._db.write("recovering interrupted episodes") as conn:
            return conn.execute(
                "UPDATE service_queue SET status = 'queued', next_attempt_at = ? "
                "WHERE status = 'processing'",
                (to_micros(self._clock.now()),),
            ).rowcount

    # -- inspecting and managing -----------------------------------------------------------
    def get(self, group_id: str, episode_id: str) -> QueuedEpisode | None:
        with self._db.read("reading an episode's status") as conn:
            found = read_rows(conn, [(check_group_id(group_id), episode_id)])
        return found[0] if found else None

    def list(
        self, group_id: str, *, status: Status | None = None, limit: int = 50
    ) -> list[QueuedEpisode]:
        """The group's rows, newest accepted first; ``status`` narrows them."""
        sql = f"SELECT {COLUMNS} FROM service_queue WHERE group_id = ?"
        args: list[str | int] = [check_group_id(group_id)]
        if status is not None:
            sql += " AND status = ?"
            args.append(Status(status).value)
        with self._db.read("listing queued episodes") as conn:
            rows = conn.execute(sql + " ORDER BY seq DESC LIMIT ?", (*args, limit)).fetchall()
        return [queued_row(r) for r in rows]

    def retry(self, group_id: str, episode_id: str) -> QueuedEpisode | None:
        """Queue a ``failed`` row again (attempts reset); None if there is no such failed row."""
        with self._db.write("re-queuing a failed episode") as conn:
            changed = conn.execute(
                "UPDATE service_queue SET status = 'queued', attempts = 0, error = NULL, "
                "finished_at = NULL, holds_group = 0, next_attempt_at = ? "
                "WHERE group_id = ? AND id = ? AND status = 'failed'",
                (to_micros(self._clock.now()), check_group_id(group_id), episode_id),
            ).rowcount
        return self.get(group_id, episode_id) if changed else None

    def forget(self, group_id: str, episode_id: str) -> bool:
        """Remove one row whatever its status (a queued episode then never runs)."""
        with self._db.write("removing a queued episode") as conn:
            return (
                conn.execute(
                    "DELETE FROM service_queue WHERE group_id = ? AND id = ?",
                    (check_group_id(group_id), episode_id),
                ).rowcount
                > 0
            )

    def forget_group(self, group_id: str) -> int:
        gid = check_group_id(group_id)
        with self._db.write("removing a group's queue") as conn:
            removed = conn.execute("DELETE FROM service_queue WHERE group_id = ?", (gid,)).rowcount
            conn.execute("DELETE FROM service_idempotency WHERE group_id = ?", (gid,))
        return removed

    def depth(self) -> dict[Status, int]:
        """Rows per open status (queued, processing, failed)."""
        counts = {Status.QUEUED: 0, Status.PROCESSING: 0, Status.FAILED: 0}
        with self._db.read("counting queued episodes") as conn:
            for status, count in conn.execute(
                "SELECT status, COUNT(*) FROM service_queue "
                "WHERE status IN ('queued', 'processing', 'failed') GROUP BY status"
            ):
                counts[Status(status)] = count
        return counts

    def next_due_in_s(self) -> float | None:
        """Seconds until the earliest queued row is due (0 if one is due now)."""
        with self._db.read("reading the next retry time") as conn:
            row = conn.execute(
                "SELECT MIN(next_attempt_at) FROM service_queue WHERE status = 'queued'"
            ).fetchone()
        if row is None or row[0] is None:
            return None
        return max(0.0, (row[0] - to_micros(self._clock.now())) / 1e6)
