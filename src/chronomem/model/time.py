"""Time helpers and the bi-temporal visibility rule.

Every datetime in chronomem is timezone-aware. Stores keep instants as integer microseconds
since the Unix epoch (UTC), which compare and index cheaply on every backend.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from chronomem.errors import UsageError

if TYPE_CHECKING:
    from chronomem.model.graph import Fact

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def ensure_aware(value: datetime, what: str) -> datetime:
    """Return ``value`` in UTC; a naive or non-datetime value is a :class:`UsageError`."""
    if not isinstance(value, datetime):
        raise UsageError(f"{what} must be a datetime, got {type(value).__name__}")
    if value.tzinfo is None or value.tzinfo.utcoffset(value) is None:
        raise UsageError(
            f"{what} is a naive datetime ({value.isoformat()}): give it a timezone, "
            "e.g. datetime(2024, 1, 1, tzinfo=timezone.utc)"
        )
    try:
        return value.astimezone(UTC)
    except (OverflowError, ValueError):
        raise UsageError(
            f"{what} {value.isoformat()} is outside the years 1-9999 once converted to UTC: "
            "use a time within the calendar"
        ) from None


def ensure_aware_or_none(value: datetime | None, what: str) -> datetime | None:
    return None if value is None else ensure_aware(value, what)


def parse_instant(text: str, what: str) -> datetime:
    """Parse an ISO-8601 instant with a timezone ('2024-01-15T14:00:00Z')."""
    try:
        value = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except (TypeError, ValueError, AttributeError):
        raise UsageError(
            f"{what} {text!r} is not an ISO-8601 datetime; use e.g. '2024-01-15T14:00:00Z'"
        ) from None
    if value.tzinfo is None:
        raise UsageError(
            f"{what} {text!r} has no time zone: add one, e.g. '{value.isoformat()}Z' (UTC) "
            f"or '{value.isoformat()}+02:00'"
        )
    return ensure_aware(value, what)


def to_micros(value: datetime) -> int:
    """Microseconds since the Unix epoch (UTC) of an aware datetime."""
    return (value - _EPOCH) // timedelta(microseconds=1)


def from_micros(value: int) -> datetime:
    return _EPOCH + timedelta(microseconds=value)


def micros_or_none(value: datetime | None) -> int | None:
    return None if value is None else to_micros(value)


def from_micros_or_none(value: int | None) -> datetime | None:
    return None if value is None else from_micros(value)


@dataclass(frozen=True, slots=True)
class TimeRange:
    """A half-open interval [start, end); either side may be open (None)."""

    start: datetime | None = None
    end: datetime | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "start", ensure_aware_or_none(self.start, "range start"))
        object.__setattr__(self, "end", ensure_aware_or_none(self.end, "range end"))
        if self.start and self.end and self.start >= self.end:
            raise UsageError("a time range needs start < end")

    def contains(self, value: datetime | None) -> bool:
        if value is None:
            return False
        return (self.start is None or value >= self.start) and (
            self.end is None or value < self.end
        )


def is_believed(fact: Fact, *, valid_at: datetime, known_at: datetime) -> bool:
    """Was ``fact`` true at world time ``valid_at``, as the memory believed at ``known_at``?

    The one rule behind "now", "as of" (valid_at) and "as known at" (known_at) queries:

    * the fact must have been learned by ``known_at`` (``created_at <= known_at``);
    * a retraction (``expired_at`` set, no ``invalid_at``) hides it from ``expired_at`` on;
    * its world interval must contain ``valid_at`` — where ``invalid_at`` counts only if the
      memory had learned it by ``known_at`` (``expired_at <= known_at``); before that the
      fact was believed open-ended.

    Stores implement the same rule in their query language (see ``FactFilter``).
    """
    if fact.created_at > known_at:
        return False
    learned_end = fact.expired_at is not None and fact.expired_at <= known_at
    if learned_end and fact.invalid_at is None:
        return False
    if fact.valid_at is not None and fact.valid_at > valid_at:
        return False
    return not (learned_end and fact.invalid_at is not None and fact.invalid_at <= valid_at)


def is_upcoming(fact: Fact, *, valid_at: datetime, known_at: datetime) -> bool:
    """Is ``fact`` a plan or scheduled event still ahead of ``valid_at``, as believed at
    ``known_at``? Learned by ``known_at``, starting after ``valid_at``, and not withdrawn: a
    retraction, or a plan cancelled or rescheduled (closed at its own start), hides it.

    Default ``search`` and ``context`` show these next to current facts
    (``SearchFilter(upcoming=True)``); stores implement the same rule.
    """
    if fact.created_at > known_at or fact.valid_at is None or fact.valid_at <= valid_at:
        return False
    learned_end = fact.expired_at is not None and fact.expired_at <= known_at
    return not learned_end or (fact.invalid_at is not None and fact.invalid_at > fact.valid_at)


def sane_interval(
    valid_at: datetime | None, invalid_at: datetime | None
) -> tuple[datetime | None, datetime | None]:
    """The policy for an ending dated before the known start: the end wins, the start
    becomes unknown (``None``).

    "I work at Google" on Jan 10 starts the fact at Jan 10 only because that is when we heard
    it; "I left Google last week" on Jan 15 (an end on Jan 8) is the later, explicit
    statement. So the fact ends on Jan 8 and started at some unknown time before: it is not
    current, it was true before Jan 8, and ``invalid_at`` is never before ``valid_at``.
    """
    if valid_at is not None and invalid_at is not None and invalid_at < valid_at:
        return None, invalid_at
    return valid_at, invalid_at
