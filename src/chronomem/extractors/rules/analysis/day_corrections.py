"""A day set right in the same breath: "the wedding is on the 14th of November — sorry, the
21st!", "I start on the 2nd, no wait, the 9th".

Two days with a correction cue between them and nothing else: the second is the day meant,
and a day of the month said alone keeps the first day's month ("the 21st" of November). Both
days of the sentence are the day meant (``meant_days``, as the sentence is analysed), so
every reader dates by it, the learned one too; the facts the first day dated take the second
(``readers/day_fixes.days_corrected``), and a fact's text says the day meant, not the one
taken back (``fact_texts.rewrite``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from itertools import pairwise
from typing import Final

from chronomem.extractors.rules.tables.correction_cues import NO, STRONG, WEAK
from chronomem.text.dates import TimeExpression

_IN_PLACE: Final = re.compile(
    rf"[\s,;:.!?\u2014\u2013-]*(?:(?:{STRONG}|{WEAK}|{NO})\b[\s,;:.!?\u2014\u2013-]*)+"
    r"(?:(?:it's|its|it is|make that|on)\s+)?",
    re.I,
)
# the second day said as a day of the month alone ("the 21st"): of the first day's month
_DAY_ONLY: Final = re.compile(r"(?:on\s+)?(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b", re.I)

Corrected = tuple[TimeExpression, TimeExpression, datetime]


def set_right(text: str, times: Sequence[TimeExpression]) -> list[Corrected]:
    """Each day of ``text`` set right in the same breath: (the day taken back, the day
    meant, the instant meant)."""
    out: list[Corrected] = []
    for first, second in pairwise(times):
        if not _IN_PLACE.fullmatch(text, first.end, second.start):
            continue
        when = second.when
        alone = _DAY_ONLY.fullmatch(second.text)
        if alone is not None:
            try:
                when = first.when.replace(day=int(alone.group(1)))
            except ValueError:
                continue
        out.append((first, second, when))
    return out


def meant_days(text: str, times: list[TimeExpression]) -> list[TimeExpression]:
    """``times`` with each day set right in the same breath, and the day that sets it right,
    at the instant meant ("on the 3rd of August - sorry, the 13th": both the 13th of August)."""
    meant = {}
    for first, second, when in set_right(text, times):
        meant[first.start] = meant[second.start] = when
    return [replace(t, when=meant[t.start]) if t.start in meant else t for t in times]
