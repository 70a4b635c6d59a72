"""One context call reads who speaks in its group once, and never keeps it past the call.

A context needs the group's speakers several times (the question's topic, whose facts it
asks for, the history of the asked relation, the user's stated preferences) and reads the
group's recent turns once for all of them (``search/answering.py``: ``GroupPeople``). What
it read belongs to that call: another household asking next, or the same one after new
turns, is answered from what the memory holds then.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from chronomem import Memory
from chronomem.model import Episode
from chronomem.testing import HashEmbedder, ManualClock
from tests.helpers import daily_chat

START = datetime(2026, 5, 4, 8, 0, tzinfo=UTC)


def _memory() -> Memory:
    return Memory(embedder=HashEmbedder(), clock=ManualClock(START + timedelta(days=60)))


def test_one_call_reads_the_recent_turns_once_per_group() -> None:
    memory = _memory()
    daily_chat(
        memory,
        "flat",
        [
            "Lena: I live in Graz and I prefer green tea in the morning.",
            "Assistant: Noted, green tea it is.",
            "Lena: My brother Tom lives in Linz.",
            "Lena: I always take the stairs, never the lift.",
        ],
        START,
    )
    asked: list[str] = []
    read = memory.store.recent_episodes

    def counting(group_id: str, **options: Any) -> list[Episode]:
        asked.append(group_id)
        return read(group_id, **options)

    memory.store.recent_episodes = counting  # type: ignore[method-assign]
    for question in (
        "Where do I live?",  # the user's facts, and the history of the asked relation
        "What do I prefer to drink in the morning?",  # the user's stated preferences
        "Where does Lena's brother Tom live?",  # a speaker named: the question's topic
    ):
        asked.clear()
        memory.context(question, group_id="flat")
        assert asked.count("flat") <= 1, question
    memory.close()


def test_the_user_is_whoever_speaks_most_now_not_when_last_asked() -> None:
    memory = _memory()
    daily_chat(memory, "desk", ["Ana: I live in Braga.", "Ana: I moved here for work."], START)
    before = memory.context("Where do I live?", group_id="desk")
    assert "Braga" in before.facts[0].fact
    turns = [f"Rui: note {n} about the shared desk rota." for n in range(5)]
    for n, text in enumerate(["Rui: I live in Faro.", *turns]):  # Rui now speaks most
        when = START + timedelta(days=10 + n)
        memory.add_episode(text, group_id="desk", reference_time=when, source="message")
    after = memory.context("Where do I live?", group_id="desk")
    assert "Faro" in after.facts[0].fact
    memory.close()


def test_each_household_gets_its_own_user() -> None:
    memory = _memory()
    daily_chat(memory, "north", ["Ines: I live in Tromso.", "Ines: It snowed again."], START)
    daily_chat(memory, "south", ["Joao: I live in Faro.", "Joao: It is hot again."], START)
    for _ in range(2):  # asked in turns, each sees only its own
        north = memory.context("Where do I live?", group_id="north")
        south = memory.context("Where do I live?", group_id="south")
        assert "Tromso" in north.facts[0].fact and "Faro" not in north.text
        assert "Faro" in south.facts[0].fact and "Tromso" not in south.text
    memory.close()
