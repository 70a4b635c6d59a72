"""Endings that name a held value in other words (``extractors/rules/analysis/held.py``).

People end a membership, subscription or job by a shorter, lower-case or partial name:
"joined the Riverside Rowing Club" then "quit the rowing club". The ending must reach the
value held, not a new entity that nothing closes; an ambiguous reference, a departure
("left the gym at 6") and a value the speaker never held end nothing held.
Written for these tests, not from any benchmark.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem import Memory
from chronomem.testing import ManualClock
from tests.real_embedder import facts_about, real_embedder, target_name, tell
from tests.rules_support import found, run

ENDED = [
    # a lower-case word of a multi-word name
    (
        ["Tom: I joined the Riverside Rowing Club in May.", "Tom: Quit the rowing club, my back."],
        ("Tom", "MEMBER_OF", "Riverside Rowing Club"),
    ),
    # the head of a one-word name ("gym" in "FitZone" would not do; "gym" in "CityGym" does)
    (
        ["Noor: renewed my CityGym membership today", "Noor: cancelled the gym, too pricey"],
        ("Noor", "MEMBER_OF", "CityGym"),
    ),
    # a partial capitalised name
    (
        ["Ada: joined the Lakeside Chess Club!", "Ada: I quit the Lakeside club last week"],
        ("Ada", "MEMBER_OF", "Lakeside Chess Club"),
    ),
    # a lower-case first word of the service
    (
        ["Ben: I pay for Paramount Plus.", "Ben: ditched paramount, nothing on"],
        ("Ben", "SUBSCRIBED_TO", "Paramount Plus"),
    ),
    # the held value said with more words than when it was told
    (
        ["Ben: I pay for Tidal.", "Ben: cancelled tidal music, the app is clunky"],
        ("Ben", "SUBSCRIBED_TO", "Tidal"),
    ),
    # a club joined in lower case, left in lower case
    (
        ["Mia: I joined a hiking group at the library", "Mia: left the hiking group lol"],
        ("Mia", "MEMBER_OF", "hiking group"),
    ),
]


@pytest.mark.parametrize(("turns", "held"), ENDED, ids=lambda v: str(v)[:40])
def test_an_ending_in_other_words_reaches_the_value_held(
    turns: list[str], held: tuple[str, str, str]
) -> None:
    assert (*held, True) in found(run(*turns))


def test_a_departure_is_no_ending_of_the_value_held() -> None:
    facts = found(run("Noor: renewed my CityGym membership today", "Noor: left the gym at 6"))
    assert ("Noor", "MEMBER_OF", "CityGym", True) not in facts


def test_an_ambiguous_reference_ends_neither_value() -> None:
    facts = found(
        run(
            "Ada: joined the Lakeside Chess Club!",
            "Ada: also joined the Hillview Chess Club",
            "Ada: I quit the chess club",
        )
    )
    assert not any(f[2] in ("Lakeside Chess Club", "Hillview Chess Club") and f[3] for f in facts)


def test_no_held_value_is_reached_by_another_speaker_or_an_unrelated_word() -> None:
    # Ada holds the club; Ben's ending is his own, and "the office" names nothing held
    turns = ["Ada: joined the Lakeside Chess Club!", "Ben: I quit the Lakeside club"]
    assert ("Ada", "MEMBER_OF", "Lakeside Chess Club", True) not in found(run(*turns))
    turns = ["Ada: joined the Lakeside Chess Club!", "Ada: I left the office early today"]
    assert not any(f[3] for f in found(run(*turns)))


@pytest.mark.local_model
def test_the_shorter_name_closes_the_membership_end_to_end() -> None:
    clock = ManualClock(datetime(2025, 1, 1, tzinfo=UTC))
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        tell(
            memory,
            clock,
            [
                ("2025-01-05T10:00", "Tom: I joined the Riverside Rowing Club in May."),
                ("2025-04-02T10:00", "Tom: quit the rowing club, my back can't take it"),
            ],
        )
        clubs = facts_about(memory, "Tom", "MEMBER_OF")
        assert clubs and all(f.invalid_at is not None for f in clubs)
        assert {target_name(memory, f) for f in clubs} == {"Riverside Rowing Club"}


@pytest.mark.parametrize(
    ("text", "club"),
    [
        ("Lu: got a costco membership finally", "costco"),
        ("Lu: I renewed my ymca membership for the year", "ymca"),
        ("Lu: we bought a zoo membership for the kids", "zoo"),
    ],
)
def test_a_membership_named_in_lower_case(text: str, club: str) -> None:
    assert ("Lu", "MEMBER_OF", club, False) in found(run(text))


@pytest.mark.parametrize(
    "text",
    [
        "Lu: got a family membership at the zoo",
        "Lu: I bought a new membership card",
        "Lu: got a student membership, so cheap",
    ],
)
def test_a_kind_of_membership_is_no_club(text: str) -> None:
    clubs = {f[2] for f in found(run(text)) if f[1] == "MEMBER_OF"}
    assert not clubs & {"family", "new", "student"}, clubs


def test_a_lower_case_membership_let_lapse_is_ended() -> None:
    turns = ["Lu: got a costco membership finally", "Lu: I let my costco membership lapse"]
    assert ("Lu", "MEMBER_OF", "costco", True) in found(run(*turns))


def test_a_chat_line_opening_with_let_is_the_speakers() -> None:
    turns = ["Lu: got a Costco membership", "Lu: let my costco membership lapse, never went"]
    assert ("Lu", "MEMBER_OF", "Costco", True) in found(run(*turns))
