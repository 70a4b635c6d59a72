"""Days told the ways people tell them, and switches dated by the new value (round 34).

A plan said moved in one sentence and given its new day in a later one, or by a notice of
change before a colon; a thing destroyed ("drowned", "snapped in half"); days counted from
tomorrow ("a fortnight tomorrow"), from another day ("two days before Easter"), a learner's
"1st of next month", a weekday with its bare day ("Monday 14"), the days counted from
Easter, a time away ended by "back on"; a drug known by the stem of its name; an ending
told beside the start of the value that replaces it; a modal after a role noun; a crew
member signing off a vessel. Each sentence was written for these tests, not taken from any
benchmark. ``REF`` is Monday 15 January 2024.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.text.dates import find_time_expressions
from tests.rules_support import REF, found, run


def _day(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def _facts(turns: tuple[str, ...], relation: str, target: str) -> set[tuple[object, object]]:
    return {
        (f.valid_at, f.invalid_at)
        for f in run(*turns).facts
        if (f.relation, f.target.lower()) == (relation, target.lower())
    }


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("we sail a fortnight tomorrow", "2024-01-30"),
        ("three weeks from tomorrow I start", "2024-02-06"),
        ("the sale ends a week today", "2024-01-22"),
        ("we sign tomorrow week", "2024-01-23"),
        ("I am transferred from 1st of next month", "2024-02-01"),
        ("from Wednesday 10 I take the early shift", "2024-01-10"),
        ("the fair opens two days before Easter", "2024-03-29"),
        ("we marry a week after my sister's graduation on 3 June", "2024-06-10"),
        ("the shop is shut on Good Friday", "2024-03-29"),
        ("I'm off on Easter Monday", "2024-04-01"),
        ("the lease runs to the last day of April", "2024-04-30"),
        ("the fair is the last weekend of March", "2024-03-30"),
    ],
)
def test_a_day_told_in_everyday_words_resolves(said: str, day: str) -> None:
    found_days = find_time_expressions(said, REF)
    assert [t.when.date() for t in found_days] == [_day(day).date()]


def test_a_return_ends_the_time_away_told_before_it() -> None:
    times = find_time_expressions("we fly to Oaxaca on 2 March, back on 16 March", REF)
    assert [(t.when.date(), t.role) for t in times] == [
        (_day("2024-03-02").date(), "at"),
        (_day("2024-03-16").date(), "until"),
    ]


def test_a_length_from_another_day_is_no_offset() -> None:
    times = find_time_expressions("off work for two weeks after the surgery on 3 May", REF)
    assert _day("2024-05-03").date() in {t.when.date() for t in times}


def test_a_plan_said_moved_takes_the_day_a_later_sentence_gives() -> None:
    turns = (
        "Ilka: our choir concert is on 2 February, come if you can",
        "Ilka: Concert got postponed. The hall flooded on the 2nd, so now it is on 9 February.",
    )
    assert (_day("2024-02-09"), None) in _facts(turns, "HAS_PLAN", "choir concert")


def test_a_notice_of_change_before_a_colon_moves_the_plan() -> None:
    turns = (
        "Ilka: our choir concert is on 2 February, come if you can",
        "Ilka: Another change, sorry: 16 February.",
    )
    assert (_day("2024-02-16"), None) in _facts(turns, "HAS_PLAN", "choir concert")


@pytest.mark.parametrize(
    "said",
    [
        "Ravi: the Corolla drowned when the river came up",
        "Ravi: my Corolla sank off the ferry ramp, unbelievable",
    ],
)
def test_a_thing_destroyed_is_ended(said: str) -> None:
    ended = {(source, target) for source, _, target, end in found(run(said)) if end}
    assert ended == {("Ravi", "Corolla")}


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("Ravi: packed in the Harbour Swimming Club after the gala", "Harbour Swimming Club"),
        ("Ravi: I'm finished with Galvin Telecom, switching next month", "Galvin Telecom"),
        ("Ravi: Never again Brisk Air. Lost my case twice", "Brisk Air"),
    ],
)
def test_quitting_told_as_people_say_it_ends_the_tie(said: str, name: str) -> None:
    assert any(target == name and end for _, _, target, end in found(run(said)))


def test_a_drug_known_by_the_stem_of_its_name_is_taken() -> None:
    assert ("Ode", "TAKES_MEDICATION", "enalapril", False) in found(
        run("Ode: the cardiologist put me on enalapril")
    )


def test_an_ending_beside_the_start_of_its_replacement_ends_that_day() -> None:
    said = (
        "Ode: I take atorvastatin every night",
        "Ode: no more atorvastatin, from Wednesday 10 I take pravastatin",
    )
    assert (None, _day("2024-01-10")) in _facts(said, "TAKES_MEDICATION", "atorvastatin")
    assert (_day("2024-01-10"), None) in _facts(said, "TAKES_MEDICATION", "pravastatin")


def test_a_modal_after_a_role_noun_is_no_name() -> None:
    facts = found(run("Bo: home by six every day now, my husband cannot believe it"))
    assert not any(relation == "MARRIED_TO" for _, relation, _, _ in facts)


def test_signing_off_a_vessel_ends_it() -> None:
    assert ("Jens", "MENTIONED", "Havborg", True) in found(
        run("Jens: signed off the Havborg yesterday after nine years")
    )


def test_a_start_set_right_after_a_correction_cue_replaces_the_one_told() -> None:
    said = (
        "Aziz: I work at Kanto Freight since March 2019. Sorry, March 2018, I always mix it up.",
    )
    assert _facts(said, "WORKS_AT", "Kanto Freight") == {(_day("2018-03-01"), None)}


def test_a_sentence_a_day_opens_after_a_cue_is_no_correction() -> None:
    said = ("Aziz: I work at Kanto Freight since March 2019. Sorry, yesterday I was tired.",)
    assert _facts(said, "WORKS_AT", "Kanto Freight") == {(_day("2019-03-01"), None)}


@pytest.mark.parametrize(
    ("said", "name", "denied"),
    [
        ("Kofi: In Tema I never lived, it was Kumasi.", "Tema", True),
        ("Kofi: we didn't move to Takoradi in the end", "Takoradi", True),
        ("Kofi: ten years at Osei Motors and the customers never change", "Osei Motors", False),
        ("Kofi: I have never been happier than in Accra", "Accra", False),
        # not a denial but a death: "didn't make it"
        ("Kofi: sad day, Bruno didn't make it through the night", "Bruno", True),
    ],
)
def test_a_name_beside_a_denied_verb_is_no_tie(said: str, name: str, denied: bool) -> None:
    ended = {target for _, _, target, end in found(run(said)) if end}
    assert (name in ended) is denied


def test_a_partner_set_beside_someone_is_dated() -> None:
    assert ("Ulla", "DATING", "Jarkko", False) in found(
        run("Ulla: and i'm seeing someone, jarkko, nothing serious")
    )


@pytest.mark.parametrize(
    "said",
    [
        "Luz: My husband Amaro fixes nets. Well, not my husband, my boyfriend, we never married.",
        "Luz: My husband Amaro fixes nets. Sorry, my boyfriend, not my husband.",
    ],
)
def test_a_partners_role_set_right_keeps_the_partner_in_the_right_tie(said: str) -> None:
    facts = {(relation, target, end) for _, relation, target, end in found(run(said))}
    assert ("DATING", "Amaro", False) in facts
    assert ("MARRIED_TO", "Amaro", False) not in facts
