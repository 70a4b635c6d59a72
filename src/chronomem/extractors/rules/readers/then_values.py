"""A life told as a list of values with their dates: "I was at Ferncliff Bank from 2019
until March 2024, then Lumen Pay until this August", "we lived in Harlow Cross from 1978 to
1995, and then in Penmarric until 2011".

The value after "then" has no verb of its own (a verb would give it a hit of its own): it is
the next value of the relation a hit of the sentence read just before it, for the same
person, held from the end told for that one (or a start told with it) until the end told
with it. Only a name standing right before its own date is read ("then Lumen Pay until this
August"): "..., then Tom came over" has a verb, "..., then lunch" names no value of the
relation, and a value the sentence already read is left to its own hit.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from chronomem.extractors.rules.analysis.found import Hit, Sentence
from chronomem.extractors.rules.analysis.names import normalize_name

# the relations a life history lists (one value at a time, each with its years)
LISTED: Final = {"WORKS_AT": "worked at", "LIVES_IN": "lived in", "STUDIES_AT": "studied at"}
_THEN: Final = re.compile(r"[,;]\s*(?:and\s+)?then\s+(?:(?:in|at|with|for|to)\s+)?", re.I)
# between the value and its date: only the word that says which end the date is
_TO_ITS_DATE: Final = re.compile(r"\s*(?:until|till|to|through|from|since|in)?\s*$", re.I)
_UNTIL_CLAUSE: Final = re.compile(r"\s*(?:until|till)\s+(?:\S+\s+){1,4}$", re.I)
_ITEM_END: Final = re.compile(r"[,;.!?]")


def then_values(s: Sentence, hits: list[Hit]) -> list[Hit]:
    """The sentence's hits, and the value each "then" lists after one of them."""
    if "then" not in s.text.lower():
        return hits
    out = list(hits)
    for hit in hits:
        if hit.relation not in LISTED or (hit.ending and hit.spell is None and not _dated(s, hit)):
            continue
        for m in _THEN.finditer(s.text, hit.verb[1]):
            found = _next_value(s, hit, m.end(), out)
            if found is not None:
                out.append(found)
            break  # the first "then" after the hit: a later one follows the new value
    return out


def _dated(s: Sentence, hit: Hit) -> bool:
    """Does a date of the sentence stand between the hit and its "then" (a value ended
    with no date is no list of dates)?"""
    return any(t.start >= hit.verb[1] for t in s.times)


def _next_value(s: Sentence, hit: Hit, at: int, hits: list[Hit]) -> Hit | None:
    span = next((sp for sp in s.spans if sp.start == at), None)
    if span is None or (hit.target.label and span.label and span.label != hit.target.label):
        return None
    if any(normalize_name(h.target.name) == normalize_name(span.name) for h in hits):
        return None
    cut = _ITEM_END.search(s.text, span.end)
    told = [t for t in s.times if span.end <= t.start < (cut.start() if cut else len(s.text))]
    if not told:
        return None
    between = s.text[span.end : told[0].start]
    until_clause = _UNTIL_CLAUSE.match(between)  # "until Alfred died in 2011"
    if until_clause is None and not _TO_ITS_DATE.match(between):
        return None
    start = next((t.when for t in told if t.role in ("since", "at")), None)
    end = next((t.when for t in told if t.role in ("until", "end")), None)
    if until_clause is not None:
        start, end = None, told[0].when
    before = [t for t in s.times if hit.verb[0] <= t.start < at and t.role == "until"]
    start = start or (before[-1].when if before else None)
    if start is None and end is None:
        return None
    target = replace(hit.target, name=span.name, label=hit.target.label or span.label)
    clause = (at, told[0].end)
    verb = (span.start, span.end)
    over = end is not None and end <= s.reference
    text = f"{hit.source.name} {LISTED[hit.relation]} {span.name}" if over else None
    return Hit(hit.relation, hit.source, target, False, clause, verb, text, spell=(start, end))
