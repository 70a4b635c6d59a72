"""Favourites, preferences, habits and diets that change, told as people tell them, on the
default path (the real embedder, the learned step on): what a user relies on is that "what is
her favourite now" has one current answer, and that someone else's taste stays theirs."""

from __future__ import annotations

import pytest

from tests.rules_support import lost
from tests.test_rules_nominal import extract_all, extracted
from tests.test_rules_states_memory import tell

pytestmark = pytest.mark.local_model


def current(facts: dict[tuple[str, str, str], bool], who: str, relation: str) -> set[str]:
    """The values of ``relation`` that ``who`` holds now."""
    return {t for (s, r, t), now in facts.items() if now and s == who and r == relation}


# -- a favourite told without its kind takes the place of the one held ---------------------


@pytest.mark.parametrize(
    ("turns", "new", "old"),
    [
        (["Tove: fav album rn is Blonde", "Tove: ok Renaissance is my #1 now lol"],
         "Renaissance", "Blonde"),
        (["Tove: My favourite painter has long been Turner.",
          "Tove: I must admit that Hockney has become my favourite."], "Hockney", "Turner"),
        (["Tove: my go-to snack is a Twix", "Tove: honestly Snickers is my new fave"],
         "Snickers", "Twix"),
    ],
)  # fmt: skip
def test_a_favourite_without_its_kind_replaces_the_one_held(embedder, turns, new, old):  # type: ignore[no-untyped-def]
    facts = tell(embedder, *turns)
    assert current(facts, "Tove", "HAS_FAVORITE") == {new}, facts
    assert facts.get(("Tove", "HAS_FAVORITE", old)) is False, facts


@lost("favourites")
def test_with_two_favourites_held_a_kindless_one_closes_neither(embedder):  # type: ignore[no-untyped-def]
    facts = tell(
        embedder,
        "Tove: my favourite band is Blur and my favourite city is Porto",
        "Tove: Oasis has become my favourite",
    )
    assert current(facts, "Tove", "HAS_FAVORITE") == {"Blur", "Porto", "Oasis"}, facts


@pytest.mark.parametrize(
    "turn",
    [
        "Tove: is Oasis my favourite?",  # asked
        "Tove: Oasis is not my favourite",
        "Tove: Oasis was my favourite as a kid",  # over long ago
    ],
)
def test_no_kindless_favourite_without_its_evidence(turn):  # type: ignore[no-untyped-def]
    facts = {f for f in extract_all("Tove: my favourite band is Blur", turn) if f.invalid_at}
    assert not facts, facts  # Blur holds
    facts = extracted("Tove: my favourite band is Blur", turn)
    assert ("Tove", "HAS_FAVORITE", "Oasis") not in facts, facts


# -- a favourite told as a chat line: an opening word, a colon ------------------------------


@pytest.mark.parametrize(
    ("first", "then", "new", "old"),
    [
        ("Ines: fav cheese: comté obviously", "Ines: ok new fav cheese is manchego",
         "manchego", "comté"),
        ("Ines: so fave podcast is Hard Fork", "Ines: lol fave podcast: blank check",
         "blank check", "Hard Fork"),
    ],
)  # fmt: skip
def test_a_chat_line_favourite_is_read_and_replaced(embedder, first, then, new, old):  # type: ignore[no-untyped-def]
    facts = tell(embedder, first, then)
    assert current(facts, "Ines", "HAS_FAVORITE") == {new}, facts
    assert facts.get(("Ines", "HAS_FAVORITE", old)) is False, facts


# -- habits: a verbless line, the ending in other words, "instead" ---------------------------


@pytest.mark.parametrize(
    "turns",
    [
        ["Priya: 2 cigarettes a day at work, dont tell my mum",
         "Priya: officially quit smoking last month!!"],
        ["Priya: I smoke roughly ten cigarettes a day, I'm afraid.",
         "Priya: I am pleased to report that I have given up cigarettes."],
        ["Priya: like 5 cigs a day rn", "Priya: no more cigarettes for me, 3 weeks clean"],
    ],
)  # fmt: skip
def test_a_habit_ended_in_other_words_is_not_held(embedder, turns):  # type: ignore[no-untyped-def]
    facts = tell(embedder, *turns)
    assert any(s == "Priya" and r == "HAS_HABIT" for (s, r, _) in facts), facts  # told
    assert current(facts, "Priya", "HAS_HABIT") == set(), facts  # and ended in other words


def test_a_habit_instead_of_the_one_held_replaces_it(embedder):  # type: ignore[no-untyped-def]
    facts = tell(
        embedder, "Jonas: gym 4x a week lately", "Jonas: shoulder's bad so I'm cycling instead"
    )
    assert current(facts, "Jonas", "HAS_HABIT") == {"cycling"}, facts
    assert facts.get(("Jonas", "HAS_HABIT", "gym")) is False, facts


def test_instead_with_two_habits_held_ends_neither(embedder):  # type: ignore[no-untyped-def]
    facts = tell(
        embedder,
        "Jonas: gym 4x a week lately. I also knit every evening",
        "Jonas: I'm rowing instead",
    )
    assert {"gym", "knitting", "rowing"} <= current(facts, "Jonas", "HAS_HABIT"), facts


@pytest.mark.parametrize(
    "turn",
    [
        "Jonas: 3 meetings a day this week, kill me",  # counted, not consumed
        "Jonas: my brother smokes 20 a day",  # someone else's
        "Jonas: Lena runs 5k every morning",
        "Jonas: do you go to the gym 4x a week?",
    ],
)
def test_no_habit_of_the_speaker_without_its_evidence(turn):  # type: ignore[no-untyped-def]
    facts = extracted("Jonas: hi", turn)
    assert not {f for f in facts if f[0] == "Jonas" and f[1] == "HAS_HABIT"}, facts


@pytest.mark.parametrize(
    ("turns", "habit"),
    [
        (["Nat: ok so now i just go for a quick swim after work"], "swimming"),
        (["Nat: I usually go for a long run before breakfast"], "running"),
        (["Nat: these days I read before bed"], "reading"),
    ],
)
def test_a_habit_told_by_its_time_of_day_is_read(embedder, turns, habit):  # type: ignore[no-untyped-def]
    assert habit in current(tell(embedder, *turns), "Nat", "HAS_HABIT")


@pytest.mark.parametrize(
    "turn",
    [
        "Nat: I go for a drink after work sometimes",  # no activity named
        "Nat: I'll go for a walk after work",  # a plan
        "Nat: I went for a run after work",  # once
    ],
)
def test_no_routine_without_its_evidence(turn):  # type: ignore[no-untyped-def]
    facts = extracted("Nat: hi", turn)
    assert not {f for f in facts if f[1] == "HAS_HABIT"}, facts


# -- a diet that dies, an age corrected ------------------------------------------------------


@pytest.mark.parametrize(
    "ending",
    ["Ravi: paleo's dead, I had a croissant", "Ravi: ok paleo is dead lol", "Ravi: paleo's over"],
)
def test_a_held_diet_said_to_be_dead_ends(embedder, ending):  # type: ignore[no-untyped-def]
    facts = tell(embedder, "Ravi: doing paleo with my brother, week 2", ending)
    assert facts.get(("Ravi", "FOLLOWS_DIET", "paleo")) is False, facts
    assert current(facts, "Ravi", "FOLLOWS_DIET") == set(), facts


def test_an_age_corrected_has_one_current_value(embedder):  # type: ignore[no-untyped-def]
    facts = tell(embedder, "Ravi: im 41 if that matters for the quote", "Ravi: sorry, I'm 42")
    assert current(facts, "Ravi", "HAS_AGE") == {"42"}, facts
    assert facts.get(("Ravi", "HAS_AGE", "41")) is False, facts


# -- "I said X but it's Y": what was said, taken back ----------------------------------------


@pytest.mark.parametrize(
    ("turns", "relation", "right", "wrong"),
    [
        (["Ola: I previously mentioned that I work at Deloitte, but it is in fact KPMG."],
         "WORKS_AT", "KPMG", "Deloitte"),
        (["Ola: I said I learn Spanish, but is Portuguese, sorry"],
         "LEARNS", "Portuguese", "Spanish"),
    ],
)  # fmt: skip
def test_a_value_reported_and_taken_back_does_not_hold(embedder, turns, relation, right, wrong):  # type: ignore[no-untyped-def]
    facts = tell(embedder, *turns)
    assert current(facts, "Ola", relation) == {right}, facts
    assert facts.get(("Ola", relation, wrong)) is False, facts


@pytest.mark.parametrize(
    "turn",
    [
        "Ola: I told you I work at Deloitte",  # a reminder: it holds
        "Ola: I said I work at Deloitte but it's a long commute",  # no value in its place
    ],
)
def test_a_reported_value_without_a_replacement_holds(turn):  # type: ignore[no-untyped-def]
    assert ("Ola", "WORKS_AT", "Deloitte") in extracted("Ola: hi", turn)


@lost("restatements")
def test_a_third_persons_value_contrasted_with_the_held_one_is_corrected(embedder):  # type: ignore[no-untyped-def]
    facts = tell(
        embedder,
        "Hedda: My nephew Jonas is studying law at Manchester.",
        "Hedda: Forgive me, I misremembered: Jonas is at Leeds, not Manchester.",
    )
    assert current(facts, "Jonas", "STUDIES_AT") == {"Leeds"}, facts
    assert facts.get(("Jonas", "STUDIES_AT", "Manchester")) is False, facts


def test_people_contrasted_by_name_alone_are_not_swapped(embedder):  # type: ignore[no-untyped-def]
    facts = tell(embedder, "Hedda: my daughter Chloe is home", "Hedda: I invited Zoe, not Chloe")
    assert facts.get(("Hedda", "FAMILY_OF", "Chloe")) is True, facts


@pytest.mark.parametrize(
    "turn",
    [
        "Jonas: ugh i lied, its twice a week at the pool",  # a past tense is no habit
        "Jonas: coughing nonstop since the weekend",  # no routine
        "Jonas: it's the one thing I'm looking forward to each week",
    ],
)
def test_no_habit_from_a_verb_that_is_no_routine(turn):  # type: ignore[no-untyped-def]
    facts = extracted("Jonas: hi", turn)
    assert not {f for f in facts if f[1] == "HAS_HABIT"}, facts


def test_a_value_reported_as_someone_elses_is_taken_back(embedder):  # type: ignore[no-untyped-def]
    facts = tell(embedder, "Ola: Sorry, I said I am vegan but is my husband, I eat meat.")
    # (what she eats now may be read as her diet: since round 23 the learned step reads
    # "I eat meat" too; the reported value is what must not hold)
    assert "vegan" not in current(facts, "Ola", "FOLLOWS_DIET"), facts


def test_no_worries_corrects_nothing(embedder):  # type: ignore[no-untyped-def]
    facts = tell(
        embedder,
        "Ola: I told you I work at Deloitte, but it's KPMG, sorry",
        "Assistant: No worries, Ola - I've updated it to KPMG.",
    )
    assert current(facts, "Ola", "WORKS_AT") == {"KPMG"}, facts


@pytest.mark.parametrize(
    ("turns", "new", "old"),
    [
        # the name first and a perfect for its copula: "has been", "has always been"
        (["Tove: Elgar has been my favourite composer since I was at school.",
          "Tove: Britten is my favourite composer now."], "Britten", "Elgar"),
        (["Tove: Blur has always been my favourite band",
          "Tove: my favourite band is Pulp these days"], "Pulp", "Blur"),
    ],
)  # fmt: skip
def test_a_favourite_told_name_first_in_a_perfect_is_held_and_replaced(embedder, turns, new, old):  # type: ignore[no-untyped-def]
    facts = tell(embedder, *turns)
    assert current(facts, "Tove", "HAS_FAVORITE") == {new}, facts
    assert facts.get(("Tove", "HAS_FAVORITE", old)) is False, facts


def test_a_favourite_told_in_the_past_is_no_current_one(embedder):  # type: ignore[no-untyped-def]
    facts = tell(embedder, "Tove: Elgar was my favourite composer until I heard Britten.")
    assert "Elgar" not in current(facts, "Tove", "HAS_FAVORITE"), facts
