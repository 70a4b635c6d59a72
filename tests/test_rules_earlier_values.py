"""A value told as the one before ("before that I lived in Killorglin"), a learner's length
after a comma ("I worked in a cashmere factory, 12 years") and a tie told in passing beside
a dated change: when each held (``text/past_states.py``, ``text/tense.py``,
``hit_dates.py``)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from tests.real_embedder import timeline_days
from tests.test_rules_successions import read

MARCH_1 = date(2024, 3, 1)  # "since March", told on 10 May 2024


def spells(*turns: str) -> dict[tuple[str, str, str], tuple[date | None, date | None]]:
    """(source, relation, target) -> (valid_at, invalid_at) of the last turn's facts."""

    def day(when: datetime | None) -> date | None:
        return when.astimezone(UTC).date() if when else None

    return {
        (f.source, f.relation, f.target): (day(f.valid_at), day(f.invalid_at)) for f in read(*turns)
    }


@pytest.mark.parametrize(
    ("said", "now", "before"),
    [
        ("Ana: Since March I live in Kenmare. Before that I lived in Killorglin with my mam.",
         ("LIVES_IN", "Kenmare"), ("LIVES_IN", "Killorglin")),
        ("Ana: I work at the airport since March; before that I worked at Tesco.",
         ("WORKS_AT", "airport"), ("WORKS_AT", "Tesco")),
        ("Ana: Since March I live in Kenmare, before then I lived in Tralee.",
         ("LIVES_IN", "Kenmare"), ("LIVES_IN", "Tralee")),
    ],
)  # fmt: skip
def test_the_value_before_that_ends_where_the_new_one_begins(
    said: str, now: tuple[str, str], before: tuple[str, str]
) -> None:
    """Round 40: "before that I lived in X" was read as a home from the day it was said."""
    found = spells(said)
    assert found[("Ana", *now)] == (MARCH_1, None)
    assert found[("Ana", *before)] == (None, MARCH_1)


def test_a_state_told_ahead_of_a_move_still_holds() -> None:
    found = spells("Ana: We move to Kenmare in June, before that we live in Tralee.")
    assert found[("Ana", "LIVES_IN", "Tralee")][1] is None


@pytest.mark.parametrize(
    "said",
    [
        "Ana: I worked in a cashmere factory in Ulaanbaatar, in the dyeing section, 12 years.",
        "Ana: I worked in a cashmere factory, twelve years.",
    ],
)
def test_a_past_state_with_its_length_after_a_comma_is_over(said: str) -> None:
    (spell,) = [v for k, v in spells(said).items() if k[1] == "WORKS_AT"]
    assert spell[1] is not None


def test_a_present_state_with_its_length_still_holds() -> None:
    found = spells(
        "Ana: I work in a cashmere factory in Ulaanbaatar, in the dyeing section, 12 years."
    )
    assert found[("Ana", "WORKS_AT", "cashmere factory")][1] is None


def test_a_tie_told_in_passing_leaves_the_day_to_the_change_beside_it() -> None:
    """Round 40: the husband named before the verb took "after Easter" from the new job."""
    found = spells("Ana: After Easter my husband Weiming started working at Tesco.")
    assert found[("Weiming", "WORKS_AT", "Tesco")][0] == date(2024, 3, 31)
    assert found[("Ana", "MARRIED_TO", "Weiming")][0] != date(2024, 3, 31)


@pytest.mark.parametrize(
    ("said", "old", "new", "day"),
    [
        ("Ana: I quit Tesco last week and I work at Aldi now.",
         ("WORKS_AT", "Tesco"), ("WORKS_AT", "Aldi"), date(2024, 5, 3)),
    ],
)  # fmt: skip
def test_the_new_value_starts_the_day_the_old_one_told_beside_it_ends(
    said: str, old: tuple[str, str], new: tuple[str, str], day: date
) -> None:
    """Round 40: the new value started when the sentence was said, before the old one ended."""
    found = spells(said)
    assert found[("Ana", *old)][1] == day
    assert found[("Ana", *new)] == (day, None)


@pytest.mark.local_model
def test_the_new_home_starts_the_day_the_old_one_is_left() -> None:
    """Round 40: "the apartment is in Pelluco" held from the day said, ten days before the
    move the same sentence dates."""
    story = [("2025-04-05T00:05", "Catalina: signed today. I leave Temuco on the 19th, the "
              "apartment is in Pelluco, two blocks from the sea.")]  # fmt: skip
    days = dict(timeline_days(story, "Catalina", "LIVES_IN"))
    assert days["Pelluco"].startswith("2025-04-19")
    assert days["Temuco"].endswith("2025-04-19")
