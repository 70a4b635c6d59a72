"""Shared fixtures: fast, deterministic memories (HashEmbedder, ManualClock, rule extractor)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from chronomem import Memory
from chronomem.testing import HashEmbedder, ManualClock
from tests.helpers import t


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(t("2024-01-01T00:00"))


MemoryFactory = Callable[..., Memory]


@pytest.fixture
def make_memory(clock: ManualClock) -> Iterator[MemoryFactory]:
    """Build memories on HashEmbedder + the shared ManualClock; all closed after the test."""
    opened: list[Memory] = []

    def factory(path: str = ":memory:", **options: object) -> Memory:
        options.setdefault("embedder", HashEmbedder())
        options.setdefault("clock", clock)
        memory = Memory(path, **options)  # type: ignore[arg-type]
        opened.append(memory)
        return memory

    yield factory
    for memory in opened:
        memory.close()
