"""Memberships joined, held and let go as people say them (``tables/work_rows.py``,
``tables/commitments.py``, ``tables/endings.py``): a group one plays or sings in, a member
of a service typed in lower case, a membership left to lapse, and a learner's "not anymore
in" before the group. The sentences are written for this test."""

from __future__ import annotations

import pytest

from tests.rules_support import found, run

Fact = tuple[str, str, str, bool]

TOLD: list[tuple[list[str], Fact]] = [
    (
        ["Ayesha: I play the oboe in the Leeds youth orchestra."],
        ("Ayesha", "MEMBER_OF", "Leeds youth orchestra", False),
    ),
    (["Femi: i sing in a gospel choir on sundays"], ("Femi", "MEMBER_OF", "gospel choir", False)),
    (
        ["Lotte: been a costco member for years, the hot dogs alone"],
        ("Lotte", "MEMBER_OF", "costco", False),
    ),
    (
        ["Hamid: I am not anymore in the chess club, no time."],
        ("Hamid", "MEMBER_OF", "chess club", True),
    ),
    (
        [
            "Greta: I joined the Alpine Club in 2015.",
            "Greta: I have let my Alpine Club membership lapse, my knees are done.",
        ],
        ("Greta", "MEMBER_OF", "Alpine Club", True),
    ),
]


TOLD.append(
    (  # chosen for a squad; back in a group
        ["Ines: our daughter Leonor has been selected for the regional hockey squad!"],
        ("Leonor", "MEMBER_OF", "regional hockey squad", False),
    )
)
TOLD.append(
    (
        ["Ines: I rejoined the community choir last month"],
        ("Ines", "MEMBER_OF", "community choir", False),
    )
)
TOLD.append(
    (
        ["Kasia: I'm not with the Mokotów rowing club anymore"],
        ("Kasia", "MEMBER_OF", "Mokotów rowing club", True),
    )
)


@pytest.mark.parametrize(("turns", "fact"), TOLD)
def test_a_membership_is_read(turns: list[str], fact: Fact) -> None:
    assert fact in found(run(*turns))


PLANS: list[tuple[list[str], str]] = [
    (["Eilidh: we have hulu premium now, the kids are thrilled"], "hulu premium"),
    (["Eilidh: I'm on Tidal Family with my sisters."], "Tidal Family"),
    (["Eilidh: downgraded my youtube to basic, ads are fine"], "youtube basic"),
]


@pytest.mark.parametrize(("turns", "plan"), PLANS)
def test_a_service_and_its_tier_are_a_plan(turns: list[str], plan: str) -> None:
    assert ("Eilidh", "SUBSCRIBED_TO_PLAN", plan, False) in found(run(*turns))


@pytest.mark.parametrize(
    "turn",
    [
        "Eilidh: we have two free tickets for saturday",
        "Eilidh: I use a Microsoft Surface Pro for client work",  # a product's name
    ],
)
def test_no_plan_where_no_tier_is_told(turn: str) -> None:
    facts = run(turn).facts
    assert not [f for f in facts if f.relation == "SUBSCRIBED_TO_PLAN"]


NOT_MEMBERS = [
    "Rosa: I'm with the band tonight, back late",
    "Rosa: I'm a family member of the patient in bed four.",
    "Rosa: she's a staff member at the library",
    "Rosa: we played in the park all afternoon",
]


@pytest.mark.parametrize("turn", NOT_MEMBERS)
def test_no_membership_where_none_is_told(turn: str) -> None:
    assert not [f for f in run(turn).facts if f.relation == "MEMBER_OF"]


@pytest.mark.parametrize(
    "turn",
    [
        "Matías: I'm in the Club Atlético Ribera members' list since 2019",
        "Kofi: I'm in the University of Ghana alumni group",
    ],
)
def test_a_name_opened_by_an_organisation_word_is_no_home(turn: str) -> None:
    """Round 23: "Club Atlético Ribera" was read as where the speaker lives."""
    assert not [f for f in run(turn).facts if f.relation == "LIVES_IN"]
