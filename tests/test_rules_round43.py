"""Round 43: a slip of "favourite" ("my favrit food"); a body part "all good" with its verb
left out; a lower-case name opening a clause after "and"; the assistant's "What are you
doing now?" answered by a trade; the Turkish feasts ("until Ramazan Bayramı"); an elder told
of as an object without "my" ("the doctor changed grandfather from warfarin to Eliquis");
a street one lives on; the greetings of other languages opening a line ("Salut."); the post
worked named before the employer ("I work the docks for X") as a title; a subject stressed
by a reflexive ("Colt himself quit").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors.rules.normalise.chat_names import capitalised_names
from chronomem.extractors.rules.normalise.kinship import as_relatives
from chronomem.extractors.rules.normalise.replies import answered_reply
from chronomem.extractors.rules.normalise.typos import corrected
from chronomem.model.relations import is_functional
from chronomem.model.slots import kind_of
from chronomem.text.dates import find_time_expressions
from tests.test_rules_successions import read, story


@pytest.mark.parametrize("slip", ["favrit", "favorit", "favrite"])
def test_a_slip_of_favourite_is_read_as_favourite(slip: str) -> None:
    assert corrected(slip) == "favorite"
    facts = story(f"Finn: my {slip} dinosaur is the spinosaurus")
    assert any(r == "HAS_FAVORITE" and "spinosaurus" in t.lower() for _, r, t, _ in facts)


def test_words_near_favourite_are_left_alone() -> None:
    assert corrected("favour") is None
    assert corrected("fave") is None


@pytest.mark.parametrize(
    "said", ["ankle all good, physio cleared me friday", "my ankle's all good now"]
)
def test_a_body_part_all_good_ends_its_injury(said: str) -> None:
    facts = story("Ainsley: ugh sprained my ankle at practice", f"Ainsley: {said}")
    assert ("Ainsley", "HAS_CONDITION", "ankle injury", True) in facts


def test_all_good_of_no_body_part_ends_nothing() -> None:
    facts = story("Ainsley: ugh sprained my ankle at practice", "Ainsley: all good, thanks")
    assert not any(e for _, _, _, e in facts)


def test_a_lower_case_name_opening_a_clause_after_and_is_a_name() -> None:
    said = "darryl got moved to the pumpkin patch side and brielle is our manager now."
    assert "and Brielle is our manager" in capitalised_names(said)
    facts = story(f"Paisley: {said}")
    assert ("Paisley", "MANAGED_BY", "Brielle", False) in facts


def test_an_ordinary_word_after_and_stays_lower_case() -> None:
    said = "work was long and rain is forecast for the whole weekend"
    assert capitalised_names(said) == said


def test_what_one_does_now_answered_by_a_trade_is_a_job() -> None:
    assert answered_reply("log truck. own hours.", "Oh! What are you doing now?") == (
        "I work as a log truck. own hours."
    )
    assert answered_reply(
        "timber grader. sawmill.", "What kind of work is the shift plan for?"
    ).startswith("I work as a timber grader")
    assert answered_reply("log truck.", "What are you doing this weekend?") == "log truck."


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("until Ramazan Bayramı", (3, 20)),
        ("after Kurban Bayramı", (5, 27)),
        ("since Ramazan", (2, 18)),
    ],
)
def test_the_turkish_feasts_are_their_days(said: str, day: tuple[int, int]) -> None:
    (found,) = find_time_expressions(f"I worked there {said}.", datetime(2026, 6, 8, tzinfo=UTC))
    assert (found.when.month, found.when.day) == day


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("The doctor changed grandfather from warfarin to Eliquis.", "changed my grandfather"),
        ("I live with grandmother in Sheki.", "with my grandmother"),
    ],
)
def test_an_elder_told_of_as_an_object_is_the_speakers(said: str, meant: str) -> None:
    assert meant in as_relatives(said, speaker=True)


@pytest.mark.parametrize(
    "said",
    ["Polish is my mother tongue.", "He was like a father figure to me.", "I called mother Teresa"],
)
def test_a_kin_word_in_a_compound_or_before_a_name_is_left(said: str) -> None:
    assert as_relatives(said, speaker=True) == said


def test_a_street_one_lives_on_is_a_home() -> None:
    facts = story("Réjean: I live on rue Saint-Germain, I walk to work.")
    assert ("Réjean", "LIVES_IN", "Saint-Germain", False) in facts
    assert not any(r == "LIVES_IN" for _, r, _, _ in story("Réjean: I live on toast and tea."))


@pytest.mark.parametrize("greeting", ["Salut", "Dumela", "Bonsoir", "Kalimera"])
def test_a_greeting_opening_a_line_is_no_name(greeting: str) -> None:
    facts = story(f"Réjean: {greeting}. I work at the crab plant in Rimouski.")
    assert not any(t == greeting for _, _, t, _ in facts)


@pytest.mark.parametrize(
    ("said", "condition"),
    [
        ("I have high blood pressure, so no salt for me", "high blood pressure"),
        ("when they checked me they found my pressure is high", "high blood pressure"),
        ("the GP says my cholesterol is a bit high", "high cholesterol"),
        ("my blood sugar was too low this morning", "low blood sugar"),
    ],
)
def test_a_measure_told_high_or_low_is_a_condition(said: str, condition: str) -> None:
    assert ("Nakato", "HAS_CONDITION", condition, False) in story(f"Nakato: {said}")


def test_hopes_told_high_are_no_condition() -> None:
    assert not story("Nakato: my hopes are high for the new stall")


@pytest.mark.parametrize(
    "said",
    [
        "I finished with my boyfriend Édgar after four years.",
        "I broke up with my boyfriend Édgar last month.",
    ],
)
def test_a_break_with_a_partner_named_by_role_ends_them(said: str) -> None:
    facts = story("Yusmary: My boyfriend Édgar is coming for dinner.", f"Yusmary: {said}")
    assert ("Yusmary", "DATING", "Édgar", True) in facts
    assert ("Yusmary", "DATING", "Édgar", False) not in facts


def test_finished_with_a_thing_ends_no_partner() -> None:
    facts = story("Yusmary: My boyfriend Édgar is coming.", "Yusmary: I finished with the dishes.")
    assert not any(r == "DATING" for _, r, _, _ in facts)


def test_a_couple_told_finished_is_over() -> None:
    facts = story(
        "Dragana: My boyfriend Nemanja likes fishing.", "Dragana: Nemanja and me, we are finished."
    )
    assert ("Dragana", "DATING", "Nemanja", True) in facts


@pytest.mark.parametrize(
    ("said", "ended"),
    [
        (
            "Last Friday was my last day painting the luzzijiet at the boatyard in Marsaxlokk.",
            "boatyard",
        ),
        ("Friday was my last day at the bakery.", "bakery"),
    ],
)
def test_a_last_day_at_a_workplace_in_words_ends_that_job(said: str, ended: str) -> None:
    assert ("Carmelo", "WORKS_AT", ended, True) in story(f"Carmelo: {said}")


def test_a_last_day_at_school_ends_no_job() -> None:
    assert not any(r == "WORKS_AT" for _, r, _, _ in story("Kai: today was my last day at school!"))


def test_a_last_day_at_another_kind_of_place_ends_no_held_job() -> None:
    facts = story(
        "Aishath: I got the job as patient coordinator at ADK Hospital.",
        "Aishath: The 12th is my last day at the resort",
    )
    assert ("Aishath", "WORKS_AT", "ADK Hospital", True) not in facts
    facts = story("Cal: I work at Tesco Express.", "Cal: Friday was my last day at the shop")
    assert ("Cal", "WORKS_AT", "Tesco Express", True) in facts


def test_the_post_worked_before_the_employer_is_the_title() -> None:
    facts = story("Kaylee: I work the docks for Tongass Air in Ketchikan.")
    assert ("Kaylee", "HAS_JOB_TITLE", "docks", False) in facts
    assert is_functional("HAS_JOB_TITLE")  # so "I'm a dispatcher now" closes it
    hours = story("Kaylee: I work the night shift at the hospital.")
    assert not any(r == "HAS_JOB_TITLE" for _, r, _, _ in hours)


@pytest.mark.parametrize(
    "said, who",
    [
        ("Colt himself quit the ferry and moved to Sitka in September.", "Colt"),
        ("My brother himself moved to Sitka in September.", "Kaylee's brother"),
    ],
)
def test_a_subject_stressed_by_a_reflexive_stays_the_subject(said: str, who: str) -> None:
    facts = story(f"Kaylee: {said}")
    assert (who, "LIVES_IN", "Sitka", False) in facts
    assert ("Kaylee", "LIVES_IN", "Sitka", False) not in facts


def test_a_last_day_said_ahead_ends_on_that_day() -> None:
    [fact] = [f for f in read("Aishath: The 12th is my last day at the resort") if f.invalid_at]
    assert fact.invalid_at is not None and fact.invalid_at.day == 12
    assert fact.fact.startswith("12 ")  # the day is said, not cut to "Is Aishath's last day"


def test_a_favourite_said_with_now_before_its_verb_has_no_kind() -> None:
    assert kind_of("HAS_FAVORITE", "Finn's favorite now is spinosaurus") is None
    assert kind_of("HAS_FAVORITE", "Finn's favorite dinosaur now is spinosaurus") == "dinosaur"


@pytest.mark.parametrize(
    "said, new",
    [
        ("my favrit food was fish and chips but now its suchi.", "suchi"),
        ("My manager was Tom, now it's Sue.", "Sue"),
    ],
)
def test_a_value_taken_up_by_it_after_the_old_one_is_the_new_one(said: str, new: str) -> None:
    assert any(t == new and not over for _, _, t, over in story(f"Finn: {said}"))
