"""A plan the reader read: of a relation, held from the day ahead its clause names (or until
it, for a verb that ends something), or from the start a later sentence tells; with no such
day, a ``HAS_PLAN`` of its value, unless it plans a change of a value the user holds."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from chronomem.extractors.learned.reader import ReadFact
from chronomem.extractors.learned.told import clause_before, held_texts
from chronomem.extractors.learned.values import days_ahead
from chronomem.extractors.rules.analysis.found import Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.readers.end_words import ending_verb

# a plan of a relation's (valid_at, invalid_at), told by a day ahead (``planned``)
Spell = tuple[datetime | None, datetime | None]


def held_plan(s: Sentence, fact: ReadFact, role: str, known: Known) -> str:
    """A plan with no day (``planned`` gave none) of a value the user already holds in that
    relation ("so November is my last month at Sao Mai" of a job at Sao Mai Trading): what
    is planned is a change of the held value, not the value; no plan of it is stored ("plan
    of a held value")."""
    mine = fact.subject == "speaker" and role == "user" and fact.relation != "HAS_PLAN"
    if not (mine and fact.aspect == "plan"):
        return ""
    value = s.text[fact.value[0] : fact.value[1]]
    return "plan of a held value" if held_texts(s, known, fact.relation, value) else ""


def undated_plan(fact: ReadFact, spell: Spell | None) -> ReadFact:
    """A plan of a relation whose clause names no day ahead ("he's moving to Spain with his
    wife", "I've accepted the invitation to lead the Florence delegation") is a plan of its
    value (``HAS_PLAN``), not the relation's value from a day the text does not give. Until
    round 15 it was dropped (the "plan" gate): on the held-out writer (``reader_r9``) such
    readings were right 6 times in 10, above the split's precision, and 6 more of its plans
    were found. A day a later sentence gives the start ("I will become branch manager of
    the Sendai office. It starts April 1.") is the day of the relation's plan (``spell``:
    what :func:`planned` gave)."""
    if fact.aspect == "plan" and fact.relation != "HAS_PLAN" and spell is None:
        return replace(fact, relation="HAS_PLAN")
    return fact


def planned(s: Sentence, fact: ReadFact, later: datetime | None = None) -> Spell | None:
    """A plan of a relation: from the day ahead its clause names nearest its value ("I'm
    starting at Stripe in January", "we move to Porto next spring"), or until that day when
    its verb ends something ("my lease ends on 30 June", "from December I will stop
    metformin"), else from the start a later sentence of the message tells (``later``: "...
    It starts April 1."); ``None``: no plan of a relation, or no day ahead."""
    if fact.aspect != "plan" or fact.relation == "HAS_PLAN":
        return None
    ahead = days_ahead(s, fact.value[0])
    if not ahead:
        return None if later is None else (later, None)
    t = min(ahead, key=lambda t: abs(t.start - fact.value[0]))
    ends = t.role in ("end", "until") or ending_verb(clause_before(s.text, fact.value[0]))
    return (None, t.when) if ends else (t.when, None)
