"""A day known by a name the message glosses with its date, said as that date.

"Until Timkat this year, 19 January, I brewed tej. Since Timkat I am a guide": a feast,
a fair or a family's own day that no calendar of ours knows is often explained once, by the
date right after its name ("Losar, at the end of February", "Meskel (27 September)"). The
date readers read dates, not names, so :func:`dated_names` writes the gloss as its date
alone ("Until 19 January, I brewed tej") and each later use of the name after a word of
time as the same date ("Since 19 January I am a guide"). A name followed by no date, or by
a date that is not a day of the calendar ("tomorrow"), is left as it is.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from chronomem.text.dates import find_time_expressions

# a name (capitalised words) after a word of time, maybe "this year", then a comma, a dash
# or a bracket: "Until Timkat this year, 19 January", "After Meskel (27 September)"
_NAME = re.compile(
    r"\b(?i:since|after|before|until|till|til)\s+"
    r"(?P<name>(?-i:[A-Z][\w'’-]+)(?:\s+(?-i:[A-Z][\w'’-]+)){0,2})"
    r"(?P<year>\s+(?:this|last)\s+year)?\s*(?P<mark>,|\(|–|-{1,2})\s*(?:on\s+|in\s+)?"
)
_GLOSS_CHARS = 40  # the most a gloss's date is read for
# the date of a gloss names a day or a part of a month, not a day counted from now
_CALENDAR = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\d{1,2}[./-]\d{1,2}", re.I
)
# the words of time a later use of the name follows: "since Timkat", "after Losar"
_TIME_WORD = r"(?i:since|after|before|until|till|til|on|around|by)"
# a preposition the date opens with, left before it: "at the end of February"
_LEAD = re.compile(r"(?:at|on|in)\s+", re.I)
# any reference: only the expressions' places and words are used, not their days
_ANY_DAY = datetime(2000, 1, 1, tzinfo=UTC)


def dated_names(text: str) -> str:
    """``text`` with each name glossed by its date said as that date, there and after."""
    glosses: dict[str, str] = {}
    cuts: list[tuple[int, int, str]] = []
    for m in _NAME.finditer(text):
        if m.group("name").lower() in _NOT_NAMES:
            continue
        found = find_time_expressions(text[m.end() : m.end() + _GLOSS_CHARS], _ANY_DAY)
        if not found or found[0].start != 0 or not _CALENDAR.search(found[0].text):
            continue
        date = found[0]
        lead = _LEAD.match(date.text)
        day = date.text[lead.end() if lead else 0 :] + (m.group("year") or "")
        glosses.setdefault(m.group("name"), day)
        end = m.end() + date.end
        if m.group("mark") == "(" and text[end : end + 1] == ")":
            end += 1  # "until Pongal (14 Jan) I ...": its bracket
        cuts.append((m.start("name"), end, day))  # "Until Timkat this year, 19 January"
    if not glosses:
        return text
    names = "|".join(re.escape(n) for n in sorted(glosses, key=len, reverse=True))
    glossed = {start for start, _, _ in cuts}
    for m in re.finditer(rf"\b{_TIME_WORD}\s+(?P<name>{names})\b", text):
        if m.start("name") not in glossed:
            cuts.append((m.start("name"), m.end("name"), glosses[m.group("name")]))
    pieces, at = [], 0
    for start, end, said in sorted(cuts):
        pieces += [text[at:start], said]
        at = end
    return "".join([*pieces, text[at:]])


# capitalised words after a word of time that name no feast ("until Friday, 19 January")
_NOT_NAMES = frozenset(
    {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "today",
     "tomorrow", "yesterday", "then", "now", "that", "this", "it"}
)  # fmt: skip
