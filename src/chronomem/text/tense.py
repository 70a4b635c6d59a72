"""Which way a clause looks in time, for dates said without a year or week.

"On March 10", "in the spring", "on Tuesday", "on the 14th" name a day of some year, month or
week; which one depends on the clause that says it, not on the whole message:

* ``"future"`` — the clause looks ahead: a future cue ("will", "going to", "is on", ...),
  a verb whose object is an event still to come ("signed up for", "booked", "registered"),
  or a reschedule *to* the date ("pushed our flight to March 10");
* ``"past"`` — the clause tells what happened: a past-tense verb ("left", "moved", "got",
  "started"), "ago", "since", "was", "last";
* ``"future"`` too — a progressive of arrangement ("throwing a party on Saturday",
  "meeting my landlord on the 13th", "flying to Lagos Friday") or a present of a timetable
  ("I start Monday", "my contract ends on the 30th");
* ``None`` — neither (a present or progressive clause: "I'm running the half marathon on
  March 10", "we're moving on May 15"): the caller takes the occurrence nearest to the
  reference day.

A clause runs between punctuation and the conjunctions that start a new one ("and then",
"but", "because", ...), so "I left Groupon in the spring, and then moved to Denver in
August" reads each date with its own verb.

Whether a clause tells a state as over by its tense ("had been living in Hull") is read in
``past_states.py``.
"""

from __future__ import annotations

import re
from typing import Literal

from chronomem.text.time_words import APPOINTMENT_ROLES, FUTURE_CUES, PLAN_HEADS
from chronomem.text.words import alternatives

Tense = Literal["future", "past"]

_BOUNDARY = re.compile(
    r"[.!?;,:()\n]|\s[-\u2013\u2014]\s"  # a dash set off by spaces: "Got it - you start ..."
    r"|\s(?:and then|and|but|because|so|while|although|though|since then|then)\s",
    re.I,
)
_RESCHEDULE_CUES = frozenset({"moved to", "pushed to"})
_AHEAD_CUES = frozenset(FUTURE_CUES) - _RESCHEDULE_CUES - {"going to"}
# the cues that are a form of "is": "the party's on Friday" (or a name's "'s": "St Columba's")
_IS_FORMS = frozenset({"is on", "is on the", "'s on"})
# "going to" + a verb looks ahead; "going to" a place is motion ("stopped going to the Y in
# January", "been going to CycleHaus since May")
_GOING_TO = re.compile(
    r"(?<!stopped )(?<!quit )(?<!started )(?<!been )(?<!keep )(?<!kept )\bgoing to\s+"
    r"(?!(?:the|a|an|my|our|your|his|her|their|this|that|bed|school|work|church|class|gym"
    r"|college|uni|university|practice|therapy|rehab|[A-Z]\w*)\b)[a-z]",
)
_COMMITMENT = re.compile(
    r"\b(?:signed up|sign up|registered|enrolled|booked|reserved|scheduled|got tickets|"
    r"bought tickets|tickets? (?:to|for)|entered|invited)\b",
    re.I,
)
_RESCHEDULED_TO = re.compile(
    r"\b(?:(?:mov|push|postpon|reschedul|bump|delay|chang|shift)(?:ed|ing)|brought|bringing)\b"
    r"[^.!?;]{0,60}?\b(?:to|until|till)\s+(?:the\s+|on\s+)?$",
    re.I,
)
# "since" as a cause ("since you're training for the marathon on 26 October", "since I
# have a day off on Friday"): a present clause follows it, nothing told in hindsight
_SINCE_AS_CAUSE = (
    r"(?!\s+(?:I|you|we|they|he|she|it|there)(?:'(?:m|re|s|ve|ll)\b|\s+(?:am|are|is|have|has"
    r"|do|does|can|will|need|want|live|work|like|love|plan|hope)\b))"
)
_PAST_WORDS = re.compile(
    r"\b(?:ago|since"
    + _SINCE_AS_CAUSE
    + r"|last(?!\s+(?:day|(?:(?:night|day|late|early)\s+)?shift|week of|exam|one))|yesterday|"
    r"was|were|did|had|used to|went|got|left|took|made|came|"
    r"saw|bought|sold|began|broke|drove|flew|gave|grew|knew|met|ran|said|sent|spent|stole|"
    r"told|thought|won|wrote|became|lost|paid|found|felt|kept|fell|tore|wore|ate|sang|"
    r"swam|brought|caught|taught|fought|sat|stood|slept|woke|finished|done|quit|"
    r"(?:(?:have|has|'ve|'s)\s+(?:\w+\s+){0,2}?(?:taken|given|gone|seen|begun|broken|driven|"
    r"flown|grown|written|eaten|fallen|chosen|forgotten|stolen|spoken|worn|torn|shown)))\b",
    re.I,
)
# A progressive that tells an arrangement looks ahead ("throwing a party on Saturday",
# "meeting my landlord on the 13th", "flying to Lagos Friday"), unless a past verb is there.
_ARRANGED = re.compile(
    r"\b(?:throwing|hosting|meeting|visiting|flying|heading|attending|celebrating|"
    r"getting married)\b",
    re.I,
)
# Any progressive with a day named is an arrangement, so it looks ahead too ("I'm graduating
# on the 21st", "we're closing on the house Friday", a chat line "graduating on the 21st",
# "I'm doing Porto on the 21st");
# not "I've been running since Monday" (a perfect), not "feeling" or "thinking" (states).
_ARRANGED_ANY = re.compile(
    r"(?:(?:\b(?:am|is|are)|'m|'re|'s)\s+(?!been\b)(?:\w+\s+)?|^\W*)(?!(?:feeling|thinking"
    r"|hoping|wondering|kidding|joking|trying|going\s+through)\b)(?:[a-z]{3,}|do)ing\b",
    re.I,
)
# a thing, then a participle that says what it does on the day named ("a new Honda PCX
# coming off the boat Friday", "the kids arriving Monday"): an arrangement ahead; not after
# a verb or a determiner ("went shopping Friday", "the wedding Friday")
_NOUN_THEN_PARTICIPLE = re.compile(
    r"\b(?!(?:was|were|went|go|goes|going|gone|been|be|is|am|are|kept|keep|started|start|"
    r"stopped|stop|finished|spent|spend|love|loved|hate|hated|enjoy|enjoyed|came|come|"
    r"a|an|the|my|our|his|her|their|your|this|that|its|no|some|any)\b)[A-Za-z]+\s+"
    r"(?:coming|arriving|landing|leaving|flying|moving|starting|opening|due)\b"
    r"(?:\s+[a-z']+){0,4}\s+(?:on\s+)?$",
    re.I,
)
# having an event with a day named is having it ahead ("I have a root canal on Monday")
_HAVING = re.compile(
    r"(?:\b(?:I|we|you|he|she|they)\s+(?:have|has)|'ve\s+got|\bhave\s+got|\bhas\s+got|"
    r"^\W*(?:have|got))\s+(?:a|an|my|our|your|his|her|their|the)\s",
    re.I,
)
# an event got (given a day): the day is the event's, not the getting's
_GOT_AN_EVENT = re.compile(
    r"\bgot\s+(?:a|an|my|our|his|her|their)\s+(?:[a-z'-]+\s+){0,2}?(?:"
    + alternatives(PLAN_HEADS - {"haircut"})
    + r")\b",
    re.I,
)
# a calendar line: a clause that opens on an event ("dinner with Marco on Friday at 8",
# "my swim lesson thursday") and tells nothing happened is an entry to come
_CALENDAR = re.compile(
    r"^\W*(?:(?:my|our|the|a|an)\s+)?(?:[a-z'-]+\s+){0,2}?(?:"
    + alternatives(PLAN_HEADS | APPOINTMENT_ROLES)
    + r")\b",
    re.I,
)
_ED = re.compile(r"\b([a-z]{2,}ed)\b", re.I)
_NOT_PAST_ED = frozenset(
    {
        "need", "feed", "seed", "speed", "bed", "red", "shed", "weed", "breed", "proceed",
        "exceed", "succeed", "indeed", "embed", "hundred", "sacred", "wicked", "naked",
        "excited", "tired", "interested", "married", "engaged", "supposed", "worried",
        "scared", "stressed", "pumped", "bored", "obsessed", "based", "scheduled", "planned",
        "booked", "expected", "allowed", "required", "invited", "nervous", "prepared",
        "thrilled", "terrified", "delighted", "qualified", "overwhelmed", "relieved",
    }
)  # fmt: skip
_ADJECTIVE_BEFORE = re.compile(
    r"(?:\b(?:am|is|are|be|been|being|get|getting|so|really|very|super|too)|'m|'re|'s)\s+$",
    re.I,
)


_WORD = re.compile(r"[A-Za-z']+")
_SENTENCE_END = re.compile(r"[.!?\n]")


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    left = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    after = _SENTENCE_END.search(text, end)
    return left, after.start() if after else len(text)


def _clause(text: str, start: int, end: int) -> tuple[int, int]:
    left = 0
    for m in _BOUNDARY.finditer(text, 0, start):
        left = m.end()
    after = _BOUNDARY.search(text, end)
    return left, after.start() if after else len(text)


# "you've got your MOT on Friday", "I have got a gig Saturday": having, not a past event
_HAVE_GOT = re.compile(r"(?:'ve|\bhave|'s|\bhas)\s+got\b", re.I)
# a wish for an event still to come: "good luck at the 10k on Sunday", "fingers crossed for"
_WISHED = re.compile(
    r"\b(?:good luck|best of luck|break a leg|fingers crossed|wish me luck)\b", re.I
)


def _has_past_verb(clause: str) -> bool:
    clause = _HAVE_GOT.sub(" have ", clause)
    if _PAST_WORDS.search(clause):
        return True
    for m in _ED.finditer(clause):
        word = m.group(1).lower()
        if word in _NOT_PAST_ED or word.endswith("eed") or len(word) < 5:
            continue
        if _ADJECTIVE_BEFORE.search(clause, 0, m.start()):
            continue  # "I'm so excited", "we're booked": an adjective, not a past event
        return True
    return False


# "stopped going to the gym in January": a gerund of "go", not the future "going to"
_GOING_GERUND = re.compile(
    r"\b(?:stopped|stop|quit|started|start|kept|keep|been|enjoy(?:ed)?|love[d]?|hate[d]?|"
    r"miss(?:ed)?|avoid(?:ed)?|finished)\s+going to\b",
    re.I,
)
# "since march", "back in may": a start or a time told in hindsight is behind us
_LOOKS_BACK = re.compile(r"(?:(?:ever\s+)?since|back\s+in)\s", re.I)
_LOOKS_BACK_BEFORE = re.compile(r"\b(?:(?:ever\s+)?since|back\s+in)\s+$", re.I)


# "my last day is 30 November", "the party's Friday": a day a thing *is* on is one to come
_IS_ON = re.compile(r"(?:\b(?:is|are)|'s|'re)\s+(?:on\s+)?$", re.I)
_BACK_BEFORE_IN = re.compile(r"\bback\s+$", re.I)
_IN = re.compile(r"in\s", re.I)


# a present of a verb that keeps a timetable tells what is set to happen ("I start Monday",
# "the lease ends on the 30th", "we fly out Friday"); not a habit ("I usually leave at 5")
_SCHEDULED = re.compile(
    r"\b(?:starts?|starting|begins?|beginning|finish(?:es)?|ends?(?!\s+up\b)|expires?|"
    r"leaves?|returns?|arrives?|moves?|fly|flies|kicks? off|opens?|closes?|runs? out"
    r"|terminates?)\b",
    re.I,
)
# the date right after a present or progressive of starting is that start's day, ahead
# whatever else the clause tells ("got the job at Siltstone, starting the 1st": the 1st to
# come, though "got" is past)
_STARTING_RIGHT_BEFORE = re.compile(
    r"\b(?:start(?:s|ing)?|begin(?:s|ning)?|kick(?:s|ing)? off)\s+(?:on\s+|from\s+)?$", re.I
)
# a weekday something holds from, in a clause that tells nothing done ("From Monday I'm on
# placement"): the Monday to come, though the last one is nearer (a day with a month or a
# number, "as of the 1st", "from 1 March", keeps the nearer one: told after it, it is past)
_FROM_BEFORE = re.compile(r"\bfrom\s+(?:on\s+)?$", re.I)
_WEEKDAY = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", re.I)
_PERFECT_WORDS = re.compile(r"\b(?:been|have|has)\b|'ve\b", re.I)
_USUALLY = re.compile(r"\b(?:usually|always|often|normally|sometimes|never|generally)\b", re.I)
# a day named with "on" after a present of the speaker's own ("we get the keys on friday",
# "I see the consultant on the 14th"): a simple present on one day is a timetable, to come
# (what happened on a day is told in the past, a habit names days: "on Fridays"; a word in
# -ed is no present, though "married" or "engaged" may be a state: "I married Leila on
# saturday" happened)
_ON_A_DAY = re.compile(r"on\s", re.I)
_PRESENT_OF_MINE = re.compile(
    r"\b(?:I|we)\s+(?:(?:just|only|then|also|finally|officially)\s+)?(?!(?:think|guess|know|"
    r"remember|believe|mean|feel|hope|wish|suppose|reckon|forget|forgot|can|could|would|"
    r"should|might|must|do|don't|did|didn't|was|were|am|have|had|usually|always|never|often|"
    r"sometimes|normally|used)\b)(?![a-z]+ed\b)[a-z]+\b(?!')",
    re.I,
)


# the preposition alone before a date set off by a comma: "Until 27 April, I cleaned ..."
_ONLY_A_PREPOSITION = re.compile(
    r"\W*(?:until|till|til|since|after|before|by|from|in|on|at|around|during)\s+", re.I
)


def clause_tense(text: str, start: int, end: int) -> Tense | None:
    """The tense of the clause around ``text[start:end]`` (a time expression)."""
    if _LOOKS_BACK.match(text, start) or _LOOKS_BACK_BEFORE.search(text, max(0, start - 12), start):
        return "past"
    if _BACK_BEFORE_IN.search(text, max(0, start - 8), start) and _IN.match(text, start):
        return "past"  # "back in june": the expression is "in june", "back" told before it
    left, right = _clause(text, start, end)
    lead_only = _WORD.search(text, left, start) is None or _ONLY_A_PREPOSITION.fullmatch(
        text, left, start
    )
    if lead_only and not _WORD.search(text, end, right):
        # ", in January,", "Until 27 April, I cleaned ...": set off, no verb of its own
        left, right = _sentence(text, start, end)
    before, clause = text[left:start], text[left:right]
    lower = _GOING_GERUND.sub(" ", clause.lower())
    if _RESCHEDULED_TO.search(text, max(0, start - 80), start):
        return "future"
    if _IS_ON.search(text, max(0, start - 8), start) and not _has_past_verb(before):
        return "future"
    cues = [cue for cue in _AHEAD_CUES if cue in lower]
    if cues and set(cues) <= _IS_FORMS and _has_past_verb(before):
        cues = []  # "finished at St Columba's on Friday": a name's "'s", after a past verb
    if cues or _COMMITMENT.search(before):
        return "future"
    if _GOING_TO.search(clause):
        return "future"
    if _WISHED.search(before):
        return "future"
    if _STARTING_RIGHT_BEFORE.search(text, max(0, start - 20), start) and not _USUALLY.search(
        before
    ):
        return "future"
    outside = clause[: start - left] + " " + clause[end - left :]
    if _NOUN_THEN_PARTICIPLE.search(before):
        return "future"  # "a new Honda PCX coming off the boat Friday": arriving then
    if _GOT_AN_EVENT.search(outside):
        return None  # "got an interview on the 18th": the event's day, which may be ahead
    if _has_past_verb(outside):
        return "past"
    if (
        _FROM_BEFORE.search(text, max(0, start - 12), start)
        and _WEEKDAY.match(text, start)
        and not _PERFECT_WORDS.search(clause)
    ):
        return "future"
    if _ARRANGED.search(outside) or _ARRANGED_ANY.search(text, left, start):
        return "future"
    if _SCHEDULED.search(outside) and not _USUALLY.search(outside):
        return "future"
    if _CALENDAR.match(text, left) and left == 0:
        return "future"
    if _HAVING.search(text, left, start):  # "we've got a 5k on Saturday": an event to come
        return "future"
    if _ON_A_DAY.match(text, start) and _PRESENT_OF_MINE.search(text, left, start):
        return "future"
    return None


def got_an_event(text: str, start: int, end: int) -> bool:
    """Does the clause around ``text[start:end]`` tell of an event got ("got an interview
    on the 18th"), whose day is the event's, behind or ahead?"""
    left, right = _clause(text, start, end)
    return _GOT_AN_EVENT.search(text[left:start] + " " + text[end:right]) is not None


def past_tense(phrase: str) -> bool:
    """Does ``phrase`` (a verb and its auxiliaries) tell something that already happened?"""
    return _has_past_verb(phrase)
