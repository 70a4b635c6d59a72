"""Shared by the agent-framework adapter tests: a memory with two users' groups.

``sam`` moved from Lisbon to Berlin on 2026-04-02; ``ann`` lives in Rome. The clock follows
the story, so ``known_at`` answers what the memory believed on a day.
"""

from __future__ import annotations

from datetime import UTC, datetime

from chronomem import Memory
from chronomem.providers.hashing import HashEmbedder
from chronomem.testing import ManualClock

MARCH = datetime(2026, 3, 15, tzinfo=UTC)
STORY = (
    ("sam", datetime(2026, 2, 10, 9, tzinfo=UTC), "Sam: Hi! I live in Lisbon."),
    ("ann", datetime(2026, 2, 11, 9, tzinfo=UTC), "Ann: I live in Rome."),
    ("sam", datetime(2026, 4, 3, 8, tzinfo=UTC), "Sam: Big news: I moved to Berlin yesterday!"),
)


def story_memory() -> Memory:
    """An in-RAM memory (lexical embedder: fast, deterministic) holding the story."""
    clock = ManualClock(STORY[0][1])
    memory = Memory(embedder=HashEmbedder(), clock=clock)
    for group, when, text in STORY:
        clock.set(when)
        memory.add_episode(text, group_id=group, reference_time=when)
    clock.set(datetime(2026, 5, 2, tzinfo=UTC))
    return memory
