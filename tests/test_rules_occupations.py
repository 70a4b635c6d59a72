"""A trade told by its verb (``occupations.py``) and a name ending in "'s" as an object.

Written for this test, not taken from a benchmark.
"""

from __future__ import annotations

import pytest

from tests.rules_support import found, run

Fact = tuple[str, str, str, bool]


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (["Greta: I now tutor privately from home."], ("Greta", "HAS_JOB_TITLE", "tutor", False)),
        (
            ["Femi: I bartend on weekends at The Crown"],
            ("Femi", "HAS_JOB_TITLE", "bartender", False),
        ),
        (
            ["Lou: honestly I mostly babysit these days"],
            ("Lou", "HAS_JOB_TITLE", "babysitter", False),
        ),
        (["Aiko: I consult full-time now"], ("Aiko", "HAS_JOB_TITLE", "consultant", False)),
        (  # a long turn: the change is found among the complaints
            [
                "Greta: ugh where to start, the commute was awful and the new head hated me "
                "and my knees hurt all the time, so I resigned from Hillcrest School in May "
                "and I now tutor privately from home, money is tight but I'm happier"
            ],
            ("Greta", "HAS_JOB_TITLE", "tutor", False),
        ),
        (["Greta: I work at Sainsbury's now"], ("Greta", "WORKS_AT", "Sainsbury", False)),
        (
            ["Greta: I've taught at St Brigid's for nine years"],
            ("Greta", "WORKS_AT", "St Brigid", False),
        ),
    ],
)
def test_a_trade_or_an_employer_is_read(turns: list[str], expected: Fact) -> None:
    # the name may keep its "'s" ("St Brigid's") or not: the same place
    facts = {(s, r, t.removesuffix("'s"), e) for s, r, t, e in found(run(*turns))}
    assert expected in facts


@pytest.mark.parametrize(
    "text",
    [
        "Greta: I want to tutor kids someday",  # a wish
        "Greta: I tutor my son in maths",  # a favour
        "Greta: my tutor is great",  # a noun
        "Greta: I tutored in college",  # the past
        "Greta: the bartender at Moe's was rude",
    ],
)
def test_no_title_without_a_trade(text: str) -> None:
    assert not any(f[1] == "HAS_JOB_TITLE" for f in found(run(text)))


def test_a_possessive_is_no_name_of_its_own() -> None:
    facts = found(run("Greta: I drive Alice's car to work at Tesco"))
    assert ("Greta", "DRIVES", "Alice", False) not in facts
    assert not any(f[2] == "Alice" and f[1] != "MENTIONED" for f in facts)
