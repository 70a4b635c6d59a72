"""A start told after its news: "got a job at Halden, I start on the 3rd of March",
"Got the place at Leeds! Starting 29 September."

The news gives the job (or the school, or the title) as of when it was said. A following
clause or sentence of the same speaker that says when they start without saying what --
the verb of starting, then at once the date ("I start on ...", "starting Monday", "my first
day is ...") -- dates the start of each such fact the message told so far without a date of
its own. What the speaker starts is read from the facts already told, so "I start physio on
Monday" (the verb has an object) and a date in the past are left alone.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from typing import Final

from chronomem.extractors.rules.analysis.found import Hit, Party, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.analysis.names import normalize_name

STARTABLE: Final = ("WORKS_AT", "STUDIES_AT", "HAS_JOB_TITLE")
_START = re.compile(
    r"\b(?:(?:I|we)(?:'ll| will| shall)?\s+(?:start|begin)|(?:I'm|I am)\s+(?:starting|beginning)"
    r"|starting|beginning|first day(?:'s| is| will be)?|start date(?:'s| is)?)\b",
    re.I,
)
_BETWEEN: Final = re.compile(r"[\s,]*(?:(?:on|in|from|at|as of)\s+)?(?:the\s+)?", re.I)
# someone else's start just before the verb: "my sister is starting", "her first day"
_OTHERS: Final = re.compile(
    r"\b(?:(?i:he|she|they|his|her|their)|[A-Z][a-z]+'s|(?i:(?:my|our) [a-z]+ (?:is|are|was)))\W*"
    r"(?:\w+\W+)?$"
)


def dated_starts(s: Sentence, known: Known, hits: list[Hit]) -> list[Hit]:
    """The facts of :data:`STARTABLE` told undated so far in the message, dated by the
    start the sentence tells (the sentence's hits are returned first)."""
    if s.speaker is None or s.assistant or s.question:
        return hits
    for m in _START.finditer(s.text):
        gap = _BETWEEN.match(s.text, m.end())
        at = gap.end() if gap else m.end()
        when = next((t for t in s.times if m.end() <= t.start <= at and t.when > s.reference), None)
        if when is None or _OTHERS.search(s.text, max(0, m.start() - 30), m.start()):
            continue
        if any(h.relation in STARTABLE and h.clause[1] > m.start() for h in hits):
            return hits  # "I start at Halden on Monday": the clause names its own start
        # "got a job at Halden, I start on the 3rd": the sentence's own news, then the rest
        told = [_dated(h, when.when) for h in hits]
        return told + _redated(s, known, m.span(), when.when)
    return hits


def _dated(hit: Hit, when: datetime) -> Hit:
    """A startable hit of the sentence, before the start told, undated: from ``when``."""
    if hit.relation in STARTABLE and hit.spell is None and not hit.ending:
        return replace(hit, spell=(when, None))
    return hit


def _redated(s: Sentence, known: Known, verb: tuple[int, int], when: datetime) -> list[Hit]:
    me = normalize_name(s.speaker or "")
    speaker = Party(s.speaker or "", "Person", speaker=True)
    out: list[Hit] = []
    for relation in STARTABLE:
        for key, value in known.targets.get((me, relation), {}).items():
            if known.starts.get((me, relation, key)) != s.reference:
                continue  # dated already, or told in an earlier turn
            target = Party(value, known.labels.get(key) or None)
            text = known.texts.get((me, relation, key))  # the news's words stay the text
            clause = (0, len(s.text))
            spell = (when, None)
            out.append(Hit(relation, speaker, target, False, clause, verb, text, spell=spell))
    return out
