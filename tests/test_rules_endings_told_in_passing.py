"""Endings told in passing, and who a sentence is about (round 36).

A verb of ending whose object names its kind before the name ("chucked in the warehouse job
at Brindley's", "finished at the cannery at Ardmore"), or whose particle follows the object
("gave the allotment at Hartfield Lane away"), ends the speaker's tie to that name: the
memory holds it until the day said and not after, and where the thing went ("to a lad from
Kilkeel") is no tie of the speaker's; a name told beside the ending as its replacement
stays. A verb of ending with no object and only a past day ("I left at the end of last
month") dates the end of the job the message told. "Ma", "Mam", "Mother" said as a name
are the speaker's mother, whichever word told her name ("my mother Hinewai"). A sentence
with its subject left out after one about "he" or "she" goes on with that person. A thing
someone else has taken is no longer the speaker's. A taste said object first ("Opera I
can't stand") is read in plain order, and a measure before a taste ("a bit of stilton") is
no part of it. A plan told with its days ("12 to 19 September") and called off holds on no
day. A new dose of a medicine
ends the old one and no other medicine. Each sentence was written for these tests, not
taken from any benchmark.
"""

from __future__ import annotations

from datetime import date

import pytest

from chronomem.extractors.rules.normalise.texting import with_subjects
from chronomem.model.slots import same_slot
from tests.standing import end_days, open_targets, standing_facts


@pytest.mark.local_model
def test_a_job_ended_by_its_kind_first_ends_the_place_named_after_it() -> None:
    facts = standing_facts(
        [("2025-06-16T10:00", "Kerry: rough week. chucked in the warehouse picking job at "
          "Brindley's last Friday, six years of night shifts")],
        "Kerry",
    )  # fmt: skip
    assert "brindley's" not in open_targets(facts)
    assert end_days(facts, "Brindley") and set(end_days(facts, "Brindley")) == {date(2025, 6, 13)}


@pytest.mark.local_model
def test_finished_at_a_place_of_work_is_held_until_then_and_not_after() -> None:
    facts = standing_facts(
        [("2025-03-03T10:00", "Aoife: I finished at the cannery at Ardmore back in June, "
          "twenty years on the line")],
        "Aoife",
    )  # fmt: skip
    assert "ardmore" not in open_targets(facts)
    assert end_days(facts, "Ardmore")
    assert all(start is None for _, t, start, _ in facts if "ardmore" in t.lower())


@pytest.mark.local_model
def test_a_thing_given_away_with_its_particle_after_it_is_over() -> None:
    facts = standing_facts(
        [("2025-05-05T10:00", "Gideon: gave the allotment plot at Hartfield Lane away in "
          "April, my back can't take the digging")],
        "Gideon",
    )  # fmt: skip
    assert "hartfield lane" not in open_targets(facts)
    assert end_days(facts, "Hartfield")


@pytest.mark.local_model
def test_a_thing_sold_on_is_over_and_where_it_went_is_no_tie() -> None:
    facts = standing_facts(
        [("2025-05-05T10:00", "Ciaran: flogged the old Transit to a lad from Kilkeel on "
          "Saturday, good riddance")],
        "Ciaran",
    )  # fmt: skip
    assert not {"transit", "kilkeel"} & open_targets(facts)
    assert end_days(facts, "Transit")


@pytest.mark.local_model
def test_a_replacement_told_beside_the_ending_stays() -> None:
    facts = standing_facts(
        [("2025-05-05T10:00", "Ines: the old Skoda finally died, my uncle gave me a Fabia "
          "Monte Carlo")],
        "Ines",
    )  # fmt: skip
    assert any("fabia" in t for t in open_targets(facts))


@pytest.mark.local_model
def test_moving_out_to_a_place_ends_nothing_there() -> None:
    facts = standing_facts(
        [("2025-05-05T10:00", "Marta: Pawel's moved out to his sister's in Gdynia already")],
        "Pawel",
    )
    assert not end_days(facts, "Gdynia")


@pytest.mark.local_model
def test_a_bare_leaving_with_its_day_dates_the_job_just_told() -> None:
    facts = standing_facts(
        [("2025-11-12T10:00", "Rangi: I worked eleven years as a lab technician at Corrib "
          "Labs. I left at the end of last month. Now I fish.")],
        "Rangi",
    )  # fmt: skip
    titles = [(t, end) for rel, t, _, end in facts if rel == "HAS_JOB_TITLE"]
    assert titles == [("lab technician", date(2025, 10, 31))]


@pytest.mark.local_model
def test_leaving_at_an_hour_today_ends_no_job() -> None:
    facts = standing_facts(
        [
            ("2025-11-12T08:00", "Rangi: I work at Corrib Labs, in the stores."),
            ("2025-11-12T20:00", "Rangi: long day. I left at 6 this evening."),
        ],
        "Rangi",
    )
    assert "corrib labs" in open_targets(facts)


@pytest.mark.local_model
def test_ma_said_as_a_name_is_the_mother_told_before() -> None:
    facts = standing_facts(
        [
            ("2025-02-03T10:00", "Tama: My mother Hinewai is 64, she works as a librarian "
             "in Rotorua."),
            ("2025-05-06T10:00", "Tama: Ma retired on 30 April. She is bored already."),
        ],
        "Hinewai",
    )  # fmt: skip
    assert ("HAS_JOB_TITLE", "retired", date(2025, 4, 30), None) in facts


def test_a_left_out_subject_after_news_of_he_or_she_is_theirs() -> None:
    text = with_subjects("he's been driving a taxi since March. sold the old van too.")
    assert "he sold the old van" in text
    mine = with_subjects("my sister got married last week. moved to Leeds on monday.")
    assert "I moved to Leeds" in mine


@pytest.mark.local_model
def test_a_thing_someone_else_has_taken_is_no_longer_the_speakers() -> None:
    facts = standing_facts(
        [
            ("2025-04-01T10:00", "Ines: I ride a Yamaha MT-07 to work."),
            ("2025-04-20T10:00", "Ines: my knee is bad. Sunita has taken the Yamaha, she "
             "needs it more than me."),
        ],
        "Ines",
    )  # fmt: skip
    assert not any("yamaha" in t for t in open_targets(facts))


@pytest.mark.local_model
def test_a_taste_said_object_first_is_read_in_plain_order() -> None:
    facts = standing_facts(
        [("2025-04-04T10:00", "Lorna: Opera I can't stand. Folk I really love though, and "
          "brass bands I don't mind.")],
        "Lorna",
    )  # fmt: skip
    tastes = {(rel, t.lower()) for rel, t, _, end in facts if end is None}
    assert {("HATES", "opera"), ("LOVES", "folk")} <= tastes
    assert not {rel for rel, t in tastes if t == "opera"} & {"LIKES", "LOVES"}


def test_a_fronted_time_or_a_verb_with_its_own_object_keeps_its_order() -> None:
    from chronomem.extractors.rules.normalise.fronted import in_plain_order

    for text in ("Yesterday I loved the gig.", "Pizza I love with anchovies on it."):
        assert in_plain_order(text) == text


@pytest.mark.local_model
def test_a_measure_before_a_taste_is_no_part_of_it() -> None:
    story = [("2025-04-04T10:00", "Ollie: love a bit of stilton after dinner")]
    facts = standing_facts(story, "Ollie")
    assert ("LOVES", "stilton") in {(rel, t.lower()) for rel, t, _, _ in facts}


@pytest.mark.local_model
def test_a_plan_told_with_its_days_and_called_off_holds_on_no_day() -> None:
    facts = standing_facts(
        [
            ("2025-06-02T10:00", "Kasia: Booked my break: Madeira, Funchal, 12 to 19 "
             "September."),
            ("2025-08-01T10:00", "Kasia: Cancelled Madeira. My dad has his hip done on the "
             "15th, so I stay home with him."),
        ],
        "Kasia",
    )  # fmt: skip
    ahead = [
        (t, start, end)
        for rel, t, start, end in facts
        if start is not None and start > date(2025, 8, 1) and (end is None or end > start)
    ]
    assert not ahead


@pytest.mark.local_model
def test_a_new_dose_of_a_medicine_ends_the_old_and_leaves_the_others() -> None:
    facts = standing_facts(
        [
            ("2025-01-20T10:00", "Priti: GP says my thyroid is low. I started Synthroid 50 "
             "mcg, empty stomach. I still take sertraline too."),
            ("2025-03-04T10:00", "Priti: Bloods again, still high, so the GP increased the "
             "dose to 75 mcg from tomorrow."),
        ],
        "Priti",
    )  # fmt: skip
    meds = {t.lower() for rel, t, _, end in facts if rel == "TAKES_MEDICATION" and end is None}
    assert end_days(facts, "Synthroid 50") and not any("50" in m for m in meds)
    assert any("75" in m for m in meds) and any("sertraline" in m for m in meds)


@pytest.mark.parametrize(
    ("new", "held", "ends"),
    [
        ("Ana takes Ventolin 200", "Ana started Ventolin 100 mcg at night", True),
        ("Ana takes 200 mcg", "Ana started Ventolin 100 mcg at night", True),
        ("Ana takes Ventolin 200", "Ana takes lisinopril 10mg", False),
        ("Ana takes Ventolin 100 mcg twice a day", "Ana started Ventolin 100 mcg", False),
        ("Ana takes ibuprofen", "Ana started Ventolin 100 mcg", False),
        ("Ana takes 200 mcg", "Ana has taken sertraline since 2019", False),
    ],
)
def test_a_medicine_is_a_slot_of_its_own_that_a_new_dose_fills(
    new: str, held: str, ends: bool
) -> None:
    assert same_slot("TAKES_MEDICATION", new, "TAKES_MEDICATION", held) is ends
