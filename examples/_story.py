"""The conversation every example agent goes through, and how its answers are checked.

Sam tells the agent where they live and work; weeks later Sam moves from Lisbon to Berlin,
then changes job. The memory's clock follows the story (each day's messages are learned on
that day), so ``known_at`` can ask what the agent believed on an earlier day.

Offline, each framework's fake model plays the model: it makes the tool call a real model
would (``Turn.tool`` and ``Turn.args``, the scripted part) and answers with the first dated
fact the memory returned (the memory's part). With a key (``OPENAI_API_KEY``), the
examples use a real model instead and print its answer (``CHRONOMEM_OFFLINE=true`` keeps
the fakes).
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from chronomem import Memory
from chronomem.providers import Settings
from chronomem.testing.fakes import ManualClock

USER = "Sam"
GROUP = "sam"


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


@dataclass(frozen=True)
class Turn:
    when: datetime
    text: str
    tool: str = "remember"  # the tool a model calls for this turn
    args: dict[str, str] = field(default_factory=dict)
    expect: str = ""  # a question's answer must name this


STORY = (
    Turn(at("2026-02-10T09:00"), "Hi! I live in Lisbon."),
    Turn(at("2026-02-12T18:30"), "I work at Acme as a designer."),
    Turn(at("2026-04-03T08:15"), "Big news: I moved to Berlin yesterday!"),
    Turn(at("2026-04-20T19:00"), "I started a new job at Globex today."),
    Turn(
        at("2026-05-02T10:00"),
        "Where do I live now?",
        "recall",
        {"query": "Where does Sam live?"},
        "Berlin",
    ),
    Turn(
        at("2026-05-02T10:01"),
        "Where did I live in March?",
        "recall",
        {"query": "Where did Sam live?", "valid_at": "2026-03-15"},
        "Lisbon",
    ),
    Turn(
        at("2026-05-02T10:02"),
        "Where do I work?",
        "recall",
        {"query": "Where does Sam work?"},
        "Globex",
    ),
    Turn(
        at("2026-05-02T10:03"),
        "On April 10, where did you think I worked?",
        "recall",
        {"query": "Where does Sam work?", "known_at": "2026-04-10"},
        "Acme",
    ),
)


def real_model_wanted() -> bool:
    """A real provider runs when a key is set and CHRONOMEM_OFFLINE is not true."""
    return bool(os.environ.get("OPENAI_API_KEY")) and not Settings.from_env().offline


def open_memory(path: str | None = None) -> Memory:
    """The default embedded store (a SQLite file) with the default embedder, and a clock
    the story moves."""
    target = path or str(Path(tempfile.mkdtemp(prefix="chronomem-example-")) / "memory.db")
    print(
        f"memory: {target} (group {GROUP!r}; try `chronomem timeline {USER} --db {target} "
        f"--group {GROUP}`)"
    )
    return Memory(target, clock=ManualClock(STORY[0].when))


def first_fact(text: str) -> str:
    """The first dated fact line of a memory text (what the offline model answers)."""
    for line in text.splitlines():
        if line.startswith("- ") and "(" in line:
            return line[2:]
    return "I don't know."


def check(turn: Turn, answer: str) -> str:
    """Print the exchange; raise if a question's answer misses what the story says."""
    print(f"[{turn.when:%Y-%m-%d}] {USER}: {turn.text}\n  agent: {answer}")
    if turn.expect and turn.expect not in answer:
        raise SystemExit(f"wrong answer to {turn.text!r}: expected {turn.expect!r}")
    return answer
