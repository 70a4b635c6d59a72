"""How sure the reader is of a fact: a small logistic over its heads' probabilities.

A fact stands on four decisions: the tagger's span (its least sure wordpiece), the relation,
the aspect and the subject. Their least probability is no probability that the fact is
right: the heads are sure in different ways (a flatter, better regularised aspect head
lowers it for every fact alike). ``Calibration`` is a two-class softmax regression
(``heads.Head``) over the four probabilities' logs, the relation, aspect and subject read, fitted
on facts read by readers that never saw their writer (``scripts/train_reader.py``: the
leave-one-writer-out folds), so its output is the chance, on a writer nobody trained on,
that a labelled fact has the fact's relation, subject, aspect group and an overlapping
value span (``is_right``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from chronomem.errors import UsageError
from chronomem.extractors.learned.heads import Head, Recipe, fit
from chronomem.extractors.learned.labels import ASPECTS, RELATIONS, SUBJECTS, GoldFact

Rows = npt.NDArray[np.float32]
PARTS: Final = ("span", "relation", "aspect", "subject")  # the probabilities behind a fact
_FLOOR: Final = 1e-4  # a probability's log is read no lower than this one's
# the aspects the memory reads alike: a state, a start and a correction all hold
_GROUP: Final = {"state": "holds", "start": "holds", "correction": "holds"}
RECIPE: Final = Recipe(l2=0.01)
CONFIDENCE_WIDTH: Final = len(PARTS) + len(RELATIONS) + len(ASPECTS) + len(SUBJECTS)


def confidence_row(
    relation: str, aspect: str, subject: str, probabilities: Sequence[float]
) -> Rows:
    """One fact's features: the logs of ``probabilities`` (``PARTS``, floored, 3 decimals:
    a last-bit difference of ``log`` moves nothing but at a rounding edge), the relation,
    the aspect and the subject one-hot."""
    logs = np.round(np.log(np.maximum(np.asarray(probabilities, np.float64), _FLOOR)), 3)
    onehot = np.zeros(len(RELATIONS) + len(ASPECTS) + len(SUBJECTS), dtype=np.float32)
    onehot[RELATIONS.index(relation)] = 1.0
    onehot[len(RELATIONS) + ASPECTS.index(aspect)] = 1.0
    onehot[len(RELATIONS) + len(ASPECTS) + SUBJECTS.index(subject)] = 1.0
    return np.concatenate([logs.astype(np.float32), onehot])


@dataclass(frozen=True, slots=True)
class Calibration:
    """The fitted logistic; ``of`` gives a fact's chance of being right (3 decimals)."""

    head: Head

    def of(self, relation: str, aspect: str, subject: str, probabilities: Sequence[float]) -> float:
        (p,) = self.head.probabilities(confidence_row(relation, aspect, subject, probabilities))
        return round(float(p[1]), 3)


def fit_calibration(rows: Sequence[Rows], right: Sequence[bool]) -> Calibration:
    """Fit on facts read by readers that never saw their writer (``confidence_row`` each,
    ``right``: ``is_right`` against the labels)."""
    if not rows or len(set(right)) < 2:
        raise UsageError(
            "the calibration needs held-out facts both right and wrong: train on at least "
            "two writers' folders (corpus/<folder>/<writer>/*.jsonl)"
        )
    labels = np.asarray(right, dtype=np.int64)
    return Calibration(fit(np.vstack(rows).astype(np.float32), labels, 2, RECIPE))


def is_right(
    relation: str, subject: str, aspect: str, value: tuple[int, int], gold: Sequence[GoldFact]
) -> bool:
    """A labelled fact has this relation, subject, aspect group (state, start and correction
    are one) and a value span overlapping ``value``."""
    group = _GROUP.get(aspect, aspect)
    return any(
        g.relation == relation
        and g.subject == subject
        and _GROUP.get(g.aspect, g.aspect) == group
        and g.value is not None
        and g.value[0] < value[1]
        and value[0] < g.value[1]
        for g in gold
    )
