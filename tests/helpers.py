"""Helpers shared by tests: times, the Alice story, live replay, a chat of one turn a day."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

from chronomem import EpisodeInput, Memory
from chronomem.testing import ManualClock


def t(text: str) -> datetime:
    """'2024-01-01T10:00' -> aware UTC datetime."""
    value = datetime.fromisoformat(text)
    return value if value.tzinfo else value.replace(tzinfo=UTC)


ALICE_STORY = (
    (t("2024-01-01T10:00"), "Alice: I just started a new job at Google as a data engineer."),
    (t("2024-01-15T14:00"), "Alice: I left Google last week."),
    (t("2024-01-20T09:00"), "Alice: I'm working at Meta now."),
)


def replay(memory: Memory, clock: ManualClock, story, group_id: str = "demo") -> list:  # type: ignore[no-untyped-def]
    """Ingest (reference_time, text) pairs with the clock at each message's time (live)."""
    results = []
    for ref, text in story:
        clock.set(ref + timedelta(seconds=1))
        results.append(memory.add_episode(text, group_id=group_id, reference_time=ref))
    return results


def chat(
    memory: Memory, group_id: str, turns: Sequence[str], said_at: Callable[[int], datetime]
) -> None:
    """Add ``turns`` as messages, the n-th said at ``said_at(n)``, with ids t00, t01, ..."""
    memory.add_episodes(
        EpisodeInput(
            content=text,
            group_id=group_id,
            reference_time=said_at(n),
            source="message",
            episode_id=f"t{n:02d}",
        )
        for n, text in enumerate(turns)
    )


def daily_chat(memory: Memory, group_id: str, turns: Sequence[str], start: datetime) -> None:
    """Add ``turns`` as messages one day apart from ``start``, with ids t00, t01, ..."""
    chat(memory, group_id, turns, lambda n: start + timedelta(days=n))
