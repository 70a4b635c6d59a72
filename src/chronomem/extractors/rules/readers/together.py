"""A state told of the speaker and someone else together: "Jasmine and I both work at
Brightline", "me and Dana live in Leeds", "Omar and I go to Stanford".

The pattern rows read the clause's subject as the speaker ("I"); the person named beside
them in the subject ("NAME and I", "me and NAME") holds the same state: the hit is copied
with that person as its source. Ties between the two ("Jo and I are dating") and facts whose
target is a person are left to the rows that read them.
"""

from __future__ import annotations

import re
from dataclasses import replace

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name

_SHARED = frozenset(
    {"LIVES_IN", "WORKS_AT", "STUDIES_AT", "MEMBER_OF", "FOLLOWS_DIET", "HAS_HABIT",
     "HAS_JOB_TITLE"}
)  # fmt: skip
# the subject right before the verb: "X and I", "me and X", "X and me", "both"/"also" after
_PAIR = re.compile(
    r"(?:\b(?P<a>(?-i:[A-Z][\w'-]+)) and (?:I|me)|\b(?:me|I) and (?P<b>(?-i:[A-Z][\w'-]+)))"
    r"(?:'ve|'re| have| are| both| also| still| now|\s)*\s*$",
    re.I,
)
_WINDOW = 60


def together_hits(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """Each hit whose subject pairs the speaker with a person, copied for the other one."""
    if s.speaker is None or s.assistant:
        return []
    me = Party(s.speaker, "Person", speaker=True)
    out = []
    for hit in hits:
        if hit.relation not in _SHARED or hit.target.label == "Person":
            continue
        m = _PAIR.search(s.text, max(0, hit.verb[0] - _WINDOW), hit.verb[0])
        if m is None or not _person(name := m.group("a") or m.group("b"), s, known):
            continue
        if hit.source.speaker:
            other = Party(name, "Person")
        elif normalize_name(hit.source.name) == normalize_name(name):
            other = me  # "me and Dana live in Leeds": the row read Dana
        else:
            continue
        told = _ME.sub(s.speaker, s.text[m.start() : hit.clause[1]]).strip(" ,;")
        out.append(replace(hit, source=other, text=told, implicit_subject=False))
    return out


_ME = re.compile(r"\b(?:I|me)\b")


def _person(name: str, s: Sentence, known: Known) -> bool:
    """A person, or a name of no other kind ("Tomasz and I": a place or firm is no
    subject beside "I")."""
    key = normalize_name(name)
    if key in known.persons:
        return True
    spans = [sp for sp in s.spans if normalize_name(sp.name) == key and sp.named]
    return bool(spans) and all(sp.label in (None, "Person") for sp in spans)
