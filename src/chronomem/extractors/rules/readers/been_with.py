"""A tie dated from its start: "I've been with (my partner) Sam since 2019" (``been_with``).

(Round 13 deleted the start and its dated end told in one breath, "I joined Vestas in 2018
and left in June 2023", and the spell held until now, "back in Cork after three years in
Berlin": their stages fired in no scenario of the held-out sets.)
"""

from __future__ import annotations

import re
from dataclasses import replace

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name

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
