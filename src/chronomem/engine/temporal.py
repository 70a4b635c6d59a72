"""The temporal rules of ingestion, as pure functions on facts.

* :func:`merge_duplicate` — a new statement of a stored fact: widen provenance, keep the
  earliest known start and end, keep the more informative text.
* :func:`resolve_contradiction` — two facts that cannot both hold: a plan replaced before it
  began is withdrawn (a reschedule); a fact whose start is only when it was heard is ended
  by later news that dates its own start before it (:func:`outdated_by_later_news`);
  otherwise whichever started later closes the other at its start. Applied the same way
  whatever order the episodes arrive in, so out-of-order ingestion gives the in-order
  timeline.
* ``model.time.sane_interval`` — ``invalid_at`` is never before ``valid_at``: an ending
  dated before the known start keeps the end and makes the start unknown. Every store refuses an
  inverted interval (``stores/intervals_check.py``).

Whenever a fact's ``invalid_at`` is set or moved, ``expired_at`` becomes ``now``: the system
time at which the memory learned that the fact ends. :func:`chronomem.model.is_believed` reads
the two together; the state before is kept in a closing note (``engine/facts.py``), which
:func:`chronomem.model.belief.as_known` reads to show a fact as it was believed earlier.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from chronomem.model import Fact
from chronomem.model.time import sane_interval


def _earliest(a: datetime | None, b: datetime | None) -> datetime | None:
    if a is None:
        return b
    if b is None:
        return a
    return min(a, b)


def close_at(fact: Fact, end: datetime | None, now: datetime) -> Fact:
    """``fact`` with ``invalid_at`` moved to ``end`` if that is earlier; expired when moved
    (at ``now``, never before the fact was learned: a replayed history may close a fact
    learned later than the message that ends it).

    An end before the fact's start follows the policy of
    :func:`chronomem.model.time.sane_interval`.
    """
    invalid_at = _earliest(fact.invalid_at, end)
    if invalid_at == fact.invalid_at:
        return fact
    valid_at, invalid_at = sane_interval(fact.valid_at, invalid_at)
    expired_at = max(now, fact.created_at)
    return replace(fact, valid_at=valid_at, invalid_at=invalid_at, expired_at=expired_at)


def merge_duplicate(stored: Fact, new: Fact, now: datetime) -> Fact:
    """Fold ``new`` (a restatement of ``stored``) into ``stored``."""
    episodes = stored.episodes + tuple(e for e in new.episodes if e not in stored.episodes)
    ending = new.valid_at is None and new.invalid_at is not None
    # an ending ("I left Acme") folded into the open fact keeps the fact's own statement
    richer = len(new.fact) > len(stored.fact) and not (ending and stored.invalid_at is None)
    merged = replace(
        stored,
        valid_at=_earliest(stored.valid_at, new.valid_at),
        episodes=episodes,
        fact=new.fact if richer else stored.fact,
        embedding=new.embedding if richer else stored.embedding,
        attributes={**new.attributes, **stored.attributes},
    )
    return close_at(merged, new.invalid_at, now)


def resolve_contradiction(
    stored: Fact, new: Fact, now: datetime, *, said: tuple[datetime, datetime] | None = None
) -> tuple[Fact, Fact]:
    """Return (stored', new') after deciding which of two contradicting facts ends.

    ``said``: when each was stated (the reference times of their first episodes). A plan
    replaced before it began is withdrawn (:func:`withdrawn_plan`). Otherwise the fact that
    started later wins: the other gets ``invalid_at`` = the winner's start (unless it
    already ended earlier). A fact with no known start counts as older.
    """
    if said is not None:
        withdrawn = withdrawn_plan(stored, new, said)
        if withdrawn is stored:
            return close_at(stored, stored.valid_at, now), new
        if withdrawn is new:
            return stored, close_at(new, new.valid_at, now)
        outdated = outdated_by_later_news(stored, new, said)
        if outdated is stored:
            return close_at(stored, new.valid_at, now), new
        if outdated is new:
            return stored, close_at(new, stored.valid_at, now)
    new_start = new.valid_at
    if new_start is not None and (stored.valid_at is None or stored.valid_at <= new_start):
        return close_at(stored, new_start, now), new
    if stored.valid_at is not None and (new_start is None or new_start < stored.valid_at):
        return stored, close_at(new, stored.valid_at, now)
    return stored, new


def withdrawn_plan(stored: Fact, new: Fact, said: tuple[datetime, datetime]) -> Fact | None:
    """Which of two contradicting facts is a plan replaced before it began, if either.

    A fact whose start is after the moment the other was said had not begun when it was
    replaced ("the wedding is on the 14th", then "the wedding moved to the 21st"): it never
    held, so it is closed at its own start (an empty interval, hidden from every query)
    instead of being cut at the new start. Whichever statement came later wins, whatever
    the order of ingestion.
    """
    stored_said, new_said = said
    if stored_said <= new_said:
        return stored if stored.valid_at is not None and stored.valid_at > new_said else None
    return new if new.valid_at is not None and new.valid_at > stored_said else None


def outdated_by_later_news(stored: Fact, new: Fact, said: tuple[datetime, datetime]) -> Fact | None:
    """Which of two contradicting facts later news outdates, if either.

    "Lara lives in Madrid" told on 1 March starts then only because that is when it was
    heard; "Lara moved to Seville last month", told on 31 March and still holding, dates its
    own start before that. The later news is the current value: the fact told earlier, whose
    start is only when it was told, ends at the start the later one gives (its own start
    becomes unknown, ``model.time.sane_interval``) -- instead of the later news being cut
    at a start that was only a hearing. A start the text gave ("since 2019") is left to the
    rule of the later start.
    """
    stored_said, new_said = said
    if stored_said == new_said:
        return None
    old, later, old_said = (
        (stored, new, stored_said) if stored_said < new_said else (new, stored, new_said)
    )
    if (
        later.invalid_at is None
        and later.valid_at is not None
        and old.valid_at == old_said
        and later.valid_at < old_said
    ):
        return old
    return None


def overlaps(a: Fact, b: Fact) -> bool:
    """Do the world intervals of two facts overlap or touch? Open ends count as overlapping."""
    a_start_before_b_end = a.valid_at is None or b.invalid_at is None or a.valid_at < b.invalid_at
    b_start_before_a_end = b.valid_at is None or a.invalid_at is None or b.valid_at < a.invalid_at
    return a_start_before_b_end and b_start_before_a_end
