"""What a reading stage is given, and the one protocol every stage follows.

A text stage reads the episode's text and returns it rewritten (``TextState -> str``). A
sentence stage reads a sentence with what is known and what the sentence gave so far and
returns the new hit list (``SentenceState -> list[Hit]``): the list it returns replaces the
one before, so a stage that only adds returns ``state.hits + new``, a stage that only fills
a gap returns ``state.hits or found``. The order of the stages is data (``pipeline.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from chronomem.extractors.rules.analysis.found import Hit, Sentence
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.draft import Draft


@dataclass(frozen=True, slots=True)
class TextState:
    """The episode's text while it is normalised, with what the stages may need."""

    text: str
    known: Known
    speaker: str | None
    assistant: bool  # an assistant's turn
    voice: str | None  # set: an assistant's turn read in this user's voice (``voice.py``)


@dataclass(slots=True)
class SentenceState:
    """One sentence being read: the sentence, the context, the episode so far, the hits."""

    sentence: Sentence
    index: int  # the sentence's place in the episode
    known: Known
    draft: Draft
    hits: list[Hit] = field(default_factory=list)


TextReader = Callable[[TextState], str]
SentenceReader = Callable[[SentenceState], list[Hit]]


@dataclass(frozen=True, slots=True)
class TextStage:
    """A named text normalisation stage."""

    name: str
    read: TextReader
    doc: str


@dataclass(frozen=True, slots=True)
class SentenceStage:
    """A named per-sentence stage."""

    name: str
    read: SentenceReader
    doc: str
