"""Which sentences that name nothing are worth the learned reader's time.

A sentence that names no one and nothing but speaks of the speaker ("I'm allergic to
cashews", "been vegetarian since march", "turned 40 last week") can hold a fact whose value
is told in words (an age, a diet, a condition, a title: ``hits.WORD_VALUES``). Reading
every such sentence found facts the rules miss but read a third of a chat's sentences
(LoCoMo conversation 1: 481 of 1,330), 1.4x the CPU per short turn: most say nothing
lasting ("I'm so happy for you", "I went hiking").

The selector decides from what the encoder computed already: the first window's token
states, computed for the episode's vector anyway (``step.py``). It is a logistic model over
the mean state of the sentence's wordpieces, trained on the labelled corpus by
``scripts/train_selector.py`` (positives: sentences where the reader, made to read them,
found a labelled fact). The decision is exact on every CPU: states and weights are
integers on their grids, the sum and the product are of integers far below 2^53, and the
threshold is folded into the bias, so ``score >= 0`` cannot flip by rounding.
The weights ship in ``weights/selector.npz``, pinned by sha256.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final, Protocol

import numpy as np
import numpy.typing as npt

from chronomem.errors import UsageError
from chronomem.gridmath import on_grid
from chronomem.providers.local import GRID

SELECTOR_FILE: Final = "selector.npz"
SELECTOR_SHA256: Final = "9dc6c383b9fa4913c3045fb853a3437a916a2858878206ecb8d17384548a51e1"
WEIGHT_GRID: Final = 2.0**-14
F64 = npt.NDArray[np.float64]
States = npt.NDArray[np.float32]  # wordpiece states as the encoder gives them


class Chooses(Protocol):
    """Decides whether a sentence (``text``, its wordpieces' ``states``) is worth reading;
    the shipped :class:`Selector` reads the states alone (the text: for a recorder that
    gathers training rows, ``scripts/train_selector.py``)."""

    def worth(self, text: str, states: States) -> bool: ...


@dataclass(frozen=True, slots=True)
class Selector:
    """``weights``: integers on ``WEIGHT_GRID`` per state column; ``bias``: an integer in
    units of ``WEIGHT_GRID * GRID`` (the threshold folded in)."""

    weights: F64
    bias: float

    def score(self, states: States) -> float:
        """The exact score of the sentence whose wordpieces have ``states`` (rows):
        ``sum(states) . weights + bias * rows``, in units of ``WEIGHT_GRID * GRID``."""
        total = on_grid(states).sum(axis=0)
        return float(total @ self.weights) + self.bias * len(states)

    def worth(self, text: str, states: States) -> bool:
        return len(states) > 0 and self.score(states) >= 0

    @classmethod
    def of(cls, weights: F64, bias: float) -> Selector:
        """From a fitted model over mean states: ``weights`` per column, ``bias`` with the
        threshold's logit already subtracted."""
        return cls(on_grid(weights, WEIGHT_GRID), float(np.rint(bias / (WEIGHT_GRID * GRID))))

    def save(self, path: Path) -> str:
        with path.open("wb") as f:
            np.savez_compressed(f, weights=self.weights, bias=np.array([self.bias]))
        return hashlib.sha256(path.read_bytes()).hexdigest()

    @classmethod
    def load(cls, path: Path, sha256: str | None) -> Selector:
        if not path.is_file():
            raise UsageError(
                f"the learned selector's weights are missing ({path}): reinstall chronomem"
            )
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if sha256 is not None and digest != sha256:
            raise UsageError(
                f"the learned selector's weights at {path} have sha256 {digest}, not the pinned "
                f"{sha256}: reinstall chronomem, or retrain with scripts/train_selector.py and "
                "pin the new digest in extractors/learned/select.py"
            )
        with np.load(path, allow_pickle=False) as npz:
            return cls(np.asarray(npz["weights"], dtype=np.float64), float(npz["bias"][0]))


def shipped_selector() -> Path:
    return Path(
        str(resources.files("chronomem.extractors.learned").joinpath("weights", SELECTOR_FILE))
    )


def default_selector() -> Selector:
    """The shipped selector, its checksum verified."""
    return Selector.load(shipped_selector(), SELECTOR_SHA256)
