"""A start and its end told in one breath, each with its own date.

"I joined Vestas in 2018 and left in June 2023", "we got together in 2021 and broke up last
August", "bought a Golf in 2019 and sold it last spring": the second verb is an ending with
no object of its own, its subject the first clause's; it ends the fact the first clause
told, on the date of its own clause (the first date stays the start). Only with a date in
the ending's clause: "I joined Vestas and left" says nothing of when, and "started a job
and stopped by the shop" has an object.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.found import Hit, Sentence
from chronomem.extractors.rules.patterns import GENERIC_RELATIONS

# general English verbs of ending, said without an object
_THEN_ENDED = re.compile(
    r"(?:,\s*|\s)(?:and|but|then|and then|before)\s+(?:then\s+)?(?:finally\s+)?"
    r"(?:(?:I|we|she|he|they)\s+)?(?P<verb>left|quit|split(?:\s+up)?|broke\s+up|moved\s+out"
    r"|moved\s+away|sold\s+(?:it|her|him|them)|got\s+divorced|divorced|ended\s+it|called\s+it"
    r"\s+quits|stopped|gave\s+(?:it|them)\s+up|retired|graduated|dropped\s+out|cancell?ed\s+it"
    r"|got\s+rid\s+of\s+(?:it|her|him|them)|lost\s+(?:it|her|him|them)|(?:she|he|it)\s+died"
    r"|died|passed\s+away)\b(?P<tail>[^.;!?]*)",
    re.I,
)
_NO_OBJECT = re.compile(
    r"^[\s,!-]*(?:(?:after|when|because|cause|as|so|since|but|and|though|for|lol|haha)\b.*)?$", re.I
)


def ended_in_one_breath(s: Sentence, hits: list[Hit]) -> list[Hit]:
    """The endings of facts this sentence told, said after them with their own date."""
    out: list[Hit] = []
    for m in _THEN_ENDED.finditer(s.text):
        if not _NO_OBJECT.match(_without_times(s, m.start("tail"), m.end("tail"))):
            continue  # "and left Google for Meta": the table reads an object
        own = [t for t in s.times if m.start("verb") <= t.start < m.end()]
        if not own:
            continue
        told = [
            h
            for h in hits
            if not h.ending and h.relation not in GENERIC_RELATIONS and h.verb[1] <= m.start()
        ]
        if not told or any(h.ending and h.verb[0] >= m.start("verb") for h in hits):
            continue
        last = told[-1]
        if any(t.start < m.start() and t.end > last.verb[0] for t in s.times):
            clause = (m.start("verb"), m.end())
            out.append(Hit(last.relation, last.source, last.target, True, clause, m.span("verb")))
    return out


def _without_times(s: Sentence, start: int, end: int) -> str:
    text = s.text[start:end]
    for t in reversed(s.times):
        if start <= t.start and t.end <= end:
            text = text[: t.start - start] + " " + text[t.end - start :]
    return text
