"""An employer whose name ends in "'s", read as an object; a possessive is no name of its
own. (The trades told by their verb, ``occupations.py``, were deleted in round 13.)

Written for this test, not taken from a benchmark.
"""

from __future__ import annotations

import pytest

from tests.rules_support import found, run

Fact = tuple[str, str, str, bool]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (["Greta: I work at Sainsbury's now"], ("Greta", "WORKS_AT", "Sainsbury", False)),
        (
            ["Greta: I've taught at St Brigid's for nine years"],
            ("Greta", "WORKS_AT", "St Brigid", False),
        ),
    ],
)
def test_an_employer_is_read(turns: list[str], expected: Fact) -> None:
    # the name may keep its "'s" ("St Brigid's") or not: the same place
    facts = {(s, r, t.removesuffix("'s"), e) for s, r, t, e in found(run(*turns))}
    assert expected in facts


def test_a_possessive_is_no_name_of_its_own() -> None:
    facts = found(run("Greta: I drive Alice's car to work at Tesco"))
    assert ("Greta", "DRIVES", "Alice", False) not in facts
    assert not any(f[2] == "Alice" and f[1] != "MENTIONED" for f in facts)
