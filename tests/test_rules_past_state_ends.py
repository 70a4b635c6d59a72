"""Round 59: a past state whose ending a later part of its sentence tells, with the day
(``hit_dates._ended_later``): "we had cat Maca seventeen years, she died in January" ends in
January (the day was read as the day the state held); "back in 2019 I was a sous chef"
still held in 2019; the cat's kind is no pet of its own (``learned/values``); a baby born by
name ends the pregnancy told before (``tables/wellbeing``). Sentences written for this
test, said on 12 March 2025."""

from __future__ import annotations

import pytest

from tests.real_embedder import read_dated

pytestmark = pytest.mark.local_model


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("We had cat Maca seventeen years, she died in January.", ("MENTIONED", "Maca")),
        ("I was at Acme for six years, I left in January.", ("WORKS_AT", "Acme")),
    ],
)
def test_an_ending_told_after_a_past_state_dates_its_end(line: str, key: tuple[str, str]) -> None:
    dated = read_dated([f"Slavica: {line}"])
    assert dated.get(key) == (None, "2025-01-01"), dated


def test_a_past_day_told_with_the_state_is_when_it_held() -> None:
    dated = read_dated(["Slavica: Back in 2019 I was a sous chef at Nopi."])
    assert dated.get(("WORKS_AT", "Nopi"), (None, None))[0] == "2019-01-01", dated


def test_a_pets_kind_before_its_name_is_no_pet_of_its_own() -> None:
    dated = read_dated(["Slavica: We had cat Maca seventeen years, she died in January."])
    assert ("HAS_PET", "cat") not in dated, dated


def test_a_baby_born_by_name_ends_the_pregnancy_told_before() -> None:
    dated = read_dated(
        [
            "Itziar: Secret: I am pregnant! 14 weeks. Due at the end of October.",
            "Itziar: Nahia was born on 19 October!! 3.2 kilos. Everything fine.",
        ]
    )
    assert dated.get(("HAS_CONDITION", "pregnant")) == (None, "2024-10-19"), dated  # past


def test_a_relative_born_somewhere_ends_no_pregnancy() -> None:
    dated = read_dated(["Itziar: I am pregnant! 14 weeks.", "Itziar: My mum was born in Leeds"])
    assert ("HAS_CONDITION", "pregnant") not in dated, dated
