"""The checks on facts and names that the ending rules share (``endings.py``,
``mention_endings.py``, ``timeline_endings.py``): is a fact open, is it an ending, its
pair of entities, the facts this round closed, a name said as whole words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime

from chronomem.model import Fact

MIN_NAME_CHARS = 3


def is_open(f: Fact) -> bool:
    return f.invalid_at is None and f.expired_at is None


def pair_of(f: Fact) -> frozenset[str]:
    return frozenset((f.source_id, f.target_id))


def is_ending(f: Fact) -> bool:
    """No start, an end: "I sold the civic", "Bubbles died" (typed or a generic mention)."""
    return f.valid_at is None and f.invalid_at is not None


def _invalid(f: Fact | None) -> datetime | None:
    return None if f is None else f.invalid_at


def closed_now(working: Mapping[str, Fact], stored: Mapping[str, Fact]) -> list[Fact]:
    """The facts this round gave a new end (``working``: changed this round)."""
    return [f for i, f in working.items() if f.invalid_at != _invalid(stored.get(i))]


def said_as_word(name: str) -> re.Pattern[str]:
    """``name`` (normalized) as whole words in a normalized text, plural too."""
    return re.compile(rf"\b{re.escape(name)}(?:s|es)?\b")
