"""The learned step of the offline extractor: every sentence of an episode through the
encoder in one call, then the reader (``reader.py``) on each."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from chronomem.extractors.learned.hits import role_of
from chronomem.extractors.learned.reader import Reader, ReadFact, default_reader
from chronomem.extractors.rules.analysis.found import Sentence
from chronomem.gridmath import one_blas_thread
from chronomem.ports import Embedder
from chronomem.providers.local import LocalEmbedder

# The encoder the tagger and heads read (trained on its portable states, round 7). Any other
# encoder: step off.
TRAINED_ON: Final = "all-MiniLM-L6-v2-onnx-int8-portable@8199be6f"
MAX_SENTENCE_CHARS: Final = 400  # a longer sentence is no one clause: not read


class LearnedStep:
    """Reads sentences with the shipped reader over ``embedder``'s token states."""

    def __init__(self, embedder: LocalEmbedder, reader: Reader | None = None) -> None:
        self._embedder = embedder
        self._reader = reader  # None: the shipped weights, loaded on the first read

    @property
    def reader(self) -> Reader:
        if self._reader is None:
            self._reader = default_reader()
        return self._reader

    def read(self, sentences: Sequence[Sentence]) -> list[list[ReadFact]]:
        """The facts the reader finds in each sentence (one encoder call for all)."""
        short = [i for i, s in enumerate(sentences) if len(s.text) <= MAX_SENTENCE_CHARS]
        encoded = self._embedder.encode_tokens([sentences[i].text for i in short])
        out: list[list[ReadFact]] = [[] for _ in sentences]
        with one_blas_thread():  # the heads' products are small: idle BLAS threads only spin
            for i, enc in zip(short, encoded, strict=True):
                out[i] = self.reader.read(enc, role_of(sentences[i]), sentences[i].text)
        return out


def learned_step_for(embedder: Embedder | None) -> LearnedStep | None:
    """The learned step when ``embedder`` is the encoder the reader was trained on."""
    if isinstance(embedder, LocalEmbedder) and embedder.name == TRAINED_ON:
        return LearnedStep(embedder)
    return None
