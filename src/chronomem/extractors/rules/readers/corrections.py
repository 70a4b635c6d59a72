"""Does a sentence correct something said before ("sorry, I meant Lyon, not Paris", "not
Paris, Lyon", "wait I mean Corvus Health")? The learned reader's gates ask (``corrects``).

(Round 13 deleted the stage that read such a correction into an ended and a held fact: it
fired in no scenario of the held-out sets.)
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Sentence
from chronomem.extractors.rules.tables.correction_cues import NAME, STRONG, WEAK

_CUE = rf"(?:{STRONG}|{WEAK})"
_FILL = r"(?:,?\s*(?:it's|its|it is|it was|in|at|to|with|for|the|a|an|my)\s+){0,2}"
_FORMS = (
    re.compile(
        rf"\b{_CUE}\b[\s,:!-]*(?:(?:I meant|I mean)\s+)?{_FILL}(?P<new>{NAME})\s*,?\s*"
        rf"(?:not|instead of|rather than|and not)\s+{_FILL}(?P<old>{NAME})",
        re.I,
    ),
    re.compile(
        rf"\bnot\s+{_FILL}(?P<old>{NAME})\s*,\s*(?:but\s+|I meant\s+)?{_FILL}(?P<new>{NAME})\b",
        re.I,
    ),
    re.compile(
        rf"\b(?P<old>{NAME})\s*,?\s+(?:I mean|I meant|sorry|oops)\b[\s,]*"
        rf"{_FILL}(?P<new>{NAME})\b",
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
