"""Formatting shared by the prompts: compact instants, episode lines, clipped text."""

from __future__ import annotations

from datetime import datetime

from chronomem.model.graph import Episode, Fact
from chronomem.model.time import ensure_aware


def instant(value: datetime) -> str:
    """``2024-01-15T14:00:00Z`` (UTC, seconds precision)."""
    return ensure_aware(value, "instant").strftime("%Y-%m-%dT%H:%M:%SZ")


def day(value: datetime | None) -> str:
    """``2024-01-15`` or ``?`` for an open end."""
    return "?" if value is None else ensure_aware(value, "instant").strftime("%Y-%m-%d")


def clip(text: str, limit: int) -> str:
    """``text`` on one line, cut to ``limit`` characters with an ellipsis."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def episode_line(episode: Episode, *, limit: int) -> str:
    """``[2024-01-01T10:00:00Z] Alice: ...`` for the previous-episodes context."""
    return f"[{instant(episode.reference_time)}] {clip(episode.content, limit)}"


def fact_line(alias: str, fact: Fact, *, limit: int = 200) -> str:
    """``f1 WORKS_AT "Alice works at Google." (2024-01-01 → ?)``."""
    span = f"{day(fact.valid_at)} → {day(fact.invalid_at)}"
    return f'{alias} {fact.relation} "{clip(fact.fact, limit)}" ({span})'
