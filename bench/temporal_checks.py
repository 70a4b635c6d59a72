"""Evaluating the temporal benchmark's checks against a replayed ``chronomem.Memory``.

Only the public API is read: ``Memory.get_timeline`` (every fact of the subject entity, past
and present) and ``Memory.search``. Whether a fact holds is decided here, by the plain
bi-temporal rule the README documents, not by chronomem's own helper, so a wrong rule in the
library shows up as failing checks:

* learned by ``known`` — ``created_at <= known``;
* a retraction (``expired_at`` set, no ``invalid_at``) hides it from ``expired_at`` on;
* its world interval holds ``valid``: ``valid_at`` (if any) ``<= valid``, and an
  ``invalid_at`` the memory knew at ``known`` (set at creation, or learned at ``expired_at``)
  is ``> valid``.

Text matching is case-insensitive on whole words (a plural ``s``/``es`` allowed), over the
fact text plus the names of both endpoints (search answers: the fact text only). A check's
``excludes`` also requires that the excluded thing was recorded at all (some fact of the
subject, or some search hit over history, mentions one of the excluded strings): a memory
that never learned "Paris" does not pass "Paris is no longer current". A fact whose text
states an ending ("left", "used to", "no longer", "ex-", ...) does not assert the excluded
thing — except for a value first said after the asked world time (a later value in a
``held_at`` or ``believed_at`` check), which must not be mentioned at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from temporal_data import Check, Scenario

from chronomem import Fact, Memory, SearchFilter, UsageError

_ENDING = re.compile(
    r"\b(?:left|leaving|quit|quitting|no longer|not\b.{0,40}\banymore|any ?more|used to|"
    r"former(?:ly)?|ex|previous(?:ly)?|stopped|stop|gave up|given up|broke up|split|"
    r"moved (?:out|away|from)|relocated from|sold|lost|passed away|died|cancel+ed|cancel+ing|"
    r"ended|(?<!coming )over|recovered|fell through|called off|instead|rather than|"
    r"replaced|switched|"
    r"traded|gone|got rid|no more|dumped|divorced?|retired|stepped down|rehomed|stolen|stole|"
    r"lapsed?|dropped|uninstalled|graduated|put down|done with|took over|last day|"
    r"let (?:\w+ )?go|fired|laid off|resigned|went to|"
    r"don'?t|doesn'?t|didn'?t|isn'?t|wasn'?t|aren'?t|not|until|till)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Outcome:
    ok: bool
    detail: str


@dataclass(frozen=True, slots=True)
class Seen:
    """A fact as a check reads it: its text (with endpoint names) and its four instants."""

    text: str
    fact: Fact


@lru_cache(maxsize=4096)
def _pattern(term: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + re.escape(term.casefold()) + r"(?:s|es)?(?!\w)")


def mentions(text: str, term: str) -> bool:
    return bool(_pattern(term).search(text.casefold().replace("’", "'")))


def asserts(text: str, term: str) -> bool:
    """``text`` mentions ``term`` and does not state that it ended."""
    return mentions(text, term) and not _ENDING.search(text.replace("’", "'"))


def believed(fact: Fact, *, valid: datetime, known: datetime) -> bool:
    if fact.created_at > known:
        return False
    end_known = fact.expired_at is None or fact.expired_at <= known
    if fact.expired_at is not None and fact.expired_at <= known and fact.invalid_at is None:
        return False
    if fact.valid_at is not None and fact.valid_at > valid:
        return False
    return not (fact.invalid_at is not None and end_known and fact.invalid_at <= valid)


def upcoming(fact: Fact, *, now: datetime) -> bool:
    """Learned, not retracted, starting after ``now`` and not closed (as known now)."""
    if fact.created_at > now or fact.valid_at is None or fact.valid_at <= now:
        return False
    if fact.expired_at is not None and fact.expired_at <= now and fact.invalid_at is None:
        return False
    return fact.invalid_at is None or fact.invalid_at > fact.valid_at


def subject_facts(memory: Memory, scenario: Scenario, subject: str) -> list[Seen]:
    try:
        timeline = memory.get_timeline(subject, group_id=scenario.group_id)
    except UsageError:
        return []
    return [
        Seen(
            f"{f.fact} [{timeline.name_of(f.source_id)} -> {timeline.name_of(f.target_id)}]",
            f,
        )
        for f in timeline.facts
    ]


def first_said(scenario: Scenario, term: str) -> datetime | None:
    """When ``term`` was first said in the scenario (world time), if ever."""
    times = [m.time for m in scenario.messages if mentions(m.content, term)]
    return min(times) if times else None


def _judge(check: Check, selected: list[Seen], history: list[Seen], scenario: Scenario) -> Outcome:
    """``excludes``: a value first said after the asked world time (a later value, not an
    ended one) must not be mentioned at all; an earlier value must not be asserted."""
    problems: list[str] = []
    asked = check.valid_at or check.known_at
    if check.contains and not any(mentions(s.text, t) for s in selected for t in check.contains):
        problems.append(f"none mentions {' | '.join(check.contains)}")
    recorded = [t for t in check.excludes if any(mentions(s.text, t) for s in history)]
    if check.excludes and not recorded:
        problems.append(f"{' | '.join(check.excludes)} was never recorded")
    for term in recorded:
        said = first_said(scenario, term)
        later = asked is not None and said is not None and said > asked
        holds = mentions if later else asserts
        if any(holds(s.text, term) for s in selected):
            problems.append(f"{'already' if later else 'still'} holds {term!r}")
    if not problems:
        return Outcome(True, "")
    shown = "; ".join(s.text[:90] for s in selected[:8]) or "(nothing)"
    return Outcome(False, f"{', '.join(problems)} — selected: {shown}")


def evaluate(check: Check, memory: Memory, scenario: Scenario) -> Outcome:
    """Run one check on a replayed memory whose clock stands at ``scenario.now``."""
    now = scenario.now
    if check.kind == "ask":
        return _ask(check, memory, scenario)
    assert check.subject is not None
    history = subject_facts(memory, scenario, check.subject)
    if check.kind == "current":
        selected = [s for s in history if believed(s.fact, valid=now, known=now)]
    elif check.kind == "held_at":
        assert check.valid_at is not None
        selected = [s for s in history if believed(s.fact, valid=check.valid_at, known=now)]
    elif check.kind == "believed_at":
        assert check.known_at is not None
        valid = check.valid_at or check.known_at
        selected = [s for s in history if believed(s.fact, valid=valid, known=check.known_at)]
    elif check.kind == "upcoming":
        selected = [s for s in history if upcoming(s.fact, now=now)]
        if check.on is not None:
            day = check.on.date()
            selected = [s for s in selected if s.fact.valid_at and s.fact.valid_at.date() == day]
    else:
        raise ValueError(f"unknown check kind {check.kind}")
    return _judge(check, selected, history, scenario)


def _ask(check: Check, memory: Memory, scenario: Scenario) -> Outcome:
    assert check.query is not None
    results = memory.search(
        check.query,
        group_id=scenario.group_id,
        limit=check.top,
        valid_at=check.valid_at,
        known_at=check.known_at,
    )
    selected = [Seen(f.fact, f) for f in results.facts[: check.top]]
    history: list[Seen] = selected
    if check.excludes:
        past = memory.search(
            check.query,
            group_id=scenario.group_id,
            limit=50,
            filter=SearchFilter(history=True),
        )
        history = [Seen(f.fact, f) for f in past.facts]
    return _judge(check, selected, history, scenario)
