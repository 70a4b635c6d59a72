"""Round 42: a correction said as "X. not Y." or "Not Y, X", or naming a word inside the
wrong value; a pet gone to live elsewhere or told someone else's; a bare answer to "who's
the new job with"; a habit given up and then told as it was; a plan to be moved and its new
days ("New dates: 8 to 15 September"); an event arranged with words of its own between its
noun and its verb; a day glossed by its date; an "until" set off before its clause; "veg"
for vegetarian."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors.rules.normalise.named_days import dated_names
from chronomem.extractors.rules.normalise.replies import answered_reply
from chronomem.text.dates import find_time_expressions
from tests.test_rules_successions import read, story


def test_a_bare_not_after_the_value_meant_corrects_the_value_held() -> None:
    facts = story(
        "Immy: adopted a kitten today!!! her name is mochi, shes 10 wks, tabby",
        "Immy: omg autocorrect. MISO. not mochi. miso like the soup",
    )
    assert ("Immy", "HAS_PET", "Mochi", True) in facts
    assert any(r == "HAS_PET" and t.lower() == "miso" and not e for _, r, t, e in facts)


def test_a_bare_not_of_no_value_held_stays_a_sentence() -> None:
    facts = story("Sam: I work at Lidl.", "Sam: We moved to Leeds. Not yet unpacked.")
    assert not any(t.lower().startswith("not") for _, _, t, _ in facts)
    assert ("Sam", "LIVES_IN", "Leeds", False) in facts


def test_not_the_old_value_then_the_new_one_corrects_it() -> None:
    facts = story("Wei: I work at Grab now.", "Wei: Wait I anyhow type. Not Grab lah, Gojek.")
    assert ("Wei", "WORKS_AT", "Grab", True) in facts
    assert ("Wei", "WORKS_AT", "Gojek", False) in facts


_PETS = "Sam: We have a cat called Mochi."


@pytest.mark.parametrize(
    "said",
    [
        "Sam: my flatmate is badly allergic so Mochi went to live with my aunt in Hilo",
        "Sam: mochi has to go and live at auntie jos farm in malton",
        "Sam: Mochi's gone to live on my sister's farm in Ballymena.",
        "Sam: Mochi is Tito's cat now, he loves the barn.",
    ],
)
def test_a_pet_gone_to_live_elsewhere_is_the_speakers_no_more(said: str) -> None:
    assert ("Sam", "HAS_PET", "Mochi", True) in story(_PETS, said)


def test_a_pet_gone_to_live_with_a_named_person_is_theirs() -> None:
    facts = story(_PETS, "Sam: Mochi went to live with my brother Tinashe on his farm in Esigo")
    assert ("Tinashe", "HAS_PET", "Mochi", False) in facts
    assert ("Tinashe", "LIVES_IN", "Esigo", False) in facts


def test_a_person_gone_to_live_somewhere_ends_no_pet() -> None:
    facts = story(_PETS, "Sam: my sister went to live in Hilo last year.")
    assert not any(r == "HAS_PET" for _, r, _, _ in facts)


def test_a_bare_name_answers_who_a_new_job_is_with() -> None:
    said = answered_reply("mcgill scaffolding", "Who's the new job with?")
    assert said == "My new job is with mcgill scaffolding"
    assert answered_reply("mcgill scaffolding", "Who's the best team?") == "mcgill scaffolding"


def test_where_one_is_moving_to_is_no_home_yet() -> None:
    facts = read(
        "Thandiwe: I live in Durban right now.",
        "Assistant: Happy to help. Where are you relocating to?",
        "Thandiwe: Cape Town. My company is opening an office in Woodstock.",
    )
    assert not any(f.relation == "LIVES_IN" and f.target == "Cape Town" for f in facts)


def test_a_habit_given_up_then_told_as_it_was_is_over() -> None:
    facts = story(
        "Nuno: Yesterday was São João, and I decided: no more cigarettes. I smoke since 16 "
        "years old, one pack a day."
    )
    assert ("Nuno", "HAS_HABIT", "smoking", True) in facts
    assert ("Nuno", "HAS_HABIT", "smoking", False) not in facts


def test_a_plan_to_be_moved_takes_the_first_of_its_new_days() -> None:
    facts = read(
        "Kadri: My trip to Skye is on 5 June.",
        "Kadri: And I must move Skye! My boss needs all the guides. New dates: 8 to 15 September.",
    )
    moved = [f for f in facts if f.relation == "HAS_PLAN" and f.invalid_at is None]
    assert moved
    assert all(f.valid_at and (f.valid_at.month, f.valid_at.day) == (9, 8) for f in moved)
    assert not any(f.target == "dates" for f in facts)


def test_someone_elses_things_changed_move_no_plan() -> None:
    facts = read(
        "Milena: My defence is scheduled for Friday 12 June 2026.",
        "Milena: My parents booked flights for the 11th. They changed them to the 18th.",
    )
    days = [f.valid_at.day for f in facts if f.relation == "HAS_PLAN" and f.valid_at]
    assert 18 not in days


def test_an_event_with_words_of_its_own_before_its_verb_is_a_plan() -> None:
    facts = story(
        "Milena: My public defence of the doctoral thesis 'Lichen communities on Baltic "
        "coastal rocks' is scheduled for Friday 12 June 2026 at 13:15 in the Blue Hall."
    )
    assert ("Milena", "HAS_PLAN", "public defence", False) in facts


@pytest.mark.parametrize(
    ("said", "written"),
    [
        (
            "Until Timkat this year, 19 January, I brewed tej. Since Timkat I am a guide.",
            "Until 19 January this year, I brewed tej. Since 19 January this year I am a guide.",
        ),
        (
            "Until Losar, at the end of February, I made juice. After Losar I moved.",
            "Until the end of February, I made juice. After the end of February I moved.",
        ),
        ("until Pongal (14 Jan) I polished lamps", "until 14 Jan I polished lamps"),
        ("I moved to Leeds, 5 June.", "I moved to Leeds, 5 June."),
        ("Until Friday, 19 January, I was off.", "Until Friday, 19 January, I was off."),
        ("After Meskel, tomorrow, we go.", "After Meskel, tomorrow, we go."),
    ],
)
def test_a_day_named_and_glossed_with_its_date_is_said_as_that_date(
    said: str, written: str
) -> None:
    assert dated_names(said) == written


def test_a_job_since_a_glossed_day_starts_that_day() -> None:
    facts = read(
        "Dawit: Until Timkat this year, 19 January, I worked at Gondar Brewery. Since Timkat "
        "I work at Fasil Tours."
    )
    jobs = {f.target: (f.valid_at, f.invalid_at) for f in facts if f.relation == "WORKS_AT"}
    assert jobs["Fasil Tours"][0] is not None and jobs["Fasil Tours"][0].month == 1
    assert jobs["Gondar Brewery"] == (None, jobs["Fasil Tours"][0])


@pytest.mark.parametrize(
    ("said", "year"),
    [
        ("Until 27 April, I cleaned herring at the fish auction hall.", 2025),
        ("Until 27 April, I will clean herring at the fish auction hall.", 2026),
        ("I stay at the hostel until 27 April.", 2026),
    ],
)
def test_an_until_set_off_before_its_clause_takes_that_clauses_tense(said: str, year: int) -> None:
    found = find_time_expressions(said, datetime(2025, 11, 10, tzinfo=UTC))
    assert [t.when.year for t in found] == [year]


def test_a_correction_may_name_a_word_inside_the_wrong_value() -> None:
    facts = story(
        "Kemi: guys I got it!!! I work at Reading Crown Court now",
        "Kemi: wait correction, it's the magistrates' court not crown. sorry brain is fried",
    )
    assert ("Kemi", "WORKS_AT", "Reading Crown Court", True) in facts
    assert ("Kemi", "WORKS_AT", "Magistrates' Court", False) in facts


@pytest.mark.parametrize(
    ("said", "diet"),
    [
        ("Ishita: keto is over. I've decided no more non-veg, full veg from today", True),
        ("Ishita: yes yaar, I'm pure veg now", True),
        ("Ishita: I eat more veg these days", False),
        ("Ishita: we grow fruit and veg on the terrace", False),
    ],
)
def test_veg_for_vegetarian_is_a_diet_and_vegetables_are_not(said: str, diet: bool) -> None:
    assert (("Ishita", "FOLLOWS_DIET", "vegetarian", False) in story(said)) is diet


@pytest.mark.parametrize(
    ("said", "employer"),
    [
        ("Darren: I work at Joe's Garage.", "Joe's Garage"),
        ("Darren: I started at Dunn's Haulage in May.", "Dunn's Haulage"),
    ],
)
def test_a_business_named_by_its_owner_is_one_name(said: str, employer: str) -> None:
    assert ("Darren", "WORKS_AT", employer, False) in story(said)


def test_a_relative_of_a_named_person_is_no_business() -> None:
    facts = story("Darren: I work at Joe's Garage.", "Darren: I met Tom's Mum on Friday.")
    assert not any("Tom's" in t for _, _, t, _ in facts)


def test_a_partner_met_told_alone_and_named_after_is_the_new_partner() -> None:
    facts = read(
        "Hanitra: My boyfriend Rado is fisherman, we are together since 3 years.",
        "Hanitra: It is finish with Rado. He went to Toamasina for work in the port.",
        "Hanitra: I meet someone. Tojo, he teach mathematics at the lycée in Antalaha.",
    )
    assert any(f.relation == "DATING" and f.target == "Tojo" for f in facts)
    assert not any(f.relation == "DATING" and f.target == "Rado" for f in facts)


def test_meeting_someone_in_passing_is_no_partner() -> None:
    facts = story("Hanitra: I met someone at the market who sells vanilla. Tojo, he was kind.")
    assert not any(r == "DATING" for _, r, _, _ in facts)
