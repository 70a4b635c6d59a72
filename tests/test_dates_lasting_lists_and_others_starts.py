"""How long a state lasts, the day a change takes effect, a life told as a list, and the
starts and moved plans of the people a speaker talks about.

* A state told from a start together with how long it lasts ends that long after the start
  ("for ten days, starting today"); a duration with no start told, in the past, in a perfect
  or per day is no end.
* "as of", "effective", "with effect from" and "since back in" name the day a change takes
  effect; "from Monday" in a clause that tells nothing done is the Monday to come; Diwali,
  Eid or Hanukkah name their day as Easter does.
* "..., then <a name> until <a date>" lists the next value of the relation before it.
* "he starts on the 24th" dates the job the message just told of one other person; a plan
  of that person moved ("the wedding got moved to ...") moves on their timeline.

Sentences written for these tests, in several voices (texting, a formal letter, English as
a second language, a CV line, an assistant's turn)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from chronomem.text.dates import TimeExpression, find_time_expressions
from tests.real_embedder import facts_about, real_embedder, timeline_days, told_memory

MONDAY = datetime(2026, 8, 10, 10, 0, tzinfo=UTC)


def _ends(text: str) -> list[tuple[str, date]]:
    """Each start the text tells with how long the state lasts, and the day it ends."""
    found = find_time_expressions(text, MONDAY)
    return [(t.text, t.lasts_until.date()) for t in found if t.lasts_until is not None]


def _only(text: str) -> TimeExpression:
    (found,) = find_time_expressions(text, MONDAY)
    return found


@pytest.mark.parametrize(
    ("text", "ends"),
    [
        ("on amoxicillin for ten days, starting today ugh", [("today", date(2026, 8, 20))]),
        ("From 1 September I shall be seconded to our Geneva office for six months.",
         [("From 1 September", date(2027, 3, 1))]),
        ("from monday im on nights for 2 weeks", [("from monday", date(2026, 8, 31))]),
        ("The course runs for a fortnight from the 24th.", [("from the 24th", date(2026, 9, 7))]),
    ],
)  # fmt: skip
def test_a_start_told_with_how_long_it_lasts_ends_then(
    text: str, ends: list[tuple[str, date]]
) -> None:
    assert _ends(text) == ends


@pytest.mark.parametrize(
    "text",
    [
        "I am vegetarian for two years",  # a learner's "since two years": no start told
        "I was on crutches for six weeks from the 3rd of May",  # told in the past
        "I've been off sugar for a month now",  # a perfect: the state began a month ago
        "starting today I walk for 30 minutes a day",  # an act's length, every day
        "from tomorrow I won't drink for a month",  # denied
        "sober for six months today!!",  # round 26: an anniversary, counted up to today
        # round 29: a maybe, of another subject than the move's
        "moving to Leeds next saturday, uni accom, internet might be trash for a week",
    ],
)
def test_a_duration_without_a_start_ahead_ends_nothing(text: str) -> None:
    assert _ends(text) == []


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("sober for six months today!!", date(2026, 2, 10)),
        ("officially vegan for 1 year as of today", date(2025, 8, 10)),
    ],
)
def test_an_anniversary_today_dates_the_start_back(text: str, day: date) -> None:
    """Round 26: "for six months today" ended the state six months ahead."""
    first = find_time_expressions(text, MONDAY)[0]
    assert (first.when.date(), first.role) == (day, "since")


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("as of 1 September I'm the club treasurer", date(2026, 9, 1)),
        ("I resign from my post effective 31 August.", date(2026, 8, 31)),
        ("With effect from 3 January I will lead the sales team.", date(2027, 1, 3)),
        ("me and Ewa are together since back in june", date(2026, 6, 1)),
        ("From Thursday I'm covering the front desk", date(2026, 8, 13)),
    ],
)
def test_the_day_a_change_takes_effect_is_its_start(text: str, day: date) -> None:
    found = _only(text)
    assert (found.role, found.when.date()) == ("since", day)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("I do 16:8 fasting since Diwali, first meal at 1 pm", date(2025, 10, 20)),
        ("since eid i am back to the gym", date(2026, 3, 20)),
        ("We will fly home for Lunar New Year.", date(2027, 2, 6)),
        ("After Hanukkah we move to the new flat", date(2026, 12, 5)),
        ("since Ramadan started I've been waking at 4", date(2026, 2, 18)),
    ],
)
def test_holidays_of_a_lunar_calendar_name_their_day(text: str, day: date) -> None:
    assert _only(text).when.date() == day


@pytest.mark.parametrize(
    ("text", "day"),
    [
        # round 39: the festivals of other calendars, as people around the world date by them
        ("we moved in together after the Sanfermines", date(2026, 7, 6)),
        ("vegetarian since Semana Santa", date(2026, 3, 29)),
        ("since Juhannus he lives with me", date(2026, 6, 20)),
        ("been off the smokes since Matariki", date(2026, 7, 10)),
        ("I started at the clinic after Pesach", date(2026, 4, 2)),
        ("back with my parents since Chuseok", date(2025, 10, 6)),
        ("after Tết I changed jobs", date(2026, 2, 17)),
        ("new flat since Labor Day", date(2025, 9, 1)),
        ("he quit after Carnaval", date(2026, 2, 17)),
        ("since Songkran I swim every morning", date(2026, 4, 13)),
        # round 40: feasts counted from another feast, and the Orthodox calendar
        ("since Purim my partner lives with me", date(2026, 3, 3)),
        ("after Shavuot I closed the shop on Fridays", date(2026, 5, 22)),
        ("since Dashain my brother works with me", date(2025, 9, 23)),
        ("after Tihar I opened at six", date(2025, 10, 18)),
        ("after the Dragon Boat Festival he started in Quanzhou", date(2026, 6, 19)),
        ("since Maslenitsa I have a student", date(2026, 2, 16)),
        ("since Orthodox Easter I fast on Wednesdays", date(2026, 4, 12)),
        ("since Qingming I am on the morning shift", date(2026, 4, 4)),
        ("since Old New Year no sugar in my tea", date(2026, 1, 14)),
    ],
)
def test_holidays_of_other_calendars_name_their_day(text: str, day: date) -> None:
    assert _only(text).when.date() == day


@pytest.mark.local_model
def test_a_holiday_that_started_is_cut_from_the_facts_text_with_its_verb() -> None:
    story = [("2026-03-20T10:00", "Mia: since Ramadan started I've been waking at 4")]
    with told_memory(real_embedder(), story) as memory:
        (fact,) = facts_about(memory, "Mia", "HAS_WAKE_TIME")
    assert fact.valid_at is not None and fact.valid_at.date() == date(2026, 2, 18)
    assert "tart" not in fact.fact and fact.fact.startswith("Mia ")


@pytest.mark.local_model
def test_a_medicine_taken_for_ten_days_from_today_ends_then() -> None:
    story = [("2026-08-10T10:00", "Noor: doc put me on amoxicillin for ten days, starting today")]
    assert timeline_days(story, "Noor", "TAKES_MEDICATION") == [
        ("amoxicillin", "2026-08-10..2026-08-20")
    ]


@pytest.mark.local_model
def test_a_resignation_effective_on_a_day_ends_the_job_that_day() -> None:
    story = [
        ("2026-06-01T09:00", "Noor: I work at Brightline"),
        ("2026-08-10T10:00", "Noor: I hereby resign from Brightline, effective 31 August."),
    ]
    assert timeline_days(story, "Noor", "WORKS_AT") == [("Brightline", "2026-06-01..2026-08-31")]


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("text", "relation", "spans"),
    [
        ("Noor: For my CV: I was at Orrin Labs from 2018 until June 2022, then Vellum Health "
         "until this spring, and now I work at Tessaly.", "WORKS_AT",
         [("Orrin Labs", "None..2022-06-01"), ("Tessaly", "2026-08-10..None"),
          ("Vellum Health", "2022-06-01..2026-03-01")]),
        ("Noor: we lived in Aberdeen from 1990 to 2004, and then in Dundee until 2015",
         "LIVES_IN",
         [("Aberdeen", "1990-01-01..2004-01-01"), ("Dundee", "2004-01-01..2015-01-01")]),
        ("Noor: i live in Porto until 2019, then Braga till 2023", "LIVES_IN",
         [("Braga", "2019-01-01..2023-01-01"), ("Porto", "None..2019-01-01")]),
    ],
)  # fmt: skip
def test_a_life_told_as_a_list_gives_each_value_its_years(
    text: str, relation: str, spans: list[tuple[str, str]]
) -> None:
    assert timeline_days([("2026-08-10T10:00", text)], "Noor", relation) == spans


@pytest.mark.local_model
def test_a_then_with_a_verb_of_its_own_lists_no_value() -> None:
    story = [("2026-08-10T10:00", "Noor: I worked at Orrin Labs until May, then Tomasz came over")]
    assert [name for name, _ in timeline_days(story, "Noor", "WORKS_AT")] == ["Orrin Labs"]


@pytest.mark.local_model
@pytest.mark.parametrize(
    "text",
    [
        "Noor: my flatmate Omar got the job at Quillon!! he starts on the 24th",
        "Noor: Good news from my cousin Omar: he got the job at Quillon. His first day is "
        "24 August.",
    ],
)
def test_a_start_told_of_another_person_dates_their_job(text: str) -> None:
    assert timeline_days([("2026-08-10T10:00", text)], "Omar", "WORKS_AT") == [
        ("Quillon", "2026-08-24..None")
    ]


@pytest.mark.local_model
def test_a_plan_of_another_person_moves_when_the_speaker_says_it_moved() -> None:
    story = [
        ("2026-08-10T10:00", "Noor: my sister Amal is getting married on 6 June next year!!"),
        ("2026-11-02T18:00", "Noor: the wedding got moved to 12 September, the venue flooded"),
    ]
    with told_memory(real_embedder(), story) as memory:
        held = [
            f.valid_at.date()
            for f in facts_about(memory, "Amal", "HAS_PLAN")
            if f.expired_at is None and f.valid_at is not None
        ]
    assert held == [date(2027, 9, 12)]


@pytest.mark.local_model
def test_a_partner_opening_the_subject_takes_the_predicates_date() -> None:
    story = [("2026-10-20T18:00", "Noor: Ewa and I have been together since June")]
    assert timeline_days(story, "Noor", "DATING") == [("Ewa", "2026-06-01..None")]


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Noor: hey, I've been accepted onto the MA in Museum Studies at Wendle College! I start "
         "on 21 September", "2026-09-21"),
        ("Noor: Got into the nursing programme at Carrow University!! starting 21 September",
         "2026-09-21"),
    ],
)  # fmt: skip
def test_news_dated_by_the_start_told_after_it(text: str, day: str) -> None:
    with told_memory(real_embedder(), [("2026-08-10T10:00", text)]) as memory:
        days = {
            str(f.valid_at and f.valid_at.date())
            for relation in ("HAS_PLAN", "STUDIES_AT")
            for f in facts_about(memory, "Noor", relation)
        }
    assert days == {day}


@pytest.mark.local_model
def test_a_start_of_something_else_leaves_the_news_undated() -> None:
    text = "Noor: got a job offer from Vexa!! still deciding. I start physio on Monday"
    with told_memory(real_embedder(), [("2026-08-10T10:00", text)]) as memory:
        vexa = [f for f in facts_about(memory, "Noor", "HAS_PLAN") if "Vexa" in f.fact]
    assert [f.valid_at and f.valid_at.date() for f in vexa] == [date(2026, 8, 10)]


@pytest.mark.local_model
def test_a_value_with_a_predicate_of_its_own_keeps_its_day() -> None:
    story = [("2026-10-20T18:00", "Noor: I'm the new team lead and we celebrate on Friday")]
    assert timeline_days(story, "Noor", "HAS_JOB_TITLE") == [("team lead", "2026-10-20..None")]
