"""Facts dated by the day the text gives, not by when it was said (issue 20, item 6): an
ending told ahead keeps the value current until then ("my contract ends on 31 March"); a
held job, home or membership ended by its kind only ("my last day is 30 November"); a plan
of a relation dated on the day ahead its clause names; a message about an earlier time that
leaves the newer value current. Sentences written for this test, in several voices, through
the default path's extractor and ``Memory`` on the real default encoder."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from chronomem.model import Episode, EpisodeSource, Fact
from tests.real_embedder import (
    SAID_AT,
    current_names,
    facts_about,
    read_facts,
    real_embedder,
    rule_extractor,
    target_name,
    told_memory,
)

pytestmark = pytest.mark.local_model


def _dated(turns: list[str], relation: str) -> dict[str, tuple[date | None, date | None]]:
    """The last turn's facts of ``relation``: target -> (valid_at, invalid_at) days."""
    episodes = [
        Episode(f"e{i}", "g", text, EpisodeSource.MESSAGE, SAID_AT + timedelta(minutes=i), SAID_AT)
        for i, text in enumerate(turns)
    ]
    found = rule_extractor(True).extract(episodes[-1], episodes[:-1])
    return {
        f.target: (
            f.valid_at.date() if f.valid_at else None,
            f.invalid_at.date() if f.invalid_at else None,
        )
        for f in found.facts
        if f.relation == relation
    }


def test_an_employment_told_to_end_ahead_is_no_start() -> None:
    # formal: the date is the end of the job, not its start (main read a job from 31 March)
    dated = _dated(["Jonas: My employment with Siemens ends on 31 March."], "WORKS_AT")
    start, end = dated["Siemens"]
    assert end == date(2025, 3, 31)
    assert start is None or start <= SAID_AT.date()


@pytest.mark.parametrize(
    ("turns", "relation", "held", "day"),
    [
        # texting: the job is never named in the turn that ends it
        (["Kim: I work at Acme", "Kim: handed in my notice, my last day is 30 November"],
         "WORKS_AT", "Acme", date(2025, 11, 30)),
        # rambling: a lease running out ends the home
        (["Mo: I live in Leith",
          "Mo: our lease runs out end of june so flat hunting again, send help"],
         "LIVES_IN", "Leith", date(2025, 6, 30)),
        # English as a second language: a membership that finishes
        (["Lars: I am member of the chess club in Oslo.",
          "Lars: My membership finish on 31 March, I don't renew it."],
         "MEMBER_OF", "chess club", date(2025, 3, 31)),
    ],
)  # fmt: skip
def test_a_kind_ending_ahead_ends_the_held_value_then(
    turns: list[str], relation: str, held: str, day: date
) -> None:
    assert _dated(turns, relation).get(held) == (None, day)


@pytest.mark.parametrize(
    ("turns", "relation", "held", "day"),
    [
        # English as a second language: a membership told over, the club named by a word
        (["Wen: I am member of Harbourside Rowing Club since 2022.",
          "Wen: My membership of Harbourside finished on 1 March, I did not renew it."],
         "MEMBER_OF", "Harbourside Rowing Club", date(2025, 3, 1)),
        # formal: a letter names the title that ends, never told before
        (["Marguerite: My current position of Claims Handler will cease on 31 May 2025."],
         "HAS_JOB_TITLE", "Claims Handler", date(2025, 5, 31)),
        # texting: a reply with no verb dates the job's end by its last shift
        (["Roisin: I work at Bean There", "Roisin: last shift at Bean There on the 28th, yes"],
         "WORKS_AT", "Bean There", date(2025, 2, 28)),
    ],
)  # fmt: skip
def test_a_held_value_told_over_on_its_day_ends_then(
    turns: list[str], relation: str, held: str, day: date
) -> None:
    assert _dated(turns, relation).get(held) == (None, day)


def test_a_home_moved_into_there_starts_on_its_day() -> None:
    # English as a second language: the home in one sentence, "I move there" in the next
    turns = [
        "Lan: I find new place finally. Near the river, Quayside Court, flat 6B. "
        "I move there 1st June."
    ]
    assert _dated(turns, "LIVES_IN").get("Quayside Court") == (date(2025, 6, 1), None)


def test_a_home_left_on_a_day_leaves_the_home_told_after_it_open() -> None:
    # texting: the day Coventry was left is when Nottingham began ("ever since"), no end of it
    turns = [
        "Harvinder: moved out of my parents' place in Coventry back in 2019, been renting "
        "in Nottingham ever since, Lenton mostly"
    ]
    homes = _dated(turns, "LIVES_IN")
    assert homes["Coventry"] == (None, date(2019, 1, 1))
    assert homes["Nottingham"] == (date(2019, 1, 1), None)


def test_a_home_before_the_one_held_since_a_day_ended_that_day() -> None:
    # English as a second language: "before I was in Budapest" ends where Győr began
    turns = [
        "Kristof: I work at Danubia Freight since 2019. I live in Győr since the spring, "
        "before I was in Budapest, too expensive now."
    ]
    homes = _dated(turns, "LIVES_IN")
    assert homes["Győr"] == (date(2025, 3, 1), None)
    assert homes["Budapest"] == (None, date(2025, 3, 1))


def test_a_job_got_is_its_title_without_the_word_job() -> None:
    # group chat: "the assistant editor job" is the title "assistant editor", from its start
    turns = ["Roisin: GUYS. I got the assistant editor job at Halcyon Books 📚 start 3rd April"]
    assert _dated(turns, "HAS_JOB_TITLE") == {"assistant editor": (date(2025, 4, 3), None)}


def test_a_kind_ending_past_names_nothing_the_words_do_not_name() -> None:
    # "my membership" of another club, in the past: the held club is not the one ended
    turns = [
        "Wen: I am member of Harbourside Rowing Club since 2022.",
        "Wen: My membership of the tennis club finished on 1 March, years ago now.",
    ]
    assert "Harbourside Rowing Club" not in _dated(turns, "MEMBER_OF")


def test_a_kind_ending_names_nothing_when_two_are_held() -> None:
    turns = [
        "Kim: I work at Acme and I also work at Bolt on weekends",
        "Kim: my last day is 30 November",
    ]
    assert _dated(turns, "WORKS_AT") == {}


def test_a_planned_move_out_keeps_the_home_until_then() -> None:
    turns = ["Zoe: i live in brighton", "Zoe: moving out of brighton end of may, cant wait"]
    assert _dated(turns, "LIVES_IN")["Brighton"] == (None, date(2025, 5, 31))


def test_a_plan_of_a_job_is_read_with_its_day() -> None:
    # texting: only the learned reader reads the job in "joining X"; it starts in two weeks
    turns = ["Kai: i'm joining Monzo in two weeks"]
    assert ("Kai", "WORKS_AT", "Monzo", False) in read_facts(turns, learned=True)
    assert _dated(turns, "WORKS_AT")["Monzo"] == (date(2025, 3, 26), None)


def test_a_plan_without_a_day_ahead_stays_out() -> None:
    turns = ["Kai: i'm thinking about joining Monzo at some point"]
    assert not any(f[1] == "WORKS_AT" for f in read_facts(turns, learned=True))


def _held(memory_facts: list[Fact], when: str) -> list[Fact]:
    at = datetime.fromisoformat(when).replace(tzinfo=UTC)
    return [
        f
        for f in memory_facts
        if (f.valid_at is None or f.valid_at <= at) and (f.invalid_at is None or f.invalid_at > at)
    ]


def test_a_message_about_an_earlier_move_leaves_the_newer_home_current() -> None:
    story = [
        ("2024-04-01T12:00:00", "Bo: I moved to Oslo in March"),
        ("2024-04-02T12:00:00", "Bo: oh and before that, in January, I had moved to Bergen"),
    ]
    with told_memory(real_embedder(), story) as memory:
        homes = facts_about(memory, "Bo", "LIVES_IN")
        now = current_names(memory, homes)
        february = {target_name(memory, f) for f in _held(homes, "2024-02-01")}
    assert now == {"Oslo"}
    assert february == {"Bergen"}


@pytest.mark.parametrize(
    ("turn", "relation", "target", "day"),
    [
        # texting: a partner named in passing, the couple's own span after it
        ("Gus: my boyfriend Sam and I have been together 3 years", "DATING", "Sam",
         date(2022, 3, 12)),
        # formal: a child named in passing, dated by the birth the sentence tells
        ("Ned: My daughter Lily was born on 3 March 2022.", "FAMILY_OF", "Lily",
         date(2022, 3, 3)),
    ],
)  # fmt: skip
def test_a_tie_told_in_passing_takes_the_span_its_sentence_tells(
    turn: str, relation: str, target: str, day: date
) -> None:
    assert _dated([turn], relation)[target] == (day, None)


def test_a_tie_told_in_passing_keeps_the_telling_for_another_span() -> None:
    # the sister's tie is not as old as her stay in Paris
    dated = _dated(["Ana: my sister Eva has lived in Paris since 2019"], "FAMILY_OF")
    assert dated["Eva"] == (SAID_AT.date(), None)


def test_back_from_a_place_ends_the_stay_there() -> None:
    # texting: a week's stay read as a home, then back from it
    story = [
        ("2024-04-10T12:00:00", "Gia: I'm in Rome this week for work"),
        ("2024-04-15T12:00:00", "Gia: back from Rome, exhausted"),
    ]
    with told_memory(real_embedder(), story) as memory:
        stays = facts_about(memory, "Gia", "LIVES_IN")
        current = current_names(memory, stays)
    assert stays and "Rome" not in current


def test_back_in_a_place_ends_nothing() -> None:
    story = [
        ("2024-04-10T12:00:00", "Gia: I live in Rome"),
        ("2024-04-15T12:00:00", "Gia: back in Rome, the Oslo trip was great"),
    ]
    with told_memory(real_embedder(), story) as memory:
        stays = facts_about(memory, "Gia", "LIVES_IN")
        current = current_names(memory, stays)
    assert "Rome" in current
