"""A start and its end told in one sentence, each with its own date.

"I joined Vestas in 2018 and left in June 2023": the fact holds from 2018 to June 2023.
Without a date for the ending, or with an object after the ending verb (the table reads
that one), nothing more is read. Written for these tests, not from any benchmark.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.rules_support import lost, run  # REF: Monday 2024-01-15 14:00 UTC


def _day(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


_BREATH = lost("one_breath")


@pytest.mark.parametrize(
    ("text", "relation", "target", "start", "end"),
    [
        pytest.param("Oona: I joined Vestas in 2018 and left in June 2023", "WORKS_AT", "Vestas",
                     "2018-01-01", "2023-06-01", marks=_BREATH),
        # a pair told with two predicates (readers/pairs.py, round 17)
        ("Kai: Hana and I got together in 2019 and broke up last August", "DATING", "Hana",
         "2019-01-01", "2023-08-01"),
        pytest.param("Kai: bought a Golf in 2017 and sold it last spring", "OWNS", "Golf",
                     "2017-01-01", "2023-03-01", marks=_BREATH),
        pytest.param("Kai: I moved to Tromso in 2016 and left in 2021 for Oslo", "LIVES_IN",
                     "Tromso", "2016-01-01", "2021-01-01", marks=_BREATH),
        ("Oona: Marek and I started dating in 2015, then split up in 2020", "DATING", "Marek",
         "2015-01-01", "2020-01-01"),
    ],
)  # fmt: skip
def test_a_start_and_its_dated_end_in_one_breath(
    text: str, relation: str, target: str, start: str, end: str
) -> None:
    facts = [f for f in run(text).facts if f.relation == relation and f.target == target]
    assert facts, run(text).facts
    assert (facts[0].valid_at, facts[0].invalid_at) == (_day(start), _day(end))


@pytest.mark.parametrize(
    "text",
    [
        "Oona: I joined Vestas in 2018 and left",  # no date for the ending
        "Oona: I joined Vestas in 2018 and stopped by the bakery",  # an object
        "Oona: I moved to Tromso in 2016 and stopped counting the snow days",
    ],
)
def test_no_ending_without_its_own_date_or_with_an_object(text: str) -> None:
    facts = [f for f in run(text).facts if f.target in ("Vestas", "Tromso")]
    assert facts and all(f.invalid_at is None for f in facts)


@pytest.mark.parametrize(
    ("text", "relation", "target", "start"),
    [  # a past home (readers/stays.py, round 17); a past workplace is still lost
        ("Ben: moved back to Cork after three years in Berlin", "LIVES_IN", "Berlin", "2021-01-15"),
        ("Ben: home in Porto after two years in Lyon!", "LIVES_IN", "Lyon", "2022-01-15"),
        pytest.param("Ben: starting at Quill after six years at Harwood Labs", "WORKS_AT",
                     "Harwood Labs", "2018-01-15", marks=lost("spells")),
    ],
)  # fmt: skip
def test_a_spell_told_as_after_n_years_in_x_held_until_now(
    text: str, relation: str, target: str, start: str
) -> None:
    facts = [f for f in run(text).facts if f.relation == relation and f.target == target]
    assert facts, run(text).facts
    assert facts[0].valid_at == _day(start)
    assert (
        facts[0].invalid_at is not None and facts[0].invalid_at.date().isoformat() == "2024-01-15"
    )
    news = [f for f in run(text).facts if f.target != target]
    assert all(target not in f.fact for f in news)  # the news no longer names the old spell


@pytest.mark.parametrize(
    "text",
    [
        "Ben: after two years in therapy I feel great",  # no place or organization
        "Ben: after three days in Rome we flew home",  # a trip, not a spell of home
    ],
)
def test_no_spell_without_a_home_or_a_workplace(text: str) -> None:
    assert not [f for f in run(text).facts if f.invalid_at is not None and f.valid_at]


@pytest.mark.parametrize(
    ("turns", "relation", "start"),
    [
        (["Eli: I've been with my partner Noa since 2019"], "DATING", "2019-01-01"),
        (["Eli: been with my husband Tomas since 2010"], "MARRIED_TO", "2010-01-01"),
        (["Eli: my girlfriend is Noa", "Eli: I've been with Noa for 3 years now"], "DATING",
         "2021-01-15"),
    ],
)  # fmt: skip
def test_been_with_a_partner_since_dates_the_tie(
    turns: list[str], relation: str, start: str
) -> None:
    ties = [f for f in run(*turns).facts if f.relation == relation]
    assert ties and ties[0].valid_at == _day(start), run(*turns).facts


@pytest.mark.parametrize(
    ("turns", "relation", "partner", "start"),
    [
        # English as a second language: the partner told in the turn before
        (["Eli: my fiance Tomas and I have fixed the wedding for June",
          "Eli: We have been together since 2021, thanks God"], "DATING", "Tomas", "2021-01-01"),
        # a learner's present with a bare length
        (["Eli: my boyfriend Noa and me, we are together 6 years"], "DATING", "Noa", "2018-01-15"),
        (["Eli: Noa and I have been married for ten years"], "MARRIED_TO", "Noa", "2014-01-15"),
        # a holiday of a year named
        (["Eli: my girlfriend is Noa", "Eli: we have been together since easter of last year"],
         "DATING", "Noa", "2023-04-09"),
    ],
)  # fmt: skip
def test_a_couples_length_dates_the_tie(
    turns: list[str], relation: str, partner: str, start: str
) -> None:
    ties = {f.target: f.valid_at for f in run(*turns).facts if f.relation == relation}
    assert ties.get(partner) == _day(start)


@pytest.mark.parametrize(
    "turns",
    [
        ["Eli: we have been together since 2021"],  # no partner known
        ["Eli: my girlfriend is Noa", "Eli: we went out together on Friday"],  # no length
        ["Eli: my girlfriend is Noa and my wife is Ada", "Eli: we've been together since 2020"],
    ],
)
def test_a_couples_length_without_one_partner_or_a_start_dates_nothing(turns: list[str]) -> None:
    # the stage's own fact says "in a relationship with": none is made
    assert not [f for f in run(*turns).facts if "in a relationship with" in f.fact]


@pytest.mark.parametrize(
    ("text", "partner", "end"),
    [
        ("Eli: since my husband Tomas passed in 2019 I've kept his allotment", "Tomas",
         "2019-01-01"),
        ("Eli: my wife Noa died in March 2023", "Noa", "2023-03-01"),
    ],
)  # fmt: skip
def test_a_partner_who_died_ends_the_tie_then(text: str, partner: str, end: str) -> None:
    ties = {f.target: (f.valid_at, f.invalid_at) for f in run(text).facts}
    assert ties[partner] == (None, _day(end))


def test_a_partner_who_passed_something_is_still_a_partner() -> None:
    ties = {f.target: f.invalid_at for f in run("Eli: my husband Tomas passed the exam").facts}
    assert ties == {"Tomas": None}


@pytest.mark.parametrize(
    "text",
    ["Eli: been with Vodafone since 2015", "Eli: I've been with Noa all day"],
)
def test_been_with_no_partner_or_no_start_is_no_tie(text: str) -> None:
    assert not [f for f in run(text).facts if f.relation in ("DATING", "MARRIED_TO")]
