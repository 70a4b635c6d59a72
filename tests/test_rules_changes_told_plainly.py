"""Changes told the plain way people tell them (round 33).

A post given in the active voice ("Rafiq made me head chef, from the 1st of December"), a
start told after a past verb of what was decided, a job noun without its article ("I am
picker"), a move into a home, a diagnosis told as the doctor's word, a recovery told as the
doctor's clearance, an aid worn for a while, a course of a drug told with its length, a
value told as the one of "now" after another in the same message, "w.e.f.", a learner's
length without "for", an offer withdrawn, a job "finished at", a team leader, a workplace
named after a comma, and days counted back by weekday ("two Fridays ago"). Each sentence was
written for these tests, not taken from any benchmark.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chronomem.text.dates import find_time_expressions
from tests.rules_support import REF, run


def _day(text: str) -> datetime:
    """A day the text gives, or ``"said"``: the time the turn was said."""
    return REF if text == "said" else datetime.fromisoformat(text).replace(tzinfo=UTC)


def _said(turn: int) -> datetime:
    """When turn ``turn`` (0-based) was said: a minute after the one before."""
    return REF + timedelta(minutes=turn)


def _dates(turns: tuple[str, ...], relation: str, target: str) -> set[tuple[object, object]]:
    facts = run(*turns).facts
    return {
        (f.valid_at, f.invalid_at)
        for f in facts
        if (f.relation, f.target.lower()) == (relation, target.lower())
    }


@pytest.mark.parametrize(
    ("turns", "relation", "target", "valid", "invalid"),
    [
        # a post given in the active voice, starting on a day ahead told after a past verb
        (("Wendel: the new owner made me head chef, from the 1st of February",),
         "HAS_JOB_TITLE", "head chef", "2024-02-01", None),
        (("Wendel: they promoted me to shift leader from the 5th of February",),
         "HAS_JOB_TITLE", "shift leader", "2024-02-05", None),
        # a job noun a learner says without its article
        (("Oksana: I am picker on night shift at the depot",),
         "HAS_JOB_TITLE", "picker", "said", None),
        # a move into a home, with an adverb between
        (("Jun: flew home and moved straight into my own studio in Sinchon",),
         "LIVES_IN", "Sinchon", "said", None),
        # the doctor's word names the illness; a course of a drug told with its length
        (("Pilar: GP says tonsillitis. Amoxicillin for ten days, no singing till Friday.",),
         "HAS_CONDITION", "tonsillitis", "said", None),
        (("Pilar: GP says tonsillitis. Amoxicillin for ten days, no singing till Friday.",),
         "TAKES_MEDICATION", "amoxicillin", "said", None),
        # an aid worn for a while
        (("Marit: broke my wrist on the ice. Cast on for six weeks, the clinic says.",),
         "HAS_HEALTH_STATUS", "in a cast", "said", None),
        # "w.e.f.": with effect from
        (("Devika: I have joined Harlow Tanning w.e.f. 1st February as Audit Manager",),
         "WORKS_AT", "Harlow Tanning", "2024-02-01", None),
        # a learner's length of a past post, without its "for"
        (("Nour: I was dentist in Homs 12 years",), "HAS_JOB_TITLE", "dentist", None, "said"),
        # a job finished at
        (("Zoe: I'm a cashier at Brindle Foods", "Zoe: Finished at Brindle Foods last Friday!"),
         "WORKS_AT", "Brindle Foods", None, "2024-01-12"),
        # a workplace told by its kind, then named after a comma
        (("Signe: started at a small workshop in Vejle, Holm Snedkeri",),
         "WORKS_AT", "Holm Snedkeri", "said", None),
        # days counted back by their weekday
        (("Dmitro: I left Orlenko Data two Fridays ago after 7 years",),
         "WORKS_AT", "Orlenko Data", None, "2024-01-05"),
        # a home shared or rented is where one lives (not where the flatmates come from)
        (("Ines: Pavel is fine, he shares a flat in Moabit with two lads from Riga",),
         "LIVES_IN", "Moabit", "said", None),
        # a retirement told in the present simple ends on the day ahead it names
        (("Ines: my dad Bogdan retires from Kestrel Rail at the end of the month",),
         "WORKS_AT", "Kestrel Rail", None, "2024-01-31"),
        # a job left at a place named by its kind and a brand ("centre" is no club here)
        (("Ines: left my job at the Orbis distribution centre yesterday",),
         "WORKS_AT", "Orbis distribution centre", None, "2024-01-14"),
        # a day booked, then moved in the same breath: the new day is the plan's
        (("Ines: my scan booked for 2 February has been postponed to 20 February",),
         "HAS_PLAN", "scan", "2024-02-20", None),
        # a date for an event, told alone after a colon
        (("Ines: the clinic gave me a date for my knee operation: Friday 9 February",),
         "HAS_PLAN", "knee operation", "2024-02-09", None),
        # a day told again after a remark, "it's <day>", and a new date named as such
        (("Ines: my eye test is Tuesday 23 January", "Ines: checked the card again — it's "
          "Thursday 25 January, 10:15"), "HAS_PLAN", "eye test", "2024-01-25", None),
        (("Ines: my root canal is on 2 February",
          "Ines: got a letter from the practice. My new date is 9 February."),
         "HAS_PLAN", "root canal", "2024-02-09", None),
    ],
)  # fmt: skip
def test_a_change_told_plainly_is_read_with_its_dates(
    turns: tuple[str, ...], relation: str, target: str, valid: str | None, invalid: str | None
) -> None:
    want = (_day(valid) if valid else None, _day(invalid) if invalid else None)
    assert want in _dates(turns, relation, target), run(*turns).facts


@pytest.mark.parametrize(
    ("turns", "relation", "target"),
    [
        # a hedge makes no post
        (("Tomek: maybe from March they make me shift leader",), "HAS_JOB_TITLE", "shift leader"),
        # "settling in alright": an adverb is no place
        (("Gus: Settling in alright at the new place in Coburg North.",), "LIVES_IN", "Alright"),
        # the doctor's word about someone else's illness is not the speaker's
        (
            ("Nadia: he's come out in spots, GP confirmed chickenpox",),
            "HAS_CONDITION",
            "chickenpox",
        ),
    ],
)  # fmt: skip
def test_a_reading_that_is_not_the_speakers_fact_gives_none(
    turns: tuple[str, ...], relation: str, target: str
) -> None:
    speaker = turns[-1].split(":", 1)[0]
    facts = run(*turns).facts
    assert not any(
        (f.source, f.relation, f.target.lower()) == (speaker, relation, target.lower())
        for f in facts
    ), facts


def test_a_noun_phrase_with_a_verb_of_its_own_gets_no_dropped_subject() -> None:
    """ "new people always ask me" is a clause of its own, no news of the speaker's."""
    facts = run("Tomas: I know the scanner very good, new people always ask me").facts
    assert not any("got a new people" in f.fact for f in facts), facts


def test_the_doctors_clearance_ends_the_illness_held() -> None:
    told = "Gethin: took a shoulder to the head. Concussion, officially."
    cleared = "Gethin: Cleared by the doc Friday, back in the middle next Saturday."
    assert (None, _day("2024-01-12")) in _dates((told, cleared), "HAS_CONDITION", "concussion")


def test_a_drug_told_finished_after_its_kind_ends_the_one_held() -> None:
    told = "Pilar: the GP put me on amoxicillin"
    done = "Pilar: throat's back to normal, antibiotics finished"
    assert (None, _said(1)) in _dates((told, done), "TAKES_MEDICATION", "amoxicillin")


def test_a_course_does_not_end_on_the_day_another_part_denies_something_till() -> None:
    """ "Amoxicillin for ten days, no singing till Friday": Friday ends the ban, not the
    course."""
    turns = ("Pilar: Amoxicillin for ten days, no singing till Friday.",)
    assert _dates(turns, "TAKES_MEDICATION", "amoxicillin") == {(REF, None)}


def test_a_value_told_as_the_one_of_now_ends_the_one_told_before_in_the_message() -> None:
    turns = ("Thiago: my phone is a Samsung A54. Now I use a Pixel 8a.",)
    assert (REF, REF) in _dates(turns, "USES_PHONE", "Samsung A54")
    assert (REF, None) in _dates(turns, "USES_PHONE", "Pixel 8a")


def test_two_values_of_now_in_one_sentence_both_stay() -> None:
    """Only a value an earlier sentence told is ended by the one of "now"."""
    turns = ("Irina: I'm a mountains person now, hiking holidays only from here on",)
    assert not any(f.invalid_at for f in run(*turns).facts), run(*turns).facts


def test_an_offer_withdrawn_ends_the_job_ahead() -> None:
    offer = "Bea: I got the offer! From March I'll teach at Ravel College."
    withdrawn = "Bea: Ravel College withdrew the offer, budget cuts."
    ends = {end for _, end in _dates((offer, withdrawn), "WORKS_AT", "Ravel College")}
    assert ends and all(end is not None and end <= _said(1) for end in ends)


def test_a_team_leader_named_in_passing_is_the_speakers_manager() -> None:
    turns = ("Bongani: my team leader Thandi is leaving for Cape Town end of the month",)
    assert any(f.relation == "MANAGED_BY" and f.target == "Thandi" for f in run(*turns).facts)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("sold my Mini two Tuesdays ago", "2024-01-02"),
        ("three Sundays ago", "2023-12-31"),
        ("the Friday before last", "2024-01-05"),
    ],
)
def test_days_counted_back_by_their_weekday(text: str, day: str) -> None:
    found = find_time_expressions(text, REF)
    assert [t.when for t in found] == [_day(day)], found


def test_a_verb_after_and_shares_the_named_subject_after_a_lead_in() -> None:
    """ "big news, Pavel left X and joined Y": Pavel joined Y, not the speaker."""
    turns = ("Ines: big news, Pavel left Tarvo Logistics and joined Halden Air",)
    joined = {(f.source, f.target) for f in run(*turns).facts if f.relation == "WORKS_AT"}
    assert ("Pavel", "Halden Air") in joined and ("Ines", "Halden Air") not in joined, joined


def test_parents_opening_a_chat_line_are_the_speakers() -> None:
    turns = ("Ines: Parents moved into their bungalow in Whitstable last week",)
    homes = {f.source for f in run(*turns).facts if f.relation == "LIVES_IN"}
    assert homes == {"Ines's parents"}, homes


def test_a_date_word_names_no_plan_of_its_own() -> None:
    """ "My new date is 9 February" moves the plan told before; no plan called "date"."""
    turns = ("Ines: my root canal is on 2 February", "Ines: My new date is 9 February.")
    assert not any("date" in f.target.lower() for f in run(*turns).facts), run(*turns).facts


def test_me_and_a_partner_done_ends_the_tie() -> None:
    told = "Ama: can you help me plan a surprise for my boyfriend Kojo"
    done = "Ama: me and Kojo are done since the new year, it's fine"
    ends = [f for f in run(told, done).facts if f.relation == "DATING" and f.target == "Kojo"]
    assert ends and all(f.invalid_at is not None for f in ends), ends


def test_a_return_for_good_is_a_move() -> None:
    turns = ("Ama: my brother Yaw went back to Kumasi for good",)
    homes = {(f.source, f.target) for f in run(*turns).facts if f.relation == "LIVES_IN"}
    assert ("Yaw", "Kumasi") in homes, homes


def test_a_role_and_its_holders_name_told_as_two_sentences_are_one_phrase() -> None:
    turns = ("Ama: new girlfriend. Efua. she's a nurse",)
    assert any(f.relation == "DATING" and f.target == "Efua" for f in run(*turns).facts)
