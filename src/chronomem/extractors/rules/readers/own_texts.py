"""A fact's words name its own value, not the one it replaced or the one told beside it.

The judge of "what holds now" is the text of the current facts as much as their targets: a
new value whose fact reads "bought a Trek hybrid to replace the brompton" or "given up
running, swimming instead now" keeps saying the old value after the old fact is closed. So,
within one sentence:

* a value held now whose clause names it and a value the same sentence ends (same subject)
  gets a text of its own: "Ewan now has a Trek", "Kenji now does swimming" (a value the
  clause does not name, "sober" for sobriety, keeps the clause's words);
* a condition told with the medication taken for it ("diagnosed with diabetes, doc put me
  on metformin") reads "Nikhil has diabetes": the medication is a fact of its own, and a
  later switch of medication must not leave the condition's text naming the old drug.
"""

from __future__ import annotations

import re
from dataclasses import replace

from chronomem.extractors.rules.analysis.found import Hit
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.text.words import indefinite

# What one has or does, one or many at a time: these facts get a text without the old value
_HAVING = frozenset(
    {"OWNS", "USES", "DRIVES", "USES_PHONE", "USES_LAPTOP", "USES_CAMERA", "WEARS_WATCH",
     "RIDES_BIKE", "HAS_HABIT"}
)  # fmt: skip


def own_texts(s_text: str, hits: list[Hit]) -> list[Hit]:
    """The hits of a sentence, each new value told without the words of another value."""
    gone = [h for h in hits if h.ending and h.relation in _HAVING]
    drugs = [h for h in hits if h.relation == "TAKES_MEDICATION" and not h.ending]
    if not gone and not drugs:
        return hits
    out = []
    for hit in hits:
        clause = s_text[hit.clause[0] : hit.clause[1]]
        if hit.ending:
            pass
        elif hit.relation in _HAVING and _names(clause, hit) and _names_other(clause, hit, gone):
            hit = replace(hit, text=_having_text(hit))
        elif hit.relation == "HAS_CONDITION" and _names_other(clause, hit, drugs):
            hit = replace(hit, text=f"{hit.source.name} has {hit.target.name}")
        out.append(hit)
    return out


def _names(clause: str, hit: Hit) -> bool:
    """The clause names the value itself ("sober" names no "sobriety": its words stay)."""
    return re.search(rf"\b{re.escape(hit.target.name.lower())}", clause.lower()) is not None


def _names_other(clause: str, hit: Hit, others: list[Hit]) -> bool:
    low = clause.lower()
    return any(
        normalize_name(o.source.name) == normalize_name(hit.source.name)
        and normalize_name(o.target.name) != normalize_name(hit.target.name)
        and re.search(rf"\b{re.escape(o.target.name.lower())}\b", low) is not None
        for o in others
    )


def _having_text(hit: Hit) -> str:
    name, source = hit.target.name, hit.source.name
    if hit.relation == "HAS_HABIT":
        verb = "does" if name.split()[0].endswith("ing") else "has"
        return f"{source} now {verb} {name}"
    return (
        f"{source} now uses {name}"
        if hit.relation == "USES"
        else f"{source} now has {indefinite(name)}"
    )
