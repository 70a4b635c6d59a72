"""A fact as the memory believed it at a past system time: the projection behind every
``known_at`` view.

The store keeps a fact's latest state. When its end is learned (or moved, or it is
withdrawn), ``expired_at`` becomes the system time of that lesson (``engine/temporal.py``)
and the state it had before is kept in a *closing note*, ``attributes["closed_by"]``:
the episode that closed it, the interval and ``expired_at`` it had, how many source
episodes it had, and the note before that one (so a fact whose end moved twice keeps both
earlier states). :func:`as_known` walks the notes back to the state the memory held at
``known_at``: an end learned after ``known_at`` is not shown. ``Memory.search``,
``context``, ``get_timeline``, the CLI, REST, MCP and the web page all return facts
through it; :func:`chronomem.model.time.is_believed` then decides what that state admits.

A fact whose end was learned after ``known_at`` and that has no note (written before
notes existed, or imported without one) is shown open, with its stored start.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from datetime import datetime

from chronomem.model.graph import Fact, JSONValue

CLOSED_BY = "closed_by"  # attribute: the episode that last closed a fact, and its state before

_MAX_NOTES = 64  # a note chain longer than this is not followed further (guards bad input)


def closing_note(before: Fact, episode_id: str | None) -> dict[str, JSONValue]:
    """The note a closing leaves on a fact: what ``before`` (its state until then) was."""
    note: dict[str, JSONValue] = {
        "episode": episode_id,
        "valid_at": _iso(before.valid_at),
        "invalid_at": _iso(before.invalid_at),
        "expired_at": _iso(before.expired_at),
        "episodes": len(before.episodes),
    }
    earlier = before.attributes.get(CLOSED_BY)
    if isinstance(earlier, dict):
        note[CLOSED_BY] = earlier
    return note


def before_closing(fact: Fact) -> Fact | None:
    """``fact`` with the interval, ``expired_at`` and note it had before its latest closing
    (source episodes as they are now); None when it carries no note."""
    note = fact.attributes.get(CLOSED_BY)
    if not isinstance(note, dict):
        return None
    attributes = {k: v for k, v in fact.attributes.items() if k != CLOSED_BY}
    earlier = note.get(CLOSED_BY)
    if isinstance(earlier, dict):
        attributes[CLOSED_BY] = earlier
    return replace(
        fact,
        valid_at=_instant(note.get("valid_at")),
        invalid_at=_instant(note.get("invalid_at")),
        expired_at=_instant(note.get("expired_at")),
        attributes=attributes,
    )


def as_known(fact: Fact, known_at: datetime) -> Fact:
    """``fact`` as the memory believed it at system time ``known_at``.

    Unchanged when its latest end (or withdrawal) was learned by ``known_at``. Otherwise
    the state before each later closing is restored, newest first, until one learned by
    ``known_at`` (or an open one) is reached; its source episodes are cut to those it had
    then. Pure: ``fact`` is not changed.
    """
    seen = fact
    for _ in range(_MAX_NOTES):
        if seen.expired_at is None or seen.expired_at <= known_at:
            return seen
        earlier = before_closing(seen)
        if earlier is None:
            return _open(seen)
        note = seen.attributes[CLOSED_BY]
        count = note.get("episodes") if isinstance(note, Mapping) else None
        if isinstance(count, int) and not isinstance(count, bool) and count > 0:
            earlier = replace(earlier, episodes=earlier.episodes[:count])
        seen = earlier
    return _open(seen)


def learned_instants(fact: Fact) -> Iterator[datetime]:
    """Every system time at which what the memory believed of ``fact`` changed: when it was
    learned, and when each end recorded in its notes was."""
    yield fact.created_at
    seen: Fact | None = fact
    for _ in range(_MAX_NOTES):
        if seen is None:
            return
        if seen.expired_at is not None:
            yield seen.expired_at
        seen = before_closing(seen)


def _open(fact: Fact) -> Fact:
    attributes = {k: v for k, v in fact.attributes.items() if k != CLOSED_BY}
    return replace(fact, invalid_at=None, expired_at=None, attributes=attributes)


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _instant(value: JSONValue) -> datetime | None:
    return datetime.fromisoformat(value) if isinstance(value, str) else None
