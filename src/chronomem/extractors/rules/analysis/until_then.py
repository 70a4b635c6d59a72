""" "Until then", "since then": the day the conversation last told, named by "then".

"My company announced I will become branch manager. It starts April 1." ... "Until then I
am still sales chief." The "then" is no date of its own sentence: it points at the last
day ahead told before it (``Known.ahead``: the upcoming facts of earlier turns, and those
the memory holds still ahead). Read as an "until" of that day, the state told with it holds
up to it, and the plan that begins on it stands: without it, a state told after a plan, and
holding past its day, withdraws the plan as a reschedule would.

"Since then" (or "from then on") with no day before it in its sentence points at the last
past day an earlier sentence told ("Mrs Adebayo left in March. My manager since then is Mr
Okafor": Mr Okafor since March).
"""

from __future__ import annotations

import re
from datetime import datetime

from chronomem.extractors.rules.analysis.known import Known
from chronomem.text.dates import TimeExpression

_UNTIL_THEN = re.compile(r"\b(?:until|till|til|up to)\s+then\b", re.I)


_SINCE_THEN = re.compile(r"\b(?:since|from)\s+then\b", re.I)


def with_then(
    times: list[TimeExpression], text: str, reference: datetime, known: Known
) -> list[TimeExpression]:
    """``times`` (of ``text``, said at ``reference``) with the days its "until then" and
    "since then" point at; ``known`` learns the last past day the sentence tells."""
    times = _since_then(_until_then(times, text, reference, known), text, known)
    told = [t.when for t in times if t.when <= reference]
    known.last_day = told[-1] if told else known.last_day
    return times


def _since_then(times: list[TimeExpression], text: str, known: Known) -> list[TimeExpression]:
    """A "since" of the last past day an earlier sentence told, where ``text`` says "since
    then" with no day of its own before it (one there is ``pointed_back``'s)."""
    m = _SINCE_THEN.search(text)
    if m is None or known.last_day is None or any(t.start < m.end() for t in times):
        return times
    then = TimeExpression(m.start(), m.end(), m.group(), known.last_day, "since")
    return sorted([*times, then], key=lambda t: t.start)


def _until_then(
    times: list[TimeExpression], text: str, reference: datetime, known: Known
) -> list[TimeExpression]:
    """``times`` with an "until" of the last upcoming day told before, where ``text`` says
    "until then" and no other time stands there."""
    m = _UNTIL_THEN.search(text)
    if m is None or any(t.start < m.end() and m.start() < t.end for t in times):
        return times
    ahead = [a.start for a in known.ahead if a.start is not None and a.start > reference]
    if not ahead:
        return times
    then = TimeExpression(m.start(), m.end(), m.group(), ahead[-1], "until")
    return sorted([*times, then], key=lambda t: t.start)
