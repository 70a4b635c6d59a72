"""Habits by their grammar (extractors/rules/readers/habits.py): frequency, giving up, taking up."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors.rules.extractor import RuleExtractor
from chronomem.model import Episode

REF = datetime(2024, 1, 10, 12, tzinfo=UTC)


def facts(text: str) -> set[tuple[str, str, str, bool]]:
    """(source, relation, target, ended?) of one message."""
    ep = Episode(
        id="e", group_id="g", content=text, source="message",
        source_description="chat", reference_time=REF, created_at=REF,
    )  # fmt: skip
    out = RuleExtractor().extract(ep, ()).facts
    return {(f.source, f.relation, f.target, f.invalid_at is not None) for f in out}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Nadia: I run 5k every morning before work", ("Nadia", "HAS_HABIT", "running", False)),
        ("Gwen: i knit in the evenings, mostly scarves", ("Gwen", "HAS_HABIT", "knitting", False)),
        ("Ethan: I drink like 4 coffees a day lol", ("Ethan", "HAS_HABIT", "coffee", False)),
        ("Matt: I usually have a couple beers every night", ("Matt", "HAS_HABIT", "beer", False)),
        ("Nadia: I stopped running after my surgery", ("Nadia", "HAS_HABIT", "running", True)),
        ("Grace: I don't do yoga anymore", ("Grace", "HAS_HABIT", "yoga", True)),
        ("Jade: lately I'm really into hip hop", ("Jade", "LIKES", "hip hop", False)),
    ],
)
def test_habits_and_their_endings(text: str, fact: tuple[str, str, str, bool]) -> None:
    assert fact in facts(text)


def test_a_habit_given_up_for_another() -> None:
    found = facts("Grace: I don't do yoga anymore, I switched to pilates. my back likes it")
    assert ("Grace", "HAS_HABIT", "yoga", True) in found
    assert ("Grace", "HAS_HABIT", "pilates", False) in found


def test_no_habit_without_a_frequency_or_beside_a_told_fact() -> None:
    assert not any(r == "HAS_HABIT" for _, r, _, _ in facts("Bo: I ran into Sam at the mall"))
    told = facts("Omar: I drive for Uber on weekends and work at Home Depot during the week")
    assert not any(r == "HAS_HABIT" for _, r, _, _ in told)


def test_a_taste_given_up_beside_a_new_one() -> None:
    found = facts("Benji: since the baby came I can't watch horror anymore, I'm into comedies now")
    assert ("Benji", "HAS_HABIT", "horror", True) in found
    assert ("Benji", "LIKES", "comedies", False) in found


def test_a_past_verb_is_not_dated_by_a_later_plan_in_the_sentence() -> None:
    ep = Episode(
        id="e", group_id="g", content="Paul: we moved to Lyon with the kids, school starts monday",
        source="message", source_description="chat", reference_time=REF, created_at=REF,
    )  # fmt: skip
    (lyon,) = [f for f in RuleExtractor().extract(ep, ()).facts if f.target == "Lyon"]
    assert lyon.valid_at == REF
    booked = Episode(
        id="b", group_id="g", content="Emily: got Taylor Swift tickets for August 9!!!",
        source="message", source_description="chat", reference_time=REF, created_at=REF,
    )  # fmt: skip
    (show,) = RuleExtractor().extract(booked, ()).facts
    assert show.valid_at is not None and show.valid_at.date().isoformat() == "2024-08-09"


@pytest.mark.parametrize(
    ("text", "lives"),
    [
        ("Harper: I'm in Phoenix, it's 110 degrees today", True),
        ("Minji: i'm in Seoul, been living here since uni", True),
        ("Tom: I'm in Paris for the weekend", False),
        ("Ana: I'm in London visiting my sister", False),
    ],
)
def test_where_one_is_said_plainly_is_home(text: str, lives: bool) -> None:
    assert any(r == "LIVES_IN" for _, r, _, _ in facts(text)) is lives


def test_a_recurring_condition_and_its_end() -> None:
    assert ("Ana", "HAS_CONDITION", "migraine", False) in facts(
        "Ana: I get migraines almost every week, it's awful"
    )
    assert ("Ana", "HAS_CONDITION", "migraine", True) in facts(
        "Ana: the new meds worked, I haven't had a migraine in 3 months"
    )


def test_a_preference_replaces_one_of_its_kind_only() -> None:
    from chronomem.extractors.resolution import find_contradictions
    from chronomem.model import Fact

    assert ("Hiro", "PREFERS", "aisle seats", False) in facts("Hiro: I prefer aisle seats now")

    def pref(fid: str, target: str, text: str) -> Fact:
        return Fact(fid, "g", "hiro", target, "PREFERS", text, created_at=REF, valid_at=REF)

    window = pref("f1", "window", "Hiro prefers window seats on flights")
    tea = pref("f2", "tea", "Hiro prefers green tea")
    aisle = pref("n1", "aisle", "Hiro prefers aisle seats now")
    assert find_contradictions(aisle, [window, tea]) == ("f1",)


def test_a_statement_before_a_question_is_still_told() -> None:
    told = facts("Greg: my manager Sandra wants a report by country, how do I write that in SQL?")
    assert ("Greg", "MANAGED_BY", "Sandra", False) in told
    assert facts("Bo: do you still work at Google?") == set()
    assert facts("Ken: what's the weather usually like in Osaka in March?") == set()


def test_a_question_takes_the_speakers_own_things_for_granted() -> None:
    asked = facts("Ollie: what's the best way to get from my place in Brighton to Heathrow?")
    assert ("Ollie", "LIVES_IN", "Brighton", False) in asked
    assert ("Amy", "LIVES_IN", "Leeds", False) in facts("Amy: our flat in Leeds is tiny")


def test_mom_as_a_name_is_the_speakers_mom() -> None:
    from chronomem.extractors.rules.normalise.kinship import as_relatives

    assert as_relatives("Mom finally retired from Mercy") == "my mom finally retired from Mercy"
    assert as_relatives("my Mom is great") == "my Mom is great"
    assert as_relatives("Dad Smith is here") == "Dad Smith is here"  # a name, not a role
    retired = facts("Beth: Mom finally retired from Mercy! 35 years")
    assert ("Beth's mom", "WORKS_AT", "Mercy", True) in retired


@pytest.mark.parametrize(
    ("text", "old", "new"),
    [
        ("Priya: I gave up soda last month. switched to sparkling water", "soda",
         "sparkling water"),
        ("Priya: stopped doing crossfit. switching to climbing, easier on the knees",
         "crossfit", "climbing"),
    ],
)  # fmt: skip
def test_a_habit_given_up_then_replaced_in_the_next_sentence(text: str, old: str, new: str) -> None:
    found = facts(text)
    assert ("Priya", "HAS_HABIT", old, True) in found
    assert ("Priya", "HAS_HABIT", new, False) in found


def test_a_switch_without_a_habit_given_up_is_no_habit() -> None:
    assert not any(r == "HAS_HABIT" for _, r, _, _ in facts("Priya: switched to the night shift"))


@pytest.mark.parametrize(
    ("text", "habit"),
    [("Priya: finally quit vaping!", "vaping"), ("Priya: stopped running in March", "running")],
)
def test_a_chat_line_without_subject_gives_a_habit_up(text: str, habit: str) -> None:
    assert ("Priya", "HAS_HABIT", habit, True) in facts(text)


@pytest.mark.parametrize(
    ("text", "habit"),
    [
        ("Lior: haven't smoked since christmas, fingers crossed", "smoking"),
        ("Lior: I haven't had a drink in two months", "drinking"),
        ("Lior: I have not vaped for weeks now", "vaping"),
    ],
)
def test_not_doing_a_habit_since_ends_it(text: str, habit: str) -> None:
    assert ("Lior", "HAS_HABIT", habit, True) in facts(text)


def test_a_verb_that_only_looks_like_a_habit_ends_nothing() -> None:
    assert not [f for f in facts("Lior: I haven't smoked salmon in ages") if f[3]]


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        (
            "Lior: pescatarian now, fish and eggs only",
            ("Lior", "FOLLOWS_DIET", "pescatarian", False),
        ),
    ],
)
def test_a_diet_said_tersely_or_by_its_noun(text: str, fact: tuple[str, str, str, bool]) -> None:
    assert fact in facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Lior: vegan recipes now please",
        "Lior: vegetarian options now on the menu at work",
        "Lior: any good vegan places now that I live here?",
        "Lior: I'm done with the vegan cookbook, lending it to you",
    ],
)
def test_a_diet_word_about_food_is_no_diet(text: str) -> None:
    assert not [f for f in facts(text) if f[1] == "FOLLOWS_DIET"]
