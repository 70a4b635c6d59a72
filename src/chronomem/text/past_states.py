"""States told as over by their tense: "had been living in Hull", "worked at Argos for a
decade", "back in 2019 I was a sous chef", "he used to do security": held once, behind the
speaker now, unless the clause says it still holds ("still", "now", a present perfect).

:func:`told_as_over` reads a clause's words; :func:`state_told_as_over` finds the words
of a clause that tell the state at a span, and reads them. The way a clause looks in time
for a date it names is ``tense.py``'s.
"""

from __future__ import annotations

import re

# A state its own tense tells is over: the past perfect of being or of a verb of a lasting
# state ("had been living alone in Hull", "I'd worked there since school"), or such a verb
# in the simple past with how long it lasted ("lived in Hull for six years", "worked at
# Argos for a decade"); unless the clause says it still holds.
_STATE_VERBS = (
    r"lived|worked|studied|stayed|rented|dated|taught|boarded|belonged|served|sang|played|owned"
    r"|volunteered|coached"
)
# verbs whose simple past tells a lasting state only with its length ("I had my stall on the
# market for forty years", "ran a B&B for twenty summers"; not "had lunch", "ran a 10k")
_HELD_VERBS = r"had|ran|kept|managed|drove|made|did"
_LENGTH = (
    r"(?:(?:about|almost|nearly|over|around|some|many|several|a\s+few|a\s+couple\s+of|[\w-]+)\s+)?"
    r"(?:years?|months?|weeks?|decades?|summers|winters|seasons|ages|a\s+while|a\s+long\s+time)\b"
)
# after a form of "to be", a passive is an event, not a state: "had been promoted", "was
# hired" (but "had been married", "was married" are states)
_NOT_A_PASSIVE = r"(?!\s+(?!(?:married|engaged|employed|based)\b)[a-z]+ed\b)"
_PAST_PERFECT_STATE = re.compile(
    r"\b(?:had|'d)\s+(?:(?:just|already|always|never|only|long)\s+)?(?:been"
    + _NOT_A_PASSIVE
    + r"|"
    + _STATE_VERBS
    + r")\b",
    re.I,
)
# the full stop of a title is no sentence's end: "was Dr. Wierzbicki for 20 years"
_TITLE_DOT = r"(?<=\bDr)\.|(?<=\bMr)\.|(?<=\bMrs)\.|(?<=\bMs)\.|(?<=\bSt)\.|(?<=\bProf)\."
# a state verb's simple past, "was"/"were" among them
# ("had" too, after a past time: "before that I had a flat in Savonlinna", "back in 2019 I
# had a Honda")
_STATE_PAST = (
    r"\b(?:"
    + _STATE_VERBS
    + r"|had\b(?!\s+(?:to|been|got)\b)|(?:was|were)\b"
    + _NOT_A_PASSIVE
    + r")"
)
# (a learner's length without its "for", in figures or in words: "I was dentist there 12
# years", "I was there six years")
_NUMBER_WORD = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|"
    r"thirty|forty|fifty)(?:-[a-z]+)?"
)
_BARE_LENGTH = rf"\s(?=(?:\d{{1,2}}\s+\w+|{_NUMBER_WORD}\s+(?:years?|months?|weeks?|decades?))\b)"
# a state verb's or a held verb's simple past, for a state told with its length
_HELD_PAST = (
    r"\b(?:" + _STATE_VERBS + "|" + _HELD_VERBS + r"|(?:was|were)\b" + _NOT_A_PASSIVE + r")"
)
_PAST_STATE_FOR = re.compile(
    _HELD_PAST
    + r"\b(?:[^.!?;]|"
    + _TITLE_DOT
    + r"){0,60}?(?:\bfor\s+|"
    + _BARE_LENGTH
    + ")"
    + _LENGTH,
    re.I,
)
# the length told first: "Forty-one years I had my haring stall", "for nine years I played
# violin with the band"
_LENGTH_THEN_STATE = re.compile(
    r"^\W*(?:for\s+)?" + _LENGTH + r"\s*,?\s+(?:I|we|he|she|they)\s+"
    r"(?:(?:just|only|always)\s+)?(?:" + _STATE_VERBS + "|" + _HELD_VERBS + r"|was|were)\b",
    re.I,
)
# "have lived there for years": the present perfect, still holding
_PERFECT_AUX = re.compile(r"(?:\b(?:have|has)(?:n't|\s+not)?|'ve|'s)\s+(?:[a-z]+\s+)?$", re.I)
_STILL_HOLDS = re.compile(r"\b(?:still|now|currently|these days)\b", re.I)


def told_as_over(clause: str, lead: str = "") -> bool:
    """Does ``clause`` tell its state in a tense that puts it behind the speaker (the past
    perfect of a state, a state verb's simple past with its length, or its simple past
    after a time that is past: ``lead``, the words just before the clause, count for that),
    with no word saying it still holds?"""
    if _STILL_HOLDS.search(clause):
        return False
    if _PAST_PERFECT_STATE.search(clause) or _USED_TO.search(clause):
        return True
    told = _PAST_STATE_FOR.search(clause) or _LENGTH_THEN_STATE.search(clause)
    if told is None:
        told = _PAST_STATE.search(clause)
        if told is None or not _AT_A_PAST_TIME.search(f"{lead} {clause[: told.start()]}"):
            return False
    return not _PERFECT_AUX.search(clause, 0, told.start())


# a habit of the past: "he used to do security at the shopping centre" (not "I'm used to
# it", "got used to the noise", nor "didn't use to")
_USED_TO = re.compile(
    r"(?<!\bam )(?<!'m )(?<!\bis )(?<!'s )(?<!\bare )(?<!'re )(?<!\bget )(?<!\bgot )"
    r"(?<!getting )\bused\s+to\s+(?!it\b|this\b|that\b|the\b|them\b|him\b|her\b|me\b)[a-z]+",
    re.I,
)


# a state verb's simple past: over when a past time is told before it ("back in 2019 I was
# a sous chef", "before, we lived in Daejeon", "before that I lived in Tralee", "years ago I
# worked at Kia")
_PAST_STATE = re.compile(_STATE_PAST, re.I)
_AT_A_PAST_TIME = re.compile(
    r"\bback\s+(?:in|then|when)\b|\b(?:years|decades|ages)\s+ago\b"
    r"|\b(?:previously|formerly|before(?:\s+(?:that|then|this))?)\W*(?:I|we|he|she|they)?\s*$"
    r"|\bin\s+(?:19|20)\d\d\b"
    r"|\bas\s+a\s+(?:kid|child|teen|teenager|student)\b|\bgrowing\s+up\b"
    r"|\bwhen\s+I\s+was\s+(?:young|little|a\s+kid)\b"
    # "When I lived in Oaxaca I never could eat the spicy": a time of the past told by its state
    r"|\bwhen\s+(?:I|we)\s*$",
    re.I,
)


# where a state's own words begin and end within its clause: a conjunction ("had lived in
# Hull for years | before I moved to Leeds": the move is no past state), a comma or a
# semicolon ("back in 2019 I was a sous chef in Turin, | now I run a food truck": the "now"
# is the truck's)
_JOINS = re.compile(
    r"\b(?:before|after|when|until|till|because|and|but|then|so|while|since|once)\b|[,;]", re.I
)


# a relative clause tells of its own subject ("Ms Ruiz who used to play for X"), not of the
# state that holds the value before it
RELATIVE = re.compile(r"\b(?:who|whom|whose|which)\b", re.I)


def state_told_as_over(text: str, clause: tuple[int, int], span: tuple[int, int]) -> bool:
    """Is the state at ``span`` of ``text``'s ``clause`` behind the speaker: a stint told by
    its length (:func:`told_as_stint`), or over by its words' tense
    (:func:`state_told_by_tense`)?"""
    return told_as_stint(text, clause, span) or state_told_by_tense(text, clause, span)


def state_told_by_tense(text: str, clause: tuple[int, int], span: tuple[int, int]) -> bool:
    """:func:`told_as_over` of the words of ``text``'s ``clause`` that tell the state at
    ``span``: from the conjunction or comma before it to the one after it, the words before
    those read for a past time ("back in 2019, I was ...")."""
    if _WELL_WAS.match(text, span[1]):
        return True  # "I'm a sous chef at Olmo - well, was.": taken back to the past at once
    before = list(_JOINS.finditer(text, clause[0], span[0]))
    start = before[-1].end() if before else clause[0]
    after = _JOINS.search(text, span[1], clause[1])
    relative = RELATIVE.search(text, span[1], after.start() if after else clause[1])
    after = relative or after  # "our new coach is Ms Ruiz who used to play": the coach's past
    lead = text[max(0, start - _LEAD) : start]
    words = text[start : after.start() if after else clause[1]]
    if after is not None and _BEFORE_AS_ADVERB.match(text, after.start()):
        # "I was a nurse before, now I teach": "before" closes the state, no clause follows
        lead = f"{lead} before"
    length = _length_after(text, span[1], clause[1])
    if length:  # "I worked in a cashmere factory, in the dyeing section, 12 years"
        words = f"{words} for {length}"
    return told_as_over(words, lead)


def told_as_stint(text: str, clause: tuple[int, int], span: tuple[int, int]) -> bool:
    """Is the name at ``span`` part of a stint told by its length, over by what the sentence
    tells after it ("started as a paramedic after ten years as a chef", "thank you for 25
    years as our caretaker", "twenty years with Dunmore Buses, and he handed in his badge")?
    A day the sentence names is the stint's end, not a day it held."""
    for stint, needs_an_end in ((_SPENT, False), (_TENURE, True)):
        m = stint.search(text, max(0, clause[0] - 8), span[1])
        if (
            m is not None
            and m.start("value") <= span[0] + 1
            and not _SPENT_ENDS.search(text, m.end("value"), span[0])
            and not _DECIDED.search(text, span[1])
            and (not needs_an_end or _ENDED_BESIDE.search(text))
        ):
            return True
    return False


# a state's length told alone after a comma, as learners do ("..., 12 years."), and the
# places told between ("..., in the dyeing section, 12 years")
_LENGTH_AFTER_COMMA = re.compile(
    r",\s*(?:for\s+)?(?P<length>" + _LENGTH + r")\s*(?:[.,;!?]|$)", re.I
)
_PLACE_AFTER_COMMA = re.compile(r",\s*(?:in|at|on|near|with|as|for)\s+[^,.;!?]{1,40}(?=,)", re.I)


def _length_after(text: str, at: int, end: int) -> str:
    """The length told alone after the state's words (past places told between), or ""."""
    at = text.find(",", at, end)
    while at >= 0:
        length = _LENGTH_AFTER_COMMA.match(text, at)
        if length is not None:
            return length.group("length")
        place = _PLACE_AFTER_COMMA.match(text, at)
        if place is None:
            return ""
        at = place.end()
    return ""


# "before" (or "previously") told after a state as an adverb, ending its clause
_BEFORE_AS_ADVERB = re.compile(r"(?:before|previously)\s*(?:[,.;!?]|$)", re.I)


_LEAD = 40  # characters before a state's words read for a past time told there
# the present of a state put back into the past in the same breath, after its words: "I'm a
# sous chef at Olmo on Frith Street - well, was.", "I live in Hove, or did"
# (right after the state's words, or after their complement: "a sous chef at Olmo", not the
# place of the workplace told after it, "Olmo on Frith Street")
_WELL_WAS = re.compile(
    r"(?:\s+(?:at|for|with)\s[^.!?\u2014\u2013;]{0,60}?)?"
    r"(?:[,;:\u2014\u2013]|\s-)\s*(?:(?:well|or|or rather|i mean|actually|"
    r"at least|that is),?\s+)(?:was|were|did|used to be)\b\s*(?:[.!?\u2014\u2013,;]|$)",
    re.I,
)


# a stint told by its length alone, before what it was spent at: "twenty years with Dunmore
# Buses", "30 years of baking at Crumbs", "40 years at the forge" (not "for", "in", "since"
# or "after" before it: a time, told by the date rules, or the stint of ``_SPENT``)
_TENURE = re.compile(
    r"(?<!\bfor )(?<!\bin )(?<!\bsince )(?<!\bafter )\b"
    r"(?:\d+|[a-z]+(?:-[a-z]+)?)\s+(?:years?|decades?)\s+"
    r"(?P<value>(?:of\s+[a-z]+ing\s+(?:[a-z]+\s+)?)?(?:with|at|in|as|on|for)\s+(?:an?\s+|the\s+)?)",
    re.I,
)
# a word of the sentence that tells a stint is over
_ENDED_BESIDE = re.compile(
    r"\b(?:retir(?:e|ed|es|ing|ement)|finish(?:ed)?|quit|left|closed|resign(?:ed|ation)?|"
    r"handed\b[^.;!?]{0,30}\bin|stepped down|stood down|gave up|last day|packed in|laid off|"
    r"let go|redundan(?:t|cy))\b",
    re.I,
)
# the phrase of the time spent ends at its clause's next join or at the subject of the
# clause it leads to ("after six years at Harrow Mills I joined Caddel Foods")
_SPENT_ENDS = re.compile(_JOINS.pattern + r"|\b(?:I|we|he|she|they|you)\b", re.I)
# what the time spent leads to is only decided: "after forty years in the cottage on Mill
# Lane we've decided to sell" (they live there until it is sold; "after 12 years at Ravel
# she will retire" is an ending ahead, its day the state's end)
_DECIDED = re.compile(
    r"\b(?:decided|deciding|want|wants|wanted|plan|plans|planning|hope|hoping|thinking|"
    r"considering)\s+(?:of\s+|about\s+)?(?:to\b|[a-z]+ing\b)",
    re.I,
)


# the time spent in a state, told after "after" or a thank-you for it: "after ten years as a
# chef", "after six months at Argos", "thank you for 25 years as our caretaker"; the value is
# any name of that phrase ("after 20 years as a porter at Bexley General")
_SPENT = re.compile(
    r"\b(?:after|thanks?\s+(?:you\s+)?for)\s+(?:(?:almost|nearly|over|some|about)\s+)?"
    r"(?:[\w-]+|a\s+couple\s+of|a\s+few)\s+"
    r"(?:years?|months?|weeks?|decades?)\s+(?P<value>(?:as|at|in|with|of)\s+(?:an?\s+|the\s+)?)",
    re.I,
)
