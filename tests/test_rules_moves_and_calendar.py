"""Plans moved across turns, days said by the calendar, and readings set right (round 35).

A plan moved a second time in a later turn ("shifted again, now Friday 21 March"), or by a
verb of moving alone with its day in the next sentence ("Delayed again! Now 30 April."),
keeps the day the memory holds, not the one its first telling gave; a day agreed to after
another asked for it moves the speaker's plan; a day of the month told alone is in the
month the turn last named ahead; a day denied before the one meant ("not the 3rd, the
10th") moves every fact told for that day; a fact still ahead that an ending calls off
holds on no day. Days named by the calendar (Candlemas, Michaelmas, St Patrick's Day, the
n-th weekday of a month), "this coming Friday", a thing arriving on a day, "20 weeks
today". A person named in several words after a gendered noun; "mine" the noun; an age in
a comparison; an assistant's advice that names no one; a clause that dates a change; a
start told with its title; a value set right keeps the start told for the wrong one;
British quitting of a job; farm animals and working breeds as pets; a verb after a pet
noun; the speaker's own proposal; a relative's place; "<noun>'s <verb>ed me"; a doctor's
note; drugs by their stems; the carers one is assigned; a group named by its members; an
aid no longer worn, and "off em" to a question on it; "de" for "the". Each sentence was
written for these tests, not taken from any benchmark. ``REF`` is Monday 15 January 2024.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from chronomem import Memory
from chronomem.extractors.rules.analysis.gender import learn_genders
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.normalise.chat_spelling import plain_spelling
from chronomem.extractors.rules.normalise.contracted import written_out
from chronomem.extractors.rules.summaries import third_person
from chronomem.testing import ManualClock
from chronomem.text.dates import find_time_expressions
from tests.real_embedder import (
    facts_about,
    real_embedder,
    target_name,
    tell,
    timeline_days,
)
from tests.rules_support import REF, found, run


def _starts(turns: tuple[str, ...], relation: str) -> dict[str, date | None]:
    return {
        f.target: f.valid_at.date() if f.valid_at else None
        for f in run(*turns).facts
        if f.relation == relation and f.invalid_at is None
    }


def _open_plans(story: list[tuple[str, str]], who: str) -> list[tuple[str, date | None]]:
    clock = ManualClock(datetime(2025, 1, 1, tzinfo=UTC))
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        tell(memory, clock, story)
        return sorted(
            (target_name(memory, f), f.valid_at.date() if f.valid_at else None)
            for f in facts_about(memory, who, "HAS_PLAN")
            if f.invalid_at is None and f.expired_at is None
        )


@pytest.mark.local_model
def test_a_plan_moved_again_keeps_the_day_the_memory_holds() -> None:
    plans = _open_plans(
        [
            ("2025-02-20T09:00", "Noor: my MOT is booked for 6 March at the Kwik Fit"),
            ("2025-03-01T09:00", "Noor: postponed to 13 March, the garage is short-staffed"),
            ("2025-03-10T09:00", "Noor: shifted again, now Friday 21 March. Unbelievable."),
        ],
        "Noor",
    )
    assert [day for _, day in plans] == [date(2025, 3, 21)]
    assert "mot" in plans[0][0].lower()


@pytest.mark.local_model
def test_a_verb_of_moving_alone_takes_the_day_the_next_sentence_gives() -> None:
    plans = _open_plans(
        [
            ("2025-03-01T09:00", "Noor: my citizenship ceremony is on 2 April"),
            ("2025-03-20T09:00", "Noor: Delayed again! Now 30 April. So annoying."),
        ],
        "Noor",
    )
    assert [day for _, day in plans] == [date(2025, 4, 30)]


def test_a_day_agreed_to_moves_the_speakers_plan() -> None:
    turns = (
        "Kasia: my leaving drinks are on Friday 2 February at the Crown",
        "Tom: I'm in Leeds on the 2nd, could we do the 9th?",
        "Kasia: fine, 9 February then.",
    )
    plans = _starts(turns, "HAS_PLAN")
    assert date(2024, 2, 9) in plans.values(), plans


def test_a_day_of_the_month_alone_is_in_the_month_named_before_it() -> None:
    plans = _starts(("Kim: The reunion is on 20 September. My flight is on the 18th.",), "HAS_PLAN")
    assert date(2024, 9, 18) in plans.values(), plans
    assert date(2024, 1, 18) not in plans.values()


def test_a_day_denied_before_the_one_meant_moves_the_facts_told_for_it() -> None:
    turns = (
        "Bea: I got the job as pastry chef at Lindqvist Bakery, I start on the 3rd of February",
        "Bea: sorry, not the 3rd, the 10th! The 3rd is my last shift at the cafe",
    )
    extraction = run(*turns)
    moved = {
        (f.relation, f.valid_at.date() if f.valid_at else None)
        for f in extraction.facts
        if f.invalid_at is None
    }
    assert ("WORKS_AT", date(2024, 2, 10)) in moved, moved
    assert ("HAS_JOB_TITLE", date(2024, 2, 10)) in moved, moved


@pytest.mark.local_model
def test_an_ending_calls_off_a_thing_still_ahead() -> None:
    story = [
        (
            "2024-09-10T10:00",
            "Ines: Booked the coach to Bath for 3 October, then the train to Bristol for "
            "the Harbour Festival on the 5th!",
        ),
        ("2024-10-01T10:00", "Ines: Coach is cancelled, strike. Harbour Festival's off for me."),
    ]
    clock = ManualClock(datetime(2024, 9, 1, tzinfo=UTC))
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        tell(memory, clock, story)
        on_the_day = datetime(2024, 10, 5, 12, tzinfo=UTC)
        held = [
            f.fact
            for f in memory.get_timeline("Ines", group_id="g").facts
            if "festival" in f.fact.lower()
            and not (f.expired_at is not None and f.invalid_at is None)  # retracted
            and (f.valid_at is None or f.valid_at <= on_the_day)
            and (f.invalid_at is None or f.invalid_at > on_the_day)
        ]
        assert held == []


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("no cake since Candlemas", "2023-02-02"),
        ("I left the orchard after Michaelmas", "2023-09-29"),
        ("we open on St Patrick's Day", "2024-03-17"),
        ("in Dauphin since the day after Louis Riel Day", "2023-02-21"),
        ("the pool opens on Memorial Day", "2024-05-27"),
        ("we meet on Father's Day", "2024-06-16"),
        ("a member since Epiphany", "2024-01-06"),
        ("we close on Remembrance Day", "2024-11-11"),
    ],
)
def test_a_day_named_by_the_calendar_resolves(said: str, day: str) -> None:
    assert [t.when.date().isoformat() for t in find_time_expressions(said, REF)] == [day]


def test_a_person_named_in_several_words_after_their_noun_is_one_person() -> None:
    known = Known()
    learn_genders("my aunt Mei Ling Chow moved out of her flat last week", known)
    assert known.genders.get("mei ling chow") == "f"
    assert "mei" not in known.genders


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I got a job at the salt mine in Wieliczka", "the salt mine"),
        ("a friend of mine moved to Gdansk", "a friend of Ola's"),
        ("the blue bike is mine", "is Ola's"),
    ],
)
def test_mine_the_noun_is_no_ones(said: str, kept: str) -> None:
    assert kept in third_person(said, "Ola")


def test_an_age_in_a_comparison_is_no_ones() -> None:
    assert not [
        f for f in run("Ola: my boss talks to me like I'm 5").facts if f.relation == "HAS_AGE"
    ]
    assert [f.target for f in run("Ola: I'm 34 now").facts if f.relation == "HAS_AGE"] == ["34"]


def test_an_assistants_advice_that_names_no_one_gives_no_fact() -> None:
    told = "Rui: no alcohol for me from the 1st, trying a sober month"
    advice = "Assistant: Good luck, Rui! Keeping some alcohol-free beers in the fridge helps."
    assert found(run(told, advice)) == set()
    news = "Assistant: 30 days alcohol-free, Rui! That's huge."
    assert ("Rui", "HAS_HABIT", "alcohol", True) in found(run(told, news))


def test_a_clause_that_dates_a_change_dates_the_new_value() -> None:
    starts = _starts(("Eli: I switched jobs in October, I'm now at Holloway Freight",), "WORKS_AT")
    assert starts == {"Holloway Freight": date(2023, 10, 1)}


def test_a_job_packed_in_is_an_ending() -> None:
    assert ("Eli", "WORKS_AT", "Tesco", True) in found(run("Eli: I packed in my job at Tesco"))


@pytest.mark.local_model
def test_a_job_changed_in_a_month_holds_from_that_month_end_to_end() -> None:
    story = [
        ("2024-05-01T16:00", "Odile: I do the books for Ferme Laurent, busy season now"),
        (
            "2024-09-20T17:00",
            "Odile: I never said: I changed job in July, I am now at Banque Morel.",
        ),
    ]
    days = timeline_days(story, "Odile", "WORKS_AT")
    assert ("Banque Morel", "2024-07-01..None") in days, days


@pytest.mark.parametrize(
    "said",
    ["Otis the mule stands at the gate all day", "my kelpie Ranga is confused by the new gecko"],
)
def test_a_farm_animal_or_a_working_breed_named_is_a_pet(said: str) -> None:
    assert [f.relation for f in run(f"Del: {said}").facts] == ["HAS_PET"]


def test_a_verb_after_a_pet_noun_is_no_name() -> None:
    pets = {f.target for f in run("Pema: our dog died in April, old age").facts}
    assert "Died" not in pets


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("the new bike is coming Friday", "2024-01-19"),
        ("this coming Friday we sign", "2024-01-19"),
        ("the party is this coming weekend", "2024-01-20"),
        ("got a new kettle arriving Friday", "2024-01-19"),
        ("I went shopping Friday", "2024-01-12"),
    ],
)
def test_a_day_coming_up_is_the_nearest_one_ahead(said: str, day: str) -> None:
    assert [t.when.date().isoformat() for t in find_time_expressions(said, REF)] == [day]


@pytest.mark.parametrize(
    "said",
    [
        "Ravi: asked Meena at the fort last night, she said yes!! we're engaged",
        "Ravi: I proposed to Meena in Jaipur. We're engaged!",
    ],
)
def test_the_speakers_own_proposal_names_whom_they_are_engaged_to(said: str) -> None:
    assert ("Ravi", "ENGAGED_TO", "Meena", False) in found(run(said))


def test_asking_someone_out_is_no_engagement() -> None:
    assert not [
        f
        for f in run("Ravi: I asked Meena out and she said yes").facts
        if f.relation == "ENGAGED_TO"
    ]


def test_at_a_relatives_place_is_no_home_of_theirs() -> None:
    facts = found(run("Kev: I'm at my brother Sean's in Dorchester for now"))
    assert ("Sean", "LIVES_IN", "Dorchester", False) not in facts
    assert ("Kev", "FAMILY_OF", "Sean", False) in facts


@pytest.mark.parametrize(
    ("said", "ended"),
    [
        ("Sib: the doctor put me on bendroflumethiazide", False),
        ("Sib: I stopped taking furosemide", True),
        ("Sib: they started me on haloperidol", False),
    ],
)
def test_a_drug_known_by_its_stem_is_taken_and_given_up(said: str, ended: bool) -> None:
    (fact,) = [f for f in found(run(said)) if f[1] == "TAKES_MEDICATION"]
    assert fact[3] is ended


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("doc's signed me off", "doc has signed me off"),
        ("Tom's booked us a table", "Tom has booked us a table"),
        ("Tom's red car", "Tom's red car"),
    ],
)
def test_a_perfect_told_with_s_is_written_out(said: str, written: str) -> None:
    assert written_out(said) == written


def test_a_doctors_note_is_a_health_status_from_its_start() -> None:
    facts = [
        f
        for f in run("Stan: doc's signed me off for a fortnight from tomorrow, bad back").facts
        if f.relation == "HAS_HEALTH_STATUS"
    ]
    assert [(f.target, f.valid_at) for f in facts] == [
        ("signed off sick", datetime(2024, 1, 16, tzinfo=UTC))
    ]


def test_a_count_of_weeks_reached_today_is_today() -> None:
    assert [t.when.date() for t in find_time_expressions("20 weeks today, all fine", REF)] == [
        date(2024, 1, 15)
    ]
    assert [t.when.date() for t in find_time_expressions("we sail a week today", REF)] == [
        date(2024, 1, 22)
    ]


@pytest.mark.parametrize("role", ["midwife", "caseworker", "psychiatrist"])
def test_a_carer_one_is_assigned_is_a_role(role: str) -> None:
    said = f"Yan: my {role} is Sister Abela, she's lovely"
    assert ("Abela", "ROLE_HELD_BY") in {
        (f.target.split()[-1], f.relation) for f in run(said).facts
    }, found(run(said))


def test_a_group_named_by_its_members_is_the_whole_phrase() -> None:
    facts = found(run("Pru: I have joined the band of bellringers at the abbey"))
    assert ("Pru", "MEMBER_OF", "band of bellringers", False) in facts


def test_a_start_told_with_its_title_dates_the_employer_told_before() -> None:
    said = "Fen: I accepted the offer from Harbour Foods! I start as night supervisor on 5 February"
    starts = {(f.relation, f.valid_at.date() if f.valid_at else None) for f in run(said).facts}
    assert ("WORKS_AT", date(2024, 2, 5)) in starts, starts
    assert ("HAS_JOB_TITLE", date(2024, 2, 5)) in starts, starts


def test_a_value_set_right_holds_from_the_start_told_for_the_wrong_one() -> None:
    turns = (
        "Fen: I accepted the offer from Harbour Foods! I start as night supervisor on 5 February",
        "Fen: I mean Harbour Freight, not Harbour Foods, so tired",
    )
    facts = {(f.target, f.valid_at, f.invalid_at is not None) for f in run(*turns).facts}
    assert ("Harbour Freight", datetime(2024, 2, 5, tzinfo=UTC), False) in facts, facts


@pytest.mark.parametrize(
    ("said", "aid"),
    [
        ("Kem: I'm not in the cast anymore", "cast"),
        ("Kem: I'm no longer on the crutches, finally", "crutches"),
    ],
)
def test_an_aid_one_is_no_longer_in_is_ended(said: str, aid: str) -> None:
    assert ("Kem", "HAS_HEALTH_STATUS", aid, True) in found(run(said))


def test_not_in_a_rush_is_no_aid() -> None:
    assert found(run("Kem: I'm not in a rush")) == set()


def test_off_them_to_a_question_on_an_aid_ends_it() -> None:
    turns = ("Assistant: How's the knee, Kem? Still on the crutches?", "Kem: off em")
    assert ("Kem", "HAS_HEALTH_STATUS", "crutches", True) in found(run(*turns))


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("still in de boot till de 16th", "still in the boot till the 16th"),
        ("we moved to Rio de Janeiro", "we moved to Rio de Janeiro"),
        ("Maria de la Cruz is my aunt", "Maria de la Cruz is my aunt"),
    ],
)
def test_de_for_the_is_written_out_but_not_in_names(said: str, written: str) -> None:
    assert plain_spelling(said) == written


def test_still_in_the_boot_until_a_day_is_a_status_ending_then() -> None:
    (fact,) = [
        f
        for f in run("Kem: I'm still in the boot till the 26th").facts
        if f.relation == "HAS_HEALTH_STATUS"
    ]
    assert fact.invalid_at == datetime(2024, 1, 26, tzinfo=UTC)


def test_a_past_state_closed_by_before_is_over() -> None:
    facts = found(run("Awa: I was a nurse before, now I teach at the college"))
    assert ("Awa", "HAS_JOB_TITLE", "nurse", True) in facts, facts
    kept = found(run("Awa: I had lived in Hull for years before I moved to Leeds"))
    assert ("Awa", "LIVES_IN", "Leeds", False) in kept
