"""Two people as one subject of a state: "Kojo and Abena moved to Accra", "my brother Kojo
and his wife Abena bought a house in Tema".

The pattern table takes the subject nearest the verb (Abena); the person named before
"and" shares the fact. Ties between the two ("Mia and Sam got engaged") are ``pairs.py``'s;
a first person in the pair ("Sam and I moved to Leeds") is left to the rows.
"""

from __future__ import annotations

import re
from dataclasses import replace

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.analysis.spans import Span
from chronomem.extractors.rules.analysis.subjects import ROLE_WORDS

# the words between the first person and the second: "Kojo and ", "Kojo and his wife "
_JOINED = re.compile(
    r"^,?\s+(?:and|&)\s+(?:(?:his|her|their)\s+(?:[a-z]+\s+)?(?:wife|husband|partner|"
    r"girlfriend|boyfriend|fianc[eé]e?|kids|son|daughter|family)\s+)?$",
    re.I,
)
_SHARED = frozenset({"LIVES_IN", "VISITED", "HAS_PET", "OWNS", "MEMBER_OF", "HAS_PLAN"})


def shared_hits(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The hits of a third person that the person named with them before "and" shares."""
    out: list[Hit] = []
    for hit in hits:
        if hit.relation not in _SHARED or hit.source.speaker or hit.attribute:
            continue
        first = _partner(s, known, hit)
        if first is None:
            continue
        party = Party(first.name, "Person")
        if any(_same(h, party, hit) for h in hits + out):
            continue
        out.append(replace(hit, source=party, text=None))
    return out


def _partner(s: Sentence, known: Known, hit: Hit) -> Span | None:
    """The person named right before "and" the hit's subject, if any."""
    key = normalize_name(hit.source.name)
    mentions = [sp for sp in s.spans if normalize_name(sp.name) == key and sp.end <= hit.verb[0]]
    if not mentions:
        return None
    subject = mentions[-1]
    before = [sp for sp in s.spans if sp.end <= subject.start and _person(sp, known)]
    if not before or not _JOINED.match(s.text[before[-1].end : subject.start]):
        return None
    clause = s.clause_at(subject.start)
    if not _OPENS.match(s.text[clause[0] : max(clause[0], before[-1].start)]):
        return None  # "I met Tom and Abena moved to Accra": Tom is an object
    return before[-1]


# what may come before the first person in the clause: fillers, "my brother"
_OPENS = re.compile(
    rf"^\W*(?:(?:so|and|but|then|well|oh|also|yeah|ok|okay|lol|update)\W+)*"
    rf"(?:(?:my|our)\s+(?:[a-z]+\s+)?(?:{ROLE_WORDS})\s+)?$",
    re.I,
)


def _person(span: Span, known: Known) -> bool:
    """A person, or a name of no known kind ("Kojo and Abena moved ...")."""
    key = normalize_name(span.name)
    return span.named and (span.label in ("Person", None) or key in known.persons)


def _same(h: Hit, party: Party, hit: Hit) -> bool:
    return (
        h.relation == hit.relation
        and normalize_name(h.source.name) == normalize_name(party.name)
        and normalize_name(h.target.name) == normalize_name(hit.target.name)
    )
