"""A fact's confidence: a logistic over its heads' probabilities, fitted on held-out facts."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from chronomem.errors import UsageError
from chronomem.extractors.learned.confidence import (
    CONFIDENCE_WIDTH,
    Calibration,
    confidence_row,
    fit_calibration,
    is_right,
)
from chronomem.extractors.learned.heads import Head
from chronomem.extractors.learned.labels import GoldFact
from chronomem.extractors.learned.reader import Reader, default_reader
from chronomem.extractors.learned.training import HeldOutFacts
from chronomem.providers.local import LocalEmbedder, local_model_available


def _held_out_facts(n: int = 600) -> tuple[list[np.ndarray], list[bool]]:
    """Facts whose chance of being right grows with their relation's probability; the aspect
    head's probability says nothing (random), and an end is right less often."""
    rng = np.random.default_rng(3)
    rows, right = [], []
    for _ in range(n):
        p_relation, p_aspect = rng.uniform(0.2, 1.0), rng.uniform(0.3, 1.0)
        aspect = "end" if rng.random() < 0.3 else "state"
        chance = p_relation**2 * (0.5 if aspect == "end" else 1.0)
        rows.append(confidence_row("DRIVES", aspect, "speaker", (0.9, p_relation, p_aspect, 0.95)))
        right.append(bool(rng.random() < chance))
    return rows, right


def test_a_fact_is_right_when_a_label_has_its_relation_subject_aspect_group_and_value() -> None:
    gold = [GoldFact("WORKS_AT", "speaker", "start", (10, 16), None, None)]
    assert is_right("WORKS_AT", "speaker", "state", (12, 20), gold)  # start and state both hold
    assert is_right("WORKS_AT", "speaker", "correction", (10, 16), gold)
    assert not is_right("WORKS_AT", "speaker", "end", (10, 16), gold)  # ends, not holds
    assert not is_right("WORKS_AT", "third", "start", (10, 16), gold)
    assert not is_right("LIVES_IN", "speaker", "start", (10, 16), gold)
    assert not is_right("WORKS_AT", "speaker", "start", (16, 20), gold)  # no overlap


def test_the_calibration_learns_which_probability_tells_a_right_fact() -> None:
    rows, right = _held_out_facts()
    calibration = fit_calibration(rows, right)
    again = fit_calibration(rows, right)
    assert np.array_equal(calibration.head.w_out, again.head.w_out)  # deterministic

    def of(aspect: str, *p: float) -> float:
        return calibration.of("DRIVES", aspect, "speaker", p)

    assert of("state", 0.9, 0.95, 0.5, 0.95) > 0.7 > of("state", 0.9, 0.35, 0.5, 0.95)
    # the aspect head's probability carried nothing: it moves the confidence little
    assert abs(of("state", 0.9, 0.8, 0.35, 0.95) - of("state", 0.9, 0.8, 0.99, 0.95)) < 0.1
    assert of("end", 0.9, 0.95, 0.5, 0.95) < of("state", 0.9, 0.95, 0.5, 0.95)
    # on its own facts it is calibrated: the mean confidence is near the share right
    mean = np.mean([calibration.head.probabilities(r)[0, 1] for r in rows])
    assert abs(mean - np.mean(right)) < 0.03


def test_a_left_out_writers_calibration_is_fitted_without_that_writers_facts() -> None:
    rows, right = _held_out_facts()
    facts = HeldOutFacts(list(rows), list(right), ["a"] * len(rows))
    # writer "b" read everything with sure heads and was always wrong
    sure = confidence_row("DRIVES", "state", "speaker", (0.99, 0.99, 0.99, 0.99))
    facts.rows += [sure] * 400
    facts.right += [False] * 400
    facts.writer += ["b"] * 400
    with_b, without_b = facts.calibration(), facts.calibration(without="b")
    p = (0.99, 0.99, 0.99, 0.99)
    assert (
        with_b.of("DRIVES", "state", "speaker", p)
        < 0.5
        < without_b.of("DRIVES", "state", "speaker", p)
    )


def test_a_calibration_without_right_and_wrong_facts_is_refused_with_a_fix() -> None:
    rows, _ = _held_out_facts(20)
    with pytest.raises(UsageError, match="both right and wrong: train on at least two writers"):
        fit_calibration(rows, [True] * 20)


def test_the_calibration_is_saved_with_the_weights_and_checked_at_load(tmp_path: Path) -> None:
    rows, right = _held_out_facts()
    reader = replace(default_reader(), calibration=fit_calibration(rows, right))
    reader.save(tmp_path / "reader.npz")
    loaded = Reader.load(tmp_path / "reader.npz", None)
    assert loaded.calibration is not None
    assert np.array_equal(loaded.calibration.head.w_out, reader.calibration.head.w_out)
    head = reader.calibration.head
    narrow = Head(head.mean[:-1], head.scale[:-1], head.w_out[:-1], head.b_out)
    replace(reader, calibration=Calibration(narrow)).save(tmp_path / "other.npz")
    with pytest.raises(UsageError, match=r"other features.*\(confidence\).*retrain"):
        Reader.load(tmp_path / "other.npz", None)
    assert head.mean.shape == (CONFIDENCE_WIDTH,)


@pytest.mark.local_model
@pytest.mark.skipif(not local_model_available(), reason='needs "chronomem[local]"')
def test_the_shipped_reader_gives_each_fact_its_calibrated_confidence() -> None:
    reader = default_reader()
    assert reader.calibration is not None
    text = "started at Greenfield Analytics on monday as a data engineer"
    (enc,) = LocalEmbedder().encode_tokens([text])
    facts = reader.read(enc, "user", text)
    assert facts
    for fact in facts:
        assert len(fact.probabilities) == 4
        expected = reader.calibration.of(
            fact.relation, fact.aspect, fact.subject, fact.probabilities
        )
        assert fact.confidence == expected
        assert fact.confidence != round(min(fact.probabilities), 3)
