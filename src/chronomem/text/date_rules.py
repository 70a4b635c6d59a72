"""The date rules: which wordings name a time, as data (pattern, resolver, gate words).

Rules are tried in order and an earlier rule keeps the stretch of text it matched. The gate
of a rule is a set of words of which one must occur in the text ("<digit>" for any digit),
so a text skips the rules it cannot match without running their patterns.
"""

from __future__ import annotations

import re

from chronomem.text import date_resolvers as resolve
from chronomem.text import duration_resolvers as duration
from chronomem.text.casual_dates import CASUAL_RULES
from chronomem.text.date_resolvers import Resolver
from chronomem.text.date_words import MONTHS, ORDINAL_WORD, SEASONS, WEEKDAYS
from chronomem.text.holidays import (
    HOLIDAY_IN_YEAR_PATTERN,
    HOLIDAY_PATTERN,
    HOLIDAY_WORDS,
    holiday,
)
from chronomem.text.numeric_dates import BARE_ORDINAL_RULE, NOT_A_DAY, NUMERIC_RULES
from chronomem.text.span_dates import SPAN_RULES
from chronomem.text.words import word_set

# Months must be capitalised where the word is also common English ("May", "March", "Mar");
# the other short names are no English words, in any case ("in dec", "feb 9", "SEPT"). A
# month is a whole word: "14 Marlowe Road", "3 Junction Street" name no day.
_MONTH = (
    r"(?:(?i:january|february|april|june|july|august|september|october|november|december"
    r"|jan|feb|apr|jun|jul|aug|sept|sep|oct|nov|dec)|March|May|Mar)(?![^\W\d_])\.?"
)
# any month, in any case: read only where a date word comes before ("the end of may")
_ANY_MONTH = (
    r"(?i:january|february|march|april|may|june|july|august|september|october|november"
    r"|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)(?![^\W\d_])\.?"
)
# A weekday alone; a short name only where it is no English word ("thurs", "fri"), or
# after "on" ("on wed", "on sat") or before a time of day ("wed 3pm", "sat morning"): "we
# sat down", "the sun" name no day.
_WEEKDAY = (
    r"(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday|(?:tues|weds|thurs?|fri)(?!-)"
    r"|(?<=\bon\s)(?:mon|tue|wed|thu|sat|sun)"
    r"|(?:mon|tue|wed|thu|sat|sun)(?=\s+(?:at\s+)?\d{1,2}(?:[:.]\d\d)?\s*[ap]\.?m\b"
    r"|\s+(?:morning|afternoon|evening|night|arvo)\b))"
)
_WEEKDAY_SHORT = (
    r"(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    r"|tues?|weds?|thur?s?|fri|sat|sun|mon)"
)
_NUM = (
    r"(?i:\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen"
    r"|twenty|thirty|a\s+couple(?:\s+of)?|couple(?:\s+of)?|a\s+few|few|several|a\s+dozen)"
)
_UNIT = r"(?i:minute|hour|day|week|fortnight|month|year|decade)s?"
COUNT, UNIT = _NUM, _UNIT  # for the other readers of counted spans (``offset_dates.py``)
# a span with a half: "a year and a half", "two and a half months", "half a year"
_HALVES = (
    rf"(?:({_NUM})\s+({_UNIT})\s+and\s+a\s+half|({_NUM})\s+and\s+a\s+half\s+({_UNIT})"
    rf"|(?i:half)\s+(?i:an?)\s+({_UNIT}))"
)
# a word saying a time is rough, between its preposition and the time: "since like
# september", "for about a year", "since maybe 2019", "almost two years ago"
ROUGHLY = (
    r"(?:(?:about|around|almost|nearly|over|roughly|approximately|just|only|like|maybe"
    r"|probably|basically|literally)\s+)?"
)
_SEASON = r"(?i:spring|summer|fall|autumn|winter)"
_YEAR = r"(?:19|20)\d{2}"
# a day's year, given or counted from now: "14 June 2026", "14 June next year"
_DAYS_YEAR = rf"(?:,?\s+({_YEAR}|(?i:next|last|this)\s+year)\b)?"
_DIGIT = frozenset({"<digit>"})
_UNITS = word_set(
    "minute minutes hour hours day days week weeks fortnight fortnights month months year "
    "years decade decades"
)
_SEASON_WORDS = frozenset(SEASONS)
_MONTH_WORDS = frozenset(MONTHS)
_WEEKDAY_WORDS = frozenset(WEEKDAYS)
# (regex, resolver, words of which one must occur — "<digit>" for any digit)
DATE_RULES: tuple[tuple[re.Pattern[str], Resolver, frozenset[str]], ...] = tuple(
    (re.compile(pattern), resolver, gate)
    for pattern, resolver, gate in (
        (HOLIDAY_IN_YEAR_PATTERN, holiday, HOLIDAY_WORDS),  # before "last year" alone
        *SPAN_RULES,  # "from 20 to 27 July", "the first Sunday in June"
        *CASUAL_RULES,  # "back in march", "the 2nd of this month"
        (  # before the whole units, which would read "a year" of "half a year ago"
            rf"(?i:\b{ROUGHLY}){_HALVES}(?i:\s+(?:ago|back(?!\s+(?:at|in|to|on|from|home)\b)))\b",
            duration.halves_ago,
            frozenset({"half"}),
        ),
        (rf"(?i:\bfor\s+{ROUGHLY}){_HALVES}", duration.halves_lasted, frozenset({"half"})),
        (
            rf"(?<![\w-]){_HALVES}(?=\s*(?:now\b|already\b|and counting\b|[.,!;)]|$))",
            duration.halves_lasted,
            frozenset({"half"}),
        ),
        (
            r"\b(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?"
            r"(Z|[+-]\d{2}:?\d{2})?(?![\d-])",
            resolve.iso,
            _DIGIT,
        ),
        *NUMERIC_RULES,  # "30/11/2026", "on 14/04", "by 15.09"
        (r"\b(\d{4})/(\d{1,2})/(\d{1,2})\b", resolve.ymd_slash, _DIGIT),
        (
            rf"(?i:\bon\s+)?(?i:\bthe\s+)?\b(\d{{1,2}})(?i:st|nd|rd|th)?(?:\s+of)?\s+({_MONTH})"
            rf"{_DAYS_YEAR}",
            resolve.day_month,
            _DIGIT,
        ),
        (
            rf"(?i:\bon\s+)?\b({_MONTH})\s+(?i:the\s+)?(\d{{1,2}})(?i:st|nd|rd|th)?\b(?!:)"
            rf"{_DAYS_YEAR}",
            resolve.month_day,
            _DIGIT,
        ),
        (  # "November, 9 to 23": a month, then the span of its days after a comma
            rf"\b({_MONTH}),\s+(\d{{1,2}})(?i:st|nd|rd|th)?(?=\s*(?i:to|till|until|-|\u2013)\s*"
            r"\d{1,2}(?i:st|nd|rd|th)?\b)",
            resolve.month_then_days,
            _DIGIT,
        ),
        (
            r"(?i:\bon\s+)?(?i:\bthe\s+)\b([1-9]|[12]\d|3[01])(?i:st|nd|rd|th)\b" + NOT_A_DAY,
            resolve.ordinal_day,
            _DIGIT,
        ),
        BARE_ORDINAL_RULE,  # "on 21st", "from 3rd"
        (
            rf"(?i:\b(?:on\s+)?(?:the\s+)?)\b({ORDINAL_WORD})(?i:\s+of)\s+({_ANY_MONTH})"
            rf"{_DAYS_YEAR}",
            resolve.ordinal_word_day,
            _MONTH_WORDS,
        ),
        (
            rf"(?i:\bon\s+)?\b({_MONTH})\s+(?i:the\s+)?({ORDINAL_WORD})\b"
            rf"(?!\s+(?i:time|thing|place|half|quarter|week)\b){_DAYS_YEAR}",
            resolve.month_ordinal_word,
            _MONTH_WORDS,
        ),
        (
            rf"(?i:\b(?:in|since|until|by|during)\s+{ROUGHLY})?(?i:\b(early|mid|late)[- ])?"
            rf"\b({_MONTH}),?\s+({_YEAR})\b",
            resolve.month_and_year,
            _DIGIT,
        ),
        (
            rf"(?i:\b(?:in|since|during)\s+{ROUGHLY})?(?i:\bthe\s+)?\b({_SEASON})\s+(?i:of\s+)?({_YEAR})\b",
            resolve.season_and_year,
            _DIGIT,
        ),
        (
            rf"(?i:\b(?:in|since|until|till|by|during|around|before|after|from)\s+)?"
            rf"(?i:\b(?:the\s+)?(early|mid|late|start\s+of|beginning\s+of|end\s+of|middle\s+of)"
            rf"[- ]\s*(?:the\s+year\s+)?)({_YEAR})\b",
            resolve.part_of_year,
            _DIGIT,
        ),
        (
            r"(?i:\b(?:in|after|from|by)\s+the\s+new\s+year\b)",
            resolve.new_year,
            frozenset({"new"}),
        ),
        (
            rf"(?i:\b(?:for|over|in|during)\s+the\s+(?:past|last)\s+)({_NUM})\s+({_UNIT})\b",
            duration.ago,
            _UNITS,
        ),
        (
            rf"(?i:\b(?:back\s+in|in|since|until|till|by|during|around|before|after|from|to|between|and)\s+)"
            rf"(?i:{ROUGHLY}the\s+year\s+|{ROUGHLY})({_YEAR})\b(?!\s*(?i:am|pm|people|dollars|miles))",
            resolve.year,
            _DIGIT,
        ),
        (  # "since '18", "back in the '09" (a learner's "the")
            r"(?i:\b(?:back\s+in|in|since|until|till|by|during|around|before|after|from)\s+)"
            r"(?i:the\s+)?'(\d{2})\b(?!')",
            resolve.short_year,
            _DIGIT,
        ),
        # "a fortnight from today" (as "from now", below), before "today" alone takes "from
        # today"; "for eight weeks from today" is how long
        (
            rf"(?<!for )\b({_NUM})\s+({_UNIT})(?i:\s+from\s+today)\b",
            duration.ahead,
            _UNITS,
        ),
        # "a week today", "a fortnight today" (not "a year today since I quit", nor "20 weeks
        # today", a count reached today): that long on
        (
            r"(?<!for )\b((?i:a|an|one|two|three|[123]))\s+((?i:weeks?|fortnights?))"
            r"(?i:\s+today)\b"
            r"(?!\s+(?:since|that|ago)\b)",
            duration.ahead,
            _UNITS,
        ),
        # "a fortnight tomorrow", "three weeks from tomorrow": that long after tomorrow
        # (before "from <a while>", a learner's "since", reads it as a start back then)
        (
            rf"(?<!for )\b({_NUM})\s+({_UNIT})(?i:\s+(?:from\s+)?(?:tomorrow|tmrw))\b"
            r"|(?i:\b(?:tomorrow|tmrw)\s+(week|fortnight)\b)",
            duration.ahead_of_tomorrow,
            _UNITS,
        ),
        (
            r"(?i:\b(the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow|yesterday"
            r"|today|tonight|tomorrow|tmrw|tmr|tmrrw|tomoz|tomorow|2moro|2morrow|tonite|2nite"
            # "my last night shift", "the last night of the trip": the final one, no day
            r"|(?<!\bthe\s)(?<!\bmy\s)(?<!\bour\s)last\s+night(?!\s+(?:shifts?|of)\b)"
            r"|this\s+(?:morning|afternoon|evening)"
            r"|earlier\s+today)(?:\s+(?:morning|afternoon|evening|night))?\b)",
            resolve.named_day,
            word_set(
                "yesterday today tonight tomorrow night morning afternoon evening tmrw tmr tmrrw "
                "tomoz tomorow tonite"
            )
            | {"moro", "morrow", "nite"},  # "2moro", "2nite": the gate reads letters
        ),
        (
            r"(?i:\b(?:at\s+|by\s+|towards?\s+|around\s+)?(?:the\s+)?(end|beginning|start"
            r"|middle)\s+of\s+(last|this|next|the)\s+(year|month|week)\b)",
            resolve.part_of,
            frozenset({"end", "beginning", "start", "middle"}),
        ),
        (
            rf"(?i:\b(?:at\s+|by\s+|towards?\s+|around\s+)?(?:the\s+)?(end|beginning|start"
            rf"|middle)\s+of\s+)({_ANY_MONTH})\b(?!\s+\d)",
            resolve.part_of_month,
            frozenset({"end", "beginning", "start", "middle"}),
        ),
        (
            r"(?i:\b(?:the\s+)?(week|weekend)\s+after\s+next\b)",
            resolve.after_next,
            frozenset({"week", "weekend"}),
        ),
        (  # "Thursday next week", "next week Thursday": that day of the week named
            rf"\b({_WEEKDAY})(?i:\s+(?:of\s+)?(next|this|last)\s+week)\b"
            rf"|(?i:\b(next|this|last)\s+week\s+(?:on\s+)?)({_WEEKDAY})\b",
            resolve.weekday_of_week,
            _WEEKDAY_WORDS,
        ),
        (  # "the Friday after next": a week after the coming Friday
            rf"(?i:\b(?:the\s+)?)({_WEEKDAY})(?i:\s+after\s+next)\b",
            resolve.weekday_after_next,
            _WEEKDAY_WORDS,
        ),
        (
            rf"(?i:\b(?:a|one)\s+(week|fortnight)\s+(?:on|from)\s+)({_WEEKDAY})\b"
            rf"|\b({_WEEKDAY})(?i:\s+(week|fortnight))\b",
            resolve.weekday_weeks_on,
            _WEEKDAY_WORDS,
        ),
        (
            rf"(?i:(?<!the\s)\b(last|this\s+past|this\s+coming|this\s+next|this|next|coming)\s+"
            rf"(week|month|year|weekend|spring|summer|fall|autumn|winter|{_WEEKDAY_SHORT})\b)",
            resolve.modified,
            frozenset({"week", "month", "year", "weekend"}) | _SEASON_WORDS | _WEEKDAY_WORDS,
        ),
        (  # "two Fridays ago", "the Tuesday before last": that many such days back
            rf"\b(?:({_NUM})\s+(?i:(monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
            r"s\s+ago)|(?i:the\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+"
            r"before\s+last))\b",
            resolve.weekdays_ago,
            frozenset({"ago", "last"}),
        ),
        (  # "three weeks ago Sunday", "a week ago on Friday": that day of the week back then
            rf"(?i:\b)({_NUM})(?i:\s+weeks?\s+ago\s+(?:on\s+|last\s+)?)({_WEEKDAY})\b",
            resolve.weekday_weeks_ago,
            frozenset({"ago"}),
        ),
        (
            rf"(?i:\b{ROUGHLY})\b({_NUM})\s+({_UNIT})"
            r"(?i:\s+(?:ago|back(?!\s+(?:at|in|to|on|from|home|with|into)\b)))\b",
            duration.ago,
            frozenset({"ago", "back"}),
        ),
        (
            rf"(?i:\bfor\s+{ROUGHLY})({_NUM})\s+({_UNIT})\b"
            r"(?!\s+(?:ago|from\s+now))",
            duration.lasted,
            _UNITS,
        ),
        (  # "vegetarian since twelve years", "learning guitar from three months": how
            # long, said as English as a second language says it; the state holds since then
            rf"(?i:\b(?:since|from)\s+{ROUGHLY})"
            rf"({_NUM})\s+({_UNIT})\b(?!\s+(?:ago|from\s+now|later|before|after|earlier|old)\b)",
            duration.ago,
            _UNITS,
        ),
        (  # "ten months without a single cigarette", "6 months sober", "3 weeks smoke-free":
            # how long one has gone without, counted back from now to the change
            rf"(?<![\w-])({_NUM})\s+({_UNIT})\b(?=\s+(?:(?:clean\s+and\s+)?sober|clean\b|"
            r"without\b|w/o\b|free\s+of\b|(?:smoke|alcohol|booze|nicotine|caffeine|sugar|drink)"
            r"[- ]free\b))",
            duration.ago,
            _UNITS,
        ),
        (  # "been in london 6 years", "had Rex two years now": a duration without "for"
            rf"(?<![\w-])({_NUM})\s+({_UNIT})\b(?=\s*(?:now\b|already\b|and counting\b|"
            r"[.,!;)]|$))",
            duration.lasted,
            _UNITS,
        ),
        (rf"(?i:\bin\s+)({_NUM})\s+({_UNIT})\b(?!\s+ago)", duration.ahead, _UNITS),
        (rf"\b({_NUM})\s+({_UNIT})(?i:\s+from\s+now)\b", duration.ahead, _UNITS),
        # before a bare weekday, which would read "Friday" of "on Good Friday"
        (HOLIDAY_PATTERN, holiday, HOLIDAY_WORDS),
        (
            # ("the Thursday Readers", "the Sunday League": a name, no day)
            # ("Tuesday evenings", "Monday mornings": a day that recurs, as "every")
            rf"(?i:\b(?:on\s+)?)\b(?!(?<=\bthe\s){_WEEKDAY}\s+(?-i:[A-Z]))({_WEEKDAY})\b"
            r"(?!(?i:\s+(?:mornings|afternoons|evenings|nights)\b))"
            r"(?i:\s+(?:morning|afternoon|evening|night))?",
            resolve.bare_weekday,
            _WEEKDAY_WORDS,
        ),
        (
            rf"(?i:\b(in|since|until|till|by|during|last|next|this|early|late|mid|around|about"
            rf"|from|to|before|after|through)"
            rf"[- ]\s*{ROUGHLY})"
            rf"({_MONTH})\b(?!\s+\d)",
            resolve.bare_month,
            _MONTH_WORDS,
        ),
        (
            rf"(?i:\b(?:in|during|over|by|until|till|before|after|since|from|through)\s+the\s+)"
            rf"({_SEASON})\b",
            resolve.bare_season,
            _SEASON_WORDS,
        ),
        (
            r"(?i:\b(?:over|on|during|at)\s+the\s+weekend\b)",
            resolve.the_weekend,
            frozenset({"weekend"}),
        ),
    )
)
