"""Holidays as dates: "haven't smoked since New Year's", "moved in over Christmas",
"back at work after Easter".

A holiday is read only after a preposition ("since", "over", "after", "at", ...) or a
word that picks one ("last", "next", "this past"): "happy new year" or "new year new me"
name no day; "last Christmas" is the one before the reference day, whatever the tense. The
fixed ones resolve like a day named without a year (the occurrence the clause's tense points
to, see ``dates.py``); Easter (Western) and Thanksgiving (US: fourth Thursday of November)
are computed for that year.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, timedelta

from chronomem.text.daymath import DayContext, day_in_year, midnight

_FIXED = {
    "new year's eve": (12, 31), "new years eve": (12, 31), "nye": (12, 31),
    "new year's day": (1, 1), "new year's": (1, 1), "new years": (1, 1),
    "the new year": (1, 1), "christmas eve": (12, 24), "christmas day": (12, 25),
    "christmas": (12, 25), "xmas": (12, 25), "boxing day": (12, 26), "halloween": (10, 31),
    "valentine's day": (2, 14), "valentine's": (2, 14), "valentines": (2, 14),
    "valentines day": (2, 14), "new year": (1, 1),
}  # fmt: skip
_MOVING = ("easter", "thanksgiving")
_NAMES = sorted([*_FIXED, *_MOVING], key=lambda n: -len(n))
HOLIDAY_PATTERN = (
    r"(?:(?i:\b(?:since|after|before|at|over|around|by|until|till|on|from|during"
    r"|last|next|this(?:\s+(?:past|coming))?)\s+)"
    r"|(?i:(?<=\bfor )))"  # "for Christmas": a day, not a duration (the word is left out)
    r"(?i:\b(" + "|".join(re.escape(n).replace("'", "['’]?") for n in _NAMES) + r"))(?!\w)"
    r"(?!['’]?s?\s+(?i:tree|trees|cookies|cards?|presents?|gifts?|jumpers?|sweaters?|songs?|"
    r"music|movies?|films?|lights|decorations|markets?|shopping|dinner menu|egg|eggs|bunny|"
    r"costumes?|candy|sales?|special|episode|resolutions?))"
)
HOLIDAY_WORDS = frozenset({"year", "years", "christmas", "xmas", "easter", "thanksgiving",
                           "halloween", "valentine", "valentines", "nye", "boxing"})  # fmt: skip


def holiday(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """The day of the holiday named by ``m`` (group 1) nearest the clause's tense."""
    head = " ".join(m.group(0).lower().split()[:2])
    if head.startswith(("since", "last", "this past")):
        ctx = replace(ctx, future=False)  # "since Easter": the last one, whatever the tense
    elif head.startswith(("next", "this coming")):
        ctx = replace(ctx, future=True)  # "next Christmas": the coming one
    name = " ".join(m.group(1).lower().replace("’", "'").split())
    fixed = _FIXED.get(name) or _FIXED.get(name.replace("'", ""))
    if fixed is not None:
        return day_in_year(ctx, fixed[0], fixed[1], None)
    rule = _easter if name == "easter" else _thanksgiving
    when = rule(ctx.day.year)
    if not ctx.future and when > ctx.day:
        when = rule(ctx.day.year - 1)
    elif ctx.future and when < ctx.day:
        when = rule(ctx.day.year + 1)
    return midnight(when)


def _easter(year: int) -> date:
    """Western Easter Sunday (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    lw = (32 + 2 * e + 2 * i - h - k) % 7
    n = (a + 11 * h + 22 * lw) // 451
    month, day = divmod(h + lw - 7 * n + 114, 31)
    return date(year, month, day + 1)


def _thanksgiving(year: int) -> date:
    first = date(year, 11, 1)
    return first + timedelta(days=(3 - first.weekday()) % 7 + 21)
