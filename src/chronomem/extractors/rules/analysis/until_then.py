""" "Until then": the day a state lasts to is the upcoming day the conversation last told.

"My company announced I will become branch manager. It starts April 1." ... "Until then I
am still sales chief." The "then" is no date of its own sentence: it points at the last
day ahead told before it (``Known.ahead``: the upcoming facts of earlier turns, and those
the memory holds still ahead). Read as an "until" of that day, the state told with it holds
up to it, and the plan that begins on it stands: without it, a state told after a plan, and
holding past its day, withdraws the plan as a reschedule would.
"""

from __future__ import annotations

import re
from datetime import datetime

from chronomem.extractors.rules.analysis.known import Known
from chronomem.text.dates import TimeExpression

_UNTIL_THEN = re.compile(r"\b(?:until|till|til|up to)\s+then\b", re.I)


def with_until_then(
    times: list[TimeExpression], text: str, reference: datetime, known: Known
) -> list[TimeExpression]:
    """``times`` (of ``text``, said at ``reference``) with an "until" of the last upcoming
    day told before, where ``text`` says "until then" and no other time stands there."""
    m = _UNTIL_THEN.search(text)
    if m is None or any(t.start < m.end() and m.start() < t.end for t in times):
        return times
    ahead = [a.start for a in known.ahead if a.start is not None and a.start > reference]
    if not ahead:
        return times
    then = TimeExpression(m.start(), m.end(), m.group(), ahead[-1], "until")
    return sorted([*times, then], key=lambda t: t.start)
