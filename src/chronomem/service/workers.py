"""Workers: threads that take episodes from the queue and write them into the memory.

Only one process works a queue at a time: the one holding an exclusive lock on a file next
to the queue database (``<queue db>.workers.lock``). The operating system drops the lock
when that process dies, even by SIGKILL; another process (or the restarted one) then takes
it, puts the rows the dead one left ``processing`` back in the queue, and carries on.
Processes without the lock still accept episodes and answer reads.

A worker takes a *run*: up to :data:`WORKER_RUN` of one group's next episodes, in order
(:meth:`IngestQueue.claim_run`), and ingests it through the same bulk path as
``Memory.add_episodes`` (:meth:`Ingestor.add_accepted`), which extracts and embeds the next
chunk while the current one is written. Each row is marked done right after the store
returned for its episode, never for a whole run at once. When a run stops on an error, the
episode it stopped at is tried again alone, so its failure is recorded, retried and holds
its group exactly as a single episode's would; the rows after it go back to the queue.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol, runtime_checkable

from chronomem.engine.batches import BULK_CHUNK, FIRST_CHUNK
from chronomem.engine.pipeline import IngestResult
from chronomem.errors import UsageError
from chronomem.memory import Memory
from chronomem.service.metrics import Metrics
from chronomem.service.queue import Claim, IngestQueue, Status

log = logging.getLogger(__name__)

# A worker takes up to this many episodes of one group at a time (a run, in order): several
# chunks, so the engine prepares each next chunk while one is written (a run of two chunks
# would overlap only the small first one). A run gives way to a waiting group (_Pause).
WORKER_RUN = FIRST_CHUNK + 4 * BULK_CHUNK


class _Pause(Exception):
    """Raised between two episodes of a run to hand the rest back to the queue."""


try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows: one process per queue, by convention
    fcntl = None  # type: ignore[assignment]


@runtime_checkable
class DurabilityBarrier(Protocol):
    """A store whose writes become durable after they return only once confirmed (a server
    with replicas): ``confirm_durable`` returns once the group's writes so far are."""

    def confirm_durable(self, group_id: str) -> None: ...


def confirm_durable(store: object, group_id: str) -> None:
    """Before a queue row is finished for an episode an earlier attempt wrote (its own
    confirmation may have failed), make sure the write is as durable as a fresh one."""
    if isinstance(store, DurabilityBarrier):
        store.confirm_durable(group_id)


class LeaderLock:
    """An exclusive, non-blocking lock on ``path`` (None: a private queue, always ours)."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self.path is None or self._fd is not None

    def try_acquire(self) -> bool:
        if self.held:
            return True
        assert self.path is not None
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        if fcntl is None:  # pragma: no cover
            self._fd = fd
            return True
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None


class WorkerPool:
    """``threads`` workers over one queue and one memory; start() and stop() them."""

    def __init__(
        self,
        *,
        queue: IngestQueue,
        memory: Memory,
        metrics: Metrics,
        leader: LeaderLock,
        threads: int = 2,
        idle_s: float = 0.25,
        run: int = WORKER_RUN,
    ) -> None:
        """``run``: at most this many episodes of one group a worker ingests in one go."""
        if threads < 1:
            raise UsageError("the service needs at least one worker thread (--workers 1)")
        if run < 1:
            raise UsageError(f"worker run={run}: a worker takes at least one episode at a time")
        self._queue = queue
        self._memory = memory
        self._metrics = metrics
        self._leader = leader
        self._count = threads
        self._idle_s = idle_s
        self._run_size = run
        self._threads: list[threading.Thread] = []
        self._stopping = threading.Event()
        self._wake = threading.Event()
        self._lead_lock = threading.Lock()
        self._group_locks: dict[str, threading.Lock] = {}
        self._group_locks_guard = threading.Lock()
        self._busy = 0  # workers holding a run
        self._busy_lock = threading.Lock()

    @property
    def is_leader(self) -> bool:
        return self._leader.held

    def start(self) -> None:
        self._stopping.clear()
        for n in range(self._count):
            thread = threading.Thread(target=self._run, name=f"chronomem-worker-{n}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def stop(self, timeout_s: float = 30.0) -> None:
        """Let each worker finish the episode it is writing, then stop (the rest of its run
        goes back to the queue; rows left are kept)."""
        self._stopping.set()
        self._wake.set()
        deadline = time.monotonic() + timeout_s
        for thread in self._threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        self._threads.clear()
        self._leader.release()

    def wake(self) -> None:
        """New work was accepted: look at the queue now rather than at the next poll."""
        self._wake.set()

    @contextmanager
    def group(self, group_id: str) -> Iterator[None]:
        """Hold off this process's workers from ``group_id`` (for deletions)."""
        with self._group_locks_guard:
            lock = self._group_locks.setdefault(group_id, threading.Lock())
        with lock:
            yield

    # -- the loop --------------------------------------------------------------------------
    def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                if not self._lead():
                    self._stopping.wait(1.0)
                    continue
                with self._busy_lock:
                    free = self._count - self._busy
                claims = self._queue.claim_run(self._run_size, free_workers=free)
            except Exception:  # the database may be locked or gone for a moment
                log.exception("could not read the ingest queue; retrying in 1 s")
                self._stopping.wait(1.0)
                continue
            if not claims:
                self._wake.wait(self._idle_s)
                self._wake.clear()
                continue
            with self._busy_lock:
                self._busy += 1
            try:
                self._process(claims)
            finally:
                with self._busy_lock:
                    self._busy -= 1

    def _lead(self) -> bool:
        with self._lead_lock:
            if self._leader.held:
                return True
            if not self._leader.try_acquire():
                return False
            recovered = self._queue.recover()
            if recovered:
                log.warning("re-queued %d episodes interrupted by a stopped process", recovered)
            return True

    def _process(self, claims: list[Claim]) -> None:
        """Ingest one run of a group's episodes, in order. The run goes through the engine's
        bulk path (the next chunk is extracted while one is written); each row is done as
        soon as the store confirmed its episode. If the run stops on an error, the episode
        it stopped at is tried again alone, so its failure is recorded (and holds its group)
        exactly as for a single episode, and the rows after it go back to the queue. A run
        also pauses between two episodes (the rest goes back to the queue) when the pool
        stops, or when another group has work due and no worker is free for it."""
        with self.group(claims[0].episode.group_id):
            live = [c for c in claims if self._queue.still_claimed(c)]  # deleted meanwhile?
            if len(live) > 1:
                done, paused = self._ingest_run(live)
                live = live[done:]
                if paused:
                    self._release(live)
                    return
            if live:
                self._release(live[1:])
                self._process_one(live[0])

    def _ingest_run(self, claims: list[Claim]) -> tuple[int, bool]:
        """Ingest ``claims`` with :meth:`Ingestor.add_accepted`: how many rows are done, and
        whether the run paused (rather than stopped on an error)."""
        done = 0
        last = checked = time.monotonic()

        def finished(result: IngestResult) -> None:
            nonlocal done, last, checked
            claim = claims[done]
            if result.stored_already:  # an earlier attempt wrote it: is it durable yet?
                confirm_durable(self._memory.store, claim.episode.group_id)
            self._finish(claim, len(result.entities), len(result.facts))
            now = time.monotonic()
            self._metrics.episode_ingested(now - last)
            done, last = done + 1, now
            if done == len(claims):
                return
            if self._stopping.is_set():
                raise _Pause
            if now - checked >= self._idle_s:
                checked = now
                if self._others_wait(claim.episode.group_id):
                    raise _Pause

        try:
            self._memory.ingestor.add_accepted(
                [c.episode for c in claims],
                on_ingested=finished,
                learned=[c.learned for c in claims],
            )
        except _Pause:
            return done, True
        except Exception as exc:
            log.info(
                "a run of %d episodes stopped at %s (%s); it is tried again alone",
                len(claims),
                claims[done].episode.id,
                exc,
            )
        return done, False

    def _others_wait(self, group_id: str) -> bool:
        """Is another group's work due with no worker free for it?"""
        with self._busy_lock:
            if self._busy < self._count:
                return False
        try:
            return self._queue.others_due(group_id)
        except Exception:  # the database is busy: carry on with the run
            return False

    def _release(self, claims: list[Claim]) -> None:
        if not claims:
            return
        try:
            self._queue.release(claims)
        except Exception:  # they stay 'processing' and are re-queued at the next start
            log.exception("could not put %d claimed episodes back in the queue", len(claims))

    def _process_one(self, claim: Claim) -> None:
        episode = claim.episode
        started = time.monotonic()
        try:
            result = self._memory.ingestor.add_accepted([episode], learned=[claim.learned])[0]
            if result.stored_already:  # an earlier attempt wrote it: is it durable yet?
                confirm_durable(self._memory.store, episode.group_id)
        except UsageError as exc:
            self._failed(claim, f"{type(exc).__name__}: {exc}", retryable=False)
            return
        except Exception as exc:
            log.warning("episode %s failed (attempt %d): %s", episode.id, claim.attempts, exc)
            self._failed(claim, f"{type(exc).__name__}: {exc}", retryable=True)
            return
        self._finish(claim, len(result.entities), len(result.facts))
        self._metrics.episode_ingested(time.monotonic() - started)

    def _finish(self, claim: Claim, entities: int, facts: int) -> None:
        episode = claim.episode
        try:
            kept = self._queue.complete(claim, entities=entities, facts=facts)
        except Exception:
            # The episode is written; the row stays 'processing' and is re-run after a
            # restart, where the store refuses the duplicate id: still exactly once.
            log.exception("episode %s is ingested but could not be marked done", episode.id)
            return
        if not kept:  # deleted (or its group cleared) while we were writing it
            self._memory.delete_episode(episode.id, group_id=episode.group_id)

    def _failed(self, claim: Claim, error: str, *, retryable: bool) -> None:
        try:
            status = self._queue.fail(claim, error, retryable=retryable)
        except Exception:
            log.exception("could not record the failure of episode %s", claim.episode.id)
            return
        self._metrics.episode_failed(final=status is Status.FAILED)
