"""Values that pass to another holder or end under another name: the new manager said as
"the new manager", a membership cancelled as "it", a group named with its kind in
apposition, a thing given away said object first, a medication switched or stopped in a
letter's passive, and a drug given by a clinic."""

from __future__ import annotations

import pytest

from tests.test_rules_successions import story


def test_the_new_manager_said_as_the_one_in_the_role_is_the_speakers() -> None:
    facts = story(
        "Ana: My manager Rodrigo is great.",
        "Ana: Rodrigo left on Friday. The new manager is Paola.",
    )
    assert ("Ana", "MANAGED_BY", "Paola", False) in facts
    assert ("Ana", "MANAGED_BY", "Rodrigo", True) in facts


@pytest.mark.parametrize(
    "said",
    [
        "Ana: The new manager of Arsenal is Klopp.",  # a role of someone else's, named
        "Ana: The new manager's office is upstairs.",
    ],
)
def test_a_new_holder_of_another_role_is_no_manager_of_the_speaker(said: str) -> None:
    assert not any(relation == "MANAGED_BY" for _, relation, _, _ in story(said))


def test_a_named_group_one_is_a_member_of_is_a_membership() -> None:
    assert ("Ana", "MEMBER_OF", "Lillehammer Skiklub", False) in story(
        "Ana: I'm a member of Lillehammer Skiklub."
    )
    assert not any(r == "MEMBER_OF" for _, r, _, _ in story("Ana: I'm a member of staff at Tesco."))


def test_it_cancelled_is_the_membership_held_not_the_event_named_last() -> None:
    """Round 40: "I cancelled it" ended the World Cup, named after the club."""
    facts = story(
        "Ana: I'm a member of Lillehammer Skiklub. This winter we prep the ice for the World Cup.",
        "Ana: I cancelled it in the end, they don't do pauses.",
    )
    assert ("Ana", "MEMBER_OF", "Lillehammer Skiklub", True) in facts
    assert not any(target == "World Cup" for _, _, target, _ in facts)


def test_it_named_in_the_same_message_is_that_thing() -> None:
    facts = story(
        "Ana: I'm a member of Lillehammer Skiklub. I drive a Mazda.",
        "Ana: Nope, the Mazda's gone, I sold it in March.",
    )
    assert not any(target == "Lillehammer Skiklub" and ended for _, _, target, ended in facts)


@pytest.mark.parametrize(
    ("said", "relation"),
    [
        ("Ana: But I joined DNT instead, the trekking association, for the summer cabins.",
         "MEMBER_OF"),
        ("Ana: I joined Ravenscroft, a small accounting firm.", "WORKS_AT"),
    ],
)  # fmt: skip
def test_a_kind_told_in_apposition_says_what_was_joined(said: str, relation: str) -> None:
    (found,) = [r for _, r, _, _ in story(said) if r in ("MEMBER_OF", "WORKS_AT")]
    assert found == relation


@pytest.mark.parametrize(
    "said",
    [
        "Ana: my old Honda Activa I gave to my nephew Dinesh for his college.",
        "Ana: I gave my old Honda Activa to my nephew Dinesh.",
    ],
)
def test_a_thing_given_away_is_the_recipients_and_no_longer_the_speakers(said: str) -> None:
    facts = story(said)
    assert ("Dinesh", "OWNS", "Honda Activa", False) in facts
    assert ("Ana", "OWNS", "Honda Activa", True) in facts


@pytest.mark.parametrize(
    ("said", "ended", "taken"),
    [
        ("Ana: My warfarin has been stopped and replaced with apixaban from 4 October.",
         "warfarin", None),
        ("Ana: My warfarin was switched to apixaban.", "warfarin", "apixaban"),
        ("Ana: The clinic at Sakubva gave me aciclovir for 7 days.", None, "aciclovir"),
    ],
)  # fmt: skip
def test_a_medication_switched_stopped_or_given(
    said: str, ended: str | None, taken: str | None
) -> None:
    facts = {(t, e) for _, r, t, e in story(said) if r == "TAKES_MEDICATION"}
    if ended:
        assert (ended, True) in facts
    if taken:
        assert (taken, False) in facts
