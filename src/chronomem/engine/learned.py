"""When the memory learns what an episode says: the system time of its facts.

* ``now`` (the default): when it is ingested, read from the memory's clock. A history
  imported today is all learned today, so ``known_at`` before today shows nothing of it.
* ``said``: when it was said, the episode's ``reference_time``. Replaying a history this
  way (``add_episodes(..., learned="said")``, ``chronomem add|import-chat --learned said``,
  ``POST .../episodes/batch?learned=said``) gives each episode, its entities and facts
  ``created_at`` = its reference time, and every end or withdrawal it causes
  ``expired_at`` = that time too; episodes are applied in reference-time order, so
  ``known_at`` between two replayed messages shows what was known then.

The choice is a clock per episode (:func:`episode_clock`): the ingestion stages read
"now" from the clock they are handed and need no other case.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum

from chronomem.errors import UsageError
from chronomem.model import Episode
from chronomem.ports import Clock


class Learned(StrEnum):
    """When what an episode says is learned (see the module docstring)."""

    NOW = "now"
    SAID = "said"

    @classmethod
    def parse(cls, value: object) -> Learned:
        try:
            return cls(value)
        except ValueError:
            choices = " or ".join(repr(c.value) for c in cls)
            raise UsageError(
                f"learned={value!r}: use {choices} ('now': learned when ingested, the "
                "default; 'said': learned at each episode's reference time, for a replayed "
                "history)"
            ) from None


@dataclass(frozen=True, slots=True)
class SaidClock:
    """The clock of a replayed episode: it is always the moment the episode was said."""

    said: datetime

    def now(self) -> datetime:
        return self.said


def episode_clock(learned: Learned, clock: Clock, episode: Episode) -> Clock:
    """The clock the ingestion of ``episode`` reads "now" from."""
    return clock if learned is Learned.NOW else SaidClock(episode.reference_time)


def as_learned(learned: Learned, episode: Episode) -> Episode:
    """``episode`` with ``created_at`` when it is learned (``said``: its reference time)."""
    if learned is Learned.NOW or episode.created_at == episode.reference_time:
        return episode
    return replace(episode, created_at=episode.reference_time)


def choices_of(
    episodes: Sequence[Episode], learned: Learned | str | Sequence[Learned | str]
) -> dict[tuple[str, str], Learned]:
    """(group, episode id) -> when its facts are learned: one choice for all, or one per
    episode (``UsageError`` for an unknown choice)."""
    if isinstance(learned, str):
        each = [Learned.parse(learned)] * len(episodes)
    else:
        each = [Learned.parse(c) for c in learned]
        if len(each) != len(episodes):
            raise ValueError(f"{len(each)} learned choices for {len(episodes)} episodes")
    return {(e.group_id, e.id): c for e, c in zip(episodes, each, strict=True)}
