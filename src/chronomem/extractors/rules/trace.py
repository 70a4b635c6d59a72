"""What each reading stage did to one episode: the hits it added, changed or dropped, the
text it rewrote, the facts it made, and (on request) the CPU it spent.

A trace is filled only when one is passed to the reader (``chronomem explain``, tests, the
ablation benchmark); without one the pipeline records nothing and costs nothing more.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from chronomem.extractors.learned.reader import ReadFact
from chronomem.extractors.rules.analysis.found import Hit

FactKey = tuple[str, str, str]  # (source, target, relation), names normalised


@dataclass(frozen=True, slots=True)
class Step:
    """One stage that changed something, on one sentence (``-1``: the episode's text)."""

    stage: str
    sentence: int
    added: tuple[Hit, ...] = ()
    changed: tuple[tuple[Hit, Hit], ...] = ()  # (before, after): same relation and ends
    dropped: tuple[Hit, ...] = ()
    text: tuple[str, str] | None = None  # a text stage: (before, after)


def _key(hit: Hit) -> tuple[str, str, str]:
    return (hit.relation, hit.source.name, hit.target.name)


@dataclass(frozen=True, slots=True)
class ReaderFate:
    """One fact the learned reader found in a sentence (``text``): the gate that
    ``stopped`` it ("": it made the fact ``key``); for a sentence the step does not read
    ("not read: why", recorded only when the trace ``reads_every`` sentence), ``then``:
    what reading it would have done (a gate, or "")."""

    text: str
    fact: ReadFact
    stopped: str
    key: FactKey | None = None
    then: str = ""


@dataclass(slots=True)
class Trace:
    """The record of one or more extractions; ``timed`` also sums each stage's CPU."""

    timed: bool = False
    steps: list[Step] = field(default_factory=list)
    sentences: list[str] = field(default_factory=list)
    facts: dict[FactKey, str] = field(default_factory=dict)  # fact -> the stage that made it
    cpu: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    # stages that changed anything
    fired: set[str] = field(default_factory=set)
    _origin: dict[Hit, str] = field(default_factory=dict)
    # the learned reader's facts, each with its fate (``bench/reader_funnel.py``);
    # ``reads_every``: the reader also reads the sentences the step skips (twice the work)
    reader: list[ReaderFate] = field(default_factory=list)
    reads_every: bool = False

    def text(self, stage: str, before: str, after: str) -> None:
        if before != after:
            self.fired.add(stage)
            self.steps.append(Step(stage, -1, text=(before, after)))

    def hits(self, stage: str, sentence: int, before: list[Hit], after: list[Hit]) -> None:
        if before == after:
            return
        self.fired.add(stage)
        added = [h for h in after if h not in before]
        dropped = [h for h in before if h not in after]
        changed: list[tuple[Hit, Hit]] = []
        for new in list(added):
            old = next((h for h in dropped if _key(h) == _key(new)), None)
            if old is not None:
                changed.append((old, new))
                added.remove(new)
                dropped.remove(old)
        for hit in added + [new for _, new in changed]:
            self._origin[hit] = stage
        self.steps.append(Step(stage, sentence, tuple(added), tuple(changed), tuple(dropped)))

    def found(self, stage: str, sentence: int, hits: list[Hit]) -> None:
        """Hits a stage of its own kind found (mentions, the learned reader): all new."""
        self.hits(stage, sentence, [], hits)

    def stage_of(self, hit: Hit) -> str:
        """The stage that added the hit, or last changed it."""
        return self._origin.get(hit, "?")

    def made(self, key: FactKey | None, stage: str) -> None:
        if key is not None:
            self.facts.setdefault(key, stage)


@contextmanager
def timing(trace: Trace | None, stage: str) -> Iterator[None]:
    """Adds the CPU spent inside the block to ``stage`` when ``trace`` is timed."""
    if trace is None or not trace.timed:
        yield
        return
    started = time.process_time()
    try:
        yield
    finally:
        trace.cpu[stage] += time.process_time() - started
