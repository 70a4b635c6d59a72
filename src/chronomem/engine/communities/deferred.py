"""Community summaries by an LLM, deferred and batched off the ingestion path.

The dynamic step after an episode's write (a new entity joins its neighbours' community)
would otherwise cost a third sequential LLM round per episode. Instead, when the summarizer
is an LLM, the joined community gets an extractive summary at once (no model call) and is
marked; :data:`SUMMARY_DELAY_S` seconds after the last mark a background thread re-summarizes
every marked community of a group in ONE call, however many episodes marked it. So an
episode costs at most two sequential LLM rounds (extract, resolve), and a burst of episodes
costs one community call per group. ``Memory.close()`` (and ``Memory.refresh_communities``)
flush what is pending at once.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable

from chronomem.errors import ChronomemError

__all__ = ["SUMMARY_DELAY_S", "DeferredSummaries"]

log = logging.getLogger(__name__)

SUMMARY_DELAY_S = 2.0  # quiet time after the last community change before the LLM refresh

Refresh = Callable[[str, frozenset[str]], None]  # (group id, community ids) -> None


class DeferredSummaries:
    """Marked communities per group, refreshed by ``refresh`` after ``delay_s`` of quiet."""

    def __init__(self, refresh: Refresh, *, delay_s: float = SUMMARY_DELAY_S) -> None:
        self._refresh = refresh
        self._delay_s = delay_s
        self._pending: dict[str, set[str]] = {}
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None

    def mark(self, group_id: str, community_ids: Iterable[str]) -> None:
        """Schedule these communities' LLM summaries (the timer restarts: a burst of
        episodes is summarized once, after it)."""
        with self._lock:
            self._pending.setdefault(group_id, set()).update(community_ids)
            if self._timer is not None:
                self._timer.cancel()
            self._timer = threading.Timer(self._delay_s, self._on_timer)
            self._timer.daemon = True
            self._timer.start()

    def forget(self, group_id: str) -> None:
        """Drop the group's marks (a full rebuild has just summarized everything)."""
        with self._lock:
            self._pending.pop(group_id, None)

    def pending(self, group_id: str | None = None) -> frozenset[str]:
        with self._lock:
            if group_id is not None:
                return frozenset(self._pending.get(group_id, ()))
            return frozenset(i for ids in self._pending.values() for i in ids)

    def flush(self, group_id: str | None = None) -> None:
        """Refresh now what is pending (for one group, or all), one call per group."""
        with self._lock:
            groups = [group_id] if group_id is not None else list(self._pending)
            work = {g: frozenset(self._pending.pop(g, ())) for g in groups}
            if not self._pending and self._timer is not None:
                self._timer.cancel()
                self._timer = None
        for gid, ids in work.items():
            if ids:
                self._refresh(gid, ids)

    def close(self) -> None:
        """Flush what is pending, then stop the timer."""
        self.flush()
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

    def _on_timer(self) -> None:
        try:
            self.flush()
        except ChronomemError as exc:  # the extractive summaries stay; logged, not raised
            log.warning("deferred community summaries failed (%s); extractive ones kept", exc)
