"""The rule extractor's time expressions: found first, then resolved against t_ref."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.text.dates import find_time_expressions, speaks_of_future
from tests.rules_support import run

# Monday 15 January 2024, 14:00 UTC
REF = datetime(2024, 1, 15, 14, 0, tzinfo=UTC)


def day(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


PAST_AND_PRESENT = [
    ("I left Google yesterday.", "yesterday", "2024-01-14"),
    ("I start today.", "today", "2024-01-15"),
    ("We meet tonight.", "tonight", "2024-01-15"),
    ("I ran this morning.", "this morning", "2024-01-15"),
    ("I slept badly last night.", "last night", "2024-01-14"),
    ("It was the day before yesterday.", "the day before yesterday", "2024-01-13"),
    ("I left Google last week.", "last week", "2024-01-08"),
    ("I moved last month.", "last month", "2023-12-15"),
    ("I graduated last year.", "last year", "2023-01-15"),
    ("We hiked last weekend.", "last weekend", "2024-01-13"),
    ("I went to Spain last summer.", "last summer", "2023-06-01"),
    ("I saw her last Friday.", "last Friday", "2024-01-12"),
    ("I joined last Tues.", "last Tues", "2024-01-09"),
    ("I called two days ago.", "two days ago", "2024-01-13"),
    ("I started 3 weeks ago.", "3 weeks ago", "2023-12-25"),
    ("It broke a couple of months ago.", "a couple of months ago", "2023-11-15"),
    ("I met him a few years ago.", "a few years ago", "2021-01-15"),
    ("I began about five years ago.", "about five years ago", "2019-01-15"),
    ("I moved there in 2023.", "in 2023", "2023-01-01"),
    ("I moved there in May 2023.", "in May 2023", "2023-05-01"),
    ("It happened on 8 May, 2023.", "on 8 May, 2023", "2023-05-08"),
    ("It happened on May 8th.", "on May 8th", "2023-05-08"),
    ("It happened on 2023-05-08.", "2023-05-08", "2023-05-08"),
    ("It happened on 5/8/2023.", "5/8/2023", "2023-05-08"),  # US order
    ("The printer jams since Monday.", "since Monday", "2024-01-08"),
    ("I have lived here since 2019.", "since 2019", "2019-01-01"),
    ("I got married in March.", "in March", "2023-03-01"),
    ("I got married in the summer of 2020.", "the summer of 2020", "2020-06-01"),
]

FUTURE = [
    ("I start next week.", "next week", "2024-01-22"),
    ("I move next month.", "next month", "2024-02-15"),
    ("We meet next Thursday.", "next Thursday", "2024-01-25"),  # Thursday of next week
    ("We meet this Thursday.", "this Thursday", "2024-01-18"),
    ("I'll see you tomorrow.", "tomorrow", "2024-01-16"),
    ("The trip is in 3 days.", "in 3 days", "2024-01-18"),
    ("We go camping this weekend.", "this weekend", "2024-01-20"),
    ("I will call on Friday.", "on Friday", "2024-01-19"),
]


@pytest.mark.parametrize(("sentence", "expression", "expected"), PAST_AND_PRESENT + FUTURE)
def test_expressions_resolve_against_the_reference_time(
    sentence: str, expression: str, expected: str
) -> None:
    found = find_time_expressions(sentence, REF)
    assert len(found) == 1, found
    assert expression.lower() in found[0].text.lower()
    assert found[0].when == day(expected)
    assert found[0].when.tzinfo is not None


def test_a_time_of_day_is_kept() -> None:
    (found,) = find_time_expressions("Let's meet tomorrow at 3pm.", REF)
    assert found.when == datetime(2024, 1, 16, 15, 0, tzinfo=UTC)


def test_iso_instants_keep_their_offset() -> None:
    (found,) = find_time_expressions("Logged at 2024-01-10T09:30:00+02:00.", REF)
    assert found.when == datetime(2024, 1, 10, 7, 30, tzinfo=UTC)


def test_hours_ago_keep_the_time() -> None:
    (found,) = find_time_expressions("It crashed 2 hours ago.", REF)
    assert found.when == datetime(2024, 1, 15, 12, 0, tzinfo=UTC)


def test_roles_since_and_until() -> None:
    since, until = find_time_expressions("I worked there from 2018 to 2020.", REF)
    assert (since.role, since.when) == ("since", day("2018-01-01"))
    assert (until.role, until.when) == ("until", day("2020-01-01"))
    (only,) = find_time_expressions("I lived there until March 2020.", REF)
    assert (only.role, only.when) == ("until", day("2020-03-01"))


def test_a_bare_weekday_is_past_unless_the_sentence_looks_ahead() -> None:
    (past,) = find_time_expressions("I saw him on Friday.", REF)
    assert past.when == day("2024-01-12")
    (ahead,) = find_time_expressions("I will see him on Friday.", REF)
    assert ahead.when == day("2024-01-19")
    assert speaks_of_future("I'm going to call her")
    assert not speaks_of_future("I called her")


@pytest.mark.parametrize(
    "sentence",
    [
        "We should talk more.",  # "We" is not Wednesday
        "May I ask you something?",  # the modal, not the month
        "I play tennis every Sunday.",  # a habit, not a date
        "I worked there for 5 years.",  # a duration, not a date
        "It was the last time I saw him.",
        "She turned 30 years old.",
        "I have 2 dogs and 3 cats.",
        "Pottery is on Thursday evenings.",  # a day that recurs, as "every Thursday"
        "On Monday mornings I run.",
        "I talked to June about it.",  # "to" a month is a day only of a move or a span
    ],
)
def test_words_that_are_not_dates(sentence: str) -> None:
    assert find_time_expressions(sentence, REF) == []


def test_an_impossible_day_falls_back_to_its_month() -> None:
    (found,) = find_time_expressions("on 31 February 2023", REF)
    assert (found.text, found.when) == ("February 2023", day("2023-02-01"))


def test_expressions_come_left_to_right_without_overlap() -> None:
    found = find_time_expressions("Yesterday I called, and next week I fly; since 2019 I run.", REF)
    assert [f.text for f in found] == ["Yesterday", "next week", "since 2019"]


LASTED = [
    ("Jonas: I've been at Bosch for three years now", "for three years", "2021-01-15"),
    ("my aunt has lived in Galway for about a decade", "for about a decade", "2014-01-15"),
    ("been with Marco for 8 months, he's lovely", "for 8 months", "2023-05-15"),
    ("I've had this knee thing for a couple of weeks", "for a couple of weeks", "2024-01-01"),
]


@pytest.mark.parametrize(("sentence", "phrase", "expected"), LASTED)
def test_a_duration_up_to_now_dates_the_start(sentence: str, phrase: str, expected: str) -> None:
    """A present perfect and "for N units": the state began N units before the message."""
    (found,) = find_time_expressions(sentence, REF)
    assert (found.text, found.when, found.role) == (phrase, day(expected), "since")


@pytest.mark.parametrize(
    "sentence",
    [
        "We were in Crete for two weeks, it was lovely",  # a trip, over
        "I'm flying to Oslo for three days",  # a plan
        "I haven't had a drink for a month",  # a denial: no start of a state
        "we stayed at my mum's for a week, then drove home",
        # round 29: a count of things within a while is a rate, no day ahead
        "work is killing me, three launches in one month",
        "lost 5 kg in a month",
        "read 20 books in a year",
    ],
)
def test_a_duration_outside_a_perfect_is_no_date(sentence: str) -> None:
    assert find_time_expressions(sentence, REF) == []


def test_a_last_night_shift_is_the_final_shift_and_its_day_is_ahead() -> None:
    """Round 29: "my last night shift" names the final shift, no yesterday; the day it is on
    ends the job ahead."""
    (found,) = find_time_expressions("Last night shift is on the 30th.", REF)
    assert found.text == "on the 30th" and found.role == "end" and found.when > REF
    (yesterday,) = find_time_expressions("went out last night", REF)
    assert yesterday.when < REF


def test_a_day_opening_a_name_after_the_is_no_day() -> None:
    """Round 29: "the Thursday Readers" is a book club, "on the Thursday before" a day."""
    assert find_time_expressions("I've left the Thursday Readers.", REF) == []
    assert find_time_expressions("we met on the Thursday before", REF) != []


def test_a_while_ahead_with_no_count_before_it_is_a_day_ahead() -> None:
    (found,) = find_time_expressions("I start in one month", REF)
    assert found.when > REF


def test_a_state_that_has_lasted_starts_that_long_ago() -> None:
    """The fact of "has lived in Bergen for 5 years" holds since five years before."""
    facts = run("Kemal: I have lived in Bergen for 5 years").facts
    (home,) = [f for f in facts if f.relation == "LIVES_IN"]
    assert (home.target, home.valid_at) == ("Bergen", day("2019-01-15"))
    facts = run("Kemal: my sister has worked at Ikea for six months").facts
    (job,) = [f for f in facts if f.relation == "WORKS_AT"]
    assert (job.target, job.valid_at) == ("Ikea", day("2023-07-15"))


HOLIDAYS = [
    ("I haven't vaped since New Year's", "New Year's", "2024-01-01"),
    ("we moved in over Christmas", "Christmas", "2023-12-25"),
    ("she got engaged on valentine's day", "valentine's day", "2023-02-14"),
    ("we adopted him around Halloween", "Halloween", "2023-10-31"),
    ("it's been hectic since Easter", "Easter", "2023-04-09"),
]


@pytest.mark.parametrize(("sentence", "holiday", "expected"), HOLIDAYS)
def test_a_holiday_after_a_preposition_is_its_day(
    sentence: str, holiday: str, expected: str
) -> None:
    (found,) = find_time_expressions(sentence, REF)
    assert found.text.endswith(holiday) and found.when == day(expected)


@pytest.mark.parametrize(
    "sentence",
    ["happy new year!!", "new year new me", "I bought christmas cookies for the office",
     "the recipe for halloween candy apples"],
)  # fmt: skip
def test_a_holiday_named_in_passing_is_no_date(sentence: str) -> None:
    assert find_time_expressions(sentence, REF) == []


@pytest.mark.parametrize(
    ("text", "new", "start"),
    [
        ("Ana: I worked at Intel until 2019, then joined AMD", "AMD", "2019-01-01"),
        ("Ana: I was at Intel until March, and then I moved to Leeds", "Leeds", "2023-03-01"),
        (
            "Ana: I lived in Bari from 2010 to 2016, and then I moved to Turin",
            "Turin",
            "2016-01-01",
        ),
    ],
)
def test_a_state_chained_with_then_starts_where_the_one_before_ended(
    text: str, new: str, start: str
) -> None:
    (fact,) = [f for f in run(text).facts if f.target == new]
    assert fact.valid_at == day(start)


def test_a_state_after_then_without_an_end_before_keeps_its_own_date() -> None:
    (fact,) = [f for f in run("Ana: I joined Intel in 2019, then moved to Leeds").facts
               if f.target == "Leeds"]  # fmt: skip
    assert fact.valid_at != day("2019-01-01")


@pytest.mark.parametrize(
    ("sentence", "expression", "expected"),
    [
        ("Nadia and I have been together since like September", "since like September",
         "2023-09-01"),
        ("I've kept bees since about 2019", "since about 2019", "2019-01-01"),
        ("we moved out there in like 2016", "in like 2016", "2016-01-01"),
        ("been vegan since maybe early 2021", "since maybe early 2021", "2021-01-01"),
        ("it's closed from roughly the 3rd", "from roughly the 3rd", "2024-01-03"),
    ],
)  # fmt: skip
def test_a_word_saying_a_time_is_rough_leaves_the_time_read(
    sentence: str, expression: str, expected: str
) -> None:
    """Round 28: a hedge between a preposition and its time ("since like September")
    hid the time; a state told so took the sentence's other date."""
    (found,) = find_time_expressions(sentence, REF)
    assert (found.text, found.when) == (expression, day(expected))


def test_a_day_counted_from_this_year_is_read_with_its_year() -> None:
    (found,) = find_time_expressions("the christening is 14 June next year", REF)
    assert found.when == day("2025-06-14")
    (found,) = find_time_expressions("we married on the 2nd of March last year", REF)
    assert found.when == day("2023-03-02")


@pytest.mark.parametrize(
    "sentence",
    [
        "Your physio session on 24 January has been cancelled",
        "I booked the ferry for January 30th",
        "they rescheduled my scan from 19 January",
    ],
)
def test_a_day_of_the_coming_weeks_told_in_the_past_tense_stays_ahead(sentence: str) -> None:
    """Round 28: a past tense sent a day named a week ahead a year back."""
    (found,) = find_time_expressions(sentence, REF)
    assert found.when.year == 2024 and found.when > REF


def test_a_day_long_past_told_in_the_past_tense_is_last_years() -> None:
    (found,) = find_time_expressions("I started there on 20 March", REF)
    assert found.when == day("2023-03-20")
    (found,) = find_time_expressions(
        "we had a party at Christmas", datetime(2024, 12, 10, tzinfo=UTC)
    )
    assert found.when == day("2023-12-25")  # a holiday is not a day of the coming weeks


def test_since_then_points_at_the_day_an_earlier_sentence_told() -> None:
    """Round 28: "since then" in a sentence after the one that named the day was read as
    no date, and the state began when it was said."""
    facts = run("Ayo: Mrs Bello retired in March. My supervisor since then is Mr Eze").facts
    (fact,) = [f for f in facts if f.target == "Mr Eze"]
    assert fact.valid_at == day("2023-03-01")


def test_the_day_a_plan_is_moved_from_is_no_day_of_it() -> None:
    """Round 28: "moved from 24 January to 8 February" was read as a span: the plan held
    from the old day until the new one."""
    found = find_time_expressions("my MRI has been moved from 24 January to 8 February", REF)
    assert [(t.when, t.role) for t in found] == [(day("2024-02-08"), "at")]
    since, until = find_time_expressions("I worked there from 2018 to 2020.", REF)
    assert (since.role, until.role) == ("since", "until")


def test_a_dash_set_off_by_spaces_parts_the_tense_of_its_clauses() -> None:
    """Round 28: "Got it - you start on 10 February": the "got" of the aside sent the start
    a year back."""
    (found,) = find_time_expressions("Got it - you start at Bellfield on 10 March.", REF)
    assert found.when == day("2024-03-10")


def test_a_day_with_one_part_of_it_is_that_day_and_the_part_told_twice_recurs() -> None:
    """Round 50: "Tuesday evenings from 16 September" dated the course by the Tuesday gone
    by; a weekday with a plural part of the day recurs, and the start is the day told."""
    (one,) = find_time_expressions("See you Tuesday evening.", REF)
    assert one.when.date().isoformat() == "2024-01-16"
    (start,) = find_time_expressions("Tuesday evenings from 16 September, ten lessons.", REF)
    assert (start.text, start.when.strftime("%m-%d"), start.role) == (
        "from 16 September",
        "09-16",
        "since",
    )


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Japan moves to November.", "2024-11-01"),
        ("The wedding got pushed to March.", "2024-03-01"),
        ("They postponed the audit to December.", "2024-12-01"),  # ahead, not the one gone by
    ],
)
def test_the_month_a_thing_is_moved_to_is_read_and_lies_ahead(sentence: str, expected: str) -> None:
    """Round 50: "to <month>" was a month only closing "from May to June" (a name: "talked
    to June"); after a verb that moves a thing in time it is the month it moves to, ahead."""
    (moved,) = find_time_expressions(sentence, REF)
    assert moved.when.date().isoformat() == expected


@pytest.mark.parametrize(
    ("sentence", "went", "back"),
    [
        ("Flying out on the 20th, back on the 3rd.", "2024-01-20", "2024-02-03"),
        ("Leaving on Saturday and back on Tuesday.", "2024-01-20", "2024-01-23"),
        ("We fly on 28 December, back on 4 January.", "2024-12-28", "2025-01-04"),
    ],
)
def test_a_return_told_after_the_day_one_goes_lies_after_it(
    sentence: str, went: str, back: str
) -> None:
    """Round 50: the day of a return picked alone ("back on the 3rd", said on 15 January)
    was the 3rd gone by, before the day one leaves; it is the next such day after it."""
    out, home = find_time_expressions(sentence, REF)
    assert (out.when.date().isoformat(), home.when.date().isoformat()) == (went, back)
    assert home.role == "until"


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("I start on the first of next month.", "2024-02-01"),
        ("From the twenty-first of this month I'm on nights.", "2024-01-21"),
        ("The audit is Thursday next week.", "2024-01-25"),
        ("Next week Thursday I have the dentist.", "2024-01-25"),
        ("I saw her on Friday last week.", "2024-01-12"),
    ],
)
def test_a_day_of_a_month_or_week_named_by_its_place_in_it(sentence: str, expected: str) -> None:
    """Round 50: "the first of next month" read only "next month" (a month on from now), and
    "Thursday next week" the coming Thursday of this week."""
    (told,) = find_time_expressions(sentence, REF)
    assert told.when.date().isoformat() == expected


@pytest.mark.parametrize(
    ("sentence", "until"),
    [
        ("I'm off work for the next two weeks.", "2024-01-29"),
        ("I'm staying with my sister for the next month.", "2024-02-15"),
        ("I'm covering the Leeds desk for another week.", "2024-01-22"),
    ],
)
def test_a_length_counted_from_now_ends_the_state_that_long_on(sentence: str, until: str) -> None:
    """Round 50: "for the next two weeks" and "for another week" (no count: one) count from
    now, as "for two more weeks" did; a bare "for two weeks" still says no start."""
    (end,) = find_time_expressions(sentence, REF)
    assert (end.role, end.when.date().isoformat()) == ("until", until)
    assert find_time_expressions("I'm off work for two weeks.", REF) == []


def test_a_month_then_its_days_after_a_comma_is_a_span() -> None:
    """Round 50: "Japan moves to November, 9 to 23" read only the month; "in June, 3 of us
    went" names no day."""
    went, back = find_time_expressions("Japan moves to November, 9 to 23.", REF)
    assert (went.when.date().isoformat(), went.role) == ("2024-11-09", "since")
    assert (back.when.date().isoformat(), back.role) == ("2024-11-23", "until")
    assert [t.text for t in find_time_expressions("In June, 3 of us went.", REF)] == ["In June"]
