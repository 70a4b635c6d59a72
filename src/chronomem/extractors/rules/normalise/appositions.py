"""Everyday wordings that hide a clause's subject or verb, rewritten before the analysis
(like ``kinship.as_relatives``):

* "Jasmine from my team quit", "Omar from work moved to Oslo": a name followed by where the
  speaker knows them from is the subject; work and school give "my coworker Jasmine",
  "my classmate Omar" (the tie stays told), any other group ("Lea from my running club")
  just the name.
* "quit to go work at Bumble", "left to go study in Leeds": "go" before a verb adds nothing.
"""

from __future__ import annotations

import re

_WORK = r"work|the office|my office|my team|our team|my job|my work"
_SCHOOL = r"school|uni|college|class|my class|my school|my uni|my course"
_NAME = r"(?P<name>(?-i:[A-Z][a-z'-]+))"
_FROM = re.compile(
    rf"\b{_NAME} from (?:(?P<work>{_WORK})|(?P<school>{_SCHOOL})|(?P<other>(?:my|our|the) "
    r"(?:[a-z]+ )?(?:gym|club|group|choir|church|class|team|band|crew|squad)))"
    r"(?=\s+(?:just |recently |finally |also |has |had |is |was |got |'s )?[a-z]+)",
    re.I,
)
_GO_VERB = re.compile(r"\bto go (?=(?:work|study|live|join|teach)\b)", re.I)


def plain_subjects(text: str) -> str:
    """``text`` with "NAME from my team" and "to go work" said plainly."""
    text = _FROM.sub(_subject, text)
    return _GO_VERB.sub("to ", text)


def _subject(m: re.Match[str]) -> str:
    name = m.group("name")
    if m.group("work"):
        return f"my coworker {name}"
    if m.group("school"):
        return f"my classmate {name}"
    return name
