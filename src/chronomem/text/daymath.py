"""Calendar arithmetic for the rule extractor's date resolver (standard library only).

Everything works on the reference day; results are UTC datetimes at midnight of the day meant.
Weeks start on Monday. See :mod:`chronomem.text.dates` for the conventions.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta


@dataclass(frozen=True, slots=True)
class DayContext:
    """The reference instant and day, whether the sentence looks ahead, and whether a day
    of the coming weeks may stand ahead in a past tense (not a start: "since 3 May"; not a
    holiday: "we had a party at Christmas")."""

    ref: datetime
    day: date
    future: bool
    near_ahead: bool = True


def midnight(d: date) -> datetime:
    return datetime(d.year, d.month, d.day, tzinfo=UTC)


def add_months(d: date, months: int) -> date:
    """``d`` moved by whole months, the day clamped to the target month's length."""
    year, month0 = divmod(d.month - 1 + months, 12)
    year += d.year
    day = min(d.day, calendar.monthrange(year, month0 + 1)[1])
    return date(year, month0 + 1, day)


def nth_weekday(year: int, month: int, weekday: int, n: int) -> date | None:
    """The ``n``-th ``weekday`` (Monday 0) of ``month``; ``n`` -1: the last. ``None`` when
    the month has no such day (a fifth Monday)."""
    if n < 0:
        last = date(year, month, calendar.monthrange(year, month)[1])
        return last - timedelta(days=(last.weekday() - weekday) % 7)
    day = weekday_from(date(year, month, 1), weekday) + timedelta(weeks=n - 1)
    return day if day.month == month else None


def weekday_from(day: date, weekday: int) -> date:
    """The first ``weekday`` (Monday 0) on or after ``day``."""
    return day + timedelta(days=(weekday - day.weekday()) % 7)


def shift(ctx: DayContext, count: int, unit: str) -> datetime:
    unit = unit.lower().rstrip("s")
    if unit in ("minute", "hour"):
        return ctx.ref + timedelta(**{f"{unit}s": count})
    if unit in ("day", "week", "fortnight"):
        days = {"day": 1, "week": 7, "fortnight": 14}[unit] * count
        return midnight(ctx.day + timedelta(days=days))
    months = {"month": 1, "year": 12, "decade": 120}[unit] * count
    return midnight(add_months(ctx.day, months))


def monday_of(d: date) -> date:
    return d - timedelta(days=d.weekday())


def weekday_date(ctx: DayContext, modifier: str, weekday: int) -> date:
    d = ctx.day
    if modifier == "next":
        return monday_of(d) + timedelta(days=7 + weekday)
    if modifier == "this":
        return monday_of(d) + timedelta(days=weekday)
    if modifier == "last" or not ctx.future:
        return d - timedelta(days=(d.weekday() - weekday) % 7 or 7)
    return d + timedelta(days=(weekday - d.weekday()) % 7 or 7)


def season_start(ctx: DayContext, modifier: str, start_month: int) -> date:
    d = ctx.day
    current = date(d.year if d.month >= start_month else d.year - 1, start_month, 1)
    if modifier == "this":
        return date(d.year - (1 if start_month == 12 and d.month <= 2 else 0), start_month, 1)
    if modifier == "next" or (modifier == "" and ctx.future):
        return date(current.year + 1, start_month, 1)
    if modifier == "last" and add_months(current, 3) > d:
        return date(current.year - 1, start_month, 1)
    return current


def month_year(ctx: DayContext, month: int, modifier: str = "") -> int:
    """The year of a month named without one ("in May", "last May", "next May")."""
    year, now = ctx.day.year, ctx.day.month
    if modifier == "this":
        return year
    if modifier == "last":
        return year if month < now else year - 1
    if modifier == "next":
        return year if month > now else year + 1
    if ctx.future:
        return year if month >= now else year + 1
    return year if month <= now else year - 1


# a day named in the weeks just ahead is that day, even told in the past tense ("the
# appointment on 24 September has been cancelled", "booked flights for 3 December"),
# not the same day the year before
NEAR_AHEAD = timedelta(days=31)
_COUNTED_YEARS = {"last": -1, "this": 0, "next": 1}


def day_in_year(ctx: DayContext, month: int, day: int, year: str | None) -> datetime | None:
    """The day ``day``/``month`` of ``year`` (a number, or "next year" / "last year" /
    "this year"); without one, the occurrence the sentence's tense points to (a day of the
    coming weeks stays ahead when ``ctx.near_ahead``)."""
    if year and year[:1].isdigit():
        return midnight(date(int(year), month, day))
    if year:
        return midnight(date(ctx.day.year + _COUNTED_YEARS[year.split()[0].lower()], month, day))
    when = date(ctx.day.year, month, day)
    near = ctx.near_ahead and when - ctx.day <= NEAR_AHEAD
    if not ctx.future and when > ctx.day and not near:
        when = date(when.year - 1, month, day)
    elif ctx.future and when < ctx.day:
        when = date(when.year + 1, month, day)
    return midnight(when)


def nearest_day_of_month(ctx: DayContext, day: int) -> datetime | None:
    """Day ``day`` of this month, or of the next (ahead) or last (past) month that has it
    and lies on the clause's side of the reference day ("on the 14th", "Friday the 31st")."""
    step = 1 if ctx.future else -1
    for months in (0, step, 2 * step):
        first = add_months(ctx.day.replace(day=1), months)
        try:
            when = first.replace(day=day)
        except ValueError:
            continue
        if (when >= ctx.day) if ctx.future else (when <= ctx.day):
            return midnight(when)
    return None
