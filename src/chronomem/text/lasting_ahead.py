"""How long a state told from a start will last: "I'm on doxycycline for eight weeks,
starting today", "From Monday I'm on placement for eight weeks", "my contract runs for six
months from 1 December" end that long after the start the sentence tells.

``lasting.py`` reads a duration that has already run ("I've been here for two years"): its
start lies behind. This reads the other way: a duration in a sentence that also tells a start
not behind the reference day (a day said, "today", "from Monday") ends the state that long
after that start: the start's expression carries that end (``TimeExpression.lasts_until``),
so a fact dated from that start ends then. It is no end:

* without a start told: "I am vegetarian for two years" is how a learner says "since two
  years", and a bare "I'm off for a week" does not say from when;
* in a clause told in the past ("I was on antibiotics for ten days"), a perfect (``lasting``
  reads those), a denial ("I won't drink for a month") or a maybe ("the internet might be
  down for a week");
* for a rate or a repetition ("for 30 minutes a day", "for two weeks in a row") or a
  vague count ("for a few weeks"); minutes and hours are an act's length, not a state's.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING

from chronomem.text.date_words import COUNTS, number
from chronomem.text.daymath import DayContext, shift
from chronomem.text.tense import clause_tense

if TYPE_CHECKING:
    from chronomem.text.dates import TimeExpression

_FOR = re.compile(
    r"\bfor\s+(?:(?:about|around|roughly|another|the\s+next)\s+)?"
    rf"({COUNTS}|a\s+couple\s+of)\s+(day|week|fortnight|month|year)s?\b"
    r"(?!\s+(?:a|an|per|each|every|ago|from\s+now|now|today|already|and\s+counting|so\s+far"
    r"|at\s+a\s+time|in\s+a\s+row|straight|running)\b)",
    re.I,
)
_CLAUSE_CUT = re.compile(r"[.!?;,\n]")
_SENTENCE_CUT = re.compile(r"[.!?\n]")
_PERFECT_OR_DENIED = re.compile(
    r"\b(?:been|have|has|had|not|never|no longer|won't|wont|can't|don't|didn't)\b|'ve\b|n't\b"
    r"|\b(?:might|may|could|maybe|probably)\b",  # hedged: "internet might be trash for a week"
    re.I,
)


def lasting_ends(text: str, found: list[TimeExpression], ref: datetime) -> dict[int, datetime]:
    """For each start a duration of its sentence is told from (its index in ``found``, the
    expressions read), the day the state ends."""
    if "for" not in text.lower():
        return {}
    out: dict[int, datetime] = {}
    for m in _FOR.finditer(text):
        if any(t.start < m.end() and m.start() < t.end for t in found):
            continue  # read already (a duration that has run: ``lasting.py``)
        anchor = _start_told(text, m, found, ref)
        if anchor is None or anchor in out or not _open_clause(text, m):
            continue
        when = found[anchor].when
        ctx = DayContext(ref=when, day=when.date(), future=True)
        out[anchor] = shift(ctx, number(m.group(1)), m.group(2))
    return out


# a duration counted from now: "for two more weeks", "for another month", "for one more year",
# "for the next three weeks", "for another week" (no count: one)
_REMAINING = re.compile(
    rf"\bfor\s+(?:(?:another|the\s+next|the\s+coming)\s+(?:(?P<a>{COUNTS})\s+)?"
    rf"|(?P<m>{COUNTS}|a\s+couple\s+of)\s+more\s+)"
    r"(?P<unit>day|week|fortnight|month|year)s?\b",
    re.I,
)


def remaining_ends(
    text: str, found: list[TimeExpression], ref: datetime
) -> list[tuple[int, int, datetime]]:
    """Durations counted from the reference day ("I'm sous chef here for two more weeks"): the
    state of their clause ends that long after it; (start, end, that day) each. Not in a
    clause told in the past, a perfect or a denial, nor in one that tells a day of its own
    (:func:`lasting_ends` counts from a start told)."""
    lower = text.lower()
    if not any(word in lower for word in ("more", "another", "next", "coming")):
        return []
    out = []
    for m in _REMAINING.finditer(text):
        left, right = _around(text, m, _CLAUSE_CUT)
        told = any(left <= t.end and t.start <= right for t in found)  # its clause's own day
        counted = m.group("a") and _start_told(text, m, found, ref) is not None  # lasting_ends'
        if told or counted or not _open_clause(text, m):
            continue
        told_count = m.group("a") or m.group("m")
        count = number(told_count) if told_count else 1
        ctx = DayContext(ref=ref, day=ref.date(), future=True)
        out.append((m.start(), m.end(), shift(ctx, count, m.group("unit"))))
    return out


def _start_told(
    text: str, m: re.Match[str], found: list[TimeExpression], ref: datetime
) -> int | None:
    """The start nearest the duration in its sentence: a day not behind the reference
    day that is no end ("until", "end")."""
    left, right = _around(text, m, _SENTENCE_CUT)
    starts = [
        i
        for i, t in enumerate(found)
        if left <= t.start < right and t.role in ("at", "since") and t.when.date() >= ref.date()
    ]
    if not starts:
        return None
    return min(starts, key=lambda i: abs(found[i].start - m.start()))


def _open_clause(text: str, m: re.Match[str]) -> bool:
    """Is the duration's clause neither past, nor a perfect, nor denied?"""
    left, _ = _around(text, m, _CLAUSE_CUT)
    if _PERFECT_OR_DENIED.search(text, left, m.start()):
        return False
    return clause_tense(text, m.start(), m.end()) != "past"


def _around(text: str, m: re.Match[str], cut: re.Pattern[str]) -> tuple[int, int]:
    """Where the piece of ``text`` holding ``m`` begins and ends, pieces cut at ``cut``."""
    left = max((c.end() for c in cut.finditer(text, 0, m.start())), default=0)
    after = cut.search(text, m.end())
    return left, after.start() if after else len(text)
