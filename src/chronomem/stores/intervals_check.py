"""Interval checks shared by every store: a fact never ends before it starts."""

from __future__ import annotations

from collections.abc import Iterable

from chronomem.errors import UsageError
from chronomem.model import Fact


def check_intervals(facts: Iterable[Fact]) -> None:
    """Refuse (``UsageError``, nothing written) a fact whose ``invalid_at`` is before its
    ``valid_at``. The engine never builds one (``model.time.sane_interval``); this
    guards every other writer."""
    for f in facts:
        if f.valid_at is not None and f.invalid_at is not None and f.invalid_at < f.valid_at:
            raise UsageError(
                f"fact {f.id!r} ends ({f.invalid_at.isoformat()}) before it starts "
                f"({f.valid_at.isoformat()}): set invalid_at >= valid_at, or valid_at=None "
                "when the start is unknown (an ending dated before the known start)"
            )
