"""Two people as one subject of a tie between them: "Derek and Kayla broke up", "my parents
Ann and Joe got divorced", "Mia and Sam got engaged", "Ray & Donna are dating".

The pattern table reads one subject and one object; here both ends stand before the verb.
An ending verb ends the tie the conversation told between the two (dating or married),
else the one the verb names; a verb of union starts one.
"""

from __future__ import annotations

import re
from itertools import pairwise

from chronomem.extractors.rules.entities import Known, Span
from chronomem.extractors.rules.found import Hit, Party, Sentence
from chronomem.extractors.rules.names import normalize_name

_AND = re.compile(r"\s*(?:and|&)\s+")
_ADVERBS = r"(?:(?:have|had|has|just|finally|officially|recently|already|are|were|got|getting)\s+)*"
# verb -> (relation, ending)
_VERBS = (
    (re.compile(rf"\s+{_ADVERBS}(?:divorced|separated)\b", re.I), "MARRIED_TO", True),
    (
        re.compile(
            rf"\s+{_ADVERBS}(?:broke up|break up|split(?: up)?|called it quits|(?:called|broke)"
            r" off (?:the|their) (?:engagement|wedding|relationship))\b",
            re.I,
        ),
        "DATING",
        True,
    ),
    (re.compile(rf"\s+{_ADVERBS}(?:married|wed)\b", re.I), "MARRIED_TO", False),
    (re.compile(rf"\s+{_ADVERBS}(?:engaged|dating|together now)\b", re.I), "DATING", False),
)
_TIES = ("MARRIED_TO", "DATING")


def pair_hits(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The tie a sentence starts or ends between two people named together as its subject."""
    people = [sp for sp in s.spans if _is_person(sp, known)]
    out: list[Hit] = []
    for a, b in pairwise(people):
        if not _AND.fullmatch(s.text, a.end, b.start):
            continue
        for regex, relation, ending in _VERBS:
            m = regex.match(s.text, b.end)
            if m is None:
                continue
            if ending:
                relation = _told_tie(known, a.name, b.name) or relation
            if any(h.verb[0] <= m.end() and m.start() <= h.verb[1] for h in hits):
                break  # the table already read this verb
            source, target = Party(a.name, "Person"), Party(b.name, "Person")
            out.append(Hit(relation, source, target, ending, (a.start, m.end()), m.span()))
            break
    return out


def _is_person(span: Span, known: Known) -> bool:
    """A person, or a name of no other kind (the verbs here take only people)."""
    key = normalize_name(span.name)
    return span.label in (None, "Person") and known.labels.get(key, "") in ("", "Person")


def _told_tie(known: Known, a: str, b: str) -> str | None:
    """The tie told earlier between ``a`` and ``b`` (either direction), if any."""
    ka, kb = normalize_name(a), normalize_name(b)
    for relation in _TIES:
        if kb in known.targets.get((ka, relation), {}) or ka in known.targets.get(
            (kb, relation), {}
        ):
            return relation
    return None
