"""A told value denied beside the new one: "I work at Lyft now, not Uber" (``denials``).

The value denied must be one the subject was told to hold with that relation, in this
episode or the previous turns. (Round 13 deleted the value restated with another
qualifier, "sorry, I meant Portland, Oregon": its stage fired in no held-out scenario.)
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.model.relations import GENERIC_RELATIONS

_NOT = re.compile(
    r"(?:\s+(?:now|actually|then|these days))?[\s,;]*(?:and\s+|but\s+)?(?:not|never)\s+"
    r"(?:an?\s+|the\s+|in\s+|at\s+|with\s+|for\s+)?"
    r"(?P<old>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3})"
)


def denied_values(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The told facts that ``s`` denies right after asserting another value for them."""
    out: list[Hit] = []
    for hit in hits:
        if hit.ending or hit.relation in GENERIC_RELATIONS:
            continue
        at = s.text.lower().find(hit.target.name.lower(), hit.verb[0])
        if at < 0:
            continue
        m = _NOT.match(s.text, at + len(hit.target.name))
        told = _told_value(known, hit.source.name, hit.relation, m.group("old")) if m else None
        if m is None or told is None or normalize_name(told) == normalize_name(hit.target.name):
            continue
        out.append(
            Hit(hit.relation, hit.source, Party(told, hit.target.label), True, hit.clause, m.span())
        )
    return out


def _told_value(known: Known, source: str, relation: str, words: str) -> str | None:
    """The longest opening of ``words`` that ``source`` was told to hold with ``relation``,
    or the one told value it is the head or the tail of ("not Halden" for Halden Bank, "not
    a Yaris" for Toyota Yaris, "not peanuts" for allergic to peanuts)."""
    values = known.targets.get((normalize_name(source), relation), {})
    parts = words.split()
    for n in range(len(parts), 0, -1):
        key = normalize_name(" ".join(parts[:n]))
        if key in values:
            return values[key]
    for n in range(min(len(parts), 3), 0, -1):
        key = normalize_name(" ".join(parts[:n]))
        part = [v for k, v in values.items() if key and _edge_of(key, k)]
        if len(part) == 1:
            return part[0]
    return None


def _edge_of(words: str, told: str) -> bool:
    return told.startswith(words + " ") or told.endswith(" " + words)
