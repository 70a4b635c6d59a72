"""Time expressions: find them first (the rules of ``date_rules.py``), then resolve them
(``date_resolvers.py``, ``duration_resolvers.py``).

Resolution is against the episode's reference time and gives a UTC datetime at midnight of
the day meant, unless the expression names a time of day. The conventions, also listed in
``docs/rule-extractor.md``:

* ``last week`` / ``last month`` / ``last year`` = the reference day minus one unit;
  ``N days/weeks/months/years ago`` = minus N units; ``in N weeks`` = plus N units.
* ``last Friday`` = the most recent Friday strictly before the reference day;
  ``next Thursday`` = the Thursday of next week (Monday-based weeks);
  ``this Thursday`` = the Thursday of the current week; a bare ``Monday`` = the most recent
  Monday strictly before the reference day, or the next one when the sentence speaks of
  the future.
* ``last weekend`` = the Saturday before the current week; ``this weekend`` = the Saturday of
  the current week; ``next weekend`` = the Saturday of next week.
* ``last summer`` = 1 June of the last summer that has ended; seasons start on
  1 March / 1 June / 1 September / 1 December.
* ``in 2023`` = 1 January 2023; ``in May 2023`` = 1 May 2023; ``in May`` = the most recent May
  (or the next one, speaking of the future); ``May 8th`` likewise picks the year.
* ``since X`` marks the start of a state, ``until X`` its end, ``ends on X`` the end of the
  state of its clause (see :attr:`TimeExpression.role`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from chronomem.text.anaphoric_dates import pointed_back
from chronomem.text.date_resolvers import Resolver
from chronomem.text.date_rules import DATE_RULES, ROUGHLY
from chronomem.text.date_words import MONTH_NAMES, WEEKDAYS
from chronomem.text.daymath import DayContext, add_months
from chronomem.text.lasting_ahead import lasting_ends, remaining_ends
from chronomem.text.offset_dates import offset_days, weekdays_after
from chronomem.text.tense import clause_tense
from chronomem.text.time_words import FUTURE_CUES, LAST_STRETCH

_LETTERS = re.compile(r"[a-z]+")
_ANY_DIGIT = re.compile(r"\d")
_CUE_WINDOW = 24  # "every other", "until": cues read just before a date, never the whole prefix
_HABIT = re.compile(r"\b(?:every|each|most|all)\s+(?:other\s+)?$", re.I)
# "my last night shift", "his last week at Acme": "last" after a possessive is the final
# one of something, not the one before now ("her" left out: "I saw her last Friday")
_OWNED = re.compile(r"\b(?:my|our|your|his|their|its)\s+(?:very\s+)?$", re.I)
_TIME_OF_DAY = re.compile(r"\s+at\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?", re.I)
# "since around 2019", "from about March": a role word, maybe a word saying it is roughly
# "since back in June" too (the expression is "in June"); "as of the 1st", "effective 31
# December": the day a change takes effect, a start (or an ending's own day)
_PREFIX_ROLE = re.compile(
    r"\b(since|until|till|til|through|from|by|as of|as from|effective|with effect from)\s+"
    rf"(?:back\s+)?{ROUGHLY}$",
    re.I,
)
# "till the end of the season, 13 april", "from the start of the spring term, 6 January": a
# day set beside the lower-case words of a role's phrase restates it, and takes its role
_APPOSED_ROLE = re.compile(
    r"\b((?i:since|until|till|til|from|as of))\s+(?:[a-z]+\s+){0,5}[a-z]+,\s+(?:(?i:on)\s+)?$"
)
_HEAD_ROLES = {
    "since": "since", "from": "since", "between": "since", "until": "until", "till": "until",
    "til": "until", "through": "until", "by": "at", "for": "since", "as of": "since",
    "as from": "since", "effective": "since", "with effect from": "since", "ever": "since",
}  # fmt: skip
# the verbs that move a plan, as both readings below name them
_MOVED = r"moved|pushed|postponed|rescheduled|bumped"
_MOVED_UNTIL = re.compile(
    rf"\b(?:{_MOVED}|delayed|put off)"
    r"(?:\s+(?:it|that|back|out)){0,2}\s+(?:(?:until|till)\s+)?$",
    re.I,
)
# "moved from 24 September to 8 October": the old day is no day of the plan, nor a start
_MOVED_FROM = re.compile(
    rf"\b(?:{_MOVED}|rebooked|changed|shifted|brought)"
    r"(?:\s+(?:it|that|back|forward|over)){0,2}\s+$",
    re.I,
)
# "my contract ends on 31 March", "my last day at Acme is the 30th", "last shift at Olmo on the
# 28th", "moving out end of may":
# the day a state ends, told by its verb just before the date (role "end")
_ENDS_THEN = re.compile(
    r"\b(?:(?:ends?|ended|ending)(?!\s+up\b)|finish(?:es|ed|ing)?|expir(?:es?|ed|ing)"
    r"|runs? out|ran out|terminat(?:es?|ed|ing)|ceas(?:es?|ed|ing)"
    rf"|{LAST_STRETCH}\b[^.,;!?]{{0,40}}?"
    r"(?:'s|\bis|\bwas|\bwill be)"
    # no verb: "last shift at Olmo on the 28th" (a week is no shift: "last week at work ...")
    r"|(?:last|final) (?:(?:night|day|late|early) )?(?:day|shift) (?:at|with) [^.,;!?]{1,40}?"
    r"|(?:\bis|'s|\bwill be) over|mov(?:e|es|ed|ing) out\b(?: of [^.,;!?]{1,30}?)?)"
    r"\s+(?:(?:on|in|at|by)\s+)?$",
    re.I,
)
# the return that ends a time away told with its start before it ("on 1 June, back on the
# 20th", "leaving Friday and coming home on the 9th")
_BACK_THEN = re.compile(
    r"\b(?:back|home|return(?:s|ed|ing)?|coming back|flying back|fly back)\s+(?:(?:on|by)\s+)?"
    r"(?:the\s+)?$",
    re.I,
)
# "until" / "till" right before a date the clause gives no tense: the end lies ahead
_UNTIL_BEFORE = re.compile(r"\b(?:until|till|til)\s+$", re.I)
# a start ("since 3 May"): in a past tense, never a day still to come
_SINCE_BEFORE = re.compile(rf"\b(?:since|from)\s+{ROUGHLY}$", re.I)
# a start told after a past verb of what was decided: "from", "starting", "as of", "effective"
_START_BEFORE = re.compile(
    r"\b(?:from|starting(?: on| from)?|as of|effective(?: from)?)\s+(?:the\s+)?$", re.I
)
_SOON = timedelta(days=45)
_RANGE_JOIN = re.compile(r"^\s*(?:to|until|till|through|and|-|\u2013)\s*$", re.I)


@dataclass(frozen=True, slots=True)
class TimeExpression:
    """A time expression found in a text, resolved to an instant.

    ``role`` is ``"at"`` (a point: when something happened), ``"since"`` (a state began
    then), ``"until"`` (a state ended then) or ``"end"`` (the verb before the date says
    something ends then: "my contract ends on 31 March"; the end of the state of its own
    clause, a point in time for another clause's). ``lasts_until``: the day a state
    starting then ends, when the sentence says how long it lasts ("for eight weeks, starting
    today": ``lasting_ahead.py``).
    """

    start: int
    end: int
    text: str
    when: datetime
    role: str = "at"
    lasts_until: datetime | None = None


def speaks_of_future(text: str) -> bool:
    """Does ``text`` look forward ("will", "next", "can't wait", ...)?"""
    lower = text.lower()
    return any(cue in lower for cue in FUTURE_CUES)


def _resolve(
    resolver: Resolver, m: re.Match[str], ctx: DayContext, text: str, *, guess: bool
) -> datetime | None:
    """``m`` resolved in the tense of its own clause (``tense.py``); a clause with no tense
    takes the occurrence nearest to the reference day, unless the sentence looks ahead."""
    tense = clause_tense(text, m.start(), m.end()) if guess else None
    start = m.group().lower().startswith(("since", "from"))
    if start or _SINCE_BEFORE.search(text, max(0, m.start() - _CUE_WINDOW), m.start()):
        ctx = replace(ctx, near_ahead=False)
    if tense is None and guess and _UNTIL_BEFORE.search(text, 0, m.start()):
        tense = "future"  # "they stay until the 25th": a state's end no verb puts behind
    try:
        if tense == "past" and _starts_soon(resolver, m, ctx, text):
            tense = "future"  # "they promoted me to head chef from the 1st": a start ahead
        if tense is not None:
            return resolver(m, replace(ctx, future=tense == "future"))
        if not guess or ctx.future:
            return resolver(m, ctx)
        back, ahead = resolver(m, ctx), resolver(m, replace(ctx, future=True))
    except (ValueError, OverflowError, KeyError):
        return None
    if back is None or ahead is None:
        return back or ahead
    return ahead if abs(ahead - ctx.ref) < abs(ctx.ref - back) else back


def _starts_soon(resolver: Resolver, m: re.Match[str], ctx: DayContext, text: str) -> bool:
    """Is ``m`` a start ("from the 1st", "starting Monday", "as of 3 March") whose next
    occurrence is at most ``_SOON`` ahead? A past verb in its clause tells what was
    decided, not when it starts ("Rafiq made me head chef, from the 1st of December")."""
    lead = m.group().lower().startswith(("from", "starting", "as of", "effective"))
    if not (lead or _START_BEFORE.search(text, max(0, m.start() - _CUE_WINDOW), m.start())):
        return False
    ahead = resolver(m, replace(ctx, future=True))
    return ahead is not None and timedelta(0) < ahead - ctx.ref <= _SOON


def find_time_expressions(
    text: str, reference: datetime, *, prefer_future: bool | None = None
) -> list[TimeExpression]:
    """Every time expression of ``text``, left to right, resolved against ``reference``.

    ``prefer_future`` decides what a bare weekday, month or season means; by default it is
    guessed from the text (:func:`speaks_of_future`).
    """
    ref = reference.astimezone(UTC)
    future = speaks_of_future(text) if prefer_future is None else prefer_future
    ctx = DayContext(ref=ref, day=ref.date(), future=future)
    found: list[tuple[int, int, datetime]] = []
    words = set(_LETTERS.findall(text.lower()))
    if _ANY_DIGIT.search(text):
        words.add("<digit>")
    for pattern, resolver, gate in DATE_RULES:
        if gate.isdisjoint(words):
            continue
        for m in pattern.finditer(text):
            if any(m.start() < end and start < m.end() for start, end, _ in found):
                continue
            if _HABIT.search(text, max(0, m.start() - _CUE_WINDOW), m.start()):
                continue  # "every Sunday", "each summer": a habit, not a date
            if m.group().lower().startswith("last") and _OWNED.search(
                text, max(0, m.start() - _CUE_WINDOW), m.start()
            ):
                continue
            when = _resolve(resolver, m, ctx, text, guess=prefer_future is None)
            if when is not None:
                found.append((m.start(), m.end(), when))
    found += pointed_back(text, found)
    found = offset_days(text, found)
    found.sort(key=lambda item: item[0])
    found = weekdays_after(text, found)
    return _with_roles_and_times(text, found, ref)


# "after March", "after june 2026": a whole month, over when it ends
_AFTER_MONTH = re.compile(rf"(?:after\s+)?(?:{MONTH_NAMES})\.?(?:\s+\d{{4}})?", re.I)
_AFTER = re.compile(r"\bafter\s+$", re.I)


def _month_after(when: datetime) -> datetime:
    """The first day of the month after the one ``when`` falls in."""
    return when.replace(year=when.year + when.month // 12, month=when.month % 12 + 1, day=1)


def _with_roles_and_times(
    text: str, found: list[tuple[int, int, datetime]], ref: datetime
) -> list[TimeExpression]:
    out: list[TimeExpression] = []
    for start, end, when in found:
        head = text[start:end].split(maxsplit=1)[0].lower()
        role = _HEAD_ROLES.get(head)
        prefix = _PREFIX_ROLE.search(text, max(0, start - _CUE_WINDOW), start)
        if role is None and prefix:
            role = _HEAD_ROLES.get(" ".join(prefix.group(1).lower().split()), "at")
            start = prefix.start()
        apposed = None if role or prefix else _APPOSED_ROLE.search(text, max(0, start - 60), start)
        if apposed:
            role = _HEAD_ROLES[apposed.group(1).lower()]
        moved = _MOVED_FROM.search(text, max(0, start - 40), start)
        if role == "since" and moved and text[start:end].lower().startswith("from"):
            continue  # "moved from 24 September to ...": the day it is no longer on
        after_since = bool(out) and out[-1].role == "since"
        joined = after_since and (
            head in ("to", "and") or _RANGE_JOIN.match(text[out[-1].end : start]) is not None
        )
        if head == "to" or joined:
            role = "until" if joined else "at"
        if joined and when < out[-1].when:
            out[-1], when = _ordered_span(out[-1], when, ref)
        if role is None and _ENDS_THEN.search(text, max(0, start - 60), start):
            role = "end"
        if (
            role is None
            and out
            and head not in ("in", "during")
            and _BACK_THEN.search(text, max(0, start - 30), start)
        ):
            role = "until"  # "flight out on 1 June, back on 20 June": the time away ends
            when = _back_after(out[-1].when, when, text[start:end])
        if role == "until" and _MOVED_UNTIL.search(text, max(0, start - 40), start):
            role = "at"  # "postponed until the 26th": the new day, not an end
        after = head == "after" or _AFTER.search(text, max(0, start - 7), start) is not None
        if after and _AFTER_MONTH.fullmatch(text, start, end):
            when = _month_after(when)  # "I leave the group after March": from 1 April
        tail = _TIME_OF_DAY.match(text, end)
        if tail and when.hour == 0 and when.minute == 0:
            when, end = _at_time(when, tail), tail.end()
        out.append(TimeExpression(start, end, text[start:end], when, role or "at"))
    out = _moved_away(text, _day_spans(text, out))
    for i, until in lasting_ends(text, out, ref).items():
        out[i] = replace(out[i], lasts_until=until)
    remaining = [
        TimeExpression(start, end, text[start:end], when, "until")
        for start, end, when in remaining_ends(text, out, ref)
    ]
    return sorted(out + remaining, key=lambda t: t.start) if remaining else out


# "your surgery scheduled for 8 April has been postponed to 12 May": the day booked before is
# no day of the plan once a later day of the sentence is the one it was moved to
_BOOKED_FOR = re.compile(
    r"\b(?:scheduled|booked|planned|set|due|arranged|fixed)\s+(?:for|on)\s+(?:the\s+)?$", re.I
)
_MOVED_TO = re.compile(
    rf"\b(?:{_MOVED}|delayed|put off|rebooked|brought forward)\b[^.!?]*?"
    r"\b(?:to|until|till)\s+(?:(?:the|a|on)\s+)*$",
    re.I,
)


def _moved_away(text: str, found: list[TimeExpression]) -> list[TimeExpression]:
    """``found`` without a day told as booked that a later day of the sentence replaces."""
    moved_to = [t for t in found if _MOVED_TO.search(text, max(0, t.start - 80), t.start)]
    return [
        t
        for t in found
        if not (
            _BOOKED_FOR.search(text, max(0, t.start - 30), t.start)
            and any(u.start > t.end for u in moved_to)
        )
    ]


_SPAN_JOIN = re.compile(r"\s*(?:to|until|till|through|thru|-|\u2013)\s*", re.I)


def _day_spans(text: str, found: list[TimeExpression]) -> list[TimeExpression]:
    """Two days told as a span without "from" ("20-27 July", "July 20 to 27"): the first
    is its start, the second its end."""
    out = list(found)
    for i in range(1, len(out)):
        a, b = out[i - 1], out[i]
        join = _SPAN_JOIN.match(text, a.end)
        if a.role != "at" or b.role != "at" or join is None or join.end() < b.start:
            continue
        if _ANY_DIGIT.search(a.text) and _ANY_DIGIT.search(b.text) and a.when <= b.when:
            out[i - 1], out[i] = replace(a, role="since"), replace(b, role="until")
    return out


def _ordered_span(
    since: TimeExpression, until: datetime, ref: datetime
) -> tuple[TimeExpression, datetime]:
    """A span whose end came out before its start, each picked alone ("from march to june",
    said in April: March this year, June last year): within a year, the told past keeps its
    end and moves the start a year back; a span ahead keeps its start, moves the end on."""
    if since.when - until > timedelta(days=366):
        return since, until  # years given the wrong way round: the text's own
    if until <= ref:
        return replace(since, when=_years(since.when, -1)), until
    return since, _years(until, 1)


_NAMES_A_MONTH = re.compile(rf"\b(?:{MONTH_NAMES})\b", re.I)
_WEEKDAY_NAMES = "|".join(sorted(WEEKDAYS, key=len, reverse=True))
_NAMES_A_WEEKDAY = re.compile(rf"\b(?:{_WEEKDAY_NAMES})\b", re.I)


def _back_after(went: datetime, back: datetime, told: str) -> datetime:
    """The day of a return (``told``), picked alone, on or after the day one went away
    ("flying out on the 3rd, back on the 10th", said on 21 July: back on 10 August): the
    next such weekday, day of the month or date."""
    if back >= went:
        return back
    if _NAMES_A_WEEKDAY.search(told):
        return back + timedelta(days=7 * ((went - back).days // 7 + 1))
    if _NAMES_A_MONTH.search(told):
        return _years(back, 1)
    for months in range(1, 13):
        later = add_months(back.date(), months)
        if later.day == back.day and later >= went.date():
            return back.replace(year=later.year, month=later.month)
    return back


def _years(when: datetime, count: int) -> datetime:
    try:
        return when.replace(year=when.year + count)
    except ValueError:  # the 29th of February
        return when.replace(year=when.year + count, day=28)


def _at_time(day: datetime, m: re.Match[str]) -> datetime:
    hour, minute = int(m.group(1)) % 24, int(m.group(2) or 0)
    meridiem = (m.group(3) or "").lower().replace(".", "")
    if (meridiem == "pm" and hour < 12) or (not meridiem and 1 <= hour <= 6):
        hour += 12  # "dentist at 3": an appointment at 3 is in the afternoon
    elif meridiem == "am" and hour == 12:
        hour = 0
    return day.replace(hour=hour, minute=min(minute, 59))
