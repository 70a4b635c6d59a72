"""What the reading pipeline does with one message: the stages, the trace, the facts.

The engine of ``chronomem explain`` (and of the tests that ask which stage made a fact).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from chronomem.extractors.learned.step import learned_step_for
from chronomem.extractors.rules.analysis.found import Hit
from chronomem.extractors.rules.analysis.names import normalize_name
from chronomem.extractors.rules.extractor import context_of
from chronomem.extractors.rules.pipeline import (
    CONTEXT_PIPELINE,
    EPISODE_PIPELINE,
    SENTENCE_PIPELINE,
    TEXT_PIPELINE,
    VOICE_PIPELINE,
    Pipeline,
)
from chronomem.extractors.rules.prose import extract_prose
from chronomem.extractors.rules.trace import ReaderFate, Step, Trace
from chronomem.model import Episode, EpisodeSource, ExtractedFact, Extraction
from chronomem.ports import Embedder

_TURN_GAP = timedelta(minutes=1)  # the earlier turns are told a minute apart
_NOTHING_HELD = Extraction()


@dataclass(frozen=True, slots=True)
class Explanation:
    """One message read: the pipeline that read it, its trace, what it gave."""

    pipeline: Pipeline
    trace: Trace
    extraction: Extraction

    def stage_of(self, fact: ExtractedFact) -> str:
        """The stage that made ``fact`` (``"?"`` when none is recorded)."""
        key = (normalize_name(fact.source), normalize_name(fact.target), fact.relation)
        return self.trace.facts.get(key, "?")


def explain(
    text: str,
    *,
    at: datetime,
    speaker: str | None = None,
    context: Sequence[str] = (),
    disable: Iterable[str] = (),
    embedder: Embedder | None = None,
    held: Extraction = _NOTHING_HELD,
) -> Explanation:
    """Read ``text`` (said by ``speaker``, after the earlier turns ``context``, each
    "Name: message" or plain text) at ``at``; ``embedder``: the learned
    reader's model (it reads only with the default local model); ``held``: the values
    the memory holds for its subjects (``engine/held.py``)."""
    pipeline = Pipeline.without(disable)
    gap = _TURN_GAP
    turns = [
        _episode(f"c{i}", line, at - gap * (len(context) - i), EpisodeSource.MESSAGE)
        for i, line in enumerate(context)
    ]
    said = EpisodeSource.MESSAGE if speaker else EpisodeSource.TEXT
    episode = _episode("e", f"{speaker}: {text}" if speaker else text, at, said)
    trace = Trace(reads_every=True)  # the sentences the step skips say why, and what then
    known = context_of(episode, turns, pipeline, held=held)
    learned = learned_step_for(embedder) if pipeline.has("learned") else None
    found = extract_prose(episode, known, pipeline=pipeline, trace=trace, learned=learned)
    return Explanation(pipeline, trace, found)


def _episode(ident: str, content: str, at: datetime, source: EpisodeSource) -> Episode:
    return Episode(ident, "explain", content, source, at, at)


def render(explained: Explanation) -> str:
    """The explanation as text: the stages in order, what each did, the final facts."""
    off = explained.pipeline.disabled
    lines = [
        "stages, in order (off: in brackets):",
        *(f"  {part}: {_names(names, off)}" for part, names in _PARTS),
    ]
    text_steps = [s for s in explained.trace.steps if s.text is not None]
    if text_steps:
        lines.append("text:")
        lines += [f"  {s.stage}: {s.text[0]!r} -> {s.text[1]!r}" for s in text_steps if s.text]
    for index, sentence in enumerate(explained.trace.sentences):
        lines.append(f"sentence {index + 1}: {sentence}")
        steps = [s for s in explained.trace.steps if s.sentence == index and s.text is None]
        lines += [line for step in steps for line in _step_lines(step)] or ["  (no hits)"]
    if explained.trace.reader:
        lines.append("learned reader (each fact it read, and the gate that stopped it):")
        lines += [_fate_line(fate) for fate in explained.trace.reader]
    lines.append("facts:")
    facts = explained.extraction.facts
    lines += [_fact_line(f, explained.stage_of(f)) for f in facts] or ["  (none)"]
    return "\n".join(lines) + "\n"


_PARTS = (
    ("context", CONTEXT_PIPELINE),
    ("text", TEXT_PIPELINE),
    ("voice", VOICE_PIPELINE),
    ("sentence", SENTENCE_PIPELINE),
    ("episode", EPISODE_PIPELINE),
)


def _names(names: Sequence[str], off: frozenset[str]) -> str:
    return " ".join(f"[{n}]" if n in off else n for n in names)


def _hit(hit: Hit) -> str:
    end = " (ends)" if hit.ending else ""
    return f"{hit.relation} {hit.source.name} -> {hit.target.name}{end}"


def _step_lines(step: Step) -> list[str]:
    out = [f"  {step.stage}: + {_hit(h)}" for h in step.added]
    out += [f"  {step.stage}: ~ {_hit(a)}  was  {_hit(b)}" for b, a in step.changed]
    out += [f"  {step.stage}: - {_hit(h)}" for h in step.dropped]
    return out or [f"  {step.stage}: reordered the hits"]


def _fate_line(fate: ReaderFate) -> str:
    fact = fate.fact
    value = fate.text[fact.value[0] : fact.value[1]]
    said = f"{fact.relation} {fact.subject} {fact.aspect} {value!r} ({fact.confidence:.2f})"
    return f"  {said}: {fate.stopped or 'made'}"


def _fact_line(fact: ExtractedFact, stage: str) -> str:
    valid = fact.valid_at.date().isoformat() if fact.valid_at else "-"
    invalid = fact.invalid_at.date().isoformat() if fact.invalid_at else "-"
    return (
        f"  {fact.relation} {fact.source} -> {fact.target}  [{valid} .. {invalid}]"
        f"  by {stage}: {fact.fact}"
    )
