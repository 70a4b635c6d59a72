"""A day set right: "sorry, August 8th! not June", "typo: the 19th", "I mean Friday", "15th".

The speaker told something ahead on a day ("my sister is getting married on June 8th") and
then corrects the day alone, with a correction cue or none (a sentence that is a day and
nothing else, not asked for) and nothing but the day (the value
corrected is a date, so ``retractions.py``, which swaps names and phrases, does not read
it). The fact is the last one told ahead, by this turn or the turns before
(``Known.ahead``), told again on the day meant; the engine then withdraws the one on the
wrong day, as for a plan moved (``engine/timeline_endings.withdraw_moved_plans``). A correction
says the day the speaker meant for a thing still to come, so a day without a year that
resolves behind the time said is that day's next occurrence ("August 8th" said in
February, though last August is nearer), and a day of the month told alone ("wait no, the
19th" of a wedding on 12 June) is in the month of the day it sets right.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from types import MappingProxyType
from typing import Final

from chronomem.extractors.rules.analysis.day_corrections import set_right
from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Ahead, Known
from chronomem.extractors.rules.analysis.month_told import in_month_of
from chronomem.extractors.rules.hit_dates import owned_times
from chronomem.extractors.rules.plain_texts import plain_sentence
from chronomem.extractors.rules.readers.ahead import plan_words
from chronomem.extractors.rules.tables.correction_cues import ANY_CUE, CUE_LEAD
from chronomem.extractors.rules.tables.patterns import GENERIC_RELATIONS
from chronomem.extractors.rules.trace import FactKey
from chronomem.model import ExtractedFact
from chronomem.model.relations import DAY_RELATIONS
from chronomem.text.dates import TimeExpression, find_time_expressions

# what may stand between the cue and the day: "it's", "on", "the"
_LINKS: Final = re.compile(r"(?:(?:it's|its|it is|it was|on|the|for)\s+)*", re.I)
# what may follow the day: its hour ("13 March, 9:40"), the clause ends, a laugh, an apology,
# "not <the wrong day>", or a remark of a few words ("correction: the 21st, misread it")
_REST: Final = re.compile(
    r"(?:,?\s*(?:at\s+)?\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\.?)?)?"
    r"\W*(?:(?:lol|haha|sorry|oops|my bad|not\b[^.!?]*|instead|then)\W*)*"
    r"(?:,\s*[a-z']+(?:\s+[a-z']+){0,2}\W*)?$",
    re.I,
)
# a day told after a remark and a break, as what the thing is: "— it's Thursday 13 March"
_RESTATED: Final = re.compile(r"(?:[—–:;]|\s-)\s*(?=(?:it's|its|it is)\s)", re.I)
# "your new date is Monday 12 May", or a notice of change before a colon ("Last change I
# promise: 7 November")
_NEW_DAY: Final = re.compile(
    r"\W*(?:(?:the|my|your|our|its)\s+)?new\s+(?:date|day)s?\s+(?:is|are|will be|:)\s*(?:now\s+)?"
    r"|\W*(?:(?:last|another|one more|final|small|quick|date)\s+)?(?:change|update)\b"
    r"[^:.!?]{0,20}:\s*",
    re.I,
)
# two days of one span: "8 to 15 September", "5-12 May" (the first is the start)
_RANGE: Final = re.compile(r"\s*(?:to|-|–|until|till|through|thru)\s*", re.I)
# a day denied before the one meant: "not the 12th, the 19th", "not on Friday but Monday"
_NOT_DAY: Final = re.compile(r"not\s+", re.I)
_NOT_DAY_SEP: Final = re.compile(r"\W*(?:but\s+)?(?:(?:it's|its|it is)\s+)?", re.I)
# a day agreed to when another asked for it: "ok, 9 August then", "fine, the 9th then"
_AGREED: Final = re.compile(
    r"\s*((?:(?:ok|okay|fine|sure|alright|all right|right|deal|yes|yeah)\b\W*)*)"
    r"(?:on\s+)?(?:the\s+)?[^.!?]{1,40}?\s+then\W*",
    re.I,
)
_YEAR: Final = re.compile(r"\b\d{4}\b")
_ORDINAL_ALONE: Final = re.compile(r"\s*\d{1,2}(?:st|nd|rd|th)\W*", re.I)


_NOTHING_TOLD: Mapping[FactKey, ExtractedFact] = MappingProxyType({})


def day_set_right(
    s: Sentence,
    known: Known,
    hits: list[Hit],
    told: Mapping[FactKey, ExtractedFact] = _NOTHING_TOLD,
) -> list[Hit]:
    """The last fact told ahead, again on the day a terse correction gives, or (a day
    behind, after a correction cue) the facts of this episode told last with a start of
    their own, from that day (``told``: the episode's facts so far). The sentence's hits
    come first: a sentence that tells something of its own is no correction."""
    if hits or s.speaker is None or s.assistant or s.question:
        return hits
    if not s.times and _ORDINAL_ALONE.fullmatch(s.text):  # "15th." is a day here
        found = find_time_expressions(f"the {s.text.strip()}", s.reference)[:1]
        s = replace(s, times=[replace(t, start=0, end=len(s.text)) for t in found])
    if not s.times:
        return hits
    if known.moved is not None:  # "postponed, la. ... so now it is on 8 March"
        return _moved_day(s, known, known.moved)
    lead = CUE_LEAD.match(s.text)
    agreed = None
    day = s.times[0]
    if lead is not None and ANY_CUE.search(lead.group(1)) is not None:
        opens = lead.end()
        started = _start_set_right(s, opens, told)
        if started:
            return started
        day, opens = _meant_after_denied(s, opens)
    elif restated := list(_RESTATED.finditer(s.text, 0, s.times[0].start)):
        # "I looked at the letter again — it's Thursday 13 March"
        opens = restated[-1].end()
    elif (new := _NEW_DAY.match(s.text)) is not None:  # "your new date is Monday 12 May"
        opens = new.end()
    elif (agreed := _AGREED.fullmatch(s.text)) is not None:  # "Can we do 9th?" "Ok, 9 August then"
        opens = agreed.end(1)
    elif known.asked is None:  # a day alone, asked nothing: "15th. not 14th. sorry"
        opens = len(s.text) - len(s.text.lstrip())
    else:
        return hits
    linked = day.start >= opens and _LINKS.fullmatch(s.text, opens, day.start)
    if not linked or not _REST.match(s.text, day.end):
        return hits
    record = _last_ahead(known, s.reference, s.speaker if agreed else None)
    if record is None:
        return hits
    when = _ahead(in_month_of(day.when, day.text, record.start), s.reference, day.text)
    if when is None or record.start is None or when.date() == record.start.date():
        return hits
    # the facts told with it for that day move with it ("the job as patient coordinator at
    # ADK, I start on the 12th": the employer and the title)
    same = [
        a
        for a in _told_ahead(known, s.reference)
        if (a.source, a.start) == (record.source, record.start)
    ]
    return [_on_day(s, a, day, when) for a in same or [record]]


def _meant_after_denied(s: Sentence, opens: int) -> tuple[TimeExpression, int]:
    """The day meant and where its words open: "sorry, not the 12th, the 19th!" denies
    the first day before the one meant; else the sentence's first day, opening at
    ``opens``."""
    first = s.times[0]
    denied = _NOT_DAY.match(s.text, opens)
    if (
        denied is None
        or len(s.times) < 2
        or not _LINKS.fullmatch(s.text, denied.end(), first.start)
    ):
        return first, opens
    sep = _NOT_DAY_SEP.match(s.text, first.end)
    return s.times[1], first.end if sep is None else sep.end()


# what ends a day told alone as the right one: the clause ("No wait, September 2017, I
# always mix it up"), not a clause the day opens ("sorry, yesterday I went")
_DAY_ALONE: Final = re.compile(r"\s*(?:[,;.!?)\u2014\u2013-]|$)")


def _start_set_right(s: Sentence, opens: int, told: Mapping[FactKey, ExtractedFact]) -> list[Hit]:
    """ "since September 2018. No wait, September 2017": the facts this episode told last
    with a start of their own (not the time said), from the day behind the cue gives."""
    day = s.times[0]
    if not _LINKS.fullmatch(s.text, opens, day.start) or not _DAY_ALONE.match(s.text, day.end):
        return []
    said = s.reference.date()
    started = [
        f
        for f in told.values()
        if f.valid_at is not None
        and f.valid_at.date() != said
        and f.invalid_at is None
        and f.relation not in GENERIC_RELATIONS
    ]
    last = started[-1].valid_at if started else None
    if last is None or day.when > s.reference or day.when == last:
        return []
    span = (day.start, day.end)
    return [
        Hit(
            f.relation,
            Party(f.source, None, speaker=f.source == s.speaker),
            Party(f.target, None, False),
            False,
            (0, len(s.text)),
            span,
            f.fact,
            spell=(day.when, None),
            redates=True,
        )
        for f in started
        if f.valid_at == last
    ]


def _moved_day(s: Sentence, known: Known, record: Ahead) -> list[Hit]:
    """The plan this turn told moved, on the last day ahead this sentence gives that is not
    its old one ("1 March is not auspicious, so now it is on 8 March")."""
    old = None if record.start is None else record.start.date()
    days = [
        (t, when)
        for t in s.times
        if (when := _ahead(in_month_of(t.when, t.text, record.start), s.reference, t.text))
        and when.date() != old
    ]
    if not days:
        return []
    known.moved = None
    day, when = days[-1]
    first = next(
        (t for t in s.times if t.end <= day.start and _RANGE.fullmatch(s.text, t.end, day.start)),
        None,
    )
    if first is not None:  # "New dates: 8 to 15 September": from the 8th of that month
        when = _ahead(in_month_of(first.when, first.text, when), s.reference, first.text) or when
        day = first
    return [_on_day(s, record, day, when)]


def _on_day(s: Sentence, record: Ahead, day: TimeExpression, when: datetime) -> Hit:
    """``record`` told again on ``when``, the day ``day`` of the sentence."""
    source = Party(record.source, "Person", speaker=record.source == s.speaker)
    target = Party(record.target, record.label or None, False)
    # its words without the wrong day: a plan's own, or the plain fact ("Ana works at ADK")
    text = plain_sentence(record.relation, record.source, record.target) or plan_words(
        record, record.source
    )
    told, span = (0, len(s.text)), (day.start, day.end)
    return Hit(record.relation, source, target, False, told, span, text, spell=(when, None))


def _last_ahead(known: Known, now: datetime, whose: str | None = None) -> Ahead | None:
    """The fact told ahead last (not one the memory held from before these turns); with
    ``whose``, that person's own when they told one (a day agreed to moves the speaker's
    plan, not the conflict the other side gave as the reason)."""
    told = _told_ahead(known, now)
    own = [a for a in told if whose is not None and a.source == whose]
    return (own or told)[-1] if told else None


def _told_ahead(known: Known, now: datetime) -> list[Ahead]:
    return [a for a in known.ahead if not a.held and a.start is not None and a.start > now]


def _ahead(when: datetime, now: datetime, said: str) -> datetime | None:
    """``when``, or (a day told without its year, behind ``now``) its next occurrence."""
    if when > now:
        return when
    if _YEAR.search(said):
        return None
    try:
        ahead = when.replace(year=when.year + 1)
    except ValueError:  # 29 February
        return None
    return ahead if ahead > now else None


def days_corrected(s: Sentence, hits: list[Hit]) -> list[Hit]:
    """The sentence's facts dated by a day it sets right in the same breath ("on the 14th of
    November — sorry, the 21st!", ``analysis/day_corrections.py``): each fact of a day the
    first day dates (``hit_dates.owned_times``) is dated by the second."""
    corrected = set_right(s.text, s.times)
    if not corrected:
        return hits
    first, _, when = corrected[0]
    return [
        replace(h, spell=(when, None))
        if h.relation in _ON_A_DAY
        and not h.ending
        and h.spell is None
        and first in owned_times(s, h, hits)
        else h
        for h in hits
    ]


# what happens, or starts, on a day (a tie to a person does not: "my sister Nell's wedding")
_ON_A_DAY: Final = DAY_RELATIONS | {"WORKS_AT", "STUDIES_AT", "HAS_JOB_TITLE", "LIVES_IN"}
