"""The reading pipeline, declared: which stages read an episode, and in what order.

The order is data, as in spaCy's ``nlp.pipe_names``:

0. ``CONTEXT_PIPELINE``: ``held``, the values the memory holds for the episode's subjects
   (``engine/held.py``), taught before the earlier turns;
1. ``TEXT_PIPELINE``: text normalisation stages on the episode's text
   (``TextState -> str``, ``text_stages.py``);
2. the text is cut into sentences, and each sentence analysed (times, names, clauses);
3. ``SENTENCE_PIPELINE``: per-sentence stages (``SentenceState -> list[Hit]``,
   ``sentence_stages.py``): the list a stage returns replaces the one before;
4. the hits become facts; then ``mentions``: the named entities no hit used;
5. ``learned``: the learned reader (``extractors/learned``, ``docs/reader.md``) adds the
   facts the rules did not find, from one encoder pass per message shared with the
   episode's vector (with the default local embedder only);
6. ``stopped``: each ending of a habit, a diet or a medicine is also the state of having
   stopped, from that day (``stopped.py``).

``Pipeline(disabled=...)`` (or :meth:`Pipeline.without`, which checks the names) switches
stages off, like spaCy's ``select_pipes(disable=...)``: for an ablation, or to see with
``chronomem explain --disable STAGE`` what a stage adds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from chronomem.errors import UsageError
from chronomem.extractors.rules.analysis.found import Hit
from chronomem.extractors.rules.normalise.text_stages import TEXT_STAGES
from chronomem.extractors.rules.readers.sentence_stages import SENTENCE_STAGES
from chronomem.extractors.rules.state import (
    SentenceStage,
    SentenceState,
    TextStage,
    TextState,
)
from chronomem.extractors.rules.trace import Trace, timing

TEXT_PIPELINE = (
    "markup",
    "normalise",
    "named_days",
    "time_fragments",
    "cues",
    "letters",
    "spelling",
    "answers",
    "user_voice",
    "reply",
    "subjects",
    "capitals",
    "hearsay",
    "relatives",
    "appositions",
    "contractions",
    "fronted",
)
VOICE_PIPELINE = ("narrated",)  # per sentence, before it is analysed
SENTENCE_PIPELINE = (
    "patterns",
    "offers",
    "restated",
    "terse_corrections",
    "reported",
    "habits",
    "successions",
    "own_texts",
    "holders",
    "pairs",
    "partners",
    "pet_names",
    "been_with",
    "couple_since",
    "deaths",
    "told_plans",
    "redated",
    "days_set_right",
    "arranged",
    "visits",
    "happened",
    "start_dates",
    "end_dates",
    "stays",
    "then_values",
    "upcoming",
    "tie_ends",
    "replacements",
    "transfers",
    "days_corrected",
    "assistant",
)
EPISODE_PIPELINE = ("mentions", "learned", "stopped")
CONTEXT_PIPELINE = ("held",)  # what the reading knows before the text: the memory's values
PIPE_NAMES = (
    CONTEXT_PIPELINE + TEXT_PIPELINE + VOICE_PIPELINE + SENTENCE_PIPELINE + EPISODE_PIPELINE
)

_TEXT = {s.name: s for s in TEXT_STAGES}
_SENTENCE = {s.name: s for s in SENTENCE_STAGES}


@dataclass(frozen=True, slots=True)
class Pipeline:
    """The declared stages less the ``disabled`` ones (hashable: a cache key)."""

    disabled: frozenset[str] = frozenset()

    @classmethod
    def without(cls, names: Iterable[str]) -> Pipeline:
        """The pipeline with the stages ``names`` switched off; unknown names are refused."""
        names = frozenset(names)
        unknown = sorted(names - set(PIPE_NAMES))
        if unknown:
            raise UsageError(
                f"unknown reading stage {', '.join(unknown)}: give one of "
                f"{', '.join(PIPE_NAMES)} (`chronomem explain --help` describes them)"
            )
        return cls(names)

    def has(self, name: str) -> bool:
        return name not in self.disabled

    @property
    def text_stages(self) -> tuple[TextStage, ...]:
        return tuple(_TEXT[n] for n in TEXT_PIPELINE if n not in self.disabled)

    @property
    def sentence_stages(self) -> tuple[SentenceStage, ...]:
        return tuple(_SENTENCE[n] for n in SENTENCE_PIPELINE if n not in self.disabled)


FULL = Pipeline()


def describe(name: str) -> str:
    """One line on what the stage ``name`` reads."""
    stage = _TEXT.get(name) or _SENTENCE.get(name)
    if stage is not None:
        return stage.doc
    return {
        "held": "the values the memory holds for the speaker and the people named (far endings)",
        "narrated": 'a sentence narrated about a named person, read in its voice ("I work")',
        "mentions": "named entities no hit used: the speaker MENTIONED them",
        "learned": "the learned reader's facts the rules did not find (one encoder pass)",
        "stopped": "an ending of a habit, a diet or a medicine: the state of having stopped",
    }[name]


def run_text(pipeline: Pipeline, state: TextState, trace: Trace | None) -> str:
    """The episode's text through the text stages, in order."""
    for stage in pipeline.text_stages:
        with timing(trace, stage.name):
            text = stage.read(state)
        if trace is not None:
            trace.text(stage.name, state.text, text)
        state = replace(state, text=text)
    return state.text


def run_sentence(pipeline: Pipeline, state: SentenceState, trace: Trace | None) -> list[Hit]:
    """The sentence through the sentence stages, in order; each answer replaces the hits."""
    for stage in pipeline.sentence_stages:
        if trace is None:
            state.hits = stage.read(state)
            continue
        before = list(state.hits)  # a reader may change the list it is given
        with timing(trace, stage.name):
            hits = stage.read(state)
        trace.hits(stage.name, state.index, before, hits)
        state.hits = hits
    return state.hits
