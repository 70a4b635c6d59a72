"""Days told as part of a span or by their place in a month: "from 20 to 27 July", "July
20-27", "the 3rd to the 9th of May" (the first day takes the month told after the second, the
second the month told before it), "21st-25th" (no month: the first is the nearest 21st on the
clause's side of the day told, the second the next 25th after it), and "the first Sunday in
June", "the last Friday of the month". The rules open ``date_rules.py``'s table; each one
resolves as its neighbours do (the clause's tense picks the year of a month told without one).
"""

from __future__ import annotations

import re
from calendar import monthrange
from datetime import date, datetime, timedelta

from chronomem.text.date_resolvers import ordinal_day
from chronomem.text.date_words import MONTH_NAMES, MONTHS, WEEKDAYS
from chronomem.text.daymath import (
    DayContext,
    add_months,
    day_in_year,
    midnight,
    month_year,
    nearest_day_of_month,
    nth_weekday,
)
from chronomem.text.numeric_dates import ORDINAL_DAY, ORDINAL_SUFFIXES

_WEEKDAY_NAME = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
_SUFFIX = r"(?i:st|nd|rd|th)"
_ORD = r"(?:st|nd|rd|th)?"
_JOIN = r"\s*(?:to|until|till|through|thru|-|\u2013)\s*"
_YEAR = r"(?:19|20)\d{2}"


def _first_of_span(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "from 20 to 27 July": the 20th of the month told after the span's end."""
    month = MONTHS[m.group(2).rstrip(".").lower()]
    return day_in_year(ctx, month, int(m.group(1)), m.group(3))


_MONTH_DAY_BEFORE = re.compile(rf"\b({MONTH_NAMES})\.?,?\s+(\d{{1,2}}){_ORD}\s*$", re.I)


_ORDINAL_BEFORE = re.compile(rf"{ORDINAL_DAY}\s*$")


def _last_of_span(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "July 20-27": the 27th of the month told before the span's start; "21st-25th": the
    first 25th after the span's first day (``_after_the_ordinal``)."""
    last = int(m.group(1))
    before = _MONTH_DAY_BEFORE.search(m.string, max(0, m.start() - 20), m.start())
    if before is None:  # both days told as ordinals: "21st-25th", not "my 21st - 25 came"
        ordinal = _ORDINAL_BEFORE.search(m.string, max(0, m.start() - 12), m.start())
        if ordinal is None or not re.search(rf"\d{_SUFFIX}$", m.group()):
            return None
        return _after_the_ordinal(ctx, int(ordinal.group(1)), last)
    month = MONTHS[before.group(1).rstrip(".").lower()]
    first = day_in_year(ctx, month, int(before.group(2)), None)
    if first is None or last < first.day:
        return None
    return midnight(first.date().replace(day=last))


def _after_the_ordinal(ctx: DayContext, first_day: int, last: int) -> datetime | None:
    """The first day ``last`` of a month after the span's first day, the nearest
    ``first_day`` on the clause's side ("28th-3rd" ends in the next month)."""
    first = nearest_day_of_month(ctx, first_day)
    if first is None or not 1 <= last <= 31:
        return None
    for months in (0, 1, 2):
        month = add_months(first.date().replace(day=1), months)
        if (
            last <= monthrange(month.year, month.month)[1]
            and month.replace(day=last) > first.date()
        ):
            return midnight(month.replace(day=last))
    return None


_NTH = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
        "4th": 4, "last": -1}  # fmt: skip


def _nth_weekday(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "the first Sunday in June", "the last Friday of next month": that day of that month
    (a month told by name: this year's or the next, as its clause's tense says); "the last
    weekend of March" is its Saturday, "the last day of April" the 30th, "the last days of
    the month" its last day and "the last week of August" the 25th."""
    nth, what = _NTH[m.group(1).lower()], m.group(2).lower()
    named, step = m.group(3), m.group(4)
    if named:
        month = MONTHS[named.rstrip(".").lower()]
        first = date(month_year(ctx, month), month, 1)
    else:
        shift = {"this": 0, "the": 0, "next": 1, "last": -1}[step.lower()]
        first = add_months(ctx.day.replace(day=1), shift)
    last = first.replace(day=monthrange(first.year, first.month)[1])
    if what in ("day", "days"):  # "the last day of April": the month's own first or last day
        return midnight(first if nth == 1 else last) if nth in (1, -1) else None
    if what == "week":  # "the last week of August": from the 25th; "the first week": the 1st
        return midnight(first if nth == 1 else last - timedelta(days=6)) if nth in (1, -1) else None
    weekday = 5 if what == "weekend" else WEEKDAYS[what]  # a weekend: its Saturday
    day = nth_weekday(first.year, first.month, weekday, nth)
    return midnight(day) if day is not None else None


SPAN_RULES = (
    (
        rf"(?i:\b(?:from\s+)?(?:the\s+)?)\b(\d{{1,2}}){_ORD}(?={_JOIN}(?:the\s+)?\d{{1,2}}{_ORD}"
        rf"(?:\s+of)?\s+(?i:({MONTH_NAMES}))\b\.?(?:,?\s+({_YEAR})\b)?)",
        _first_of_span,
        frozenset(MONTHS),
    ),
    (  # "21st-25th", "the 21st to the 25th": a span of a month no word names
        rf"(?i:\b(?:from\s+)?(?:the\s+)?){ORDINAL_DAY}(?={_JOIN}(?:the\s+)?\d{{1,2}}{_SUFFIX}\b"
        rf"(?!\s*(?:of\s+)?(?i:{MONTH_NAMES}|:|\d)))",
        ordinal_day,  # the nearest 21st on the clause's side, as "on the 21st"
        ORDINAL_SUFFIXES,
    ),
    (
        rf"(?i:{_JOIN}(?:the\s+)?)\b(\d{{1,2}}){_ORD}\b(?!\s*(?:of\s+)?(?i:{MONTH_NAMES}|:|\d))",
        _last_of_span,
        frozenset(MONTHS) | ORDINAL_SUFFIXES,
    ),
    (
        rf"(?i:\b(?:on\s+)?(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last)\s+"
        rf"({_WEEKDAY_NAME}|weekend|days|day|week)\s+(?:in|of)\s+"
        rf"(?:({MONTH_NAMES})\b\.?|(this|next|last|the)\s+month\b))",
        _nth_weekday,
        frozenset(WEEKDAYS) | {"weekend", "day", "days", "week"},
    ),
)
