"""Round 41: a couple's end said as "we called it off" or "we're done", a partner named in
the sentence after "seeing someone", pets named two at a time or taken from a litter,
breeds, a letter's appointment to a post, the subject a list of clauses shares in narration,
a saint's name in lower case, and the old value a fact's text no longer carries."""

from __future__ import annotations

import pytest

from chronomem.extractors.rules.normalise.texting import with_subjects
from tests.test_rules_successions import read, story

_BOYFRIEND = "Ana: My boyfriend Tiago turns 30 on Saturday. We are together two years."


@pytest.mark.parametrize(
    "said",
    [
        "Ana: Forget Tiago. We called it off, three weeks ago.",
        "Ana: update he is a snake. we're done. dont ask",
        "Ana: We ended things last month.",
    ],
)
def test_a_couple_told_as_over_ends_the_partner_held(said: str) -> None:
    assert ("Ana", "DATING", "Tiago", True) in story(_BOYFRIEND, said)


@pytest.mark.parametrize(
    "said",
    ["Ana: we're done with the kitchen, finally.", "Ana: We called it a day at six."],
)
def test_done_with_something_else_ends_no_partner(said: str) -> None:
    assert not any(r == "DATING" and ended for _, r, _, ended in story(_BOYFRIEND, said))


def test_a_partner_named_on_their_own_after_seeing_someone() -> None:
    facts = story("Ana: News: I am seeing someone. Duarte, he is the vet of the cooperative.")
    assert ("Ana", "DATING", "Duarte", False) in facts
    assert not any(r == "DATING" for _, r, _, _ in story("Ana: I am seeing someone. Honestly, ok."))
    assert not any(target == "News" for _, _, target, _ in facts)


def test_a_third_persons_new_partner_is_not_the_speakers() -> None:
    facts = story(
        "Tanisha: my cousin DeAndre moved to Huntsville.",
        "Tanisha: guess what, he's already seeing somebody, a nurse named Janelle",
    )
    assert not any(s == "Tanisha" and r == "DATING" for s, r, _, _ in facts)


@pytest.mark.parametrize(
    ("said", "pets"),
    [
        ("Xo: we got two guinea pigs!! named them Biscuit and Oreo", {"Biscuit", "Oreo"}),
        ("Xo: kittens are home! named em Chips and Gravy", {"Chips", "Gravy"}),
        ("Xo: My neighbour's cat had kittens and I took one. We call her Nube.", {"Nube"}),
        ("Xo: quick q, my vizsla Nanook has been limping after our runs.", {"Nanook"}),
    ],
)
def test_pets_named_after_their_kind(said: str, pets: set[str]) -> None:
    assert {t for s, r, t, _ in story(said) if s == "Xo" and r == "HAS_PET"} == pets


def test_a_bike_brand_that_is_no_breed_is_no_pet() -> None:
    facts = story("Amara: my old Ridgeback Commuter got nicked from the station.")
    assert not any(r == "HAS_PET" for _, r, _, _ in facts)


def test_a_letters_appointment_to_a_post_is_the_readers_title_from_its_day() -> None:
    (title,) = [
        f
        for f in read(
            "Rosamund: I have been a herbarium technician at the Garden for eleven years.",
            'Rosamund: "Dear Ms Ashcombe, I am pleased to confirm your appointment to the post '
            'of Herbarium Curator with effect from 1 October 2024. Yours sincerely, June Pellow"',
        )
        if f.relation == "HAS_JOB_TITLE"
    ]
    assert title.target.lower() == "herbarium curator"
    assert title.valid_at is not None and title.valid_at.date().isoformat() == "2024-10-01"


def test_a_list_of_clauses_after_news_of_a_third_person_is_theirs() -> None:
    said = "He's there six weeks now. Working in a cafe, sharing a flat in Kitsilano."
    assert with_subjects(said).endswith("he's working in a cafe, he's sharing a flat in Kitsilano.")
    facts = story(
        "Deirdre: My son Oisín is 21.",
        f"Deirdre: {said}",
    )
    assert ("Oisín", "LIVES_IN", "Kitsilano", False) in facts
    assert not any(s == "Deirdre" and r == "LIVES_IN" for s, r, _, _ in facts)


def test_an_update_about_someone_is_a_heading_not_the_writers_state() -> None:
    assert "I'm on" not in with_subjects("update on DeAndre: he's in Huntsville since Dec 2nd")


def test_a_move_told_before_a_clause_about_the_husband() -> None:
    facts = story("Rawan: We are moving from Orebro to Vasteras, my husband works at the hospital.")
    assert ("Rawan", "LIVES_IN", "Vasteras", False) in facts
    assert ("Rawan", "LIVES_IN", "Orebro", True) in facts


def test_a_saints_name_in_lower_case_is_a_name() -> None:
    assert ("Clodagh", "WORKS_AT", "St Attracta's", True) in story(
        "Clodagh: ok confession time. i left st attracta's at the end of august."
    )


def test_a_day_is_no_habit_given_up() -> None:
    facts = story(
        "Knut: how long till snus cravings stop",
        "Knut: 10 a day. stopped monday",
    )
    assert not any(t.lower() == "monday" for _, _, t, _ in facts)


def test_a_new_tastes_text_leaves_out_the_one_before_now() -> None:
    (liked,) = [
        f
        for f in read(
            "Fang: I changed my favourite tea, before only green tea, now I like Fuzhuan."
        )
        if f.relation == "LIKES"
    ]
    assert "Fuzhuan" in liked.fact and "green tea" not in liked.fact


def test_a_switch_told_by_the_new_drug_alone_ends_the_one_held() -> None:
    facts = story(
        "Li Na: Doctor say I have high blood pressure. He give me amlodipine 5 mg, every morning.",
        "Li Na: My ankles become swollen, doctor say it is from amlodipine. He change to "
        "valsartan 80 mg.",
    )
    assert ("Li Na", "TAKES_MEDICATION", "valsartan", False) in facts
    assert ("Li Na", "TAKES_MEDICATION", "amlodipine", True) in facts


def test_a_switch_with_two_drugs_held_ends_neither() -> None:
    facts = story(
        "Li Na: I take amlodipine and metformin.",
        "Li Na: The doctor switched me to valsartan.",
    )
    assert ("Li Na", "TAKES_MEDICATION", "valsartan", False) in facts
    assert not any(r == "TAKES_MEDICATION" and ended for _, r, _, ended in facts)


@pytest.mark.parametrize(
    ("said", "group"),
    [
        ("Devika: I became a member of Lillehammer Skiklub.", "Lillehammer Skiklub"),
        ("Devika: I am taking membership at Gold's Gym near Dharampeth, 6 month plan.",
         "Gold's Gym"),
    ],
)  # fmt: skip
def test_a_membership_become_or_taken(said: str, group: str) -> None:
    facts = story(said)
    assert ("Devika", "MEMBER_OF", group, False) in facts
    assert not any(r == "WORKS_AT" for _, r, _, _ in facts)


def test_going_alone_is_no_habit_given_up() -> None:
    facts = story("Devika: they gave a partial refund because I stopped going after two months.")
    assert not any(r == "HAS_HABIT" for _, r, _, _ in facts)
    assert ("Devika", "HAS_HABIT", "gym", True) in story("Devika: I stopped going to the gym.")


def test_a_trips_purpose_is_planned_for_the_trips_day() -> None:
    (plan,) = [
        f
        for f in read("Ana: I am going to Dublin in June for my daughter's graduation at Trinity.")
        if f.relation == "HAS_PLAN"
    ]
    assert plan.valid_at is not None and plan.valid_at.month == 6


def test_a_pet_given_to_someone_unnamed_is_the_speakers_no_longer() -> None:
    facts = story("Nelio: We had to give our dog Bolacha to my uncle in his farm in Marracuene.")
    assert ("Nelio", "HAS_PET", "Bolacha", True) in facts
    assert not any(r == "HAS_PET" and not ended for _, r, _, ended in facts)
