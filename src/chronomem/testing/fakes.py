"""Deterministic stand-ins for the clock and the id factory.

``HashEmbedder`` lives in :mod:`chronomem.providers.hashing` (it is also a production
choice, ``--embedder hash``); it is re-exported here for compatibility.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from chronomem.model.time import ensure_aware
from chronomem.providers.hashing import HashEmbedder

__all__ = ["HashEmbedder", "ManualClock", "SequentialIds"]


class ManualClock:
    """A clock that only moves when told: ``set(t)`` or ``advance(seconds)``."""

    def __init__(self, start: datetime) -> None:
        self._now = ensure_aware(start, "clock start")

    def now(self) -> datetime:
        return self._now

    def set(self, value: datetime) -> None:
        self._now = ensure_aware(value, "clock time")

    def advance(self, seconds: float) -> None:
        self._now += timedelta(seconds=seconds)


class SequentialIds:
    """Ids ``prefix-1``, ``prefix-2``, ... for readable, repeatable tests."""

    def __init__(self, prefix: str = "id") -> None:
        self._prefix = prefix
        self._n = 0

    def __call__(self) -> str:
        self._n += 1
        return f"{self._prefix}-{self._n}"
