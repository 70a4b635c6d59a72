"""Dates told by pointing back at a date the same text gave before them.

"I gave up driving in January and sold the car that same month", "we met in May 2019 and
got married two years later", "moved to Leeds in 2015; the following year I started at
Asda", "fell on March 3rd and had surgery the next day". Read against the reference day
alone, these name no day (or, for "the next day", the wrong one); they mean a day counted
from the date told just before them. Without them the fact of their clause is dated when
it was said: the car sold in March, the wedding the day the story was told.

The wordings are a closed class (a pointer -- "that same", "the following", "the next",
"later" -- and a calendar unit); each resolves only when an earlier expression of the same
text gives it an anchor, so a text that opens with "the next day" keeps no date from it.
"""

from __future__ import annotations

import re
from datetime import datetime

from chronomem.text.date_words import COUNTS, number
from chronomem.text.daymath import DayContext, shift

_UNIT = r"(day|week|month|year)s?"
_COUNT = rf"({COUNTS}|a\s+couple\s+of|a\s+few|few|several)"
# "that same month", "the very same day", "later that week": the anchor's own day
_SAME = re.compile(
    rf"\b(?:(?:that|the)\s+(?:very\s+)?same|later\s+that)\s+{_UNIT}\b", re.IGNORECASE
)
# "the following year", "the next day": one unit after the anchor ("next week" with no
# "the" is the reference day's, a rule of ``date_rules.py``)
_NEXT = re.compile(rf"\bthe\s+(?:following|next)\s+{_UNIT}\b", re.IGNORECASE)
# "two years later", "a week later", "a few months after that"
_LATER = re.compile(rf"\b{_COUNT}\s+{_UNIT}\s+(?:later|after\s+that)\b", re.IGNORECASE)

# "since then", "from then on": the anchor itself ("lived in Porto from 2015 to 2022 and
# since then I've been in Lyon"); "since" before it gives the role
_THEN = re.compile(r"(?:(?<=since\s)|(?<=from\s))then\b", re.IGNORECASE)
# "moved to Nottingham in 2019, been renting there ever since": the anchor, as a start
_EVER_SINCE = re.compile(r"\bever\s+since\b", re.IGNORECASE)

_CUES = re.compile(r"\b(?:same|following|next|later|after that|then|ever since)\b", re.IGNORECASE)

Found = tuple[int, int, datetime]


def pointed_back(text: str, found: list[Found]) -> list[Found]:
    """The expressions of ``text`` that count from an earlier one of ``found`` (start, end,
    instant: the dates read against the reference day, in text order), not overlapping
    any of them, each resolved from the nearest date before it."""
    out: list[Found] = []
    if not found or _CUES.search(text) is None:
        return out  # nothing to count from, or no pointer: the usual case, one search
    for pattern, count in ((_SAME, 0), (_NEXT, 1), (_LATER, None), (_THEN, 0), (_EVER_SINCE, 0)):
        for m in pattern.finditer(text):
            taken = [*found, *out]
            if any(m.start() < end and start < m.end() for start, end, _ in taken):
                continue
            before = [(end, when) for _, end, when in taken if end <= m.start()]
            if not before:
                continue
            anchor = max(before)[1]  # the nearest date before it
            units = count if count is not None else number(m.group(1))
            if not units:  # "that same month", "since then": the anchor's own day
                out.append((m.start(), m.end(), anchor))
                continue
            unit = m.group(1 if count is not None else 2)
            ctx = DayContext(ref=anchor, day=anchor.date(), future=False)
            out.append((m.start(), m.end(), shift(ctx, units, unit)))
    return out
