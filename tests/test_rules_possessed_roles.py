"""A tie told inside a possessive: "my son Mikko's birthday".

The stage ``possessed_roles.py`` read it until round 13 deleted it by ablation; since round
19 the role rows keep the role before the name's own "'s" (``analysis/objects.span_party``).
Written for this test, not taken from a benchmark.
"""

from __future__ import annotations

import pytest

from tests.rules_support import found, run

Fact = tuple[str, str, str, bool]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (["Dmitri: planning my son Mikko's party"], ("Dmitri", "FAMILY_OF", "Mikko", False)),
        (["Dmitri: I borrowed my friend Jo's car"], ("Dmitri", "FRIEND_OF", "Jo", False)),
        (
            ["Dmitri: ideas?", "Assistant: For your daughter Ines's party, try a treasure hunt!"],
            ("Dmitri", "FAMILY_OF", "Ines", False),
        ),
    ],
)  # fmt: skip
def test_a_role_before_a_possessive_name_is_a_tie(turns: list[str], expected: Fact) -> None:
    assert expected in found(run(*turns))


def test_what_the_sentence_tells_of_the_event_stays_read() -> None:
    facts = found(run("Dmitri: my sister Ana's wedding is on June 8"))
    assert ("Dmitri", "FAMILY_OF", "Ana", False) in facts
    assert any(f[1] == "HAS_PLAN" and "wedding" in f[2] for f in facts)


@pytest.mark.parametrize(
    "text",
    [
        "Dmitri: Alice's car is red",
        "Dmitri: my boss Karl's office is huge",
        "Dmitri: my son's bike",
    ],
)
def test_no_tie_without_a_tie_role(text: str) -> None:
    assert not any(f[1] in ("FAMILY_OF", "FRIEND_OF") for f in found(run(text)))
