"""Resolvers of the date rules: one function per rule (``date_rules.py``), each turning a
match into an instant against a :class:`~chronomem.text.daymath.DayContext`.

The word tables they read (month, weekday and season names, counting words) live here too,
as the rules build their patterns from the same names.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta, timezone

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
from chronomem.text.lasting import lasted_until_now
from chronomem.text.tense import clause_tense

MONTHS = {
    name: i
    for i, names in enumerate(
        [
            "january jan",
            "february feb",
            "march mar",
            "april apr",
            "may",
            "june jun",
            "july jul",
            "august aug",
            "september sep sept",
            "october oct",
            "november nov",
            "december dec",
        ],
        start=1,
    )
    for name in names.split()
}
# the months' names as one alternation, the longest first ("september" before "sep")
MONTH_NAMES = "|".join(sorted(MONTHS, key=len, reverse=True))
WEEKDAYS = {
    name: i
    for i, names in enumerate(
        [
            "monday mon",
            "tuesday tue tues",
            "wednesday wed weds",
            "thursday thu thur thurs",
            "friday fri",
            "saturday sat",
            "sunday sun",
        ]
    )
    for name in names.split()
}
NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "fifteen": 15, "twenty": 20, "thirty": 30, "a couple of": 2, "a couple": 2,
    "couple of": 2, "couple": 2, "a few": 3, "few": 3, "several": 3, "a dozen": 12,
}  # fmt: skip
# a count a duration or a lapse is told in, as a regex alternation (``number`` reads each)
COUNTS = r"\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
# "mid-June", "late May": the day a part of a month names ("early" and a bare month: the 1st)
PART_DAYS = {"mid": 15, "late": 20}

Resolver = Callable[[re.Match[str], DayContext], datetime | None]


def number(text: str) -> int:
    key = " ".join(text.lower().split())
    return int(key) if key.isdigit() else NUMBERS.get(key, 1)


_RANGE_OPENED = re.compile(r"\b(?:from|between)\b", re.I)


def opens_range(m: re.Match[str]) -> bool:
    """Does a "from" or "between" open a span shortly before ``m`` ("from March to June")?"""
    return _RANGE_OPENED.search(m.string, max(0, m.start() - 30), m.start()) is not None


ORDINAL_WORDS = {
    word: i
    for i, word in enumerate(
        ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
         "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
         "seventeenth", "eighteenth", "nineteenth", "twentieth"),
        start=1,
    )
} | {
    f"{tens}{sep}{unit}": base + i
    for tens, base in (("twenty", 20), ("thirty", 30))
    for sep in ("-", " ", "")
    for i, unit in enumerate(("first", "second", "third", "fourth", "fifth", "sixth",
                              "seventh", "eighth", "ninth"), start=1)
    if base + i <= 31
}  # fmt: skip


# a day of the month said in words, as a pattern: "first", "twenty-first", "thirty first"
ORDINAL_WORD = (
    "(?i:" + "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True)).replace(" ", r"\s+") + ")"
)


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


def ago(m: re.Match[str], ctx: DayContext) -> datetime | None:
    return shift(ctx, -number(m.group(1)), m.group(2))


def lasted(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "(I've been at X) for two years now": the start of a state still holding."""
    if not lasted_until_now(m.string, m.start(), _running_end(m)):
        return None
    return shift(ctx, -number(m.group(1)), m.group(2))


# "a year and a half", "two and a half months", "half a year": the half as whole smaller units
_HALF_OF = {"year": (6, 0), "decade": (60, 0), "month": (0, 15), "fortnight": (0, 7),
            "week": (0, 3), "day": (0, 0)}  # fmt: skip


def _halves_back(m: re.Match[str], ctx: DayContext) -> datetime:
    """The day a span with a half ("a year and a half", "half a month") before the
    reference day (groups: count and unit, or count and unit after "and a half", or the
    unit of "half a")."""
    if m.group(2):
        count, unit = number(m.group(1)), m.group(2)
    elif m.group(4):
        count, unit = number(m.group(3)), m.group(4)
    else:
        count, unit = 0, m.group(5)
    unit = unit.lower().rstrip("s")
    whole = shift(ctx, -count, unit)
    if unit in ("minute", "hour"):  # "half an hour ago": the instant, not the day
        return whole - timedelta(minutes=30 if unit == "hour" else 0)
    months, days = _HALF_OF.get(unit, (0, 0))
    return midnight(add_months(whole.date(), -months) - timedelta(days=days))


def halves_ago(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "a year and a half ago", "half a year back"."""
    return _halves_back(m, ctx)


def halves_lasted(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "(I've lived here) for a year and a half": the start of a state still holding."""
    return _halves_back(m, ctx) if lasted_until_now(m.string, m.start(), _running_end(m)) else None


def _running_end(m: re.Match[str]) -> int | None:
    """Where a duration told with "for" ends: one followed by "now" may say it is still
    running ("off sugar for two weeks now"); a bare one ("Leo is 6 years now") may be an
    age, so only a perfect dates it."""
    return m.end() if m.group(0)[:4].lower() == "for " else None


def ahead(m: re.Match[str], ctx: DayContext) -> datetime | None:
    if m.group(0)[:3].lower() == "in " and _COUNTED.search(m.string, 0, m.start()):
        return None  # "three launches in one month", "lost 5 kg in a month": a rate
    if m.group(0)[:3].lower() == "in " and _took(m):
        return None  # "fixed the fan in two days": how long it took, no day ahead
    return shift(ctx, number(m.group(1)), m.group(2))


def ahead_of_tomorrow(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "a fortnight tomorrow", "three weeks from tomorrow": that long after tomorrow;
    "tomorrow week": a week after it."""
    count, unit = (1, m.group(3)) if m.group(3) else (number(m.group(1)), m.group(2))
    return shift(ctx, count, unit) + timedelta(days=1)


# what tells a day ahead before "in <a while>" in its clause ("he said he'd call in two days")
_STILL_AHEAD = re.compile(
    r"\b(?:will|would|shall|going|gonna|am|is|are|be|start|starts|starting|leave|leaving|"
    r"back|due)\b|'ll\b|'d\b|'m\b|'re\b",
    re.I,
)


def _took(m: re.Match[str]) -> bool:
    """Is "in <a while>" how long a past deed took ("learned to swim in a week")?"""
    text, at = m.string, m.start()
    clause = max(text.rfind(c, 0, at) for c in ",;.!?") + 1
    past = clause_tense(text, m.start(), m.end()) == "past"
    return past and _STILL_AHEAD.search(text, clause, at) is None


# a count of things before "in <a while>": how many within it, no day ahead
_COUNTED = re.compile(
    r"(?i:\b(?:\d[\d.,]*|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|"
    r"thirty|forty|fifty|hundreds\s+of|dozens\s+of|several|a\s+few|a\s+couple\s+of)\s+"
    r"(?:[a-z-]+\s+)?(?:[a-z]+s|kg|km|lbs?|k)\s+)$"
)


def bare_weekday(m: re.Match[str], ctx: DayContext) -> datetime | None:
    return midnight(weekday_date(ctx, "", WEEKDAYS[m.group(1).lower()]))


def bare_month(m: re.Match[str], ctx: DayContext) -> datetime | None:
    modifier = m.group(1).lower()
    if modifier == "to" and not opens_range(m):
        return None  # "talked to June": "to" names a month only ending "from May to June"
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
