"""Starts and ends told by their date, not by the value: "got a job at Halden, I start on
the 3rd of March", "Got the place at Leeds! Starting 29 September.", "my last day is 30
November", "my lease ends on 30 June".

The news gives the job (or the school, or the title) as of when it was said. A following
clause or sentence of the same speaker that says when they start without saying what --
the verb of starting, then at once the date ("I start on ...", "starting Monday", "my first
day is ...") -- dates the start of each such fact the message told so far without a date of
its own. What the speaker starts is read from the facts already told, so "I start physio on
Monday" (the verb has an object) and a date in the past are left alone. A home starts the
same way by moving in ("bought a flat in Bath! moving in on the 20th", "keys on friday").
Told afterwards, the day is a past one: "After Thingyan I moved to Mudon. I moved on 20
April.", "I started on the Monday after the festival, 13 October" (the date beside the
weekday is the day).

A sentence that only says how long the state told just before has held ("I work at Pell.
Been there since 2021", "we have a cat, Mochi. had her since 2018", "been here 6 years
now") dates that state's start (:func:`continued_since`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from typing import Final

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.text.dates import TimeExpression
from chronomem.text.time_words import LAST_STRETCH
from chronomem.text.words import word_set

STARTABLE: Final = ("WORKS_AT", "STUDIES_AT", "HAS_JOB_TITLE")
_START = re.compile(
    r"\b(?:(?:I|we)(?:'ll| will| shall)?\s+(?:start|begin)|(?:I'm|I am)\s+(?:starting|beginning)"
    r"|starting|beginning|first day(?:'s| is| will be)?|start date(?:'s| is)?"
    # the subject left out: "got the job at Halcyon! start 3rd March"
    r"|^\W*(?:start|begin)(?=\s)"
    # the news just told starts: "I'll be branch manager in Sendai. It starts April 1."
    r"|(?:it|this|that)(?:'ll| will)?\s+(?:starts?|begins?|kicks? off))\b",
    re.I,
)
_BETWEEN: Final = re.compile(
    # the title started as may stand between: "I start as ground staff supervisor on 1 March"
    r"(?:\s+as\s+(?:an?\s+)?(?:[\w-]+\s+){1,4}?(?=on\s|from\s))?"
    r"[\s,]*(?:(?:on|in|from|at|as of)\s+)?(?:the\s+)?",
    re.I,
)
# someone else's start just before the verb: "my sister is starting", "her first day"
_OTHERS: Final = re.compile(
    r"\b(?:(?i:he|she|they|his|her|their)|[A-Z][a-z]+'s|(?i:(?:my|our) [a-z]+ (?:is|are|was)))\W*"
    r"(?:\w+\W+)?$"
)


# "moving in on the 20th", "I move in Saturday", "I move there 1st June", "getting the keys on
# friday", "the move is on July 5": a home's start, told by its date
_MOVE_IN = re.compile(
    r"\b(?:(?:I|we)(?:'ll| will)?\s+mov(?:e|es)\s+(?:in|there)"
    r"|(?:I'm|we're|I am|we are)?\s*moving\s+(?:in|there)"
    r"|(?:get|getting|gettin|pick(?:ing)? up|collect(?:ing)?)\s+(?:the|our|my)\s+keys|keys"
    r"|moving day(?:'s| is)?|the move(?:'s| is)?)\b",
    re.I,
)
# told after the news, in the past and with nothing started named: "After Thadingyut I
# started teaching at the monastic school. I started on the Monday after the festival, 13
# October.", "After Thingyan I moved to Mudon. I moved on 20 April."
_STARTED = re.compile(r"\b(?:I|we)\s+(?:started|began)(?=[\s,]+(?:on|in|from)\b)", re.I)
_MOVED = re.compile(r"\b(?:I|we)\s+moved(?:\s+(?:in|there|here))?(?=[\s,]+(?:on|in)\b)", re.I)
# each verb of starting, what it starts, and whether its day is past (else ahead)
_STARTERS: Final = (
    (_START, STARTABLE, False),
    (_MOVE_IN, ("LIVES_IN",), False),
    (_STARTED, STARTABLE, True),
    (_MOVED, ("LIVES_IN",), True),
)
# "Marcus got the job at Pell!! he starts on the 3rd", "her first day is Monday": the start
# of a person the message told news of, said of them with a pronoun
_THEIR_START = re.compile(
    r"\b(?:(?:he|she|they)(?:'ll| will)?\s+(?:starts?|begins?)"
    r"|(?:he's|she's|they're|he is|she is|they are)\s+(?:starting|beginning)"
    r"|(?:his|her|their)\s+first day(?:'s| is| will be)?)\b",
    re.I,
)


def dated_starts(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The facts of :data:`STARTABLE` (of a home, for moving in) told undated so far in
    the message, dated by the start the sentence tells (the sentence's hits come first)."""
    if s.speaker is None or s.assistant or s.question:
        return hits
    for pattern, relations, past in _STARTERS:
        for m in pattern.finditer(s.text):
            when = _day_after(s, m, past=past)
            if when is None or _OTHERS.search(s.text, max(0, m.start() - 30), m.start()):
                continue
            own = [h for h in hits if h.relation in relations and h.verb[1] > m.start()]
            if own and all(h.relation == "HAS_JOB_TITLE" for h in own):
                # "I start as ground staff supervisor on 1 March": the title starts that
                # day, and the employer told before starts with it
                employer = tuple(r for r in relations if r != "HAS_JOB_TITLE")
                told = [_dated(h, when.when, ("HAS_JOB_TITLE",)) for h in hits]
                return told + _redated(s, known, m.span(), when.when, employer)
            if own:
                return hits  # "I start at Halden on Monday": the clause names its own start
            # "got a job at Halden, I start on the 3rd": the sentence's own news, the rest
            told = [_dated(h, when.when, relations) for h in hits]
            return told + _redated(s, known, m.span(), when.when, relations)
    return _their_start(s, known, hits)


def _day_after(s: Sentence, m: re.Match[str], *, past: bool = False) -> TimeExpression | None:
    """The day told right after the verb of starting ``m`` ("start on the 3rd"): ahead, or
    (``past``) before the sentence was said; of a weekday and a date set beside it, the
    date ("on the Monday after the festival, 13 October")."""
    gap = _BETWEEN.match(s.text, m.end())
    at = gap.end() if gap else m.end()
    fits = [t for t in s.times if t.start >= m.end() and (t.when <= s.reference) == past]
    first = next((t for t in fits if t.start <= at), None)
    if first is None or not past or _DATED.search(first.text):
        return first
    return next((t for t in fits if t.start > first.start and _DATED.search(t.text)), first)


# a time that names its day by a number, not a weekday alone: "13 October", "20/4"
_DATED = re.compile(r"\d")


def start_told(s: Sentence, hits: list[Hit]) -> datetime | None:
    """The day ahead the speaker says they start in a sentence that names nothing they
    start ("I start on 25 January"): the start of news the learned reader read in the
    message before it ("I've been accepted onto the MSc at Hollins!")."""
    if any(h.relation in STARTABLE or h.relation == "HAS_PLAN" for h in hits):
        return None
    return _day_told(s, _START) or _day_told(s, _STARTED, past=True)


def move_in_told(s: Sentence, hits: list[Hit]) -> datetime | None:
    """The day ahead the speaker says they move in, in a sentence that names no home
    ("moving in tomorrow"): the start of the home the learned reader read in the message
    before it ("just got the keys to my own flat in Bournemouth!!")."""
    if any(h.relation == "LIVES_IN" for h in hits):
        return None
    return _day_told(s, _MOVE_IN) or _day_told(s, _MOVED, past=True)


def _day_told(s: Sentence, verb: re.Pattern[str], *, past: bool = False) -> datetime | None:
    """The day right after the speaker's own ``verb`` of starting or moving in (ahead, or
    before the sentence was said)."""
    if s.speaker is None or s.assistant or s.question:
        return None
    for m in verb.finditer(s.text):
        when = _day_after(s, m, past=past)
        if when is not None and not _OTHERS.search(s.text, max(0, m.start() - 30), m.start()):
            return when.when
    return None


def _their_start(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """A pronoun's start ("he starts on the 3rd") dates the startable facts the message
    told undated of one other person, when only one was told of ("Marcus got the job at
    Pell"); a sentence with news of its own keeps its date."""
    m = _THEIR_START.search(s.text)
    if m is None or any(h.relation in STARTABLE for h in hits):
        return hits
    when = _day_after(s, m)
    me = normalize_name(s.speaker or "")
    told = {
        key[0]
        for key, start in known.starts.items()
        if key[0] != me and key[1] in STARTABLE and start == s.reference
    }
    if when is None or len(told) != 1:
        return hits
    (who,) = told
    subject = Party(known.display.get(who, who), "Person")
    return hits + _redated(s, known, m.span(), when.when, STARTABLE, subject)


def _dated(hit: Hit, when: datetime, relations: tuple[str, ...]) -> Hit:
    """A startable hit of the sentence, before the start told, undated: from ``when``."""
    if hit.relation in relations and hit.spell is None and not hit.ending:
        return replace(hit, spell=(when, None))
    return hit


def _redated(
    s: Sentence,
    known: Known,
    verb: tuple[int, int],
    when: datetime,
    relations: tuple[str, ...],
    subject: Party | None = None,
) -> list[Hit]:
    """The facts of ``relations`` the message told of ``subject`` (else the speaker) in
    its earlier sentences, undated, again from ``when``."""
    speaker = subject or Party(s.speaker or "", "Person", speaker=True)
    me = normalize_name(speaker.name)
    out: list[Hit] = []
    for relation in relations:
        for key, value in known.targets.get((me, relation), {}).items():
            if known.starts.get((me, relation, key)) != s.reference:
                continue  # dated already, or told in an earlier turn
            target = Party(value, known.labels.get(key) or None)
            text = known.texts.get((me, relation, key))  # the news's words stay the text
            clause = (0, len(s.text))
            spell = (when, None)
            out.append(Hit(relation, speaker, target, False, clause, verb, text, spell=spell))
    return out


# "Been there since 2021", "have been since 2020", "had her since 2018", "been here 6 years
# now": how long the state told just before has held, its subject and predicate left out
_CONTINUED = re.compile(
    r"^\W*(?:(?:and|so|yeah|yep)\W+)?(?:(?:I|we)(?:'ve|\s+have)?\s+|have\s+)?"
    r"(?:been|had\s+(?:him|her|it|them))\b",
    re.I,
)
# what may stand between that opening and its date: no predicate of its own
_FILLER: Final = word_set(
    "here there it this that them him her doing at on with so now already just like "
    "about around almost nearly over roughly since for"
)


def continued_since(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The fact the speaker told last in the message, undated, dated by a sentence with no
    news of its own that says since when it has held ("I live in Leeds. Been here since
    2019"); a date ahead or a predicate of the sentence's own ("been to Paris") dates
    nothing."""
    if hits or s.speaker is None or s.assistant or s.question:
        return hits
    m = _CONTINUED.match(s.text)
    if m is None:
        return hits
    past = [t for t in s.times if t.start >= m.end() and t.when < s.reference]
    if not past:
        return hits
    between = s.text[m.end() : past[0].start].lower().split()
    if any(w.strip(",") not in _FILLER for w in between):
        return hits
    me = normalize_name(s.speaker)
    told = [key for key, start in known.starts.items() if key[0] == me and start == s.reference]
    held = [k for k in told if k[2] in known.targets.get((me, k[1]), {})]
    if not held:
        return hits
    _, relation, key = held[-1]
    target = Party(known.targets[(me, relation)][key], known.labels.get(key) or None)
    speaker = Party(s.speaker, "Person", speaker=True)
    text = known.texts.get((me, relation, key))
    span = (0, len(s.text))
    return [Hit(relation, speaker, target, False, span, m.span(), text, spell=(past[0].when, None))]


# "my last day is 30 November", "our lease runs out end of june", "my gym membership
# expires on the 3rd": the held tie an ending names by its kind only, dated by the end the
# date's own verb tells (``TimeExpression.role`` "end")
_KINDS_ENDING: Final = (
    ("WORKS_AT", rf"{LAST_STRETCH}|notice period|(?:work |job |employment )?contract|employment|"
     r"internship|job"),
    ("LIVES_IN", r"(?:rental |rent |tenancy )?(?:lease|tenancy)"),
    ("MEMBER_OF", r"(?:\w+ )?membership"),
    ("HAS_JOB_TITLE", r"(?:current |present )?(?:position|role|job title|title)"),
)  # fmt: skip
# the value a kind names right after it: "my current position of Claims Handler"
_NAMED_AFTER: Final = re.compile(r"\s+(?:of|as)\s+(?:an?\s+|the\s+)?$", re.I)
_KIND_WINDOW: Final = 60


def dated_ends(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The ending of the one value the speaker holds of a kind the sentence names, dated
    by the date it says that kind ends on (the sentence's hits come first); a day past ends
    only a held value the words before it name ("my membership of Harbourside finished on
    31 March")."""
    if s.speaker is None or s.assistant or s.question:
        return hits
    ends = [t for t in s.times if t.role == "end"]
    out = list(hits)
    for t in ends[:1]:
        before = s.text[max(0, t.start - _KIND_WINDOW) : t.start]
        for relation, kinds in _KINDS_ENDING:
            m = re.search(
                rf"(?:\b(?:my|our)\s+|(?:^|[,;]\s)\W*(?:the\s+)?)({kinds})\b", before, re.I
            )
            if m is None or any(h.relation == relation for h in hits):
                continue
            verb = (t.start - len(before) + m.start(), t.start - len(before) + m.end())
            if t.when > s.reference:
                held = _one_held(s, known, relation) or _ended(s, known, relation)
            else:
                # "my last shift was Sunday": the job held, however it was learned (not
                # "I left the sugar mill lab, last day there was the 8th": the lab's)
                left = _LEFT.search(s.text, 0, t.start - len(before) + m.start())
                stretch = _STRETCH.fullmatch(m.group(1)) is not None and left is None
                held = _named_held(s, known, relation, before[m.end() :]) or (
                    (_ended(s, known, relation) or _one_held(s, known, relation))
                    if stretch
                    else None
                )
            held = held or _named_after(s, verb[1], t.start)
            if held is None:
                continue
            speaker = Party(s.speaker, "Person", speaker=True)
            clause = s.clause_at(t.start)
            out.append(Hit(relation, speaker, held, True, clause, verb, spell=(None, t.when)))
    told = {h.relation for h in out}  # "quit in March, moved to Seogwipo in April"
    return out + [h for h in _bare_end(s, known) if h.relation not in told]


# a verb of ending with no object, only its day: "I left at the end of last month, the 31st",
# "stopped since the start of Ramadan", "quit in May" -- the relations each verb ends
_BARE_END: Final = re.compile(
    r"^\W*(?:(?:and|so|but|then)\s+)?I\s+(?:(?:finally|just|already|actually|then)\s+)?"
    r"(?:(?P<job>left|resigned|retired|finished(?:\s+up)?|handed\s+in\s+(?:my\s+)?notice)"
    r"|(?P<habit>stopped|gave\s+(?:it\s+)?up)|(?P<either>quit))\b",
    re.I,
)
_BARE_RELATIONS: Final = {
    "job": ("WORKS_AT", "HAS_JOB_TITLE"),
    "habit": ("HAS_HABIT",),
    "either": ("WORKS_AT", "HAS_JOB_TITLE", "HAS_HABIT"),
}
# what may stand around the day after such a verb: prepositions and time fillers only
_ONLY_WHEN: Final = re.compile(
    r"^(?:[\s,.!]|\b(?:at|on|in|since|from|back|around|about|already|then|too|there|"
    r"it|lol|haha)\b)*$",
    re.I,
)


def _bare_end(s: Sentence, known: Known) -> list[Hit]:
    """The end of the value a verb of ending with no object ends, dated by the past day the
    sentence says: the value of its kind told ended last in this message, else the one the
    speaker holds ("I worked 9 years as a propellant technician. I left at the end of last
    month, the 31st": the title ended on the 31st) -- told in this conversation, never a
    value known only from the memory ("I left yesterday" may be a trip)."""
    m = _BARE_END.match(s.text)
    # its own clause only: "quit in march 2022, moved to Seogwipo in april" ends in March
    end = s.clause_at(m.start())[1] if m else len(s.text)
    if m is None or not _ONLY_WHEN.match(s.without_times(m.end(), end)):
        return []
    today = s.reference.replace(hour=0, minute=0, second=0, microsecond=0)
    past = [t for t in s.times if t.when < today and m.end() <= t.start < end]
    if len({t.when for t in past}) != 1:
        return []
    speaker = Party(s.speaker or "", "Person", speaker=True)
    out = []
    for relation in _BARE_RELATIONS[m.lastgroup or "job"]:
        held = _told_held(s, known, relation)
        if held is not None:
            span = (0, len(s.text))
            out.append(
                Hit(relation, speaker, held, True, span, m.span(), spell=(None, past[0].when))
            )
    return out


# the last stretch at work, whose past day ends the job held ("my last shift was Sunday")
_STRETCH: Final = re.compile(LAST_STRETCH, re.I)
# a leaving told before it, whose last day it is
_LEFT: Final = re.compile(
    r"\b(?:left|leaving|quit|quitting|resigned|finished|handed in|retired|stopped)\b", re.I
)


def _told_held(s: Sentence, known: Known, relation: str) -> Party | None:
    """The value of ``relation`` the speaker told ended last, else the one they hold, told in
    this conversation (never one known only from the memory)."""
    held = _ended(s, known, relation) or _one_held(s, known, relation)
    if held is None or known.only_remembered(s.speaker or "", relation, held.name):
        return None
    return held


def _ended(s: Sentence, known: Known, relation: str) -> Party | None:
    """The value of ``relation`` the speaker told ended last ("handed in my notice at
    Pell. My last day is 30 November": the end is Pell's)."""
    value = known.ended.get((normalize_name(s.speaker or ""), relation))
    return Party(value, known.labels.get(normalize_name(value)) or None) if value else None


def _named_after(s: Sentence, kind_end: int, date_at: int) -> Party | None:
    """The name the words of a kind give right after them, before the date ("my current
    position of Claims Handler will cease on 31 May")."""
    for span in s.spans:
        if kind_end < span.start < date_at and _NAMED_AFTER.match(s.text[kind_end : span.start]):
            return Party(span.name, span.label or None)
    return None


def _named_held(s: Sentence, known: Known, relation: str, words: str) -> Party | None:
    """The one value of ``relation`` the speaker holds that ``words`` name by a capitalised
    word of it ("of Harbourside"; "of the tennis club" names no club held by its "club")."""
    names = " ".join(w for w in words.split() if w[:1].isupper())
    named = known.held_named(s.speaker or "", names, relation) if names else []
    if len(named) != 1:
        return None
    key = named[0][1]
    return Party(known.display.get(key, key), known.labels.get(key) or None)


def _one_held(s: Sentence, known: Known, relation: str) -> Party | None:
    values = known.targets.get((normalize_name(s.speaker or ""), relation), {})
    if len(values) != 1:
        return None
    key, value = next(iter(values.items()))
    return Party(value, known.labels.get(key) or None)
