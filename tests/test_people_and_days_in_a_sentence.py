"""Who a sentence's people are and which days it tells (round 25): an ex is no
partner now, a pronoun stands for someone named before it, a titled name set off by a comma
after a person's role names that person, a day's ordinal written the German way ("1.
September") is a day, and "for two more weeks" ends a state. Sentences written for this
test."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors.rules.analysis.vocatives import is_vocative
from tests.real_embedder import read_facts
from tests.rules_support import found, run

_PARTNERS = ("DATING", "ENGAGED_TO", "MARRIED_TO")


@pytest.mark.local_model
def test_an_ex_s_news_gives_the_speaker_no_partner() -> None:
    facts = read_facts(["Farhan: weird day. found out my ex Samira got engaged, good for her"])
    assert not [f for f in facts if f[1] in _PARTNERS and f[2] == "Samira" and not f[3]]


@pytest.mark.local_model
def test_a_new_doctor_named_after_the_old_one_retired() -> None:
    facts = read_facts([
        "Gosia: My family doctor was Dr. Wierzbicki for 20 years, but he retired in January, "
        "so now I have new doctor, a young lady, Dr. Nnamdi."
    ])  # fmt: skip
    assert ("Gosia", "ROLE_HELD_BY", "Dr. Nnamdi", False) in facts
    assert ("Gosia", "ROLE_HELD_BY", "Dr. Wierzbicki", True) in facts  # "was ... for 20 years"
    assert ("Dr. Nnamdi", "HAS_JOB_TITLE", "retired", False) not in facts


def test_a_pronoun_stands_for_no_one_named_after_it() -> None:
    text = "Gosia: My coach was Tom Hale, but he retired, so now I train with Dr. Nnamdi."
    got = found(run(text))
    assert not [g for g in got if g[0] == "Dr. Nnamdi" and g[1] == "HAS_JOB_TITLE"]


@pytest.mark.parametrize(
    ("sentence", "name", "vocative"),
    [
        ("so now I have new doctor, a young lady, Dr. Nnamdi.", "Dr. Nnamdi", False),
        ("our landlord is new this year, Mr Achterberg.", "Mr Achterberg", False),
        ("I've been seeing a lovely guy, Tomasz.", "Tomasz", False),
        ("That's so sad, Dr. Nnamdi.", "Dr. Nnamdi", True),  # no role told: she is addressed
        ("Thanks so much, Tomasz.", "Tomasz", True),
    ],
)
def test_a_name_set_off_after_a_person_is_that_person(
    sentence: str, name: str, vocative: bool
) -> None:
    start = sentence.index(name)
    got = is_vocative(sentence, start, start + len(name), person=False, listener=False)
    assert got is vocative


def test_a_day_s_ordinal_written_with_a_full_stop_is_a_day() -> None:
    facts = {f.target: f for f in run(
        "Dietmar: Since 1. September I am not anymore employed at Brauwerk, I work now as a "
        "freelance sound engineer."
    ).facts}  # fmt: skip
    assert facts["freelance sound engineer"].valid_at == datetime(2023, 9, 1, tzinfo=UTC)


def test_a_duration_counted_from_now_ends_the_state_of_its_clause() -> None:
    """ "for two more weeks" ends the sous chef's job two weeks after it was said; the next
    clause's own start is not counted from."""
    facts = {f.target: f for f in run(
        "Zainab: I'm sous chef at Pelham Grill for two more weeks, then starting March 1 "
        "I'm the new head chef at Sorrel & Ash!"
    ).facts}  # fmt: skip
    assert facts["Pelham Grill"].invalid_at == datetime(2024, 1, 29, tzinfo=UTC)
    assert facts["Sorrel & Ash"].invalid_at is None
    got = {f.target: f for f in run("Zainab: I was at Pelham Grill for two more weeks").facts}
    assert all(f.invalid_at is None for f in got.values())  # told in the past: no end ahead
