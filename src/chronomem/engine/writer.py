"""The write stage: one episode's ChangeSet applied with optimistic concurrency.

An episode is resolved against what the store holds (stage "decide") and written with the
group's version it read; if another writer changed the group meanwhile the store raises
:class:`~chronomem.errors.ConflictError` and writes nothing, and the episode is decided again
on the new state. Writers to one group wait their turn rather than fail:

* in one process, a lock per group lets one thread decide-and-write at a time, so threads
  never conflict with each other;
* across processes (several ``Memory`` objects on one SQLite file, several service
  processes on one FalkorDB), a conflict is retried after a randomised, growing pause until
  :data:`DEFAULT_WRITE_DEADLINE_S` has passed. Only then is ``ConflictError`` raised.

Different groups never wait for each other.
"""

from __future__ import annotations

import logging
import random
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TypeVar

from chronomem.errors import ConflictError
from chronomem.model import ChangeSet
from chronomem.ports import Store

log = logging.getLogger(__name__)

DEFAULT_WRITE_DEADLINE_S = 120.0  # how long an episode keeps retrying a busy group
FIRST_PAUSE_S = 0.005
MAX_PAUSE_S = 0.5

T = TypeVar("T")


class _GroupLock:
    __slots__ = ("__weakref__", "lock")

    def __init__(self) -> None:
        self.lock = threading.Lock()


_locks: weakref.WeakValueDictionary[str, _GroupLock] = weakref.WeakValueDictionary()
_locks_guard = threading.Lock()


@contextmanager
def group_lock(group_id: str) -> Iterator[None]:
    """Hold this process's write turn for ``group_id`` (a lock that lives while used)."""
    with _locks_guard:
        held = _locks.get(group_id)
        if held is None:
            held = _GroupLock()
            _locks[group_id] = held
    with held.lock:
        yield


def pause_s(attempt: int) -> float:
    """The pause before retry ``attempt`` (1, 2, ...): doubling, capped, with full jitter so
    competing processes spread out."""
    ceiling = min(MAX_PAUSE_S, FIRST_PAUSE_S * 2 ** min(attempt, 16))
    return random.uniform(FIRST_PAUSE_S, max(FIRST_PAUSE_S, ceiling))


class GroupWriter:
    """Decide-and-write for one group at a time, retried on conflicts until a deadline."""

    def __init__(self, store: Store, *, deadline_s: float = DEFAULT_WRITE_DEADLINE_S) -> None:
        self._store = store
        self._deadline_s = deadline_s

    def write(
        self,
        group_id: str,
        label: str,
        decide: Callable[[], tuple[ChangeSet, T]],
        on_written: Callable[[ChangeSet], None] | None = None,
    ) -> T:
        """Run ``decide`` (which reads the store and returns the changes and a result) and
        apply its changes against the version read before it; repeat on a conflict.

        ``label`` names the work in logs and in the final error (e.g. the episode id).
        ``on_written``: called with the changes as applied (their ``expected_version`` the
        version they were applied at), still in the group's write turn.
        """
        deadline = time.monotonic() + self._deadline_s
        attempt = 0
        with group_lock(group_id):
            while True:
                attempt += 1
                version = self._store.group_version(group_id)
                changes, result = decide()
                applied = replace(changes, expected_version=version)
                try:
                    self._store.apply(applied)
                except ConflictError:
                    if time.monotonic() >= deadline:
                        raise ConflictError(
                            f"{label}: group {group_id!r} kept changing for "
                            f"{self._deadline_s:g} s ({attempt} tries) under other writers; "
                            "retry it later, or write to this group from fewer processes"
                        ) from None
                    log.info("%s: group changed meanwhile (try %d), retrying", label, attempt)
                else:
                    if on_written is not None:
                        on_written(applied)
                    return result
                time.sleep(min(pause_s(attempt), max(0.0, deadline - time.monotonic())))
