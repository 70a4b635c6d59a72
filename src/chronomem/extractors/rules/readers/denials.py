"""A value restated with another qualifier: "sorry, I meant Portland, Oregon" after "I live
in Portland, Maine" (``restated``).

The value restated must be one the subject was told to hold with that relation, in this
episode or the previous turns. (Round 5 deleted the denials read beside the right value,
"I work at Lyft now, not Uber": their stage changed no check of the dev sets.)
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.tables.correction_cues import MEANT
from chronomem.model.relations import GENERIC_RELATIONS

_NOT = re.compile(
    r"(?:\s+(?:now|actually|then|these days))?[\s,;]*(?:and\s+|but\s+)?(?:not|never)\s+"
    r"(?:an?\s+|the\s+|in\s+|at\s+|with\s+|for\s+)?"
    r"(?P<old>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3})"
)
_NAME = r"(?-i:[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2})"
_RESTATED = re.compile(
    rf"\b(?:{MEANT})\s+"
    r"(?:(?:in|at|to|with|for|the)\s+)?"
    rf"(?P<head>{_NAME}),\s*(?P<qualifier>{_NAME})\b(?!\s*,?\s*not\b)"
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


def restated(s: Sentence, known: Known) -> list[Hit]:
    """ "I meant Portland, Oregon" after "I live in Portland, Maine": the told fact ends and
    the same value, with the qualifier meant, holds instead."""
    m = _RESTATED.search(s.text)
    if m is None or s.speaker is None or s.assistant:
        return []
    head = normalize_name(m.group("head"))
    for (source, relation), values in reversed(known.targets.items()):
        if head not in values or relation in GENERIC_RELATIONS:
            continue
        who = Party(known.display.get(source, source), known.labels.get(source) or None)
        label = known.labels.get(head) or None
        meant = Party(f"{m.group('head')}, {m.group('qualifier')}", label)
        text = f"{who.name}: {meant.name} (corrected)"
        whole = (0, len(s.text))
        return [  # the ending first: it folds into the told fact, keeping that one's text
            Hit(relation, who, Party(values[head], label), True, whole, m.span()),
            Hit(relation, who, meant, False, whole, m.span(), text),
        ]
    return []


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
