"""A value restated with another qualifier: "sorry, I meant Portland, Oregon" after "I live
in Portland, Maine" (``restated``).

The value restated must be one the subject was told to hold with that relation, in this
episode or the previous turns. (Round 13 deleted the denials read beside the right value,
"I work at Lyft now, not Uber", which shared this module: their stage fired in no
held-out scenario.)
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.tables.correction_cues import MEANT, NAME
from chronomem.model.relations import GENERIC_RELATIONS

_RESTATED = re.compile(
    rf"\b(?:{MEANT})\s+"
    r"(?:(?:in|at|to|with|for|the)\s+)?"
    rf"(?P<head>{NAME}),\s*(?P<qualifier>{NAME})\b(?!\s*,?\s*not\b)"
)


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
