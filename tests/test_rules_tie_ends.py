"""Endings of what the speaker holds, in words the pattern table does not list
(``extractors/rules/readers/tie_ends.py``, ``end_words.py``): the reference to the held thing is
found by its own words or a noun of its kind, and the ending by general English."""

from __future__ import annotations

import pytest

from tests.rules_support import found, lost, run


def _ended(extraction, target_word: str) -> set[str]:
    """The relations of the endings (no start, an end) whose target contains the word."""
    return {
        relation
        for _, relation, target, ended in found(extraction)
        if ended and target_word.lower() in target.lower()
    }


@pytest.mark.parametrize(
    ("told", "ending", "word", "relation"),
    [
        # the thing as the subject of a predicate of being over
        (
            "Oskar: my parrot Kiwi is 12",
            "Oskar: kiwi is gone. the cage is empty",
            "Kiwi",
            "HAS_PET",
        ),
        (
            "Lena: I work at Fernhill Press",
            "Lena: Fernhill Press and I are history lol",
            "Fernhill",
            "WORKS_AT",
        ),
        (
            "Priya: I joined Ironworks Gym",
            "Priya: ironworks gym didn't work out, too far",
            "Ironworks",
            "MEMBER_OF",
        ),
        ("Tom: I work at Quillon Labs", "Tom: Quillon let me go on friday", "Quillon", "WORKS_AT"),
        (
            "Ada: I work at Brindle Foods",
            "Ada: brindle laid off half the office, me included",
            "Brindle",
            "WORKS_AT",
        ),
        # the thing as the object of an expression of leaving or getting over
        (
            "Rui: I work at Maplewood Clinic",
            "Rui: yesterday was my last day at maplewood",
            "Maplewood",
            "WORKS_AT",
        ),
        (
            "Ines: I work at Corvid Digital",
            "Ines: finally out of corvid digital!!",
            "Corvid",
            "WORKS_AT",
        ),
        (
            "Ben: I joined the Riverside Rowing Club",
            "Ben: stepped back from the riverside club this spring",
            "Riverside",
            "MEMBER_OF",
        ),
        (
            "Mo: signed up at Peak Climbing",
            "Mo: walked away from Peak Climbing, too pricey",
            "Peak",
            "MEMBER_OF",
        ),
        # negated holding
        (
            "Kai: I joined the Lakeside Chess Club",
            "Kai: I'm not with the lakeside club anymore",
            "Lakeside",
            "MEMBER_OF",
        ),
        (
            "Zoe: I work at Tandem Coffee",
            "Zoe: no longer at tandem, starting fresh",
            "Tandem",
            "WORKS_AT",
        ),
        # a noun of the held thing's kind
        (
            "Eli: I work at Norrland Bank",
            "Eli: handed in my notice, the job is history",
            "Norrland",
            "WORKS_AT",
        ),
        # round 29: a common noun held, named in the plural
        ("Eli: I'm a thriller junkie", "Eli: No more thrillers.", "thriller", "LIKES"),
        # round 29: "finish with" (English as a second language)
        (
            "Eli: my boyfriend Emiliano is sweet",
            "Eli: we finish with Emiliano last weekend",
            "Emiliano",
            "DATING",
        ),
    ],
)
def test_an_ending_in_other_words_ends_the_held_value(
    told: str, ending: str, word: str, relation: str
) -> None:
    assert relation in _ended(run(told, ending), word)


def test_a_favourite_said_in_passing_is_ended_by_name() -> None:
    """Whatever relation the first turn gave the name (a favourite, or only a mention the
    engine follows by name, ``engine/endings.py``), "over X now" ends it."""
    out = run("Noor: fav podcast is Slow Burn, obsessed", "Noor: honestly over slow burn now")
    assert _ended(out, "Slow Burn") & {"MENTIONED", "HAS_FAVORITE"}


@pytest.mark.parametrize(
    ("told", "said"),
    [
        ("Oskar: I work at Fernhill Press", "Oskar: went back to Fernhill Press after a year"),
        ("Oskar: I work at Fernhill Press", "Oskar: still at fernhill, still tired"),
        ("Oskar: I work at Fernhill Press", "Oskar: Fernhill Press is great honestly"),
        ("Oskar: I joined Ironworks Gym", "Oskar: stopped by Ironworks Gym on the way home"),
        ("Oskar: my dog Pip is 3", "Oskar: Pip is over the moon about the new ball"),
        ("Oskar: I work at Fernhill Press", "Oskar: the meeting at Fernhill Press is over"),
        ("Oskar: I work at Fernhill Press", "Oskar: thinking about quitting fernhill"),
        ("Oskar: I work at Fernhill Press", "Oskar: I didn't quit Fernhill, they moved me"),
        ("Oskar: I joined Ironworks Gym", "Oskar: left ironworks at 7 and went home"),
        ("Oskar: my dog Pip is 3", "Oskar: dropped Pip off at the groomer"),
        ("Oskar: I work at Fernhill Press", "Oskar: I'm not mad at fernhill anymore"),
        ("Oskar: I joined Ironworks Gym", "Oskar: should I quit ironworks?"),
        ("Oskar: I live in Leeds", "Oskar: so over Leeds weather"),
        ("Oskar: I work at Fernhill Press", "Oskar: I'm so over Fernhill Press"),
        ("Oskar: I joined Ironworks Gym", "Oskar: honestly over ironworks gym drama"),
    ],
)
def test_no_ending_without_one(told: str, said: str) -> None:
    assert not {f for f in found(run(told, said)) if f[3]}


@pytest.mark.parametrize(
    "said",
    [
        "Noor: stopped going to Boxfit in February, too pricey",
        "Noor: we stopped going to Boxfit in February",
        "Noor: kinda stopped going to Boxfit back in February",
    ],
)
def test_stopped_going_to_in_a_month_is_a_past_month(said: str) -> None:
    """ "going to" after "stopped" is the gerund of "go", not the future: the month is the
    last one of that name, not the next."""
    out = run("Noor: I signed up at Boxfit", said)
    ends = [f.invalid_at for f in out.facts if f.invalid_at is not None and f.valid_at is None]
    assert ends and all(e.year == 2023 and e.month == 2 for e in ends)


@pytest.mark.parametrize(
    ("told", "said", "word", "relation"),
    [
        (
            "Jude: I joined the teachers' union",
            "Jude: left teaching and the union",
            "union",
            "MEMBER_OF",
        ),
        (
            "Jude: I joined the Oakfield Tennis Club",
            "Jude: quit my job and the oakfield club",
            "Oakfield",
            "MEMBER_OF",
        ),
        (
            "Jude: I joined Ironworks Gym",
            "Jude: cancelled netflix plus ironworks gym",
            "Ironworks",
            "MEMBER_OF",
        ),
    ],
)
def test_an_ending_reaches_each_item_of_a_short_list(
    told: str, said: str, word: str, relation: str
) -> None:
    assert relation in _ended(run(told, said), word)


@pytest.mark.parametrize(
    "told",
    [
        "Ida: I joined the teachers' union",
        "Ida: we joined the parents' association at school",
        "Ida: I joined the residents' committee",
    ],
)
def test_a_plural_possessive_is_part_of_the_group_name(told: str) -> None:
    assert any(rel == "MEMBER_OF" and "'" in target for _, rel, target, _ in found(run(told)))


@pytest.mark.parametrize(
    ("said", "old", "new"),
    [
        (
            "Vik: handed in my notice at Osprey Foods 🙃 started at Kestrel Labs this week",
            "Osprey",
            "Kestrel",
        ),
        ("Vik: quit Osprey Foods 😤 got hired at Kestrel Labs", "Osprey", "Kestrel"),
        ("Vik: walked out of Osprey Foods 😅 I'm working at Kestrel Labs now", "Osprey", "Kestrel"),
    ],
)
def test_an_emoji_ends_a_chat_clause(said: str, old: str, new: str) -> None:
    """The clause after the emoji is read on its own (a verb opening it has the speaker as
    subject): the new job's fact does not carry the old employer's name (it would keep it
    current)."""
    out = found(run("Vik: I work at Osprey Foods", said))
    assert any(rel == "WORKS_AT" and new in target and not ended for _, rel, target, ended in out)
    assert any(rel == "WORKS_AT" and old in target and ended for _, rel, target, ended in out)
    extraction = run("Vik: I work at Osprey Foods", said)
    new_fact = next(f for f in extraction.facts if new in f.target)
    assert old not in new_fact.fact


@lost("successors")
def test_an_emoji_keeps_the_sentence_for_a_role_told_before_it() -> None:
    """ "my vet Dr Moss retired 😢 the clinic gave me Dr. Ines instead": the role named
    before the emoji still belongs to the clause after it."""
    out = found(
        run(
            "Pia: Dr. Moss has been my vet for years",
            "Pia: my vet Dr Moss retired 😢 the clinic assigned me to Dr. Ines instead",
        )
    )
    assert ("Pia", "ROLE_HELD_BY", "Dr. Ines", False) in out
