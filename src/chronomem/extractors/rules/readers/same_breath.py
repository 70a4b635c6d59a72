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
from dataclasses import replace

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.tables.patterns import GENERIC_RELATIONS

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
        if not _NO_OBJECT.match(s.without_times(m.start("tail"), m.end("tail"))):
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


# "I've been with Sam since 2019", "been with my partner Sam for 3 years": a tie's start
_BEEN_WITH = re.compile(
    r"\bbeen\s+(?:together\s+)?with\s+(?:my\s+(?P<role>partner|boyfriend|girlfriend|bf|gf"
    r"|husband|wife|fianc[eé]e?)\s+)?(?P<name>(?-i:[A-Z][a-z]+))\b",
    re.I,
)
_TIES = {"husband": "MARRIED_TO", "wife": "MARRIED_TO"}


def been_with(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """ "I've been with (my partner) Sam since 2019": the tie dated from its start (a tie
    named in passing is otherwise dated when told). Returns the hits."""
    m = _BEEN_WITH.search(s.text)
    if s.speaker is None or s.assistant or m is None:
        return hits
    since = [t for t in s.times if t.role == "since" and t.start >= m.end()]
    if not since:
        return hits  # "been with Sam all day": no start
    name = m.group("name")
    told = [h for h in hits if normalize_name(h.target.name) == normalize_name(name)]
    if told:
        return [replace(h, undated=False) if h in told else h for h in hits]
    span = next((sp for sp in s.spans if sp.start == m.start("name")), None)
    person = (span is not None and span.label == "Person") or normalize_name(name) in known.persons
    if not m.group("role") and not person:
        return hits  # "been with Vodafone since 2015": a provider as often as a partner
    relation = _TIES.get((m.group("role") or "").lower(), "DATING")
    me = Party(s.speaker, "Person", speaker=True)
    text = f"{s.speaker} has been with {name}"
    tie = Hit(relation, me, Party(name, "Person"), False, (m.start(), since[0].end), m.span(), text)
    return [*hits, tie]
