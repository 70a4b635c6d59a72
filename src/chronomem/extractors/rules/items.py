"""One fact per item of a list told in one breath, each with its own text.

"We pay for Netflix, Hulu and Disney+" gives three SUBSCRIBED_TO facts; each fact's text
names its own item only ("Wendy pays for Hulu"), so that when one item ends ("I cancelled
Hulu") the facts that stay true do not keep naming it.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit

_NAME_TAIL = re.compile(r"[+#]*")  # "Disney+", "C#": marks that belong to the name


def one_item_text(text: str, hit: Hit, hits: list[Hit]) -> str:
    """``text`` with the list of ``hit``'s fellow items replaced by its own target."""
    items = [
        h.target.name
        for h in hits
        if h.relation == hit.relation
        and h.verb == hit.verb
        and h.source.name == hit.source.name
        and h.ending == hit.ending
    ]
    if len(set(items)) < 2 or hit.target.name not in items:
        return text
    found = [re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) for name in items]
    if any(m is None for m in found):
        return text
    start = min(m.start() for m in found if m)
    end = max(m.end() for m in found if m)
    end += len(_NAME_TAIL.match(text, end).group())  # type: ignore[union-attr]
    return text[:start] + hit.target.name + text[end:]
