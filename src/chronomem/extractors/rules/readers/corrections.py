"""Self-corrections: "sorry, I meant Lyon, not Paris", "not Paris, Lyon".

A correction names a value told just before (in this episode or the previous turns) and the
value meant instead. The fact that carried the wrong value is reported as ended, and the
same relation with the right value as asserted, so the engine closes the one and keeps the
other, whatever the relation.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.readers.retractions import told
from chronomem.extractors.rules.tables.correction_cues import STRONG, WEAK

_NAME = r"(?-i:[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2})"
_CUE = rf"(?:{STRONG}|{WEAK})"
_FILL = r"(?:,?\s*(?:it's|its|it is|it was|in|at|to|with|for|the|a|an|my)\s+){0,2}"
_FORMS = (
    re.compile(
        rf"\b{_CUE}\b[\s,:!-]*(?:(?:I meant|I mean)\s+)?{_FILL}(?P<new>{_NAME})\s*,?\s*"
        rf"(?:not|instead of|rather than|and not)\s+{_FILL}(?P<old>{_NAME})",
        re.I,
    ),
    re.compile(
        rf"\bnot\s+{_FILL}(?P<old>{_NAME})\s*,\s*(?:but\s+|I meant\s+)?{_FILL}(?P<new>{_NAME})\b",
        re.I,
    ),
    re.compile(
        rf"\b(?P<old>{_NAME})\s*,?\s+(?:I mean|I meant|sorry|oops)\b[\s,]*"
        rf"{_FILL}(?P<new>{_NAME})\b",
        re.I,
    ),
)


# a sentence that opens by correcting ("wait I mean X", "sorry, it's X"): what it corrects
# was said before, and only that tells what X is (a name alone is no fact of its own)
_OPENS_CORRECTING = re.compile(rf"^\W*(?:{_CUE}\b[\s,:!.-]*)+", re.I)


def corrects(s: Sentence) -> bool:
    """Does ``s`` correct something said before, by one of the forms read here or by
    opening on a correction ("wait I mean Corvus Health")?"""
    return _OPENS_CORRECTING.match(s.text) is not None or any(f.search(s.text) for f in _FORMS)


def corrections(s: Sentence, known: Known) -> list[Hit]:
    """The ended wrong fact and the right one, for each correction in ``s``."""
    for form in _FORMS:
        m = form.search(s.text)
        if m is None:
            continue
        old, new = normalize_name(m.group("old")), m.group("new")
        if old == normalize_name(new):
            continue
        found = told(known, old, edge="tail")
        if found is None:
            continue
        key, relation, wrong = found
        source, wrong = known.display.get(key, key), known.targets[found[:2]][wrong]
        label = known.labels.get(old) or None
        whole = (0, len(s.text))
        who = Party(source, known.labels.get(key) or None)
        text = f"{source}: {new}, not {wrong} (corrected)"
        start = known.starts.get(found)
        return [  # the wrong value is retracted: it ends where it began, it never held
            Hit(relation, who, Party(new, label), False, whole, m.span(), text),
            Hit(relation, who, Party(wrong, label), True, whole, m.span(), retracts=start),
        ]
    return []
