"""A day told as an offset from another day the sentence gives: "two days before Easter",
"a week after the wedding on 12 May", "the day after my birthday (11 April)"; and a weekday
told after one: "back on Saturday the 11th and my test is the Monday after"."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from chronomem.text.date_rules import COUNT, UNIT
from chronomem.text.date_words import WEEKDAYS, number
from chronomem.text.daymath import DayContext, shift

# the count, "before"/"after", and at most a short noun phrase naming the day ("my
# birthday", "the wedding") with "on" or an opening bracket before the day itself
_OFFSET = re.compile(
    rf"(?i:\b(?:({COUNT})\s+({UNIT})|the\s+(day|week|month))\s+(before|after)\s+"
    r"(?:(?:my|the|his|her|our|their|your)\s+[\w'-]+(?:\s+[\w'-]+)?\s*(?:\(\s*|on\s+)?)?)$"
)
# "off work for two weeks after the surgery on 3 May": how long, from that day
_HOW_LONG = re.compile(r"(?i:\bfor\s+)$")
_WINDOW = 60


def offset_days(
    text: str, found: list[tuple[int, int, datetime]]
) -> list[tuple[int, int, datetime]]:
    """``found`` (start, end, day), each day told after an offset ("two days before") moved
    by it, its span widened to the offset's count."""
    out = []
    for start, end, when in found:
        said = text[start:end]
        head = said.split(maxsplit=1)[0].lower() if said.strip() else ""
        lead_end = start + len(head) + 1 if head in ("before", "after") else start
        lead = text[max(0, start - _WINDOW) : lead_end]
        m = _OFFSET.search(lead)
        if m is None or _HOW_LONG.search(lead, 0, m.start()):
            out.append((start, end, when))
            continue
        count = number(m.group(1)) if m.group(1) else 1
        unit = (m.group(2) or m.group(3)).lower().rstrip("s")
        sign = -1 if m.group(4).lower() == "before" else 1
        moved = shift(DayContext(ref=when, day=when.date(), future=True), sign * count, unit)
        out.append((max(0, start - _WINDOW) + m.start(), end, moved))
    return out


# "the Monday after": a weekday counted from the day told before it, not from today
_THE_BEFORE = re.compile(r"(?i:\bthe\s+)$")
_AFTER = re.compile(r"(?i:\s+after\b)")


def weekdays_after(
    text: str, found: list[tuple[int, int, datetime]]
) -> list[tuple[int, int, datetime]]:
    """``found`` with each weekday told as "the <weekday> after" moved to the first such
    weekday after the day told nearest before it in ``text`` ("back from Skye on Saturday
    the 11th and my driving test is the Monday after we get back": Monday the 13th)."""
    out = []
    for start, end, when in found:
        name = text[start:end].strip().lower().removeprefix("the ").strip()
        weekday = WEEKDAYS.get(name)
        before = [(e, w) for s, e, w in found if e <= start]
        if (
            weekday is None
            or not before
            or not (
                _THE_BEFORE.search(text, max(0, start - 4), start)
                or text[start:end].lower().startswith("the ")
            )
            or not _AFTER.match(text, end)
        ):
            out.append((start, end, when))
            continue
        anchor = max(before)[1]
        days = (weekday - anchor.weekday()) % 7 or 7
        day = (anchor + timedelta(days=days)).date()
        out.append((start, end, when.replace(year=day.year, month=day.month, day=day.day)))
    return out
