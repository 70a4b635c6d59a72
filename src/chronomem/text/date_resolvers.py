"""Resolvers of the date rules: one function per rule (``date_rules.py``), each turning a
match into an instant against a :class:`~chronomem.text.daymath.DayContext`.

The word tables they read (month, weekday and season names, counting words) are in
``date_words.py``; the resolvers of a duration from the reference day ("two years ago", "in
three weeks") are in ``duration_resolvers.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta, timezone

from chronomem.text.date_words import (
    MONTHS,
    ORDINAL_WORDS,
    PART_DAYS,
    SEASONS,
    WEEKDAYS,
    number,
)
from chronomem.text.daymath import (
    DayContext,
    add_months,
    day_in_year,
    midnight,
    monday_of,
    month_year,
    nearest_day_of_month,
    season_start,
    shift,
    weekday_date,
)

Resolver = Callable[[re.Match[str], DayContext], datetime | None]

_RANGE_OPENED = re.compile(r"\b(?:from|between)\b", re.I)
# a verb that moves a thing in time, before the "to" of the time it moves to ("the trip
# moves to November", "pushed to June")
_MOVED_BEFORE = re.compile(
    r"\b(?:mov(?:e|es|ed|ing)|push(?:es|ed)?|postpon(?:e|es|ed)|reschedul(?:e|es|ed)"
    r"|bump(?:s|ed)?|delay(?:s|ed)?|put\s+off|brought\s+forward|chang(?:e|es|ed))\b"
    r"[^.!?;,]{0,30}$",
    re.I,
)


def opens_range(m: re.Match[str]) -> bool:
    """Does a "from" or "between" open a span shortly before ``m`` ("from March to June")?"""
    return _RANGE_OPENED.search(m.string, max(0, m.start() - 30), m.start()) is not None


def _moved_to(m: re.Match[str]) -> bool:
    """Does a verb moving a thing in time come shortly before ``m``'s "to"?"""
    return _MOVED_BEFORE.search(m.string, max(0, m.start() - 40), m.start()) is not None


def ordinal_word_day(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "the first of September", "June the twenty-first": that day of the month named."""
    day = ORDINAL_WORDS[" ".join(m.group(1).lower().split())]
    return day_in_year(ctx, MONTHS[m.group(2).rstrip(".").lower()], day, m.group(3))


def month_ordinal_word(m: re.Match[str], ctx: DayContext) -> datetime | None:
    day = ORDINAL_WORDS[" ".join(m.group(2).lower().split())]
    return day_in_year(ctx, MONTHS[m.group(1).rstrip(".").lower()], day, m.group(3))


# -- resolvers, one per rule ----------------------------------------------------------------


def iso(m: re.Match[str], ctx: DayContext) -> datetime | None:
    y, mo, d, hh, mm, ss, tz = m.groups()
    value = datetime(int(y), int(mo), int(d), int(hh or 0), int(mm or 0), int(ss or 0))
    if tz and tz != "Z":
        sign = 1 if tz[0] == "+" else -1
        digits = tz[1:].replace(":", "")
        offset = timedelta(hours=int(digits[:2]), minutes=int(digits[2:] or 0))
        return value.replace(tzinfo=timezone(sign * offset)).astimezone(UTC)
    return value.replace(tzinfo=UTC)


def ymd_slash(m: re.Match[str], ctx: DayContext) -> datetime | None:
    return midnight(date(int(m.group(1)), int(m.group(2)), int(m.group(3))))


def day_month(m: re.Match[str], ctx: DayContext) -> datetime | None:
    month = MONTHS[m.group(2).rstrip(".").lower()]
    return day_in_year(ctx, month, int(m.group(1)), m.group(3))


def month_day(m: re.Match[str], ctx: DayContext) -> datetime | None:
    month = MONTHS[m.group(1).rstrip(".").lower()]
    return day_in_year(ctx, month, int(m.group(2)), m.group(3))


def month_then_days(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "November, 9 to 23": the first day of the span, of the month told before it."""
    return day_in_year(ctx, MONTHS[m.group(1).rstrip(".").lower()], int(m.group(2)), None)


def month_and_year(m: re.Match[str], ctx: DayContext) -> datetime | None:
    month = MONTHS[m.group(2).rstrip(".").lower()]
    part = (m.group(1) or "").lower()
    day = PART_DAYS.get(part, 1)
    return midnight(date(int(m.group(3)), month, day))


# "early 2020", "the end of 2023": the day a part of a year names
YEAR_PARTS = {"early": (1, 1), "start of": (1, 1), "beginning of": (1, 1), "mid": (7, 1),
              "middle of": (7, 1), "late": (10, 1), "end of": (12, 31)}  # fmt: skip


def part_of_year(m: re.Match[str], ctx: DayContext) -> datetime | None:
    month, day = YEAR_PARTS[" ".join(m.group(1).lower().split())]
    return midnight(date(int(m.group(2)), month, day))


def new_year(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "in the new year": the 1st of January after the reference day."""
    return midnight(date(ctx.day.year + 1, 1, 1))


def season_and_year(m: re.Match[str], ctx: DayContext) -> datetime | None:
    start = SEASONS[m.group(1).lower()]
    return midnight(date(int(m.group(2)), start, 1))


def ordinal_day(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "on the 14th": that day of this month, or of the next (ahead) or last (past) one."""
    return nearest_day_of_month(ctx, int(m.group(1)))


def year(m: re.Match[str], ctx: DayContext) -> datetime | None:
    return midnight(date(int(m.group(1)), 1, 1))


def short_year(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "since '18", "back in '09": the year of that century not after the reference's."""
    told = 2000 + int(m.group(1))
    return midnight(date(told if told <= ctx.day.year else told - 100, 1, 1))


# how chat spells the days next to today
_CHAT_DAYS = {
    "tmrw": "tomorrow", "tmr": "tomorrow", "tmrrw": "tomorrow", "tomoz": "tomorrow",
    "tomorow": "tomorrow", "2moro": "tomorrow", "2morrow": "tomorrow", "tonite": "tonight",
    "2nite": "tonight",
}  # fmt: skip


def named_day(m: re.Match[str], ctx: DayContext) -> datetime | None:
    key = " ".join(m.group(1).lower().split())
    key = _CHAT_DAYS.get(key, key)
    offset = {
        "the day before yesterday": -2, "the day after tomorrow": 2, "yesterday": -1,
        "last night": -1, "tomorrow": 1,
    }.get(key, 0)  # fmt: skip
    return midnight(ctx.day + timedelta(days=offset))


def part_of(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "the end of last year", "the beginning of next month", "the middle of this week";
    "the end of the month" is this one's."""
    part, modifier, what = (g.lower() for g in m.groups())
    count = {"last": -1, "this": 0, "the": 0, "next": 1}[modifier]
    if what == "year":
        year = ctx.day.year + count
        first, last = date(year, 1, 1), date(year, 12, 31)
    elif what == "month":
        first = add_months(ctx.day.replace(day=1), count)
        last = add_months(first, 1) - timedelta(days=1)
    else:
        first = monday_of(ctx.day) + timedelta(days=7 * count)
        last = first + timedelta(days=6)
    return _part(part, first, last)


def _part(part: str, first: date, last: date) -> datetime:
    if part == "end":
        return midnight(last)
    if part == "middle":
        return midnight(first + (last - first) / 2)
    return midnight(first)


def part_of_month(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "the end of June", "by the start of sept": that month, this year or the next as
    its tense says (as "in June")."""
    month = MONTHS[m.group(2).rstrip(".").lower()]
    first = date(month_year(ctx, month), month, 1)
    return _part(m.group(1).lower(), first, add_months(first, 1) - timedelta(days=1))


def after_next(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "the week after next" (its Monday), "the weekend after next" (its Saturday)."""
    monday = monday_of(ctx.day) + timedelta(days=14)
    return midnight(monday + timedelta(days=5 if m.group(1).lower() == "weekend" else 0))


def weekday_after_next(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "the Friday after next": a week after the coming Friday."""
    coming = weekday_date(replace(ctx, future=True), "", WEEKDAYS[m.group(1).lower()])
    return midnight(coming + timedelta(days=7))


def weekday_weeks_ago(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "three weeks ago Sunday": that many weeks before the last such day."""
    last = weekday_date(replace(ctx, future=False), "", WEEKDAYS[m.group(2).lower()])
    return midnight(last - timedelta(days=7 * number(m.group(1))))


def weekdays_ago(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "two Fridays ago": the last Friday is one Friday ago, the one before it two; "the
    Tuesday before last": two."""
    name, count = (m.group(2), number(m.group(1))) if m.group(2) else (m.group(3), 2)
    last = weekday_date(replace(ctx, future=False), "", WEEKDAYS[name.lower()])
    return midnight(last - timedelta(days=7 * (count - 1))) if count >= 1 else None


def weekday_of_week(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "Thursday next week", "next week Thursday", "Friday last week": that day of the week
    named."""
    name, which = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    step = {"last": -1, "this": 0, "next": 1}[which.lower()]
    monday = monday_of(ctx.day) + timedelta(days=7 * step)
    return midnight(monday + timedelta(days=WEEKDAYS[name.lower().rstrip(".")]))


def weekday_weeks_on(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "a week on Friday", "Monday week", "a fortnight on Tuesday": that many weeks after
    the coming such day."""
    unit = (m.group(1) or m.group(4)).lower()
    weekday = WEEKDAYS[(m.group(2) or m.group(3)).lower()]
    coming = weekday_date(replace(ctx, future=True), "", weekday)
    return midnight(coming + timedelta(days=14 if unit == "fortnight" else 7))


def modified(m: re.Match[str], ctx: DayContext) -> datetime | None:
    modifier = " ".join(m.group(1).lower().split()).replace("this past", "last")
    what = m.group(2).lower()
    if modifier in ("coming", "this coming") and what.rstrip(".") in WEEKDAYS:
        # "this coming Friday", "the bike is coming Friday": the nearest Friday ahead
        return midnight(weekday_date(replace(ctx, future=True), "", WEEKDAYS[what.rstrip(".")]))
    if what == "weekend":  # "this coming weekend": this one
        modifier = modifier.replace("this coming", "this").replace("coming", "this")
    modifier = modifier.replace("coming", "next").replace("this next", "next")
    if what in ("week", "month", "year"):
        count = {"last": -1, "this": 0, "next": 1}[modifier]
        return shift(ctx, count, what)
    if what == "weekend":
        monday = monday_of(ctx.day)
        days = {"last": -2, "this": 5, "next": 12}[modifier]
        return midnight(monday + timedelta(days=days))
    if what in SEASONS:
        return midnight(season_start(ctx, modifier, SEASONS[what]))
    return midnight(weekday_date(ctx, modifier, WEEKDAYS[what.rstrip(".")]))


def bare_weekday(m: re.Match[str], ctx: DayContext) -> datetime | None:
    return midnight(weekday_date(ctx, "", WEEKDAYS[m.group(1).lower()]))


def bare_month(m: re.Match[str], ctx: DayContext) -> datetime | None:
    modifier = m.group(1).lower()
    moved = modifier == "to" and _moved_to(m)
    if modifier == "to" and not (opens_range(m) or moved):
        return None  # "talked to June": "to" names a month ending "from May to June", or
        # the month a thing moves to ("Japan moves to November": ahead, as any move)
    ctx = replace(ctx, future=True) if moved else ctx
    month = MONTHS[m.group(2).rstrip(".").lower()]
    year = month_year(ctx, month, modifier if modifier in ("last", "next", "this") else "")
    return midnight(date(year, month, PART_DAYS.get(modifier, 1)))


def bare_season(m: re.Match[str], ctx: DayContext) -> datetime | None:
    return midnight(season_start(ctx, "", SEASONS[m.group(1).lower()]))


def the_weekend(m: re.Match[str], ctx: DayContext) -> datetime | None:
    monday = monday_of(ctx.day)
    in_weekend = ctx.day.weekday() >= 5
    days = 5 if (ctx.future or in_weekend) else -2
    return midnight(monday + timedelta(days=days))
