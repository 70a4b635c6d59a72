"""Upcoming facts ended: called off, or told as done.

A cancellation ("the wet leg gig got cancelled", "the move is off") names a fact remembered
ahead (``ahead.py``) and ends it; a journey called off ends every part of it told ahead. A
trip told as done ("just got back from Lisbon") ends the plan that named its place, and
the stay in a place one is back from.
"""

from __future__ import annotations

import re
from datetime import datetime

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Ahead, Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.readers.ahead import stem, told_ahead
from chronomem.model.relations import PLAN_RELATIONS
from chronomem.text.words import word_set

# a journey's words: what they call off is every part of it told ahead (the flight and the
# place: "Flight on 30 October" ... "we go to Oaxaca", then "the trip is cancelled")
_JOURNEY = word_set("trip trips vacation holiday holidays journey travel travels")


def _leg(record: Ahead) -> bool:
    """Is an upcoming fact a part of a journey: a way to get there ("flight"), or a place
    its text says one goes to ("Ximena goes to Oaxaca")?"""
    if _LEGS & set(normalize_name(record.target).split()):
        return True
    to = re.compile(rf"{_GO_TO}\s+{re.escape(record.target)}\b", re.I)
    return to.search(record.said) is not None


_LEGS = word_set("flight flights trip train ferry holiday vacation cruise")
_GO_TO = (
    r"\b(?:go|goes|going|fly|flies|flying|travel(?:s|ling|ing)?|head(?:s|ing)?|trip|drive"
    r"|driving|holiday|vacation)\s+(?:to|in)"
)


def called_off_ahead(s: Sentence, known: Known, phrase: str, span: tuple[int, int]) -> list[Hit]:
    """The upcoming fact a cancellation names ("the wet leg gig got cancelled"), ended; a
    journey called off, each of the speaker's upcoming facts it names."""
    if s.speaker is None:
        return []
    record = told_ahead(known, s.speaker, phrase)
    if record is None:
        return []
    records = [record]
    if _JOURNEY & set(re.findall(r"[a-z]+", phrase.lower())):
        key = normalize_name(s.speaker)
        records = [r for r in known.ahead if normalize_name(r.source) == key and _leg(r)] or records
    me = Party(s.speaker, "Person", speaker=True)
    return [
        Hit(r.relation, me, Party(r.target, r.label or None, False), True, (0, len(s.text)), span)
        for r in records
    ]


# the speaker is back from a place: "back from Lisbon", "got home from Oslo", "returned from"
_BACK = re.compile(r"\b(?:back|home|returned|got in) from\b", re.I)
_WAS = re.compile(r"\s+(?:was|were)\b", re.I)


def happened_plans(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """ "just got back from Lisbon", "went to Lisbon last week, loved it", "Lisbon was
    amazing": a trip told as done ends the speaker's plan that named its place (a plan held,
    told any time before), on the day the sentence gives, never before the plan's day."""
    if s.speaker is None or s.assistant or s.question:
        return []
    left = _left_stays(s, known, hits)
    if not known.ahead:
        return left
    visits = [h for h in hits if h.relation == "VISITED" and not h.ending]
    places = [(h.target.name, h.verb, _when(s, h.clause)) for h in visits]
    # a place the plan named, told of in the past ("Oslo was amazing"): been there
    places += [
        (p.name, (p.start, p.end), _when(s, s.clause_at(p.start)))
        for p in s.spans
        if p.named and _WAS.match(s.text, p.end)
    ]
    back = _BACK.search(s.text)
    if back is not None:
        when = _when(s, (0, len(s.text)))
        places += [
            (p.name, back.span(), when) for p in s.spans if p.start >= back.end() and p.named
        ]
    me = Party(s.speaker, "Person", speaker=True)
    out = []
    for place, verb, when in places:
        stems = {stem(w) for w in re.findall(r"[a-z]+", place.lower())}
        out += [
            Hit(
                r.relation,
                me,
                Party(r.target, r.label or None, False),
                True,
                (0, len(s.text)),
                verb,
            )
            for r in known.ahead
            if r.relation in PLAN_RELATIONS
            and normalize_name(r.source) == normalize_name(s.speaker)
            and stems & r.stems
            and when <= s.reference
            and (r.start is None or when.date() >= r.start.date())  # not an earlier trip
        ]
    return out + left


def _left_stays(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """ "back from Rome" after "I'm in Rome this week for work": the stay in the place one
    is back from is over (one who lives there is back *in* it)."""
    back = _BACK.search(s.text)
    if back is None or any(h.relation == "LIVES_IN" for h in hits):
        return []
    me = normalize_name(s.speaker or "")
    held = known.targets.get((me, "LIVES_IN"), {})
    named = {normalize_name(p.name) for p in s.spans if p.start >= back.end() and p.named}
    speaker = Party(s.speaker or "", "Person", speaker=True)
    return [
        Hit("LIVES_IN", speaker, Party(value, known.labels.get(key) or None), True,
            (0, len(s.text)), back.span())
        for key, value in held.items()
        if key in named
    ]  # fmt: skip


def _when(s: Sentence, clause: tuple[int, int]) -> datetime:
    """When a clause tells its event: its first date, else when it is said."""
    times = s.times_for(clause)
    return min(t.when for t in times) if times else s.reference
