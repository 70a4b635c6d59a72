"""How long a state has lasted: "I've been at X for two years now" dates its start.

A duration after a present perfect ("have/has been", "'ve lived", "has had") or a bare
"been" ("been at X for 6 months") says the state still holds and began that long before
the reference day: the expression resolves to that day, with the role ``since``. So does a
duration the clause says is still running ("off caffeine for two weeks now", "sober for a
year and counting", "in Leeds for six months so far"): a chat drops the perfect, the "now"
keeps it. A duration in any other tense is no date: "I was in Lisbon for two weeks" (a
trip, over), "I'm going to Oslo for three days" (a plan), "I haven't smoked for a year" (a
denial: its start is the habit's end, which the habit rules read from the words, not from
this date).
"""

from __future__ import annotations

import re

# the perfect must be in the duration's own clause: no sentence break, comma or conjunction
_PERFECT = re.compile(
    r"(?:\b(?:have|has|'ve|'s|i've|ive)\s+(?:\w+ly\s+|also\s+|now\s+|already\s+)?"
    r"(?:been|lived|worked|had|known|stayed|studied|taught|run|owned|used|driven|played|"
    r"done|kept|managed|led|trained|volunteered|rented|dated|attended|belonged)"
    r"|(?:^|[^\w'])been)\b[^.!?;,\n]*$",
    re.I,
)
# "... for two weeks now", "... for a year and counting", "sober for six months today" (an
# anniversary): still running, said after it
_STILL_RUNNING = re.compile(r"\s*(?:now|and counting|so far|already|(?:as of )?today)\b", re.I)
# a clause told in the past or ahead keeps a duration that is no start ("I was in Lisbon
# for two weeks", "I'll be in Oslo for three days now that ...")
_NOT_PRESENT = re.compile(
    r"\b(?:was|were|had|did|will|'ll|going to|gonna|shall|would|wo?n't)\b[^.!?;,\n]*$", re.I
)
_DENIED = re.compile(r"\b(?:haven't|hasn't|have not|has not|not|never|no longer)\b", re.I)
_WINDOW = 80


def lasted_until_now(text: str, start: int, end: int | None = None) -> bool:
    """Does the duration at ``text[start:end]`` follow a present perfect in its own clause,
    or (``end`` given) say it is still running, in a clause neither past nor ahead (and no
    denial)?"""
    before = text[max(0, start - _WINDOW) : start]
    perfect = _PERFECT.search(before)
    if perfect is not None:
        return _DENIED.search(before, perfect.start()) is None
    if end is None or not _STILL_RUNNING.match(text, end):
        return False
    clause = re.split(r"[.!?;,\n]", before)[-1]
    return not _NOT_PRESENT.search(clause) and not _DENIED.search(clause)
