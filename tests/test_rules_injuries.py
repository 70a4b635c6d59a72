"""RuleExtractor on injuries and pains told by an adjective or as a subject: "I've got a
broken wrist", "my ankle is sprained", "my back pain is killing me", and their endings."""

from __future__ import annotations

import pytest

from tests.rules_support import found, run


@pytest.mark.parametrize(
    ("turns", "fact"),
    [
        (
            ["Tova: I've got a broken wrist, cast for a month"],
            ("Tova", "HAS_CONDITION", "wrist injury", False),
        ),
        (
            ["Tova: my son has a badly sprained ankle"],
            ("Tova's son", "HAS_CONDITION", "ankle injury", False),
        ),
        (["Tova: ugh my left knee is twisted"], ("Tova", "HAS_CONDITION", "knee injury", False)),
        (
            ["Tova: my lower back pain is unbearable today"],
            ("Tova", "HAS_CONDITION", "back pain", False),
        ),
        (
            ["Tova: I have a fractured collarbone", "Tova: collarbone is healed, back on the bike"],
            ("Tova", "HAS_CONDITION", "collarbone injury", True),
        ),
        (
            ["Tova: my neck pain keeps me up at night", "Tova: my neck is totally fine"],
            ("Tova", "HAS_CONDITION", "neck pain", True),
        ),
    ],
)
def test_an_injury_or_pain_and_its_end(turns: list[str], fact: tuple[str, str, str, bool]) -> None:
    assert fact in found(run(*turns))


@pytest.mark.parametrize(
    "text",
    [
        "Tova: she fixed my broken laptop",
        "Tova: nursing a broken heart lol",
        "Tova: the broken arm of the chair finally came off",
        "Tova: my knee pain is gone",  # an ending, never a new pain
    ],
)
def test_no_injury_without_a_body_part_of_a_person(text: str) -> None:
    started = [f for f in run(text).facts if f.relation == "HAS_CONDITION" and f.invalid_at is None]
    assert started == []
