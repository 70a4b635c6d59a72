"""Shared helpers of the rule-extractor tests: a chat extracted turn by turn."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, Extraction

REF = datetime(2024, 1, 15, 14, 0, tzinfo=UTC)


def run(*turns: str) -> Extraction:
    """The last turn's extraction, the turns before it given as previous episodes."""
    episodes = [
        Episode(f"e{i}", "g", text, "message", REF + timedelta(minutes=i), REF)
        for i, text in enumerate(turns)
    ]
    return RuleExtractor().extract(episodes[-1], episodes[:-1])


def found(extraction: Extraction) -> set[tuple[str, str, str, bool]]:
    """(source, relation, target, ended) of each fact; ended: reported as an ending only."""
    return {
        (f.source, f.relation, f.target, f.invalid_at is not None and f.valid_at is None)
        for f in extraction.facts
    }


def lost(stage: str) -> pytest.MarkDecorator:
    """A behaviour lost with a reader deleted by ablation (round 13): a known defect listed
    in bench/RESULTS.md, kept as the learned reader's brief. Strict: once the default path
    reads it again, the mark must go."""
    return known_defect(
        f"stage {stage} deleted by ablation (bench/RESULTS.md, round 13); "
        "the learned reader does not read this yet"
    )


def misread(weights: str) -> pytest.MarkDecorator:
    """A sentence the learned reader's weights ``weights`` read wrong that earlier weights
    read right: a known defect listed in bench/RESULTS.md, strict like ``lost``."""
    return known_defect(f"the learned reader's {weights} weights misread it (bench/RESULTS.md)")


def known_defect(why: str) -> pytest.MarkDecorator:
    """Strict xfail: the test fails the day the default path gets it right again."""
    return pytest.mark.xfail(strict=True, reason=f"known defect: {why}")


def values(case: object) -> tuple[object, ...]:
    """A parametrize case's values, whether a tuple or a ``pytest.param`` (for its id)."""
    return tuple(getattr(case, "values", case))  # type: ignore[arg-type]
