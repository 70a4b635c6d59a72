"""A new value's fact text without the old value it replaced.

"moved to Cork, galway rent was just insane", "back in Vancouver after two years in Seoul",
"Amersfoort is so quiet compared to utrecht": the clause that tells the new home also names
the old one. The new fact is what stays current, and its words are what search and context
show: they should say Cork, not Galway. So for a relation that holds one value at a time,
the text is cut before the first piece after the new value that names another value of the
same subject and relation (held before, or told in this episode). A rival named before the
new value ("left Glasgow for Cardiff") is kept: it is how the change is said.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from chronomem.extractors.rules.analysis.names import normalize_name

# where a piece ends before the rival: a comma, or a word that opens an aside
_BOUNDARY = re.compile(
    r",\s*|\s+(?:but|and|after|before|compared to|compared with|than|instead of|since|"
    r"because|though|lol|haha)\s+|\s+[-\u2013\u2014]+\s+",
    re.I,
)


def without_rivals(text: str, target: str, rivals: Iterable[str]) -> str:
    """``text`` cut before the first piece after ``target`` that names one of ``rivals``."""
    key = normalize_name(target)
    low = text.lower()
    at = low.find(target.lower())
    if at < 0:
        return text
    after = at + len(target)
    starts = [
        m.start()
        for rival in rivals
        if rival and normalize_name(rival) != key and normalize_name(rival) not in key
        for m in re.finditer(rf"(?<!\w){re.escape(rival.lower())}(?!\w)", low[after:])
    ]
    if not starts:
        return text
    first = after + min(starts)
    cuts = [m.start() for m in _BOUNDARY.finditer(text, after, first)]
    if not cuts:
        return text
    return text[: cuts[0]].rstrip(" ,;:-")
