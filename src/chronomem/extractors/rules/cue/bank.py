"""The semantic cue's bank: its intents in one order, their prototypes' rows, their vectors.

The default bank is the hand-written intents (``cue_bank.py``) followed by the ones learned
from the reader corpus (``corpus_bank.py``); ``HAND_ONLY`` leaves the corpus out (an
ablation, and the tests that show what the corpus adds).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from chronomem.extractors.rules.cue.corpus_bank import corpus_intents, corpus_texts, corpus_vectors
from chronomem.extractors.rules.cue.cue_bank import BANK as HAND_BANK
from chronomem.extractors.rules.cue.intents import HOLDS, Intent
from chronomem.extractors.rules.cue.prototypes import prototype_vectors
from chronomem.ports import Embedder, Matrix


@dataclass(frozen=True, slots=True)
class Bank:
    """``hand`` intents then ``learned`` ones (whose vectors ship with the package)."""

    hand: tuple[Intent, ...]
    learned: tuple[Intent, ...] = ()
    intents: tuple[Intent, ...] = field(init=False)
    first_rows: np.ndarray = field(init=False)  # each intent's first prototype's row
    readings: tuple[int, ...] = field(init=False)  # intents that can be the reading
    held_again: tuple[int, ...] = field(init=False)  # a held value said again: rivals only

    def __post_init__(self) -> None:
        intents = self.hand + self.learned
        if any(not intent.prototypes for intent in intents):
            raise ValueError("every intent of the cue's bank needs a prototype")
        sizes = [len(intent.prototypes) for intent in intents[:-1]]
        object.__setattr__(self, "intents", intents)
        object.__setattr__(self, "first_rows", np.cumsum([0, *sizes]))
        held = tuple(i for i, intent in enumerate(intents) if intent.polarity == HOLDS)
        object.__setattr__(self, "held_again", held)
        others = tuple(i for i in range(len(intents)) if i not in held)
        object.__setattr__(self, "readings", others)

    def vectors(self, embedder: Embedder) -> Matrix:
        """One row per prototype, in the bank's order."""
        hand = prototype_vectors(embedder, [p for intent in self.hand for p in intent.prototypes])
        if not self.learned:
            return hand
        texts = [p for intent in self.learned for p in intent.prototypes]
        # the shipped corpus's rows when these are its intents, else embedded once per model
        learned = corpus_vectors(embedder) if texts == corpus_texts() else None
        if learned is None:
            learned = prototype_vectors(embedder, texts)
        return np.vstack([hand, learned]).astype(np.float32)


DEFAULT_BANK = Bank(HAND_BANK, corpus_intents())
HAND_ONLY = Bank(HAND_BANK)
