"""A favourite named without its kind: "my new go-to is Kaffi", "my new fave is The Bear".

The kind is what lets a new favourite close the old one ("favourite show" vs "favourite
food", ``resolve.py``). Said without it, the new favourite takes the place of the one
favourite the speaker told in the last turns, when there is exactly one (with two or more
held, which one is meant is unknown: the new one is kept, nothing is closed). Its text names
the kind "one" ("Sam's favorite one is Kaffi"), so the engine's one-per-kind rule
(``resolve.py``) compares it with no other favourite: only the ending closes the old one.
"""

from __future__ import annotations

import re

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name

_KINDLESS = re.compile(
    r"\b(?:my|our) (?:new |current |latest )(?:favou?rite|fave|fav|go-to|go to) "
    r"(?:is|'s) (?:now |definitely |officially )?(?:an? |the )?(?P<obj>[\w'-]+)",
    re.I,
)


def kindless_favourite_hits(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The new favourite, and the end of the one held before (exactly one told)."""
    if (
        not s.speaker
        or s.assistant
        or s.question
        or any(h.relation == "HAS_FAVORITE" for h in hits)
    ):
        return []
    m = _KINDLESS.search(s.text)
    if m is None:
        return []
    span = next((sp for sp in s.spans if sp.start == m.start("obj")), None)
    name = span.name if span is not None else m.group("obj").lower()
    me = Party(s.speaker, "Person", speaker=True)
    clause = s.clause_at(m.start())
    new = Party(name, span.label if span else "Topic", span is not None)
    out = [
        Hit(
            "HAS_FAVORITE",
            me,
            new,
            False,
            clause,
            m.span(),
            f"{s.speaker}'s favorite one is {name}",
        )
    ]
    held = known.targets.get((normalize_name(s.speaker), "HAS_FAVORITE"), {})
    if len(held) == 1:
        old = next(iter(held.values()))
        if normalize_name(old) != normalize_name(name):
            out.append(Hit("HAS_FAVORITE", me, Party(old, "Topic"), True, clause, m.span()))
    return out
