"""A past home told by how long it lasted: "back in Vancouver after two years in Seoul",
"after six months in Lisbon we came home", "after a decade of living in Oslo".

The words say both ends: the stay ended when the news told with it happened (the message's
time, or the sentence's own date), and began that long before. Nothing else of the sentence
names the place as a home, so no other stage reads it; a stay ahead ("after two weeks in
Rome we fly home") is a trip, not a home: only months, years and decades count. The stay is
the speaker's only when the person it is told of is: "I"/"we", or nobody named (a chat
line, "back home after two years in Seoul"); "my sister is back after two years in Seoul"
and "Tom came home after three years in Berlin" are other people's news. Who a clause is
about is judged once, by the clause reader (``clause_subjects.subject_candidates``), here as
for the pattern rows.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Final

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.readers.clause_subjects import subject_candidates
from chronomem.text.date_words import NUMBERS, number
from chronomem.text.daymath import DayContext, shift

_COUNT: Final = "|".join(sorted((re.escape(n) for n in NUMBERS), key=len, reverse=True))
# subjects that are no one: a clause about these is neither the speaker's nor another's
_NO_ONE = frozenset({"it", "there", "this", "that", "which", "who"})
_STAY = re.compile(
    r"\bafter\s+(?:almost\s+|nearly\s+|about\s+|over\s+|more\s+than\s+)?"
    rf"(?P<count>\d{{1,2}}|{_COUNT})\s+(?P<unit>months?|years?|decades?)\s+"
    r"(?:of\s+living\s+|living\s+)?in\s+",
    re.I,
)


def told_stays(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The speaker's past home a sentence tells by its length, dated by it (the sentence's
    hits come first; a place they already read is theirs)."""
    if s.speaker is None or s.assistant or s.question or "after" not in s.text.lower():
        return hits
    out = list(hits)
    for m in _STAY.finditer(s.text):
        place = next((sp for sp in s.spans if sp.start == m.end()), None)
        if place is None or place.label != "Location":
            continue
        if any(normalize_name(h.target.name) == normalize_name(place.name) for h in hits):
            continue
        if not _the_speakers(s, known, m.start(), place.end):
            continue
        end = _when(s, (m.start(), place.end))
        start = shift(DayContext(end, end.date(), False), -number(m["count"]), m["unit"])
        speaker = Party(s.speaker, "Person", speaker=True)
        home = Party(place.name, "Location")
        text = f"{s.speaker} lived in {place.name}"
        clause = (m.start(), place.end)
        out.append(
            Hit("LIVES_IN", speaker, home, False, clause, m.span(), text, spell=(start, end))
        )
    return out


def _the_speakers(s: Sentence, known: Known, start: int, end: int) -> bool:
    """Is the stay at ``start:end`` told of the speaker: the subject nearest before it, or
    (none before) the first after it, is "I"/"we" or there is none? The subjects are the
    clause reader's (``clause_subjects.subject_candidates``): the speaker, a person named or
    by role, a pronoun; "it", "there", "this", "that", "which", "who" and named things are
    no one's ("It's good to be back after two years in Seoul" is the speaker's stay)."""
    subjects = []
    for a, b, party in subject_candidates(s, 0, len(s.text), known, devices_only=False):
        if party is None and s.text[a:b].lower() not in _NO_ONE:
            subjects.append((a, False))  # "she", "my cousin", "their"
        elif party is not None and (party.speaker or party.label == "Person"):
            subjects.append((a, party.speaker))
    before = [mine for at, mine in subjects if at < start]
    after = [mine for at, mine in subjects if at >= end]
    nearest = before[-1:] or after[:1]
    return not nearest or nearest[0]


def _when(s: Sentence, stay: tuple[int, int]) -> datetime:
    """When the stay ended: the sentence's own past date outside the stay, else now."""
    told = [t.when for t in s.times if not stay[0] <= t.start < stay[1]]
    past = [w for w in told if w <= s.reference]
    return past[0] if past else s.reference
