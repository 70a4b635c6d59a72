"""Endings told by a pronoun, and states told as over by their length (round 37).

"I sold it", "I left them", "closed it down": a verb of ending whose object is "it" or
"them" ends the thing told just before it (in the same message, or the one the assistant's
question names), on the day the sentence says; "her" does so for a thing only where no pet
or woman was told of. An errand ("left it at my sister's"), a wish ("might sell it") or
something still to be done ("selling it next month") ends nothing. A state told with its
length first ("Thirty years I had a boat on Lough Erne") held before and is over; the past
told in a relative clause ("who used to work at St Giles") is the past of whom it describes.
An ending said object first ("Kettering Road Depot I left at the end of March") reads in
plain order. A pet gone to live with someone named is theirs, and the place told right after
them their home. A question about an "old" job or flat asks for history. Each sentence was
written for these tests, not taken from any benchmark.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from chronomem.extractors.rules.normalise.fronted import in_plain_order
from chronomem.search.reading import read_query
from chronomem.text.dates import find_time_expressions
from tests.standing import end_days, open_targets, standing_facts


@pytest.mark.local_model
def test_it_after_a_verb_of_ending_ends_the_thing_just_told() -> None:
    facts = standing_facts(
        [("2025-06-10T10:00", "Mirelle: For twelve years I ran a flower stall at "
          "Spitalfields. I sold it in March, my back had had enough.")],
        "Mirelle",
    )  # fmt: skip
    assert not any("spitalfields" in t for t in open_targets(facts))
    assert end_days(facts, "Spitalfields") == [date(2025, 3, 1)]


@pytest.mark.local_model
def test_them_after_left_ends_the_group_told_before() -> None:
    facts = standing_facts(
        [("2025-09-22T10:00", "Tobias: I sang bass with the Kelvin Male Voice Choir for "
          "eight years. I left them three weeks ago, the rehearsals clashed with work.")],
        "Tobias",
    )  # fmt: skip
    assert not any("kelvin" in t for t in open_targets(facts))
    assert set(end_days(facts, "Kelvin")) == {date(2025, 9, 1)}


@pytest.mark.local_model
def test_it_in_an_answer_is_the_thing_the_assistant_asked_about() -> None:
    facts = standing_facts(
        [
            ("2025-04-02T09:00", "Noor: my phone is a Nokia G42 and the screen cracked again"),
            ("2025-04-20T09:00", "Noor: finally got a Fairphone 5, so much better"),
            ("2025-04-20T09:01", "Assistant: Nice! And what did you do with the Nokia?"),
            ("2025-04-20T09:03", "Noor: sold it to a student on Gumtree for 30 quid"),
        ],
        "Noor",
    )
    targets = open_targets(facts)
    assert not any("nokia" in t for t in targets)
    assert any("fairphone" in t for t in targets)


@pytest.mark.local_model
def test_her_for_a_thing_sold_ends_it() -> None:
    facts = standing_facts(
        [
            ("2025-03-03T09:00", "Ruairi: I have an old Westerly Centaur on the Clyde."),
            ("2025-08-03T09:00", "Ruairi: sold her to a couple from Largs on Saturday."),
        ],
        "Ruairi",
    )
    assert not any("westerly" in t for t in open_targets(facts))


@pytest.mark.local_model
@pytest.mark.parametrize(
    "later",
    [
        "Left it at my sister's in Dalkey this morning, I'll get the bus.",
        "I might sell it in the spring, it's getting expensive.",
        "Selling it next month once the new one comes.",
        "I never sold it in the end, it runs grand.",
    ],
)
def test_an_errand_a_wish_or_a_sale_still_to_come_ends_nothing(later: str) -> None:
    facts = standing_facts(
        [
            ("2025-03-03T09:00", "Aisling: I drive a Kia Picanto, it's tiny."),
            ("2025-03-10T09:00", f"Aisling: {later}"),
        ],
        "Aisling",
    )
    assert any("picanto" in t for t in open_targets(facts))


@pytest.mark.local_model
def test_a_state_told_with_its_length_first_held_before_and_is_over() -> None:
    facts = standing_facts(
        [("2025-07-07T10:00", "Cathal: Thirty years I had a boat on Lough Erne. My knees "
          "won't do it now.")],
        "Cathal",
    )  # fmt: skip
    erne = [(start, end) for _, t, start, end in facts if "erne" in t.lower()]
    assert erne and all(start is None and end is not None for start, end in erne)


@pytest.mark.local_model
def test_a_past_told_in_a_relative_clause_is_not_the_speakers() -> None:
    facts = standing_facts(
        [("2025-07-07T10:00", "Hazel: our new vicar from September is Reverend Okafor who "
          "used to work at St Giles in Reading")],
        "Hazel",
    )  # fmt: skip
    assert not end_days(facts, "St Giles")


@pytest.mark.parametrize(
    "question", ["What was Rhys's old job?", "where was my old flat", "Who was her former boss?"]
)
def test_a_question_about_an_old_value_asks_for_history(question: str) -> None:
    assert read_query(question).scope == "ever"


def test_how_old_someone_is_asks_about_now() -> None:
    assert read_query("How old is her dog Rex?").scope == "now"


@pytest.mark.local_model
def test_a_place_left_said_object_first_ends_there() -> None:
    facts = standing_facts(
        [
            ("2025-02-02T10:00", "Femi: I drive for Kettering Road Depot, nights mostly."),
            ("2025-05-03T10:00", "Femi: Kettering Road Depot I left at the end of March. "
             "Now I'm at Rushden Logistics."),
        ],
        "Femi",
    )  # fmt: skip
    assert end_days(facts, "Kettering") == [date(2025, 3, 31)]
    assert any("rushden" in t for t in open_targets(facts))


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("The old Golf I sold in May.", "I sold the old Golf in May."),
        ("Sunny Acres I left in 2019.", "I left Sunny Acres in 2019."),
        ("Tuesday I left at 6.", "Tuesday I left at 6."),
        ("Last week I quit the gym.", "Last week I quit the gym."),
    ],
)
def test_an_ending_said_object_first_reads_in_plain_order(said: str, plain: str) -> None:
    assert in_plain_order(said) == plain


@pytest.mark.local_model
def test_a_pet_gone_to_live_with_someone_is_theirs_and_no_longer_the_speakers() -> None:
    story = [
        ("2025-03-03T09:00", "Wiremu: my old dog Tama is eleven now, still keen as."),
        ("2025-10-20T09:00", "Wiremu: Tama went to live with my sister Hine on her farm in "
         "Taihape. The new place in Wellington is no good for a big dog."),
    ]  # fmt: skip
    assert not any("tama" in t for t in open_targets(standing_facts(story, "Wiremu")))
    hine = standing_facts(story, "Hine")
    assert ("HAS_PET", "Tama", date(2025, 10, 20), None) in hine
    assert any(rel == "LIVES_IN" and "taihape" in t.lower() for rel, t, _, _ in hine)


def test_a_weekday_told_after_a_day_counts_from_that_day() -> None:
    said = datetime(2026, 6, 24, 18, 0, tzinfo=UTC)  # a Wednesday
    text = "we're back from Skye on Saturday the 11th and my test is the monday after we get back"
    days = [t.when.date() for t in find_time_expressions(text, said)]
    assert date(2026, 7, 13) in days  # the Monday after Saturday 11 July
    alone = [t.when.date() for t in find_time_expressions("my test is on monday", said)]
    assert date(2026, 7, 13) not in alone


@pytest.mark.local_model
def test_a_starred_day_sets_the_plan_told_before_right() -> None:
    facts = standing_facts(
        [
            ("2026-03-02T10:00", "Meg: we're flying to porto on the 9th!!"),
            ("2026-03-02T10:04", "Meg: *19th omg. the 9th would've been a disaster"),
        ],
        "Meg",
    )
    porto = [(start, end) for _, t, start, end in facts if "porto" in t.lower()]
    assert (date(2026, 3, 19), None) in porto
    assert all(
        end is not None and end <= start for start, end in porto if start != date(2026, 3, 19)
    )
    assert not any(rel == "HAS_AGE" for rel, _, _, _ in facts)  # "19th" is no age
