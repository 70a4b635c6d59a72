"""Facts told in passing, the way people say them (round 32).

A day set beside a role's words ("till the end of the season, 12 april"), a dropped "I've"
after a comma, a state told in the past with its length, a thing of a kind "the" speaker
holds gone, a correction cue said as a sentence of its own, a drug named by its kind, a job
left in deed ("handed back my lanyard"), a tag asking for agreement after a statement. Each
sentence was written for these tests, not taken from any benchmark.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors.rules.normalise.cues import joined_cues
from chronomem.text.dates import find_time_expressions
from tests.rules_support import REF, run


def _day(text: str) -> datetime:
    """A day the text gives, or ``"said"``: the time the turn was said."""
    return REF if text == "said" else datetime.fromisoformat(text).replace(tzinfo=UTC)


def _dates(turns: tuple[str, ...], relation: str, target: str) -> set[tuple[object, object]]:
    facts = run(*turns).facts
    return {
        (f.valid_at, f.invalid_at) for f in facts if (f.relation, f.target) == (relation, target)
    }


@pytest.mark.parametrize(
    ("turns", "relation", "target", "valid", "invalid"),
    [
        # a day beside the role's own words restates them: an end, not a start
        (("Kasia: I'm working at Bramwell's till the end of the season, 12 april.",),
         "MENTIONED", "Bramwell", None, "2024-04-12"),
        # ", been at X since ...": the writer's "I've" dropped after a comma
        (("Theo: I left Harrow Foods in May 2023, been at Quayle Marine since 1 June 2023",),
         "WORKS_AT", "Quayle Marine", "2023-06-01", None),
        # a state of several values told in the past with its length is over
        (("Lionel: I sang in the Holloway chapel choir for twenty years.",),
         "MEMBER_OF", "Holloway chapel choir", None, "said"),
        (("Tess: I've been in the Unite union for 6 years",),
         "MEMBER_OF", "Unite union", "2018-01-15", None),
        # "the bike" of a speaker who rides one
        (("Ola: I ride a Brompton to work", "Ola: the bike got nicked last week"),
         "RIDES_BIKE", "Brompton", None, "2024-01-08"),
        # "last day is ..." without "my", a lower-case month before its day's ordinal
        (("Ada: I work at Corrib Insurance", "Ada: handed my notice in. last day is march 29th"),
         "WORKS_AT", "Corrib Insurance", None, "2024-03-29"),
        (("Gio: we live in Varese since '18",), "LIVES_IN", "Varese", "2018-01-01", None),
        # the job left in deed, on the day told
        (("Ji: I work at Pemberton Freight", "Ji: handed back my lanyard on friday"),
         "WORKS_AT", "Pemberton Freight", None, "2024-01-12"),
        # a statement before a tag asking for agreement is told
        (("Ha: I work at the Dovecote Cafe", "Ha: I left the Dovecote Cafe in 2023, remember?"),
         "WORKS_AT", "Dovecote Cafe", None, "2023-01-01"),
        # a kind of drug ends the one of that kind held
        (("Li: the GP put me on amoxicillin", "Li: finished the antibiotics today"),
         "TAKES_MEDICATION", "amoxicillin", None, "2024-01-15"),
        (("Femke: We came home with a tabby kitten",), "HAS_PET", "kitten", "said", None),
        (("Mo: not vegan anymore. veggie now",), "FOLLOWS_DIET", "veggie", "said", None),
    ],
)  # fmt: skip
def test_a_fact_told_in_passing_is_read_with_its_dates(
    turns: tuple[str, ...], relation: str, target: str, valid: str | None, invalid: str | None
) -> None:
    want = (_day(valid) if valid else None, _day(invalid) if invalid else None)
    assert want in _dates(turns, relation, target), run(*turns).facts


def test_a_pet_of_a_named_breed_and_its_going_to_a_rescue() -> None:
    told = "Dani: our african grey Pippin learned to whistle"
    assert (REF, None) in _dates((told,), "HAS_PET", "Pippin")
    gone = "Dani: Pippin went to the Hollybank rescue on Sunday"
    assert (None, _day("2024-01-14")) in _dates((told, gone), "HAS_PET", "Pippin")


def test_a_correction_cue_said_alone_opens_the_next_sentence() -> None:
    assert joined_cues("oops, wrong one! it's codeine") == "oops, wrong one, it's codeine"
    assert joined_cues("No. I live in Leeds.") == "No. I live in Leeds."  # an answer, no cue
    facts = run(
        "Bo: I'm allergic to ibuprofen", "Bo: oops, wrong one! it's codeine I'm allergic to"
    ).facts
    ended = {f.target for f in facts if f.invalid_at is not None and f.valid_at is None}
    held = {f.target for f in facts if f.invalid_at is None}
    assert "allergic to ibuprofen" in ended and "allergic to codeine" in held, facts


def test_news_a_person_tells_of_themself_is_theirs() -> None:
    facts = run("Nell: my cousin told me she is moving to Galway in March").facts
    assert ("Nell's cousin", "LIVES_IN", "Galway") in {
        (f.source, f.relation, f.target) for f in facts
    }


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("off work til monday", "until"),
        ("working there till the end of the season, 12 april", "until"),
        ("on the unlimited plan from next bill, 1 Nov", "since"),
    ],
)
def test_a_day_takes_the_role_of_the_words_it_restates(text: str, role: str) -> None:
    assert [t.role for t in find_time_expressions(text, REF)] == [role]
