"""The text's own dates, read as the closed class they are: parts of a month, months typed in
lower case after a date word, spans "from ... to ...", ordinal words, a month before its
day, "N weeks back", a timetable's present ("I start Monday") and the day an ending verb
names ("my contract ends on 31 March"). Sentences written for this test, in several voices
(texting, formal, English as a second language)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.text.dates import find_time_expressions

# Wednesday 10 April 2024, noon UTC
WEDNESDAY = datetime(2024, 4, 10, 12, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str]]:
    """(day, role) of every time expression of ``text``, said on :data:`WEDNESDAY`."""
    return [(t.when.date().isoformat(), t.role) for t in find_time_expressions(text, WEDNESDAY)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a part of a month names its day, whatever the case of the month
        ("we're moving to Bergen mid-June", [("2024-06-15", "at")]),
        ("flying out late june, home again mid-august", [("2024-06-20", "at"),
                                                        ("2024-08-15", "at")]),
        ("need to be out by the end of may", [("2024-05-31", "at")]),
        # a lower-case "march"/"may" after a number or a span word is the month
        ("From 1 march I will be at the Hamburg office.", [("2025-03-01", "since")]),
        ("since 3 may i have been vegan", [("2023-05-03", "since")]),
        # a span said in the past: both ends in the same, past year
        ("from march to june i lived in rome", [("2023-03-01", "since"), ("2023-06-01", "until")]),
        ("Between 2019 and 2021 I was employed by Aviva.", [("2019-01-01", "since"),
                                                            ("2021-01-01", "until")]),
        # ordinal words and a month before "the Nth"
        ("I shall take up the post on the first of September.", [("2024-09-01", "at")]),
        ("Her wedding is on the twenty-first of June.", [("2024-06-21", "at")]),
        ("The course begins on September the 1st.", [("2024-09-01", "at")]),
        # "back" as "ago", but not "back at work"
        ("quit smoking two years back", [("2022-04-10", "at")]),
        ("I'm two weeks back at work now", []),
        # a part of a year, a span of years by their parts, "the past N units"
        ("Since early 2020 I am working at Aldi.", [("2020-01-01", "since")]),
        ("we moved to leeds in late 2019", [("2019-10-01", "at")]),
        ("late 2019 to early 2021 i lived in oslo", [("2019-10-01", "since"),
                                                     ("2021-01-01", "until")]),
        ("by the end of 2023 it was over", [("2023-12-31", "at")]),
        ("For the past two years I have worked at Aldi.", [("2022-04-10", "since")]),
        ("in the new year I start at Bosch", [("2025-01-01", "at")]),
        # a season after "by"/"since"
        ("we want a flat by the summer", [("2024-06-01", "at")]),
    ],
)  # fmt: skip
def test_a_date_of_any_form_is_read(text: str, expected: list[tuple[str, str]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("new job!! I start Monday", "2024-04-15"),  # texting
        ("The lease finishes Friday.", "2024-04-12"),
        ("I begin the new work at Monday, I am very nervous", "2024-04-15"),  # non-native
    ],
)
def test_a_timetable_present_looks_ahead(text: str, day: str) -> None:
    assert [d for d, _ in _read(text)] == [day]


@pytest.mark.parametrize(
    "text",
    ["that was my LAST night shift at the hospital", "his last week at Acme was chaos",
     "our very last weekend in the old flat"],
)  # fmt: skip
def test_last_after_a_possessive_is_the_final_one_not_a_date(text: str) -> None:
    """Round 23: "my last night shift" was read as "last night"."""
    assert _read(text) == []
    assert _read("I worked last night") == [("2024-04-09", "at")]


@pytest.mark.parametrize(
    ("text", "day"),
    [("ten months without a single cigarette", "2023-06-10"), ("6 months sober, feels good",
      "2023-10-10"), ("3 weeks smoke-free and counting", "2024-03-20")],
)  # fmt: skip
def test_how_long_one_has_gone_without_counts_back_to_the_change(text: str, day: str) -> None:
    """Round 23: "ten months without a cigarette" was no date (the ending took the day said)."""
    assert _read(text) == [(day, "at")]


def test_a_habit_and_a_past_stay_behind() -> None:
    assert _read("I started Monday") == [("2024-04-08", "at")]
    assert _read("I usually leave early on Monday") == [("2024-04-08", "at")]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("My employment with Siemens ends on 31 March 2025.", "2025-03-31"),  # formal
        ("my last day at Acme is 30 November", "2024-11-30"),
        ("moving out of brighton end of may, cant wait", "2024-05-31"),  # texting
        ("My membership finish on 31 May, I don't renew it.", "2024-05-31"),  # non-native
        ("our lease runs out on the 30th", "2024-04-30"),
    ],
)
def test_an_ending_verb_makes_its_date_an_end(text: str, day: str) -> None:
    assert _read(text) == [(day, "end")]


def test_ending_up_somewhere_is_no_end() -> None:
    assert _read("I ended up in Lisbon in 2019") == [("2019-01-01", "at")]


def test_a_date_set_off_by_commas_takes_the_sentence_tense() -> None:
    # "moved to" is also a reschedule's cue ("moved to Thursday"): the sentence's past wins
    assert _read("oh and before that, in January, I had moved to Bergen") == [("2024-01-01", "at")]


MAY_DAY = datetime(2024, 5, 1, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # one month told for two days, after them or before them
        ("I am going to visit my parents in Porto from 20 to 27 July",
         [("2024-07-20", "since"), ("2024-07-27", "until")]),
        ("we're in crete july 20-27!!", [("2024-07-20", "since"), ("2024-07-27", "until")]),
        ("Conference: the 3rd to the 5th of June.", [("2024-06-03", "since"),
                                                     ("2024-06-05", "until")]),
        # a span of ordinals and no month: the nearest first day, the next last day after it
        ("we're going to cornwall 21st-25th", [("2024-05-21", "since"), ("2024-05-25", "until")]),
        ("staying at my mums 28th to 3rd", [("2024-05-28", "since"), ("2024-06-03", "until")]),
        ("we stayed in Lagos the 2nd-6th", [("2024-04-02", "since"), ("2024-04-06", "until")]),
        # a weekday by its place in a month
        ("half marathon is the first Sunday in June", [("2024-06-02", "at")]),
        ("the offsite is on the last Friday of the month", [("2024-05-31", "at")]),
        # no days: weekdays of a habit, a score, hours
        ("I work Monday to Friday", [("2024-04-29", "at"), ("2024-05-03", "at")]),
        ("we lost 3-2 in May", [("2024-05-01", "at")]),
        ("my 21st - 25 people came", []),  # a birthday and a count, no span of days
    ],
)  # fmt: skip
def test_a_span_or_a_weekday_of_a_month_is_read(text: str, expected: list[tuple[str, str]]) -> None:
    found = find_time_expressions(text, MAY_DAY)
    assert [(t.when.date().isoformat(), t.role) for t in found] == expected


@pytest.mark.parametrize(
    ("text", "day"),
    [
        # texting: short weekdays anywhere, "tomorrow" as chat spells it
        ("interview w/ halcyon games thurs!!", "2024-04-11"),
        ("salon rebooked for fri same time", "2024-04-12"),
        ("hair appt tmrw 10am", "2024-04-11"),
        ("gig 2nite!!", "2024-04-10"),
        # a calendar line opening on whom it is with: ahead, though nearer behind
        ("dentist on the 2nd at 3, pray for me", "2024-05-02"),
    ],
)
def test_a_day_as_chat_writes_it_is_read(text: str, day: str) -> None:
    assert [d for d, _ in _read(text)] == [day]


@pytest.mark.parametrize(
    "text",
    [
        "fri-yay mood honestly",
        "we sat down, the sun was out",
        # round 26: a month's short name opening a longer word names no month
        "our new address is 14 Marlowe Road",
        "the office moved to 3 Junction Street, 12 Decker Lane is closed",
    ],
)
def test_a_short_word_that_is_no_day_stays_no_date(text: str) -> None:
    assert _read(text) == []


def test_a_weekday_and_its_day_after_next_is_one_date() -> None:
    # texting: "next mon the 9th" is one day (the day named wins), so a move "to" it is read
    found = find_time_expressions("they pushed it to next mon the 9th", MAY_DAY)
    assert [(t.text, t.when.date().isoformat()) for t in found] == [
        ("next mon the 9th", "2024-05-09")
    ]
