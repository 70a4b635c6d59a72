"""A pet lost in words the patterns did not list, and what another says the speaker will do,
with when between (round 59). Sentences written for this test, through the extractor on the
real default encoder.

- "he was stolen", "he isn't coming back", "we had to put him down", "he has gone back to
  the rescue to be rehomed", "Bingo left us": a held pet is over (``readers/end_words``),
  not "put him down for a nap"; so is one told another's now, "is officially Grandpa's dog
  now", "now belongs to my neighbour" (``readers/transfers``);
- "my doctor said starting December 1 I will stop metformin and shift to insulin": the
  speaker's own medicines (``learned/whose``), the old one ending on the day."""

from __future__ import annotations

import pytest

from tests.real_embedder import read_dated, read_facts

pytestmark = pytest.mark.local_model

_DOG = "Tobi: my dog Bingo is missing since yesterday, he jumped the gate"


@pytest.mark.parametrize(
    "line",
    [
        "someone saw two guys put him in a van, he was stolen",
        "he isn't coming back, the neighbours saw it all",
        "we had to put him down last week",
        "he never settled, so he has gone back to the rescue to be rehomed",
        "Bingo left us yesterday night, he was sleeping near the door",
        "Bingo has gone to live with my aunty in Moama",
        "Bingo is officially Grandpa's dog now, he didn't even look back",
        "Bingo now belongs to my neighbour entirely",
    ],
)
def test_a_pet_lost_in_other_words_is_no_longer_held(line: str) -> None:
    facts = read_facts([_DOG, f"Tobi: {line}"])
    assert ("Tobi", "HAS_PET", "Bingo", True) in facts, facts


@pytest.mark.parametrize(
    "line",
    [
        "I put him down for a nap",
        "we might have to put him down",
        "he was stolen?",
        "my aunty has gone to live with Bingo's breeder",
        "Bingo belongs to me, not to my sister",
    ],
)
def test_a_pet_put_to_bed_or_a_loss_only_feared_ends_nothing(line: str) -> None:
    facts = read_facts([_DOG, f"Tobi: {line}"])
    assert not [f for f in facts if f[1] == "HAS_PET" and f[3]], facts


def test_what_the_doctor_says_the_speaker_will_take_is_the_speakers() -> None:
    dated = read_dated(
        [
            "Wen: I am diabetic since 2015. I take metformin 500 two times a day.",
            "Wen: My doctor at Bulacan Medical Center said starting December 1 I will stop "
            "metformin and shift to insulin, one injection at night.",
        ]
    )
    assert dated.get(("TAKES_MEDICATION", "insulin"), (None, None))[0] == "2025-12-01", dated
    assert dated.get(("TAKES_MEDICATION", "metformin"), (None, None))[1] == "2025-12-01", dated


def test_a_medicine_changed_by_pronoun_ends_the_one_held() -> None:
    facts = read_facts(
        [
            "Ofelia: the doctor at the clinic say is a bunion. She gave me naproxen.",
            "Ofelia: Also the naproxen gives me stomach pain, so the doctor changed it to "
            "celecoxib, from today.",
        ]
    )
    assert ("Ofelia", "TAKES_MEDICATION", "celecoxib", False) in facts, facts
    assert ("Ofelia", "TAKES_MEDICATION", "naproxen", True) in facts, facts
