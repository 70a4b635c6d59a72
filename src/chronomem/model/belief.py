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

from collections.abc import Iterator
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
    if fact.expired_at is None or fact.expired_at <= known_at:
        return fact
    valid_at, episodes = fact.valid_at, len(fact.episodes)
    note = fact.attributes.get(CLOSED_BY)
    for _ in range(_MAX_NOTES):
        if not isinstance(note, dict):
            break  # no record of the state before: believed open, as stored otherwise
        valid_at, invalid_at = _instant(note.get("valid_at")), _instant(note.get("invalid_at"))
        expired_at = _instant(note.get("expired_at"))
        count = note.get("episodes")
        if isinstance(count, int) and not isinstance(count, bool) and count > 0:
            episodes = min(episodes, count)
        note = note.get(CLOSED_BY)
        if expired_at is None or expired_at <= known_at:
            return _restored(fact, valid_at, invalid_at, expired_at, episodes, note)
    return _restored(fact, valid_at, None, None, episodes, None)


def _restored(
    fact: Fact,
    valid_at: datetime | None,
    invalid_at: datetime | None,
    expired_at: datetime | None,
    episodes: int,
    note: JSONValue,
) -> Fact:
    attributes = {k: v for k, v in fact.attributes.items() if k != CLOSED_BY}
    if isinstance(note, dict):
        attributes[CLOSED_BY] = note
    return replace(
        fact,
        valid_at=valid_at,
        invalid_at=invalid_at,
        expired_at=expired_at,
        episodes=fact.episodes[:episodes],
        attributes=attributes,
    )


def learned_instants(fact: Fact) -> Iterator[datetime]:
    """Every system time at which what the memory believed of ``fact`` changed: when it was
    learned, and when each end recorded in its notes was."""
    yield fact.created_at
    if fact.expired_at is not None:
        yield fact.expired_at
    note = fact.attributes.get(CLOSED_BY)
    for _ in range(_MAX_NOTES):
        if not isinstance(note, dict):
            return
        expired_at = _instant(note.get("expired_at"))
        if expired_at is not None:
            yield expired_at
        note = note.get(CLOSED_BY)


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _instant(value: JSONValue) -> datetime | None:
    return datetime.fromisoformat(value) if isinstance(value, str) else None
