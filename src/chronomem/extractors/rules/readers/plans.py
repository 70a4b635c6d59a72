"""Plans named again by their head word, and plans called off.

"dentist appointment on Tuesday", then "they moved my appointment to Thursday": the second
plan is the dentist appointment told before (the only open plan of the speaker with that
head word), so it keeps that name and the engine reads a reschedule of the same thing.
"party is cancelled" / "we called off the trip" ends the open plan told with that head word.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.readers.plans_ended import called_off_ahead
from chronomem.extractors.rules.readers.plans_moved import MOVED
from chronomem.extractors.rules.tables.lexicon import (
    CONJUNCTIONS,
    HONORIFICS,
    PREPOSITIONS,
    TIME_WORDS,
)

_OWNER = r"(?:(?:the|my|our|his|her|your|their)\s+)"
# the common ways to say a plan will not happen (general English): "the party is off", "the
# move to Aarhus fell through", "lisbon trip is not happening"; what is called off is told
# before the words, in their clause, or after a verb of calling off ("we cancelled the trip")
_CANCELLED = re.compile(
    r"\b(?:(?:is|was|got|has been|'s|are|were)\s*)?(?:cancell?ed|called off|scrapped|axed|nixed"
    r"|fell through|falling through|fell apart|not happening|(?:isn't|is not|won't be|aren't)"
    r"\s+happening(?:\s+anymore)?|won't happen|(?:is|'s|are)\s+off"
    # an offer taken back: "the school withdrew the offer", "the offer was rescinded"
    r"|(?:withdrew|withdrawn|rescinded|pulled|retracted)\s+(?:the\s+|their\s+|its\s+|my\s+)?"
    r"(?:job\s+)?offer)\b",
    re.I,
)
_CANCELLING = re.compile(
    rf"\b(?:cancell?ed|called off|cancel(?:ling|ing)?|calling off)\s+{_OWNER}?"
    r"(?P<plan>(?:[a-z]+\s+){0,2}?[a-z]+)\b",
    re.I,
)


def told_plan(known: Known, subject: str, name: str) -> str | None:
    """The one open plan ``subject`` was told to have whose head word is ``name``'s, else
    the one whose name holds that word ("cancel the dentist": the dentist appointment)."""
    head = normalize_name(name).split()[-1:] or [""]
    plans = known.targets.get((normalize_name(subject), "HAS_PLAN"), {})
    same = [v for k, v in plans.items() if k.split()[-1:] == head]
    if not same:
        same = [v for k, v in plans.items() if head[0] in k.split()]
    return same[-1] if len(same) == 1 else None


def name_told_plans(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """A plan said by its head word alone takes the name of the plan told before."""
    out = []
    for hit in hits:
        told = None
        if hit.relation == "HAS_PLAN" and " " not in hit.target.name.strip():
            told = told_plan(known, hit.source.name, hit.target.name)
        if told is None or normalize_name(told) == normalize_name(hit.target.name):
            out.append(hit)
            continue
        moved = MOVED.search(s.text) is not None
        text = f"{hit.source.name}'s {told} was moved" if moved else hit.text
        out.append(replace(hit, target=Party(told, hit.target.label, False), text=text))
    return out


def called_off(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The speaker's told plan (or trip, or upcoming fact) that ``s`` says is cancelled or
    called off, ended."""
    if s.speaker is None or s.assistant or any(h.relation == "HAS_PLAN" and h.ending for h in hits):
        return []
    named = []
    m = _CANCELLED.search(s.text)
    if m is not None:
        clause = next((c for c in s.clauses if c[0] <= m.start() < c[1]), (0, m.start()))
        phrase = s.without_times(clause[0], m.start())
        subject = re.split(r"[,;:]", phrase)[-1]
        if not (m.group().lower().endswith("off") and _a_person(subject, known)):
            named.append((phrase, m.span()))  # "Ms Ige is off that Tuesday": she is
    m = _CANCELLING.search(s.text)
    if m is not None:
        named.append((m.group("plan"), m.span()))
    me = Party(s.speaker, "Person", speaker=True)
    for phrase, span in named:
        told = told_plan(known, s.speaker, phrase)
        if told is not None:
            return [Hit("HAS_PLAN", me, Party(told, "Event", False), True, (0, len(s.text)), span)]
        place = _told_trip(known, s.speaker, phrase)
        if place is not None:  # "flying to Tokyo on April 3", then "the trip is off"
            return [Hit("VISITED", me, Party(place, "Location"), True, (0, len(s.text)), span)]
        ahead = called_off_ahead(s, known, phrase, span)
        if ahead:  # "tickets for X on the 9th", then "the X gig got cancelled"
            return ahead
    return []


_TITLED: Final = re.compile(rf"\s*(?:{HONORIFICS}|Mx)\.?\s+[A-Z][\w'-]*\s*")


def _a_person(phrase: str, known: Known) -> bool:
    """Is ``phrase`` a person ("Ms Ige", or a name met as a person's)?"""
    return bool(_TITLED.fullmatch(phrase)) or normalize_name(phrase) in known.persons


_TRIPS = frozenset({"trip", "flight", "vacation", "holiday", "visit", "getaway"})


def _told_trip(known: Known, subject: str, name: str) -> str | None:
    """The last place ``subject`` was told to be going to, when a trip is called off."""
    words = normalize_name(name).split()
    if not words or words[-1] not in _TRIPS:
        return None
    places = list(known.targets.get((normalize_name(subject), "VISITED"), {}).values())
    return places[-1] if places else None


_ARRANGED = re.compile(
    r"(?:^\W*|\b(?:I'm|I am|im|we're|we are)\s+(?:also\s+|just\s+)?)"
    r"(?P<verb>meeting(?:\s+up)?(?:\s+with)?|seeing|visiting|hosting|having)\s+"
    r"(?:(?:my|our|the|a|an|some)\s+)?(?P<obj>(?-i:[A-Z][\w'-]+)|[a-z]+(?:\s+[a-z]+)?)\b",
    re.I,
)
_STOPS = PREPOSITIONS | TIME_WORDS | CONJUNCTIONS
_NOT_OBJECTS = frozenset({"it", "them", "him", "her", "you", "fun", "trouble", "issues", "a"})


def arranged_plans(s: Sentence, hits: list[Hit]) -> list[Hit]:
    """ "meeting my landlord tomorrow at 10", "seeing the dentist on Friday": the speaker's
    plan, when the sentence dates it ahead and tells nothing else."""
    if s.speaker is None or s.assistant or s.question or hits:
        return []
    m = _ARRANGED.search(s.text)
    if m is None or not any(t.when > s.reference for t in s.times):
        return []
    words = []
    for w in m.group("obj").split():
        if w.lower() in _STOPS:
            break
        words.append(w)
    if not words or words[0].lower() in _NOT_OBJECTS:
        return []
    if any(t.start <= m.start("obj") < t.end for t in s.times):
        return []
    verb = " ".join(m.group("verb").lower().split())
    plan = Party(f"{verb} {' '.join(words)}", "Event", named=False)
    me = Party(s.speaker, "Person", speaker=True)
    return [Hit("HAS_PLAN", me, plan, False, (0, len(s.text)), m.span("verb"), None, True)]
