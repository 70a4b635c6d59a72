""" "Ok, 9 August then. I fly from Moscow on the 7th": a day of the month told alone is in
the month the turn last named ahead.

A bare "the 7th" resolves on its own to its next occurrence from the time said (the 7th of
July, said on 1 July). A speaker who has just named a day ahead in another month ("9
August") and then gives a day of the month alone means that month: the day is moved into
it when it stays ahead of the time said. Only days ahead are read so: a past month named
("moved in on 3 March") says nothing of the 1st that comes next.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from typing import Final

from chronomem.extractors.rules.analysis.known import Known
from chronomem.text.date_words import MONTH_NAMES
from chronomem.text.dates import TimeExpression

_MONTH: Final = re.compile(rf"\b(?:{MONTH_NAMES})\b", re.I)
_DAY_OF_MONTH: Final = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)?\b", re.I)
# a day of the month and nothing else: "the 7th", "on the 21st", "7th"
_BARE_DAY: Final = re.compile(r"(?:on\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)", re.I)


def in_month_told(
    times: list[TimeExpression], reference: datetime, known: Known
) -> list[TimeExpression]:
    """``times`` with each bare day of the month moved into the month last named ahead
    (by this sentence before it, or an earlier sentence of the turn); ``known`` learns the
    last day ahead named with its month."""
    out = []
    for t in times:
        named = known.month_ahead
        if named is not None and _BARE_DAY.fullmatch(t.text.strip()):
            t = _into(t, named, reference)
        elif _MONTH.search(t.text) and t.when > reference:
            known.month_ahead = t.when
        out.append(t)
    return out


def _into(t: TimeExpression, named: datetime, reference: datetime) -> TimeExpression:
    when = in_month_of(t.when, t.text, named)
    return replace(t, when=when) if when != t.when and when > reference else t


def in_month_of(when: datetime, said: str, other: datetime | None) -> datetime:
    """``when``, moved into the month and year of ``other`` when ``said`` names a day of
    the month and no month ("the 21st", "Friday the 16th"; also ``readers/day_fixes.py``:
    a day set right is in the month of the day it sets right)."""
    if other is None or _MONTH.search(said) or not _DAY_OF_MONTH.search(said):
        return when
    try:
        return when.replace(year=other.year, month=other.month)
    except ValueError:  # the 31st of a shorter month
        return when
