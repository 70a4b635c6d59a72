"""Clocks and id factories: the only places that read the system time or make random ids."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime

IdFactory = Callable[[], str]


def new_id() -> str:
    """A random, URL-safe, 32-character id."""
    return uuid.uuid4().hex


class SystemClock:
    """The real clock (UTC)."""

    def now(self) -> datetime:
        return datetime.now(UTC)
