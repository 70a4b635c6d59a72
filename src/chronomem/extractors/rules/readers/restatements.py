"""Corrections told as a whole statement: the told value taken back beside the new one.

* ``contrasted``: "my sister's name is Anna, not Ana", "it's Fernwell Studio not Fernhill":
  a value no pattern placed, contrasted with a value told before ("X, not Y", Y held with
  some relation in this episode or the previous turns), replaces it in that relation when
  the two are alike by two signs of ``retractions`` (spelling, kind, head noun): "I invited
  Zoe, not Chloe" leaves "my daughter Chloe" alone.
* ``cued_restatements``: "correction: I'm a paramedic", "I meant I live in Brno": after a
  strong correction cue, a pattern's new value of a one-value relation retracts the value
  told before in that relation (it never held) instead of following it.

``denials.py`` reads the contrast when a pattern placed the new value itself ("I work at
Lyft now, not Uber").
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.readers.retractions import correction_hits, likeness, told
from chronomem.extractors.rules.tables.correction_cues import CUE_LEAD, STRONG_CUE
from chronomem.model.relations import GENERIC_RELATIONS, functional_rule

_CONTRAST = re.compile(
    r"(?P<new>(?-i:[A-Z][\w'&.-]*(?:\s+[A-Z0-9][\w'&.-]*){0,3}))\s*\*?\s*,?\s+"
    r"(?:not|instead of|rather than)\s+(?:the\s+|an?\s+)?"
    r"(?P<old>[A-Za-z][\w'&.-]*(?:\s+[A-Za-z0-9][\w'&.-]*){0,2})",
    re.I,
)
MIN_SIGNS = 2


def contrasted(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The retraction and the new value for a "NEW, not OLD" no pattern placed."""
    if s.question or s.assistant or not known.targets:
        return []
    placed = {normalize_name(h.target.name) for h in hits if h.relation not in GENERIC_RELATIONS}
    for m in _CONTRAST.finditer(s.text):
        new = normalize_name(m.group("new"))
        if new in placed or new in known.speakers:
            continue
        found = told(known, m.group("old"), edge="either")
        if found is None or found[2] == new:
            continue
        target = known.targets[found[:2]][found[2]]
        signs = likeness(new, True, found[2], target, known, s) + _of_holder(s, m, found, known)
        if signs >= MIN_SIGNS:
            return correction_hits(s, known, found, m.group("new"), m.span("new"))
    return []


def _of_holder(s: Sentence, m: re.Match[str], told: tuple[str, str, str], known: Known) -> int:
    """One sign more when the clause that contrasts the values is about the one who holds
    the told value ("Rupert is at Glasgow, not Edinburgh" after "Rupert is studying at
    Edinburgh"); none for a person (people are not compared by name alone: "I invited Zoe,
    not Chloe" leaves "my daughter Chloe" alone)."""
    source, _, key = told
    if known.labels.get(key) == "Person":
        return 0
    clause = s.clause_at(m.start("new"))
    before = normalize_name(s.text[clause[0] : m.start("new")]).split()
    holder = normalize_name(known.display.get(source, source)).split()
    return 1 if holder and before[: len(holder)] == holder else 0


def cued_restatements(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """Retractions of the told values a restatement after a strong cue replaces."""
    lead = CUE_LEAD.match(s.text)
    if lead is None or not STRONG_CUE.search(lead.group(1)) or s.question or s.assistant:
        return []
    out = []
    ended = {(normalize_name(h.source.name), h.relation) for h in hits if h.ending}
    for hit in hits:
        rule = functional_rule(hit.relation)
        key = (normalize_name(hit.source.name), hit.relation)
        if hit.ending or rule is None or rule.unique != "subject" or key in ended:
            continue
        told = [k for k in known.targets.get(key, {}) if k != normalize_name(hit.target.name)]
        if not told:
            continue
        wrong = known.targets[key][told[-1]]
        start = known.starts.get((*key, told[-1]))
        party = Party(wrong, known.labels.get(told[-1]) or None)
        out.append(Hit(hit.relation, hit.source, party, True, hit.clause, hit.verb, retracts=start))
    return out
