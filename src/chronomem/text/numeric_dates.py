"""Days told in numbers: "14/04", "4/14", "01/09", "30/11/2026", "15.09", "on 21st".

Writers order a numeric date as their country does: day first in most of the world, month
first in the United States. A number over 12 settles the order ("14/04" and "4/14" are both
the 14th of April); when both orders are days of the calendar ("01/09"), the day meant is the
one of the two readings nearer to the day it was told, each in the clause's tense (a chat
speaks of the weeks around it, not of a day eight months off). A dotted date ("15.09",
"1.10.2026") is day first: no month-first convention writes dots. With a year given and
both orders possible, the month comes first, as before this module.

A slashed pair of numbers is read as a day only after a word that makes it one ("on",
"from", "since", "until", "by", "starting", "as of", "day is"): "24/7", "3/5 stars" and
"2/3 of them" are no days. "on 21st", "from 3rd" are the day of a month as "on the 21st" is.
The rules open ``date_rules.py``'s table before the rules that read the same digits.
"""

from __future__ import annotations

import re
from datetime import date, datetime

from chronomem.text.daymath import DayContext, day_in_year, midnight, nearest_day_of_month

# the word that makes a pair of numbers a day, just before it (checked by the resolvers: a
# rule led by digits is tried only where digits are, which keeps the table cheap)
_CUE = re.compile(
    r"(?:\b(?:on|from|since|until|till|til|by|before|after|starting|start|starts|begins?"
    r"|effective|as\s+of|due)\s+(?:the\s+)?|\b(?:day|date)(?:\s+is|\s+was|'s|\s+will\s+be)\s+)$",
    re.I,
)
_CUE_REACH = 24


def _cued(m: re.Match[str]) -> bool:
    if m.group().lower().startswith("on"):
        return True  # "on 14/04": the rule's own "on"
    return _CUE.search(m.string, max(0, m.start() - _CUE_REACH), m.start()) is not None


# no more digits, and no measure after: "from 1/2 cup", "by 2/3 of the way" are fractions
_NO_MORE_DIGITS = (
    r"(?![\d/.]\d|\s*%|\s+(?i:of|cups?|tsp|tbsp|teaspoons?|tablespoons?|miles?|km|kg|lbs?"
    r"|inch(?:es)?|pounds?|hours?|ounces?|oz|the|a|an|my|way|price|off)\b)"
)
# words after an ordinal that make it no day of a month ("on 3rd floor", "from 2nd place")
NOT_A_DAY = (
    r"(?!\s*(?i:of\b|time|floor|place|grade|century|row|round|anniversary|birthday|percentile"
    r"|edition|gen|season|episode|chapter|year|week|month|day|hour|minute|street|st\b|ave|try"
    r"|attempt|pick|overall|largest|biggest|best|most))"
)


def _readings(first: int, second: int, *, dotted: bool) -> list[tuple[int, int]]:
    """The (month, day) pairs a numeric date can mean, day-first reading first."""
    orders = [(second, first)] if dotted else [(second, first), (first, second)]
    out: list[tuple[int, int]] = []
    for month, day in orders:
        if 1 <= month <= 12 and 1 <= day <= 31 and (month, day) not in out:
            out.append((month, day))
    return out


def _valid(ctx: DayContext, month: int, day: int, year: str | None) -> datetime | None:
    try:
        return day_in_year(ctx, month, day, year)
    except ValueError:  # the 31st of a short month, the 29th of February
        return None


def _nearest(ctx: DayContext, readings: list[tuple[int, int]]) -> datetime | None:
    days = [d for month, day in readings if (d := _valid(ctx, month, day, None)) is not None]
    return min(days, key=lambda d: abs(d - ctx.ref), default=None)


def day_month_numbers(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "on 14/04", "from 01/09", "by 15.09": the reading nearer the reference day."""
    if not _cued(m):
        return None
    dotted = m.group(2) == "."
    return _nearest(ctx, _readings(int(m.group(1)), int(m.group(3)), dotted=dotted))


def numbers_with_year(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "30/11/2026", "4/14/2025", "1.10.2026": day first where the numbers or the dots say
    so, month first otherwise."""
    first, second = int(m.group(1)), int(m.group(3))
    dotted = m.group(2) == "."
    if dotted or first > 12:
        month, day = second, first
    else:
        month, day = first, second
    try:
        return midnight(date(int(m.group(4)), month, day))
    except ValueError:
        return None


def bare_ordinal_day(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "on 21st", "from 3rd": that day of this month, or the next or last one."""
    if not _cued(m):
        return None
    return nearest_day_of_month(ctx, int(m.group(1)))


_DIGIT = frozenset({"<digit>"})
# the table's rules: the numbers where ``us_slash`` stood, the bare ordinal after the rules
# that read "21st May" and "the 21st"
NUMERIC_RULES = (
    (
        r"(?<![\w/.-])(\d{1,2})([/.])(\d{1,2})\2((?:19|20)\d{2})(?![\w/.]\d)",
        numbers_with_year,
        _DIGIT,
    ),
    (
        rf"(?i:\bon\s+)?(?<![\w/.-])(\d{{1,2}})(/)(\d{{1,2}})\b{_NO_MORE_DIGITS}",
        day_month_numbers,
        _DIGIT,
    ),
    (
        rf"(?i:\bon\s+)?(?<![\w/.-])(\d{{1,2}})(\.)(\d{{2}})\b{_NO_MORE_DIGITS}",
        day_month_numbers,
        _DIGIT,
    ),
)
# a day of the month told as an ordinal, no digit or slash before it: "21st", "3rd"
ORDINAL_DAY = r"(?<![\w/.-])([1-9]|[12]\d|3[01])(?i:st|nd|rd|th)"
# the words an ordinal's suffix leaves in a text's letters ("21st" -> "st"): a rule that
# needs an ordinal is tried only where one of them is
ORDINAL_SUFFIXES = frozenset({"st", "nd", "rd", "th"})
BARE_ORDINAL_RULE = (
    rf"(?i:\bon\s+)?{ORDINAL_DAY}\b{NOT_A_DAY}",
    bare_ordinal_day,
    _DIGIT,
)
