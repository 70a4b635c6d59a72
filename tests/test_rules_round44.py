"""Round 44: the full stop of a saint's name opens no clause ("St. Dominic's in Jackson"); a
speaker's naming of themselves and their telling of what follows are no part of a fact's
text; an event a time is told by ("after the wedding", "after Makha Bucha") is no plan and no
value; "we are engaged" is an engagement; an ending said object first with a name and its
head ("the Kataragama trip we cancel"); a role held "officially" or beside another; a
weekday with its day in words ("Saturday the first"); a workplace is no home; a lower-case
place after "leaving", or a town in "-ing", is a name; chat "ur" before a predicate.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors.rules.normalise.chat_names import capitalised_names
from chronomem.extractors.rules.normalise.chat_spelling import plain_spelling
from chronomem.extractors.rules.normalise.contracted import written_out
from chronomem.extractors.rules.normalise.fronted import in_plain_order
from chronomem.extractors.rules.normalise.kinship import as_relatives
from chronomem.text.dates import find_time_expressions
from tests.real_embedder import read_facts
from tests.test_rules_successions import read, story


def test_a_saints_name_keeps_its_possessive() -> None:
    said = "LaShonda got hired on at St. Dominic's in Jackson"
    assert written_out(said) == said
    assert written_out("Caio's in Lyon now") == "Caio is in Lyon now"


def test_a_fact_text_leaves_out_the_speaker_naming_themselves() -> None:
    texts = [f.fact for f in read("Mafalda: Olá! I'm Mafalda, I live in Ílhavo with Bernardo.")]
    assert texts
    assert not any("Mafalda is Mafalda" in t for t in texts)


def test_a_fact_text_leaves_out_the_speaker_telling_that_they_tell() -> None:
    facts = read("Birgitta: I must tell you that Lennart moved into the Sjöskogen care home.")
    homes = [f for f in facts if f.relation == "LIVES_IN" and f.source == "Lennart"]
    assert homes
    assert homes[0].fact.startswith("Lennart moved into")


def test_the_event_a_plan_is_timed_by_is_not_the_plan() -> None:
    facts = story("Nimal: after the wedding we go on pilgrimage to Kataragama on 7 February")
    assert not any(r == "HAS_PLAN" and t == "wedding" for _, r, t, _ in facts)
    facts = story("Nimal: the wedding is on 29 January at the Blue Beach hotel")
    assert any(r == "HAS_PLAN" and t == "wedding" for _, r, t, _ in facts)


def test_we_are_engaged_is_an_engagement_to_the_partner_told() -> None:
    facts = story("Haruna: my boyfriend Takumi helps on Sundays", "Haruna: We are engaged now!")
    assert ("Haruna", "ENGAGED_TO", "Takumi", False) in facts


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("The Kataragama trip we cancel, my wife's knee is paining.",
         "we cancel the Kataragama trip, my wife's knee is paining."),
        ("Buffalo trading I stop, my cousin takes my place.",
         "I stop buffalo trading, my cousin takes my place."),
        ("The Golf I sold in May.", "I sold the Golf in May."),
    ],
)  # fmt: skip
def test_an_ending_said_object_first_is_put_in_plain_order(said: str, plain: str) -> None:
    assert in_plain_order(said) == plain


@pytest.mark.parametrize(
    "said", ["Josée is officially my boss since Friday.", "Josée is the owner and my boss now."]
)
def test_a_role_held_officially_or_beside_another_is_read(said: str) -> None:
    assert ("Geneviève", "MANAGED_BY", "Josée", False) in story(f"Geneviève: {said}")


def test_a_weekday_with_its_day_in_words_is_that_day() -> None:
    now = datetime(2025, 11, 6, tzinfo=UTC)
    (found,) = find_time_expressions("since Saturday the first I have given up port", now)
    assert found.text == "since Saturday the first"
    assert found.when.date().isoformat() == "2025-11-01"


@pytest.mark.local_model
def test_a_holiday_a_move_is_timed_by_is_no_place_left() -> None:
    found = read_facts(
        ["Somsak: And after Makha Bucha I moved in with my girlfriend Nuan in Ban Kluai."]
    )
    assert ("Somsak", "LIVES_IN", "Ban Kluai", False) in found
    assert not any(f[2] == "Makha Bucha" for f in found)


@pytest.mark.local_model
def test_a_market_one_trades_in_is_no_home() -> None:
    said = (
        "Hello, good morning. My name Yohanis, from Rantepao, Tana Toraja. I am buffalo trader "
        "in Bolu market, already 12 years, I buy and sell the tedong for the funeral ceremony. "
        "I want learn English better for talk with tourist."
    )
    found = read_facts([f"Yohanis: {said}"])
    assert not any(f[1] == "LIVES_IN" for f in found)
    assert ("Yohanis", "HAS_JOB_TITLE", "buffalo trader", False) in found


@pytest.mark.local_model
def test_an_illness_a_diet_is_dated_by_is_still_read() -> None:
    found = read_facts(["Fiona: I've been off gluten since my coeliac diagnosis last month."])
    assert any(f[1] == "HAS_CONDITION" and "coeliac" in f[2] for f in found)


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("we're leaving largs", "we're leaving Largs"),
        ("we moved to kilwinning", "we moved to Kilwinning"),
        ("off to the coast, going shopping", "off to the coast, going shopping"),
        ("so my left eye has been moved", "so my left eye has been moved"),
        ("we left largs in june", "we left Largs in june"),
    ],
)  # fmt: skip
def test_a_lower_case_place_left_or_in_ing_is_a_name(said: str, written: str) -> None:
    assert capitalised_names(said) == written


@pytest.mark.parametrize(
    ("said", "spelled"),
    [
        ("ur right it was my appendix", "you're right it was my appendix"),
        ("ur going to love it", "you're going to love it"),
        ("how was ur morning", "how was your morning"),
        ("ur sister texted", "your sister texted"),
    ],
)
def test_chat_ur_is_you_are_before_a_predicate(said: str, spelled: str) -> None:
    assert plain_spelling(said) == spelled


def test_a_move_dated_in_the_next_sentence_starts_that_day() -> None:
    facts = read("Khin: After Thingyan I moved to Mudon to stay with my aunt. I moved on 20 April.")
    (home,) = [f for f in facts if f.relation == "LIVES_IN"]
    assert home.target == "Mudon"
    assert home.valid_at is not None and (home.valid_at.month, home.valid_at.day) == (4, 20)


def test_a_start_dated_by_a_weekday_and_its_date_takes_the_date() -> None:
    facts = read(
        "Khin: I got a job at the monastic school, teaching arithmetic. "
        "I started on the Monday after the festival, 13 October."
    )
    (work,) = [f for f in facts if f.relation == "WORKS_AT"]
    assert work.valid_at is not None and (work.valid_at.month, work.valid_at.day) == (10, 13)


@pytest.mark.parametrize(
    ("said", "ended"),
    [
        ("Tui: I'm not a deckhand anymore.", "deckhand"),
        ("Tui: since waitangi day i'm the skipper on the kahawai queen, not the deckhand anymore",
         "deckhand"),
    ],
)  # fmt: skip
def test_a_title_denied_anymore_is_over(said: str, ended: str) -> None:
    facts = story(said)
    assert ("Tui", "HAS_JOB_TITLE", ended, True) in facts
    assert not any(t == "skipper" and e for _, r, t, e in facts)


def test_a_title_denied_is_no_ending_of_another_title_held() -> None:
    facts = story("Tui: I work as a skipper on the Kahawai Queen", "Tui: I'm no longer a deckhand")
    assert not any(t == "skipper" and e for _, _, t, e in facts)


@pytest.mark.local_model
def test_a_place_one_commutes_to_is_no_home() -> None:
    found = read_facts(
        ["Emre: I am in Heaton Moor now, moved on Tuesday. Commute to Didsbury is only 20 minute "
         "by bus, better than before."]
    )  # fmt: skip
    assert ("Emre", "LIVES_IN", "Heaton Moor", False) in found
    assert not any(f[1] == "LIVES_IN" and f[2] == "Didsbury" for f in found)


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("Papai moved to João Pessoa", "my dad moved to João Pessoa"),
        ("I called Nonna yesterday", "I called my grandma yesterday"),
        ("my oma is 90", "my grandma is 90"),
        ("opa! we won", "opa! we won"),
    ],
)
def test_a_parents_or_grandparents_word_of_another_language_is_read_in_english(
    said: str, read: str
) -> None:
    assert as_relatives(said, speaker=True) == read


def test_a_father_called_papai_is_the_father_told() -> None:
    facts = story(
        "Raimunda: My father Damião is 78, he still lives in Ponta Negra alone.",
        "Raimunda: He agreed!! Papai moved to João Pessoa last Saturday.",
    )
    assert ("Damião", "LIVES_IN", "João Pessoa", False) in facts


def test_a_thing_another_gives_away_ends_nothing_of_the_speakers() -> None:
    facts = story(
        "Raimunda: My father Damião still has his little boat, the Estrela.",
        "Raimunda: He sold the Estrela to his friend Chico, he cried.",
    )
    assert ("Chico", "OWNS", "Estrela", False) in facts
    assert not any(s == "Raimunda" and t == "Estrela" for s, _, t, _ in facts)


@pytest.mark.parametrize(
    ("said", "relation", "thing"),
    [
        ("Ayden: nan got me an e-bike!!! second hand ribble", "RIDES_BIKE", "e-bike"),
        ("Ayden: my aunt gave me a kitten", "HAS_PET", "kitten"),
        ("Ayden: my dad bought me a Honda Click", "DRIVES", "Honda Click"),
    ],
)
def test_a_thing_given_to_the_speaker_is_the_speakers(said: str, relation: str, thing: str) -> None:
    facts = story(said)
    assert ("Ayden", relation, thing, False) in facts
    assert not any(s != "Ayden" and t == thing for s, _, t, _ in facts)
