"""Resolvers of a time told as a duration from the reference day: "two years ago", "in
three weeks", "(I've been at X) for two years now", "a year and a half ago", "a fortnight
tomorrow". One function per rule (``date_rules.py``), as in ``date_resolvers.py``.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from chronomem.text.date_words import number
from chronomem.text.daymath import DayContext, add_months, midnight, shift
from chronomem.text.lasting import lasted_until_now
from chronomem.text.tense import clause_tense


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
