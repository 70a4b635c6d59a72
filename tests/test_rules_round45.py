"""Round 45: a writer who capitalises names
writes them so (no lower-case word of English is made a name); a place's relative clause
("Effurun, where I moved in January") is a sentence of its own; "sick of" is no illness;
news told as a riddle ("guess who is shift supervisor") is the speaker's; a learned state
denied or said "no longer" is no start; "live at" is a home; a value cut short before the
place it names is read whole; the name after "now" following an ending is its successor; a
home is no habit; an illness named by its medical ending ("appendicitis", "carcinoma"); a
number word that opens a capitalised name is part of it ("Seven Sisters").
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from chronomem.extractors.rules.normalise.appositions import plain_subjects
from chronomem.extractors.rules.normalise.chat_names import capitalised_names
from chronomem.model import Episode, EpisodeSource
from chronomem.text.dates import find_time_expressions
from tests.real_embedder import SAID_AT, read_facts, rule_extractor
from tests.test_rules_successions import read, story


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        (
            "My wife Simona and me we are in divorce now, the papers are at tribunal.",
            "My wife Simona and me we are in divorce now, the papers are at tribunal.",
        ),
        (  # a chat that opens its lines in lower case may leave a friend's name so
            "boba shop called Tapioca Moon. my friend cherry says im crazy",
            "boba shop called Tapioca Moon. my friend Cherry says im crazy",
        ),
        (  # a month and a shout are no evidence of a careful writer
            "Big NEWS I put in my 2 weeks at sonic, last shift is 23 Aug",
            "Big NEWS I put in my 2 weeks at Sonic, last shift is 23 Aug",
        ),
    ],
)
def test_a_writer_who_capitalises_names_leaves_words_of_english_as_written(
    said: str, plain: str
) -> None:
    assert capitalised_names(said) == plain


def test_a_place_in_a_relative_clause_is_where_its_verb_happened() -> None:
    said = "The sound at my new church in Effurun, where I moved in January, is bad."
    assert "I moved to Effurun in January." in plain_subjects(said)
    assert ("Osaze", "LIVES_IN", "Effurun", False) in story(f"Osaze: {said}")
    assert plain_subjects("Effurun, where I live now, is hot.").startswith("Effurun is hot.")


def test_sick_of_a_thing_is_no_illness() -> None:
    assert not any(r == "HAS_CONDITION" for _, r, _, _ in story("Lena: I'm sick of my job."))
    assert ("Lena", "HAS_CONDITION", "sick", False) in story("Lena: I'm sick, staying home")


def test_news_told_as_a_riddle_is_the_speakers() -> None:
    facts = story("Wanjiku: Guess who is shift supervisor at Kapsoit from 1st July")
    assert ("Wanjiku", "HAS_JOB_TITLE", "shift supervisor", False) in facts
    assert "I am the new deputy" in plain_subjects("guess who is the new deputy? Me! From 1 June")
    kept = "guess who got engaged? Tom! so happy"
    assert plain_subjects(kept) == kept  # the answer names another
    assert plain_subjects("guess who I saw at the mall") == "guess who I saw at the mall"


def test_a_learned_state_denied_or_no_longer_held_is_no_start() -> None:
    denied = read_facts(["Vesna: Since September I don't work in the distillery."])
    assert not any(r == "WORKS_AT" and not ended for _, r, _, ended in denied), denied
    moved = read_facts(["Marjatta: I no longer live in my house on Kirkkokatu."])
    assert ("Marjatta", "LIVES_IN", "Kirkkokatu", True) in moved
    assert not any(r == "HAS_HABIT" for _, r, _, _ in moved), moved  # a home is no habit
    diet = read_facts(["Anneliese: I just don't eat red meat."])
    assert ("Anneliese", "DISLIKES", "red meat", False) in diet  # a diet told denied stays


def test_living_at_a_home_is_a_home_not_a_job() -> None:
    found = read_facts(["Marjatta: Since Easter I live at the Kotirinne service home."])
    assert ("Marjatta", "LIVES_IN", "Kotirinne", False) in found
    assert not any(r == "WORKS_AT" for _, r, _, _ in found), found


def test_a_workplace_cut_short_before_its_town_is_read_whole() -> None:
    said = "I moved to Kure on 1 March because of my husband's job. Now I work in the shipyard"
    found = read_facts([f"Honoka: {said} canteen in Kure. I miss the lemons."])
    assert ("Honoka", "WORKS_AT", "shipyard canteen in Kure", False) in found


def test_the_name_after_now_following_an_ending_is_its_successor() -> None:
    facts = read("Gulzhan: I sold the Fiat last week, now a Kia Picanto.")
    kia = {f.relation: f for f in facts if f.target == "Kia Picanto"}
    assert {"OWNS", "DRIVES"} <= set(kia)
    assert all(f.invalid_at is None for f in kia.values())
    assert ("Gulzhan", "OWNS", "Fiat", True) in {
        (f.source, f.relation, f.target, f.invalid_at is not None) for f in facts
    }


@pytest.mark.parametrize(
    ("said", "condition"),
    [
        ("Evander: The spot on my left temple is a basal cell carcinoma.", "basal cell carcinoma"),
        ("Ama: I've got appendicitis", "appendicitis"),
        ("Ama: I have had osteoporosis for years", "osteoporosis"),
    ],
)
def test_an_illness_named_by_its_medical_ending_is_a_condition(said: str, condition: str) -> None:
    speaker = said.partition(":")[0]
    assert (speaker, "HAS_CONDITION", condition, False) in story(said)


@pytest.mark.parametrize("said", ["Ama: I got my diploma", "Ama: I have a lot of nostalgia"])
def test_words_of_other_kinds_that_end_so_are_no_illness(said: str) -> None:
    assert not any(r == "HAS_CONDITION" for _, r, _, _ in story(said))


def test_a_number_word_opening_a_capitalised_name_is_part_of_it() -> None:
    facts = story("Navid: We moved to Seven Sisters last year.")
    assert ("Navid", "LIVES_IN", "Seven Sisters", False) in facts


def test_a_partner_named_after_a_word_of_what_kind_and_now() -> None:
    facts = story(
        "Ruzanna: my daughter Mane finished university this week",
        "Ruzanna: Mane in Lyon is fine, she has a French boyfriend now, Clément.",
    )
    assert ("Mane", "DATING", "Clément", False) in facts


def test_an_age_ends_no_home() -> None:
    said = (
        "My younger sister Consolación, aged 84, left her flat in Benavente on 15 November and"
        " now lives at the Residencia San Lázaro here in Zamora, two streets from me."
    )
    found = read_facts([f"Leocadia: {said}"])
    assert not any(r == "HAS_AGE" and t == "Benavente" for _, r, t, _ in found), found


def test_a_writer_naming_themselves_here_says_what_they_are() -> None:
    facts = story("Gergana: Hi! Gergana here, pastry chef at a ski hotel in Bansko.")
    assert ("Gergana", "HAS_JOB_TITLE", "pastry chef", False) in facts
    assert not story("Sam: Sam here, just checking in")


def test_the_day_a_role_holder_leaves_is_no_start_of_the_role() -> None:
    said = "My doctor for many years, Dr Okoro at Ogbe clinic, is retiring at the end of the month."
    episode = Episode("e0", "g", f"Efosa: {said}", EpisodeSource.MESSAGE, SAID_AT, SAID_AT)
    facts = rule_extractor(True).extract(episode, []).facts
    doctor = [f for f in facts if f.relation == "ROLE_HELD_BY" and f.target == "Dr Okoro"]
    assert doctor and doctor[0].valid_at is not None
    assert doctor[0].valid_at.date() == SAID_AT.date()  # not the end of the month


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("we move to Varna the last days of August", date(2026, 8, 31)),
        ("I start in the last week of August", date(2026, 8, 25)),
        ("the lease ends the last day of September", date(2026, 9, 30)),
    ],
)
def test_the_last_days_or_week_of_a_month_is_a_day(said: str, day: date) -> None:
    told = find_time_expressions(said, datetime(2026, 7, 25, 10, tzinfo=UTC))
    assert [t.when.date() for t in told if t.when] == [day]


def test_a_span_told_after_its_year_starts_on_its_own_day() -> None:
    facts = read("Halyna: This year from 1 May to 31 August I went to Norway.")
    norway = [f for f in facts if f.target == "Norway" and f.relation == "VISITED"]
    assert norway and norway[0].valid_at is not None and norway[0].invalid_at is not None
    assert (norway[0].valid_at.month, norway[0].valid_at.day) == (5, 1)
    assert (norway[0].invalid_at.month, norway[0].invalid_at.day) == (8, 31)


def test_a_place_where_one_has_lived_or_once_lived() -> None:
    said = "Dmitri: Greetings from rainy Cork, where I've lived for six years now"
    assert ("Dmitri", "LIVES_IN", "Cork", False) in story(said)
    said = "Dmitri: We went to Rome, where we lived as kids"
    assert not any(r == "LIVES_IN" for _, r, _, _ in story(said))  # a past state: its tense's
