"""Which of a sentence's time expressions belong to a hit, and the dates they give it.

A point in time goes to the nearest verb of its clause, "since"/"until" to every verb; a
clause without a date borrows one that sets the frame or that no other clause took, unless
it has a subject of its own; "then" chains a start to the end told before it; an ending is
dated at its time or now, a past-tense state is not moved into the future by a date booked
ahead; a date its verb says something ends on ("my contract ends on 31 March") is the
end of the state of its own clause, however the state was read.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from chronomem.extractors.rules.analysis.found import Hit, Sentence
from chronomem.model.relations import PLAN_RELATIONS, is_functional
from chronomem.text.dates import TimeExpression, speaks_of_future
from chronomem.text.tense import clause_tense, got_an_event, past_tense

_FRAME_CLAUSE = re.compile(r"^\W*(?:after|before|when|since|once|as soon as|until)\b", re.I)


def owned_times(s: Sentence, hit: Hit, hits: list[Hit]) -> list[TimeExpression]:
    """The time expressions that belong to ``hit``.

    In its clause: a point in time goes to the nearest verb (a preceding one preferred),
    "since"/"until" to every verb. A clause without any borrows those of the sentence's
    clauses that found nothing themselves or that set the frame ("After ... yesterday, ...").
    """
    inside = [t for t in s.times if hit.clause[0] <= t.start < hit.clause[1]]
    if not inside and (chained := _chained_start(s, hit)) is not None:
        return [chained]
    if not inside:
        busy = {h.clause for h in hits}
        return [_glossed_until(s, t, hit) for t in s.times if _borrowable(s, t, busy, hit)]
    # a tie told in passing ("my husband Weiming started ...") takes no day from its clause
    rivals = {h.verb for h in hits if h.clause == hit.clause and (h is hit or not h.undated)}
    part = _part_of(s, hit)
    own = [t for t in inside if part[0] <= t.start < part[1]]
    # the parts of the sentence another hit is told in, past a conjunction: "lived in Porto
    # from 2015 to 2022 | and now I'm in Lyon": that "from" and "to" are Porto's, none of
    # Lyon's (a list told with commas is one predicate: "employed at Konditorei Wimmer,
    # Ludwigstraße, as pastry baker from 1998 until 2025")
    theirs = [
        p
        for h in hits
        if h.clause[0] < hit.clause[1]
        and hit.clause[0] < h.clause[1]
        and not h.undated
        and (p := _part_of(s, h)) != part
        and _JOINED.search(s.text, *_between(part, p))
    ]
    owned = [
        t
        for t in inside
        if (
            (t.role != "at" and (not own or t in own))
            or min(rivals, key=lambda v: (_distance(t, v), v)) == hit.verb
            or _one_predicate(s, t, hit)
        )
        and not _turned(s, t, hit)
        and not _denial_of_its_own(s, t, hit)
        and not _elsewhere(t, own, theirs)
    ]
    owned = [_glossed_until(s, t, hit) for t in owned]
    if not owned and hit.relation == "HAS_PLAN":
        # what a trip of the clause is for happens on its day: "I'm going to Dublin in June
        # for my daughter's graduation"
        return [t for t in inside if t.when > s.reference][:1]
    return owned


def _elsewhere(t: TimeExpression, own: list[TimeExpression], theirs: list[tuple[int, int]]) -> bool:
    """Is ``t``, a start or an end, another part's: a "since" or "until" outside the hit's
    own part when that part tells a day of its own, or any in a part another hit is told
    in ("my last day at X is end of September" stays the end a "resigned yesterday" is
    about)?"""
    if t.role == "at" or t in own:
        return False
    return (bool(own) and t.role in ("since", "until")) or any(a <= t.start < b for a, b in theirs)


def _glossed_until(s: Sentence, t: TimeExpression, hit: Hit) -> TimeExpression:
    """``t`` as the end of ``hit``'s state when it dates an "until" told after the hit's
    verb ("we're living at my mum's until the new build is finished, supposedly end of
    April", "I'm at Acme until the project ends in May": until then, not from then)."""
    between = s.text[hit.verb[1] : t.start]
    if t.role == "at" and _UNTIL.search(between) and not _ENDS_SENTENCE.search(between):
        return replace(t, role="until")
    return t


_UNTIL = re.compile(r"\b(?:until|till|til)\b", re.I)
_ENDS_SENTENCE = re.compile(r"[.;!?]")


def _distance(t: TimeExpression, verb: tuple[int, int]) -> int:
    """How far ``t`` is from ``verb``, one after it nearer than one as far before it."""
    return t.start - verb[1] if t.start >= verb[1] else verb[0] - t.end + 5


def _part_of(s: Sentence, hit: Hit) -> tuple[int, int]:
    """The part of the hit's clause its verb stands in, between the words that part two
    predicates: a "since" or "until" of another part is that part's when this one tells a
    day of its own ("lived in Porto from 2015 to 2022 | and since then I've been in Lyon")."""
    lo, hi = hit.clause
    cuts = [
        m
        for m in _PARTED.finditer(s.text, lo, hi)
        if not any(t.start <= m.start() < t.end for t in s.times)  # "since then" parts nothing
    ]
    verb = hit.verb
    if verb == hit.clause:  # a name only mentioned has no verb of its own: its part is its name's
        at = s.text.find(hit.target.name, lo, hi)
        verb = (at, at + len(hit.target.name)) if at >= 0 else verb
    before = [m.end() for m in cuts if m.end() <= verb[0]]
    after = [m.start() for m in cuts if m.start() >= verb[1]]
    return (before[-1] if before else lo), (after[0] if after else hi)


def _between(one: tuple[int, int], other: tuple[int, int]) -> tuple[int, int]:
    """The stretch of text between two parts of a sentence: from the earlier end to the
    later start (parts that overlap: the stretch they share)."""
    lo, hi = sorted((min(one[1], other[1]), max(one[0], other[0])))
    return lo, hi


# the words that join two predicates
_CONJUNCTIONS = r"\b(?:and|but|then|while|because|so|or|after|before)\b"
_JOINED = re.compile(_CONJUNCTIONS, re.I)
# what parts two predicates: punctuation, a conjunction, another day
_PARTED = re.compile(rf"[,;:.!?]|{_CONJUNCTIONS}", re.I)


def _one_predicate(s: Sentence, t: TimeExpression, hit: Hit) -> bool:
    """Does ``t`` end the predicate ``hit`` is read in, a nearer hit inside it ("I will
    join Barclays as an analyst on 2 June": the job's date, not only the title's)?"""
    if t.start < hit.verb[1] or _PARTED.search(s.text, hit.verb[1], t.start):
        return False
    return not any(hit.verb[1] <= o.start < t.start for o in s.times)


# a tie named in passing ("my boyfriend Sam", "my daughter Lily") dated by the predicate that
# says how long it has held: "... and I have been together 3 years", "... was born on 3 March"
_LASTING_TIE = re.compile(
    r"\b(?:(?:I|we)(?:'ve| have)? been (?:together|married|engaged|dating|a couple)"
    r"|(?:I|we)(?:'ve| have) had (?:him|her|them|it)|(?:was|were) born)\b[^,;.!?]*$",
    re.I,
)


def passing_times(s: Sentence, hit: Hit) -> list[TimeExpression]:
    """The dates of a tie told in passing (``Hit.undated``): only a past one its sentence
    says the tie has lasted since, told by the speaker of the tie ("my boyfriend Sam and I
    have been together 3 years") or by a birth ("my daughter Lily was born on 3 March")."""
    return [
        t
        for t in s.times
        if hit.clause[0] <= t.start
        and t.when <= s.reference
        and _LASTING_TIE.search(s.text, hit.clause[0], t.start)
    ][:1]


_THEN = re.compile(r"\b(?:then|after that|afterwards)\W*$", re.I)
_OPENS_THEN = re.compile(r"\W*(?:and |but )?(?:then|after that|afterwards)\b", re.I)


def _chained_start(s: Sentence, hit: Hit) -> TimeExpression | None:
    """ "lived in A from 2015 to 2019, then moved to B": B holds since A's end."""
    before = s.text[max(0, hit.clause[0] - 16) : hit.clause[0]]
    if not (_THEN.search(before) or _OPENS_THEN.match(s.text, hit.clause[0])):
        return None
    ends = [t for t in s.times if t.role == "until" and t.end <= hit.clause[0]]
    return replace(ends[-1], role="since") if ends else None


# "I was at Deliveroo until the end of last year, now I'm at Monzo": the "until" is the
# old state's, the turn to "now" starts the new one
_TURN = re.compile(r"[,;.]\s*(?:(?:but|and|so)\s+)?(?:now|then|these days|nowadays)\b", re.I)


def _turned(s: Sentence, t: TimeExpression, hit: Hit) -> bool:
    """Does a turn to "now" stand between ``t`` and the hit's verb after it?"""
    return t.end <= hit.verb[0] and _TURN.search(s.text, t.end, hit.verb[0]) is not None


# a part of a clause that opens on a denial: "..., no calling shows till Tuesday"
_DENIAL_OPENS = re.compile(r"\W*(?:and\s+|but\s+)?(?:no|not|never|can't|cannot|won't)\b", re.I)


def _denial_of_its_own(s: Sentence, t: TimeExpression, hit: Hit) -> bool:
    """Is ``t`` told in another part of the hit's clause that opens on a denial? Its end is
    the denied act's ("Penicillin for ten days, no calling shows till Tuesday": the course
    does not end on Tuesday)."""
    cuts = [m.end() for m in _PARTED.finditer(s.text, hit.clause[0], t.start)]
    start = cuts[-1] if cuts else hit.clause[0]
    return start > hit.verb[1] and _DENIAL_OPENS.match(s.text, start) is not None


# "..., I'm training for a marathon in October", "..., and the course is on 9 May": a
# clause with a subject of its own tells its own news; its date is no other clause's
_OWN_SUBJECT = re.compile(
    r"\W*(?:(?:and|but|so)\s+)?(?:(?:I|I'm|I've|we|we're|we've)\s+[a-z]"
    r"|(?:(?:he|she|they)|(?:the|my|our|his|her|their|your)(?:\s+[\w-]+){1,3})"
    r"(?:'s|'re|\s+(?:is|are|was|were|will|has|have|had)\b))",
    re.I,
)


# "..., starting in September", "..., I start on the 3rd", "..., my first day is 14 April":
# when the news before begins
_STARTING = re.compile(
    r"\W*(?:and\s+)?(?:(?:I'm\s+|I\s+|we're\s+|we\s+)?(?:starting|start|beginning|begin)\b"
    r"(?!\s+(?:a|an|the|my|our|to|at|with|working)\b)"
    r"|(?:my|our|the)\s+(?:first|start)\s+(?:day|date|shift)\b)",
    re.I,
)


# "Ewa and I have been together since June": the value opens a subject of two, cut off
# from its predicate where the clauses are split
_AND_I = re.compile(r"\s*(?:and|&)\s+(?:I|me|we)\b", re.I)
# what may stand before such a value in its clause: a filler, "my girlfriend"
_OPENS = re.compile(r"\W*(?:(?:so|and|but|well|yeah|oh)\W+)*(?:(?:my|our)\s+\w+\s+)?", re.I)


# a clause that dates a change of a value the sentence names in another clause ("I changed
# job in July, I am now at the Cave de Ribeauvillé"): the new value holds from its date
_CHANGED = re.compile(
    r"\W*(?:(?:so|and|but|well)\s+)?(?:I|we)\s+(?:(?:just|finally|also)\s+)?"
    r"(?:changed|switched|swapped)\s+(?:(?:my|our)\s+)?"
    r"(?:jobs?|work|employers?|houses?|flats?|apartments?|homes?|places?|teams?|schools?"
    r"|gyms?|doctors?|banks?|phones?|cars?)\b",
    re.I,
)
# what may follow a day told alone after a colon: the sentence's end, or where it is
_DAY_TOLD_AFTER = re.compile(r"\s*(?:[.!?'\"]|$|,\s*(?:at|in)\b)")


def _borrowable(s: Sentence, t: TimeExpression, busy: set[tuple[int, int]], hit: Hit) -> bool:
    clause = next((c for c in s.clauses if c[0] <= t.start < c[1]), None)
    if clause is None:
        return True
    paired = _AND_I.match(s.text, hit.verb[1])
    opens = _OPENS.match(s.text, hit.clause[0])
    if (
        paired is not None
        and clause[0] <= paired.end() <= clause[1]
        and opens is not None
        and opens.end() == hit.verb[0]
    ):
        return True  # the predicate of the subject the value opens
    if ":" in s.text[hit.verb[1] : t.start]:
        # "since you're vegetarian: Monday - dal, ...": a list, not its date; "a date for my
        # knee op: Friday 9 February": the day told alone after the colon is the hit's
        alone = not s.text[s.text.rindex(":", 0, t.start) + 1 : t.start].strip()
        return alone and _DAY_TOLD_AFTER.match(s.text, t.end) is not None
    if clause not in busy and is_functional(hit.relation) and _CHANGED.match(s.text, clause[0]):
        return True
    if clause not in busy:
        own = clause[0] <= hit.verb[0] < clause[1] or t.start == clause[0]
        starting = _STARTING.match(s.text, clause[0]) is not None
        return own or starting or _OWN_SUBJECT.match(s.text, clause[0]) is None
    return _FRAME_CLAUSE.match(s.text, clause[0]) is not None


def hit_dates(
    s: Sentence, hit: Hit, times: list[TimeExpression]
) -> tuple[datetime | None, datetime | None]:
    clause = s.clause_at(_where(s, hit))
    if hit.over:
        # a past state with no day of its own from its part of the clause on: over when the
        # state told before it began (a "since" of an earlier part: "I live in Győr since
        # the spring, before (then) I was in Budapest")
        part = _part_of(s, hit)
        if not any(part[0] <= t.start < clause[1] for t in times):
            since = [t for t in times if t.role == "since" and t.start < part[0]]
            began = [t.when for t in since if t.when <= s.reference]
            if began:
                return None, began[0]
    start, until = _first_bounds(hit, times, clause)
    if hit.over and start is not None and start <= s.reference and not _ended_later(s, hit, times):
        return start, until  # "back in 2019 I was a sous chef": held then, over by now
    if hit.ending:
        end = until or start  # "at Deloitte from 2016 to 2020": ended in 2020
        if (
            end is not None
            and end > s.reference
            and not (_told_ahead(s, times, end) or _scheduled(s, hit) or _last_one(s, hit))
        ):
            end = None  # "I'm over covid, back at the office tomorrow": over now
        return None, end if end is not None else s.reference
    if until is not None:
        return start, until
    # a plan's day ahead is its day, whatever the tense of its booking ("the clinic gave me a
    # date for my knee operation: Friday 9 February")
    plan = hit.relation in PLAN_RELATIONS
    if start is not None and start > s.reference and not plan and _done(s, hit, times, start):
        start = None  # "we moved to Lyon, school starts monday": moving is done, not ahead
    return (start if start is not None else s.reference), None


def _ended_later(s: Sentence, hit: Hit, times: list[TimeExpression]) -> bool:
    """Is a past state's ending told in a later part of its sentence, with its one day, none
    in its own part? "We had cat Maca seventeen years, she died in January": the day is the
    end (not "back in 2019 I was a sous chef": held then; nor a later part's start, "...,
    now I run a food truck since 2023", "..., from 2018 till the school job")."""
    if not hit.ending:
        return False
    part = _part_of(s, hit)
    if any(t.start < part[1] for t in times):
        return False
    cut = _PARTED.match(s.text, part[1])
    start = cut.end() if cut else part[1]
    more = _NEXT_CUT.search(s.text, start, hit.clause[1])
    end = more.start() if more else hit.clause[1]  # the part right after the state's
    points = [t for t in times if t.role == "at" and start <= t.start < end]
    if len({t.when for t in points}) != 1:
        return False
    return _ENDED.search(s.text, start, points[0].start) is not None


# where the part after a state's ends: a stop, a comma, a dash or a conjunction
_NEXT_CUT = re.compile(rf"[,;:.!?—–]|\s-\s|{_CONJUNCTIONS}", re.I)
# the event that ends a state, told in the part after it: "..., she died in January"
_ENDED = re.compile(
    r"\b(?:died|passed away|left|quit|resigned|retired|ended|finished|closed|sold|stopped|"
    r"broke up|split up|moved out|gave (?:it )?up|put (?:him |her |it )?down)\b",
    re.I,
)


def _where(s: Sentence, hit: Hit) -> int:
    """Where the hit is told: its verb, or for a hit that quotes its whole clause (a
    mention), its value's name within it."""
    if hit.verb != hit.clause:
        return hit.verb[0]
    at = s.text.find(hit.target.name, hit.clause[0], hit.clause[1])
    return at if at >= 0 else hit.verb[0]


def _first_bounds(
    hit: Hit, times: list[TimeExpression], verb_clause: tuple[int, int]
) -> tuple[datetime | None, datetime | None]:
    """The first start and the first end ``times`` give ``hit``: a date whose verb ends
    something (role "end") ends the state of its own clause (the hit's, and of the
    sentence's clauses the one its verb is in: a mention quotes its whole sentence, "moved
    out of Coventry back in 2019, been renting in Nottingham ever since"), and is a point
    for another's; a start told with how long the state lasts gives that end too."""
    starts: list[TimeExpression] = []
    ends: list[datetime] = []
    here = [t for t in times if verb_clause[0] <= t.start < verb_clause[1]]
    for t in here or times:
        own_end = (
            t.role == "end"
            and hit.clause[0] <= t.start < hit.clause[1]
            and verb_clause[0] <= t.start < verb_clause[1]
        )
        if t.role == "until" or own_end:
            ends.append(t.when)
        else:
            starts.append(t)
    if len(starts) > 1 and all(t.role == "at" for t in starts):
        # points only: the verb's nearest ("rain forecast for the 16th so the bbq moves to
        # the 22nd": the 22nd)
        starts.sort(key=lambda t: _distance(t, hit.verb))
    if ends and any(t.role == "since" for t in starts):
        # "this year from 1 May to 31 August I went": the span's own start, not the year's
        starts.sort(key=lambda t: t.role != "since")
    if not ends and starts and starts[0].lasts_until is not None:
        ends.append(starts[0].lasts_until)  # "for eight weeks, starting today"
    return (starts[0].when if starts else None), (ends[0] if ends else None)


def _told_ahead(s: Sentence, times: list[TimeExpression], end: datetime) -> bool:
    """Is the future ``end`` the ending's own date, told looking ahead ("my last day at
    Acme is March 3": it holds until then; "I resign effective 31 August": the day it
    takes effect)?"""
    if speaks_of_future(s.text):
        return True
    return any(
        t.when == end
        and (t.role in ("end", "since") or clause_tense(s.text, t.start, t.end) == "future")
        for t in times
    )


# an ending told in the present simple of a third person: "my dad retires from the port at
# the end of the month", "she leaves Acme on Friday": the day ahead is the one it ends
_SCHEDULED = re.compile(r"(?!(?:is|was|has|does|says)\b)[a-z]{3,}s\b")


# an ending said as the last of its days: "the 12th is my last day at the resort", "Friday is
# our final shift": the day ahead is the one it ends
_LAST_ONE = re.compile(r"\b(?:last|final)\b", re.I)


def _last_one(s: Sentence, hit: Hit) -> bool:
    """Is ``hit``'s verb the last day, shift or week of what it ends?"""
    return _LAST_ONE.search(s.text, *hit.verb) is not None


def _scheduled(s: Sentence, hit: Hit) -> bool:
    """Is ``hit``'s verb an ending told as scheduled (a present simple, not a past)?"""
    verb = s.text[slice(*hit.verb)].lower()
    return _SCHEDULED.match(verb) is not None and not past_tense(verb)


def _done(s: Sentence, hit: Hit, times: list[TimeExpression], start: datetime) -> bool:
    """Is ``hit`` told in the past tense, its date not an event booked ahead in its own
    clause (``_booked``; "we moved to Lyon, school starts monday": done)?"""
    if not past_tense(s.text[slice(*hit.verb)]):
        return False
    own = [t for t in times if t.when == start and _of_hit(s.text, hit.verb, t)]
    return not any(_booked(s, t) for t in own)


def _booked(s: Sentence, t: TimeExpression) -> bool:
    """Is ``t`` a day ahead its clause tells ("got tickets for August 9"), or the day ahead
    of an event got ("got an interview on the 18th"), or a start ahead ("I have joined X
    with effect from 1st February")?"""
    if t.role == "since" and t.when > s.reference:
        return True
    tense = clause_tense(s.text, t.start, t.end)
    if tense == "future":
        return True
    return tense is None and t.when > s.reference and got_an_event(s.text, t.start, t.end)


_PUNCTUATION = re.compile(r"[,;:.!?]")
_SELF = re.compile(r"\b(?:I|I'm|I'll|my|we|we're|we'll|our)\b", re.I)


def _of_hit(text: str, verb: tuple[int, int], t: TimeExpression) -> bool:
    """Is ``t`` the hit's own date: no punctuation between them, or the piece after the
    punctuation tells of the speaker ("got the job, my first day is 14 April"; not "we
    moved to Lyon, new school starts monday")?"""
    if verb[0] <= t.start < verb[1]:
        return True  # a hit read over its whole clause (a mention): the date is inside
    low, high = sorted((verb[1], t.start))
    cuts = [m.end() for m in _PUNCTUATION.finditer(text, low, high)]
    return not cuts or _SELF.search(text, cuts[-1], t.start) is not None
