"""Time expressions: find them first (regular expressions), then resolve them.

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
* ``since X`` marks the start of a state, ``until X`` its end (see :attr:`TimeExpression.role`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, timedelta, timezone

from chronomem.extractors.rules.analysis.casual_dates import CASUAL_RULES
from chronomem.extractors.rules.analysis.daymath import (
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
from chronomem.extractors.rules.analysis.holidays import HOLIDAY_PATTERN, HOLIDAY_WORDS, holiday
from chronomem.extractors.rules.analysis.lasting import lasted_until_now
from chronomem.extractors.rules.analysis.tense import clause_tense
from chronomem.extractors.rules.tables.lexicon import FUTURE_CUES, word_set

_MONTHS = {
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
_WEEKDAYS = {
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
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "fifteen": 15, "twenty": 20, "thirty": 30, "a couple of": 2, "a couple": 2,
    "couple of": 2, "a few": 3, "few": 3, "several": 3, "a dozen": 12,
}  # fmt: skip
_SEASONS = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}

# Months must be capitalised where the word is also common English ("May", "March").
_MONTH = (
    r"(?:(?i:january|february|april|june|july|august|september|october|november|december)"
    r"|March|May|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?"
)
_WEEKDAY = r"(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_WEEKDAY_SHORT = (
    r"(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    r"|tues?|weds?|thur?s?|fri|sat|sun|mon)"
)
_NUM = (
    r"(?i:\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen"
    r"|twenty|thirty|a\s+couple(?:\s+of)?|couple\s+of|a\s+few|few|several|a\s+dozen)"
)
_UNIT = r"(?i:minute|hour|day|week|fortnight|month|year|decade)s?"
_SEASON = r"(?i:spring|summer|fall|autumn|winter)"
_YEAR = r"(?:19|20)\d{2}"
_LETTERS = re.compile(r"[a-z]+")
_ANY_DIGIT = re.compile(r"\d")
_CUE_WINDOW = 24  # "every other", "until": cues read just before a date, never the whole prefix
_HABIT = re.compile(r"\b(?:every|each|most|all)\s+(?:other\s+)?$", re.I)
_TIME_OF_DAY = re.compile(r"\s+at\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?", re.I)
_PREFIX_ROLE = re.compile(r"\b(since|until|till|through|from|by)\s+$", re.I)
_HEAD_ROLES = {
    "since": "since", "from": "since", "between": "since", "until": "until", "till": "until",
    "through": "until", "by": "at", "for": "since",
}  # fmt: skip
_MOVED_UNTIL = re.compile(
    r"\b(?:postponed|pushed|delayed|moved|put off|rescheduled|bumped)"
    r"(?:\s+(?:it|that|back|out)){0,2}\s+(?:(?:until|till)\s+)?$",
    re.I,
)
_RANGE_JOIN = re.compile(r"^\s*(?:to|until|till|through|and|-|\u2013)\s*$", re.I)


@dataclass(frozen=True, slots=True)
class TimeExpression:
    """A time expression found in a text, resolved to an instant.

    ``role`` is ``"at"`` (a point: when something happened), ``"since"`` (a state began
    then) or ``"until"`` (a state ended then).
    """

    start: int
    end: int
    text: str
    when: datetime
    role: str = "at"


Resolver = Callable[[re.Match[str], DayContext], datetime | None]


def _number(text: str) -> int:
    key = " ".join(text.lower().split())
    return int(key) if key.isdigit() else _NUMBERS.get(key, 1)


# -- resolvers, one per rule ----------------------------------------------------------------


def _iso(m: re.Match[str], ctx: DayContext) -> datetime | None:
    y, mo, d, hh, mm, ss, tz = m.groups()
    value = datetime(int(y), int(mo), int(d), int(hh or 0), int(mm or 0), int(ss or 0))
    if tz and tz != "Z":
        sign = 1 if tz[0] == "+" else -1
        digits = tz[1:].replace(":", "")
        offset = timedelta(hours=int(digits[:2]), minutes=int(digits[2:] or 0))
        return value.replace(tzinfo=timezone(sign * offset)).astimezone(UTC)
    return value.replace(tzinfo=UTC)


def _us_slash(m: re.Match[str], ctx: DayContext) -> datetime | None:
    return midnight(date(int(m.group(3)), int(m.group(1)), int(m.group(2))))


def _ymd_slash(m: re.Match[str], ctx: DayContext) -> datetime | None:
    return midnight(date(int(m.group(1)), int(m.group(2)), int(m.group(3))))


def _day_month(m: re.Match[str], ctx: DayContext) -> datetime | None:
    month = _MONTHS[m.group(2).rstrip(".").lower()]
    return day_in_year(ctx, month, int(m.group(1)), m.group(3))


def _month_day(m: re.Match[str], ctx: DayContext) -> datetime | None:
    month = _MONTHS[m.group(1).rstrip(".").lower()]
    return day_in_year(ctx, month, int(m.group(2)), m.group(3))


def _month_and_year(m: re.Match[str], ctx: DayContext) -> datetime | None:
    month = _MONTHS[m.group(2).rstrip(".").lower()]
    part = (m.group(1) or "").lower()
    day = {"mid": 15, "late": 20}.get(part, 1)
    return midnight(date(int(m.group(3)), month, day))


def _season_and_year(m: re.Match[str], ctx: DayContext) -> datetime | None:
    start = _SEASONS[m.group(1).lower()]
    return midnight(date(int(m.group(2)), start, 1))


def _ordinal_day(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "on the 14th": that day of this month, or of the next (ahead) or last (past) one."""
    return nearest_day_of_month(ctx, int(m.group(1)))


def _year(m: re.Match[str], ctx: DayContext) -> datetime | None:
    return midnight(date(int(m.group(1)), 1, 1))


def _named_day(m: re.Match[str], ctx: DayContext) -> datetime | None:
    key = " ".join(m.group(1).lower().split())
    offset = {
        "the day before yesterday": -2, "the day after tomorrow": 2, "yesterday": -1,
        "last night": -1, "tomorrow": 1,
    }.get(key, 0)  # fmt: skip
    return midnight(ctx.day + timedelta(days=offset))


def _part_of(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "the end of last year", "the beginning of next month", "the middle of this week"."""
    part, modifier, what = (g.lower() for g in m.groups())
    count = {"last": -1, "this": 0, "next": 1}[modifier]
    if what == "year":
        year = ctx.day.year + count
        first, last = date(year, 1, 1), date(year, 12, 31)
    elif what == "month":
        first = add_months(ctx.day.replace(day=1), count)
        last = add_months(first, 1) - timedelta(days=1)
    else:
        first = monday_of(ctx.day) + timedelta(days=7 * count)
        last = first + timedelta(days=6)
    if part == "end":
        return midnight(last)
    if part == "middle":
        return midnight(first + (last - first) / 2)
    return midnight(first)


def _modified(m: re.Match[str], ctx: DayContext) -> datetime | None:
    modifier = " ".join(m.group(1).lower().split()).replace("this past", "last")
    modifier = modifier.replace("coming", "next").replace("this next", "next")
    what = m.group(2).lower()
    if what in ("week", "month", "year"):
        count = {"last": -1, "this": 0, "next": 1}[modifier]
        return shift(ctx, count, what)
    if what == "weekend":
        monday = monday_of(ctx.day)
        days = {"last": -2, "this": 5, "next": 12}[modifier]
        return midnight(monday + timedelta(days=days))
    if what in _SEASONS:
        return midnight(season_start(ctx, modifier, _SEASONS[what]))
    return midnight(weekday_date(ctx, modifier, _WEEKDAYS[what.rstrip(".")]))


def _ago(m: re.Match[str], ctx: DayContext) -> datetime | None:
    return shift(ctx, -_number(m.group(1)), m.group(2))


def _lasted(m: re.Match[str], ctx: DayContext) -> datetime | None:
    """ "(I've been at X) for two years now": the start of a state still holding."""
    if not lasted_until_now(m.string, m.start()):
        return None
    return shift(ctx, -_number(m.group(1)), m.group(2))


def _ahead(m: re.Match[str], ctx: DayContext) -> datetime | None:
    return shift(ctx, _number(m.group(1)), m.group(2))


def _bare_weekday(m: re.Match[str], ctx: DayContext) -> datetime | None:
    return midnight(weekday_date(ctx, "", _WEEKDAYS[m.group(1).lower()]))


def _bare_month(m: re.Match[str], ctx: DayContext) -> datetime | None:
    modifier = m.group(1).lower()
    month = _MONTHS[m.group(2).rstrip(".").lower()]
    year = month_year(ctx, month, modifier if modifier in ("last", "next", "this") else "")
    return midnight(date(year, month, 1))


def _bare_season(m: re.Match[str], ctx: DayContext) -> datetime | None:
    return midnight(season_start(ctx, "", _SEASONS[m.group(1).lower()]))


def _the_weekend(m: re.Match[str], ctx: DayContext) -> datetime | None:
    monday = monday_of(ctx.day)
    in_weekend = ctx.day.weekday() >= 5
    days = 5 if (ctx.future or in_weekend) else -2
    return midnight(monday + timedelta(days=days))


_DIGIT = frozenset({"<digit>"})
_UNITS = word_set(
    "minute minutes hour hours day days week weeks fortnight fortnights month months year "
    "years decade decades"
)
_SEASON_WORDS = frozenset(_SEASONS)
_MONTH_WORDS = frozenset(_MONTHS)
_WEEKDAY_WORDS = frozenset(_WEEKDAYS)
# (regex, resolver, words of which one must occur — "<digit>" for any digit)
_RULES: tuple[tuple[re.Pattern[str], Resolver, frozenset[str]], ...] = tuple(
    (re.compile(pattern), resolver, gate)
    for pattern, resolver, gate in (
        *CASUAL_RULES,  # "back in march", "the 2nd of this month"
        (
            r"\b(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?"
            r"(Z|[+-]\d{2}:?\d{2})?(?![\d-])",
            _iso,
            _DIGIT,
        ),
        (r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b", _us_slash, _DIGIT),
        (r"\b(\d{4})/(\d{1,2})/(\d{1,2})\b", _ymd_slash, _DIGIT),
        (
            rf"(?i:\bon\s+)?(?i:\bthe\s+)?\b(\d{{1,2}})(?i:st|nd|rd|th)?(?:\s+of)?\s+({_MONTH})"
            rf"(?:,?\s+({_YEAR})\b)?",
            _day_month,
            _DIGIT,
        ),
        (
            rf"(?i:\bon\s+)?\b({_MONTH})\s+(\d{{1,2}})(?i:st|nd|rd|th)?\b(?!:)(?:,?\s+({_YEAR})\b)?",
            _month_day,
            _DIGIT,
        ),
        (
            r"(?i:\bon\s+)?(?i:\bthe\s+)\b([1-9]|[12]\d|3[01])(?i:st|nd|rd|th)\b(?!\s*(?i:of\b|"
            r"time|floor|place|grade|century|row|round|anniversary|birthday|percentile|edition|"
            r"gen|season|episode|chapter|year|week|month|day|hour|minute|street|st\b|ave|try|"
            r"attempt|pick|overall|largest|biggest|best|most))",
            _ordinal_day,
            _DIGIT,
        ),
        (
            rf"(?i:\b(?:in|since|until|by|during)\s+)?(?i:\b(early|mid|late)[- ])?"
            rf"\b({_MONTH}),?\s+({_YEAR})\b",
            _month_and_year,
            _DIGIT,
        ),
        (
            rf"(?i:\b(?:in|since|during)\s+)?(?i:\bthe\s+)?\b({_SEASON})\s+(?i:of\s+)?({_YEAR})\b",
            _season_and_year,
            _DIGIT,
        ),
        (
            rf"(?i:\b(?:back\s+in|in|since|until|till|by|during|around|before|after|from|to|between|and)\s+)"
            rf"(?i:the\s+year\s+)?({_YEAR})\b(?!\s*(?i:am|pm|people|dollars|miles))",
            _year,
            _DIGIT,
        ),
        (
            r"(?i:\b(the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow|yesterday"
            r"|today|tonight|tomorrow|last\s+night|this\s+(?:morning|afternoon|evening)"
            r"|earlier\s+today)(?:\s+(?:morning|afternoon|evening|night))?\b)",
            _named_day,
            word_set("yesterday today tonight tomorrow night morning afternoon evening"),
        ),
        (
            r"(?i:\b(?:at\s+|by\s+|towards?\s+|around\s+)?the\s+(end|beginning|start|middle)"
            r"\s+of\s+(last|this|next)\s+(year|month|week)\b)",
            _part_of,
            frozenset({"end", "beginning", "start", "middle"}),
        ),
        (
            rf"(?i:(?<!the\s)\b(last|this\s+past|this\s+coming|this\s+next|this|next|coming)\s+"
            rf"(week|month|year|weekend|spring|summer|fall|autumn|winter|{_WEEKDAY_SHORT})\b)",
            _modified,
            frozenset({"week", "month", "year", "weekend"}) | _SEASON_WORDS | _WEEKDAY_WORDS,
        ),
        (
            rf"(?i:\b(?:about|around|almost|nearly|over|roughly|just|only|like)\s+)?\b({_NUM})\s+({_UNIT})"
            r"(?i:\s+ago)\b",
            _ago,
            frozenset({"ago"}),
        ),
        (
            rf"(?i:\bfor\s+(?:about\s+|around\s+|almost\s+|nearly\s+|over\s+)?)({_NUM})\s+({_UNIT})\b"
            r"(?!\s+(?:ago|from\s+now))",
            _lasted,
            _UNITS,
        ),
        (rf"(?i:\bin\s+)({_NUM})\s+({_UNIT})\b(?!\s+ago)", _ahead, _UNITS),
        (rf"\b({_NUM})\s+({_UNIT})(?i:\s+from\s+now)\b", _ahead, _UNITS),
        (
            rf"(?i:\b(?:on\s+)?)\b({_WEEKDAY})\b(?i:\s+(?:morning|afternoon|evening|night))?",
            _bare_weekday,
            _WEEKDAY_WORDS,
        ),
        (
            rf"(?i:\b(in|since|until|till|by|during|last|next|this|early|late|mid|around)[- ]\s*)"
            rf"({_MONTH})\b(?!\s+\d)",
            _bare_month,
            _MONTH_WORDS,
        ),
        (rf"(?i:\b(?:in|during|over)\s+the\s+)({_SEASON})\b", _bare_season, _SEASON_WORDS),
        (HOLIDAY_PATTERN, holiday, HOLIDAY_WORDS),
        (r"(?i:\b(?:over|on|during|at)\s+the\s+weekend\b)", _the_weekend, frozenset({"weekend"})),
    )
)


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
    try:
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
    for pattern, resolver, gate in _RULES:
        if gate.isdisjoint(words):
            continue
        for m in pattern.finditer(text):
            if any(m.start() < end and start < m.end() for start, end, _ in found):
                continue
            if _HABIT.search(text, max(0, m.start() - _CUE_WINDOW), m.start()):
                continue  # "every Sunday", "each summer": a habit, not a date
            when = _resolve(resolver, m, ctx, text, guess=prefer_future is None)
            if when is not None:
                found.append((m.start(), m.end(), when))
    found.sort(key=lambda item: item[0])
    return _with_roles_and_times(text, found)


def _with_roles_and_times(
    text: str, found: list[tuple[int, int, datetime]]
) -> list[TimeExpression]:
    out: list[TimeExpression] = []
    for start, end, when in found:
        head = text[start:end].split(maxsplit=1)[0].lower()
        role = _HEAD_ROLES.get(head)
        prefix = _PREFIX_ROLE.search(text, max(0, start - _CUE_WINDOW), start)
        if role is None and prefix:
            role = _HEAD_ROLES.get(prefix.group(1).lower(), "at")
            start = prefix.start()
        after_since = bool(out) and out[-1].role == "since"
        if head == "to" or (after_since and _RANGE_JOIN.match(text[out[-1].end : start])):
            role = "until" if after_since else "at"
        if role == "until" and _MOVED_UNTIL.search(text, max(0, start - 40), start):
            role = "at"  # "postponed until the 26th": the new day, not an end
        tail = _TIME_OF_DAY.match(text, end)
        if tail and when.hour == 0 and when.minute == 0:
            when, end = _at_time(when, tail), tail.end()
        out.append(TimeExpression(start, end, text[start:end], when, role or "at"))
    return out


def _at_time(day: datetime, m: re.Match[str]) -> datetime:
    hour, minute = int(m.group(1)) % 24, int(m.group(2) or 0)
    meridiem = (m.group(3) or "").lower().replace(".", "")
    if meridiem == "pm" and hour < 12:
        hour += 12
    elif meridiem == "am" and hour == 12:
        hour = 0
    return day.replace(hour=hour, minute=min(minute, 59))
