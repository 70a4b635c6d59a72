"""Dates as chat writes them: months in lower case, a day "of this month".

"moved out back in march", "quit in may", "since march": the two month names that are also
common English words ("march", "may") are read in lower case only after a word that makes
them a date ("in", "since", "until", "back in", "last", "early", ...) and not before a verb
("in may be"). "the 2nd of this month", "the 30th of last month": a day of a month named by
its place. The rules open ``date_rules.py``'s table and resolved the same way (the
clause's tense picks the year of a month named without one).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from chronomem.text.date_resolvers import opens_range
from chronomem.text.date_words import (
    MONTH_NAMES,
    MONTHS,
    ORDINAL_WORD,
    ORDINAL_WORDS,
    PART_DAYS,
    WEEKDAYS,
)
from chronomem.text.daymath import (
    DayContext,
    add_months,
    day_in_year,
    midnight,
    month_year,
    nearest_day_of_month,
)

_LOWER_MONTHS = {"march": 3, "may": 5}
# "in may be": a modal, not the month
_MODAL_NEXT = (
    r"(?!\s+(?:be|have|not|also|well|need|take|help|seem|sound|cause|come|go|get|make|mean"
    r"|want|look|feel|work|or may)\b)"
)


def _lower_month(m: re.Match[str], ctx: DayContext) -> datetime | None:
    modifier = m.group(1).lower().split()[-1]
    if modifier == "to" and not opens_range(m):
        return None  # "to march": a verb, unless it ends a span ("from feb to march")
    month = MONTHS[m.group(2).lower()]
    day = PART_DAYS.get(modifier, 1)
    if m.group(3):
        return midnight(date(int(m.group(3)), month, day))
    year = month_year(ctx, month, modifier if modifier in ("last", "next", "this") else "")
    return midnight(date(year, month, day))


def _lower_day_month(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "30 may", "may 30th": a day of a lower-case month, in either order."""
    month = _LOWER_MONTHS[m.group("month").lower()]
    return day_in_year(ctx, month, int(m.group("day")), m.group("year"))


def _day_of_month(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "the 2nd of this month", "the 30th of last month", "the 3rd of next month"."""
    step = {"this": 0, "last": -1, "next": 1, "the": 0}[m.group(2).lower()]
    first = add_months(ctx.day.replace(day=1), step)
    told = m.group(1).lower()
    day = int(told) if told.isdigit() else ORDINAL_WORDS[" ".join(told.replace("-", " ").split())]
    try:
        return midnight(first.replace(day=day))
    except ValueError:
        return None


_WEEKDAY_NAMES = frozenset(
    {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue",
     "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"}
)  # fmt: skip
_WEEKDAY = "(?:" + "|".join(sorted(_WEEKDAY_NAMES, key=len, reverse=True)) + ")"
_WEEKDAY_AT = re.compile(rf"(?i:(?:on\s+)?(?:(?:next|this|coming)\s+)?({_WEEKDAY})\b)")


def _weekday_and_day(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "Friday the 16th", "Saturday the first", "Fri 19 July", "Saturday, March 8th": the day
    named wins; of the months (or, with a month named, the years) it could be in, the
    nearest where it falls on the weekday named ("moving on Saturday the 21st", said on 2
    November: 21 November, a Saturday, not 21 October)."""
    said = m.group(6)  # "Saturday the first"
    day = ORDINAL_WORDS[" ".join(said.lower().split())] if said else 0
    day = day or int(m.group(1) or m.group(4) or m.group(5))
    month_name = (m.group(2) or m.group(3) or "").rstrip(".").lower()
    if month_name and m.group(7):
        return day_in_year(ctx, MONTHS[month_name], day, m.group(7))
    named = _WEEKDAY_AT.match(m.group(0))
    weekday = WEEKDAYS[named.group(1).lower()] if named else None
    if month_name:
        month = MONTHS[month_name]
        days = [_day_or_none(ctx.day.year + k, month, day) for k in (-1, 0, 1)]
    else:
        firsts = [add_months(ctx.day.replace(day=1), k) for k in range(-2, 3)]
        days = [_day_or_none(f.year, f.month, day) for f in firsts]
    fitting = [d for d in days if d is not None and d.weekday() == weekday]
    if fitting:
        ahead = ctx.future
        return midnight(min(fitting, key=lambda d: (abs(d - ctx.day), (d < ctx.day) == ahead)))
    if month_name:
        return day_in_year(ctx, MONTHS[month_name], day, None)
    return nearest_day_of_month(ctx, day)


def _day_or_none(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


# months typed in lower case that are also words or names ("march", "may") or cut short
# ("sept", "oct", "jan"): months only after a date word ("since sept", "back in feb")
_LOWER_AFTER = frozenset(_LOWER_MONTHS) | frozenset(
    m for m in MONTHS if len(m) <= 4 and m not in ("june", "july")
)
_LOWER_NAME = "|".join(sorted(_LOWER_AFTER, key=len, reverse=True))


def _before_last(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "the year before last" (1 January of that year), "the week / month before last"."""
    what = m.group(1).lower()
    if what == "year":
        return midnight(date(ctx.day.year - 2, 1, 1))
    if what == "month":
        return midnight(add_months(ctx.day.replace(day=1), -2))
    return midnight(ctx.day - timedelta(days=ctx.day.weekday() + 14))


# what may follow a weekday's day of the month told without "th" ("from Monday 14 I take",
# "Friday 18."): the clause ends or goes on; not an hour, a quantity or a noun it counts
_BARE_DAY_ENDS = (
    r"(?=\s*(?:$|[,.;:!?)\u2013\u2014-](?!\d))|\s+(?:[A-Z]|(?i:i|we|he|she|they|you|my|our|the|at|"
    r"in|and|to|for|is|was|will)\b))"
)

CASUAL_RULES = (
    (
        r"(?i:\b(?:in\s+|during\s+)?the\s+(year|month|week)\s+before\s+last\b)",
        _before_last,
        frozenset({"before"}),
    ),
    (
        rf"(?i:\b(?:on\s+)?(?:(?:next|this|coming)\s+)?{_WEEKDAY}\.?,?\s+(?:the\s+)?)(?:(?i:(\d{{1,2}})(?:st|nd|rd|th)?\s+"
        rf"(?:of\s+)?({MONTH_NAMES})\.?)|(?i:({MONTH_NAMES})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?)"
        rf"|(\d{{1,2}})(?:(?i:st|nd|rd|th)|{_BARE_DAY_ENDS})|(?<=the )({ORDINAL_WORD}))\b"
        rf"(?:,?\s+((?:19|20)\d{{2}})\b)?",
        _weekday_and_day,
        _WEEKDAY_NAMES,
    ),
    (
        r"(?i:\b(back\s+in|in|since|until|till|during|last|next|early|late|mid|around|from|to"
        r"|by|before|after|through)[- ]\s*)"
        rf"({_LOWER_NAME})\b(?:,?\s+((?:19|20)\d{{2}})\b|(?![\s,]*\d))" + _MODAL_NEXT,
        _lower_month,
        _LOWER_AFTER,
    ),
    (
        r"(?i:\bon\s+)?(?i:\bthe\s+)?\b(?P<day>\d{1,2})(?i:st|nd|rd|th)?(?:\s+of)?\s+"
        r"(?P<month>march|may)\b(?:,?\s+(?P<year>(?:19|20)\d{2})\b)?" + _MODAL_NEXT,
        _lower_day_month,
        frozenset(_LOWER_MONTHS),
    ),
    (  # "may 30th", "march 3rd, 2026": the day's ordinal makes the word a month
        r"(?i:\bon\s+)?\b(?P<month>march|may)\s+(?P<day>\d{1,2})(?i:st|nd|rd|th)\b"
        r"(?:,?\s+(?P<year>(?:19|20)\d{2})\b)?",
        _lower_day_month,
        frozenset(_LOWER_MONTHS),
    ),
    (
        # the article left out as learners do: "from 1st of next month"; the day in words:
        # "the first of next month"
        r"(?i:\b(?:on\s+)?(?:the\s+|(?=\d{1,2}(?:st|nd|rd|th)\s))"
        rf"(\d{{1,2}}|{ORDINAL_WORD})(?:st|nd|rd|th)?\s+of\s+"
        r"(this|last|next|the)\s+month\b)",
        _day_of_month,
        frozenset({"month"}),
    ),
)
