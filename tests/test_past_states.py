"""A one-value state told in a tense that puts it behind the speaker is held once and over
now (``text/past_states.py``'s ``told_as_over``): the past perfect of a state ("had been living in
Hull"), or a state verb's simple past with how long it lasted ("worked at Argos for a
decade"). The present perfect still holds, and so does a move told after "before" in the same
clause. Sentences written for this test, in several voices."""

from __future__ import annotations

import pytest

from chronomem.text.past_states import told_as_over
from tests.real_embedder import read_facts
from tests.rules_support import found, run


@pytest.mark.parametrize(
    ("clause", "over"),
    [
        ("my gran had been living on her own in Hull for years", True),
        ("I'd lived above the bakery since school", True),
        ("we dated for two years, on and off", True),
        ("he worked nights at the depot for a decade", True),
        ("I have lived in Leeds for years", False),  # the present perfect still holds
        ("she's always worked at the co-op for ages", False),
        ("I lived in Leeds", False),  # no length told: the clause may be a narrative's now
        ("I had just moved to Leeds", False),  # a move, not a state
        ("I had been at the firm for years and I still am", False),
        ("I had been promoted to team lead by then", False),  # a passive: an event
        ("I was in Daejeon for six years", True),  # "was" with its length: a state
        ("we were married for twenty years", True),
        ("I was hired for six months", False),  # a passive: an event
        ("my family doctor was Dr. Wierzbicki for 20 years", True),  # a title's full stop
    ],
)
def test_which_tenses_tell_a_state_as_over(clause: str, over: bool) -> None:
    assert told_as_over(clause) is over


@pytest.mark.parametrize(
    ("lead", "clause", "over"),
    [
        ("back in 2019,", "I was a sous chef in Turin", True),
        ("", "Before I was in Daejeon", True),
        ("years ago", "I worked at a Kia dealer", True),
        ("growing up", "we lived above the shop", True),
        ("", "I was a sous chef in Turin", False),  # no time: a narrative's now
        ("last month", "I was in Lisbon", False),  # a stay, not a state
        ("back in 2019,", "I have worked at Kia since", False),  # the present perfect
        ("", "When I lived in Oaxaca", True),  # round 29: a time told by its state
        ("", "I lived in Oaxaca", False),
    ],
)
def test_a_state_in_the_simple_past_after_a_past_time_is_over(
    lead: str, clause: str, over: bool
) -> None:
    assert told_as_over(clause, lead) is over


def test_a_past_state_beside_a_held_value_ended_when_the_held_one_began() -> None:
    """One home at a time: the home before ended by the time the one held began."""
    facts = {f.target: f for f in run(
        "Oona: I moved to Galway two weeks ago. Before I lived in Sligo for six years."
    ).facts}  # fmt: skip
    galway, sligo = facts["Galway"], facts["Sligo"]
    assert galway.invalid_at is None and galway.valid_at is not None
    assert sligo.invalid_at == galway.valid_at


def test_a_past_state_s_date_is_when_it_held() -> None:
    facts = {f.target: f for f in run("Oona: back in 2019 I was a barista in Sligo.").facts}
    barista = facts["barista"]
    assert barista.valid_at is not None and barista.valid_at.year == 2019
    assert barista.invalid_at is not None  # over by now


def test_a_state_told_in_the_past_with_its_length_is_over() -> None:
    got = found(run("Oona: I lived in Galway for nine years, loved it"))
    assert ("Oona", "LIVES_IN", "Galway", True) in got
    assert ("Oona", "LIVES_IN", "Galway", False) not in got


def test_the_present_perfect_still_holds() -> None:
    got = found(run("Oona: I've lived in Galway for nine years now"))
    assert ("Oona", "LIVES_IN", "Galway", False) in got


def test_a_move_after_before_is_no_past_state() -> None:
    got = found(run("Oona: I had lived in Galway for years before I moved to Sligo"))
    assert ("Oona", "LIVES_IN", "Galway", True) in got
    assert ("Oona", "LIVES_IN", "Sligo", False) in got


@pytest.mark.local_model
def test_the_learned_reader_s_state_in_the_past_perfect_is_over() -> None:
    """The learned step reads this one (the rules do not name the mother's town); its
    reading of a state becomes an ended one."""
    text = "Pauline: My mother Edna had been living alone in Cleethorpes for years after Dad died."
    facts = read_facts([text])
    assert ("Edna", "LIVES_IN", "Cleethorpes", True) in facts
    assert ("Edna", "LIVES_IN", "Cleethorpes", False) not in facts


def test_time_spent_in_a_state_told_after_after_is_over() -> None:
    got = found(run("Dom: Leon has just started as a paramedic after ten years as a chef"))
    assert ("Leon", "HAS_JOB_TITLE", "chef", True) in got
    assert ("Leon", "HAS_JOB_TITLE", "paramedic", False) in got
    # the state after it is not what was spent
    got = found(run("Dom: After six years at Harrow Mills I joined Caddel Foods"))
    assert ("Dom", "WORKS_AT", "Caddel Foods", False) in got


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Rukmini: Week two of retirement, after 20 years as a porter at Bexley General.",
         "Bexley General"),  # a name later in the phrase of the time spent
        ("Jonas: The head teacher wrote to me: thank you for 25 years as our caretaker at "
         "Hollins Primary.", "Hollins Primary"),  # a thank-you for the time spent
    ],
)  # fmt: skip
def test_every_name_of_the_time_spent_is_over(text: str, name: str) -> None:
    """Round 53: the phrase of the time spent runs to its clause's next join, and a
    thank-you for it tells it as over too."""
    speaker = text.partition(":")[0]
    got = found(run(text))
    assert (speaker, "MENTIONED", name, True) in got
    assert (speaker, "MENTIONED", name, False) not in got


def test_time_spent_before_a_decision_still_holds() -> None:
    """A decision after the time spent ends nothing yet: they live there until it is sold."""
    got = found(
        run(
            "Ada: After forty years in the cottage on Mill Lane in Ludlow, we have decided to sell."
        )
    )
    assert ("Ada", "MENTIONED", "Ludlow", False) in got
    assert ("Ada", "MENTIONED", "Ludlow", True) not in got


@pytest.mark.parametrize(
    ("text", "old", "new", "since"),
    [
        ("Oona: I lived in Porto from 2015 to 2022 and since then I've lived in Lyon",
         "Porto", "Lyon", 2022),
        ("Oona: I worked at Argos until 2019, since then I've been at Tesco",
         "Argos", "Tesco", 2019),
    ],
)  # fmt: skip
def test_since_then_starts_the_next_value_where_the_one_before_ended(
    text: str, old: str, new: str, since: int
) -> None:
    """Round 22: "since then" counts from the date told before it (``anaphoric_dates.py``),
    and a "from ... to ..." of one part of a sentence dates that part's value only
    (``hit_dates._part_of``): the next value begins, it does not end, there."""
    facts = {f.target: f for f in run(text).facts}
    assert facts[old].invalid_at is not None and facts[old].invalid_at.year == since
    assert facts[new].invalid_at is None
    assert facts[new].valid_at is not None and facts[new].valid_at.year == since


def test_a_past_state_beside_a_held_value_of_the_same_relation_is_its_own_value() -> None:
    """A title told as over is that title, not the one held ("the job" would be); it ended
    after its own start, never before it."""
    facts = {f.target: f for f in run(
        "Oona: I have been a chef since 2015. Back in 2019 I was a barista in Sligo."
    ).facts}  # fmt: skip
    chef, barista = facts["chef"], facts["barista"]
    assert chef.invalid_at is None
    assert barista.valid_at is not None and barista.valid_at.year == 2019
    assert barista.invalid_at is not None and barista.invalid_at > barista.valid_at


def test_a_stint_ends_on_the_day_the_sentence_names() -> None:
    """Round 53: a day told beside a stint is the day it ended, not a day it held."""
    got = found(run("Ann: I retired on Friday after 31 years as a porter at Bexley General."))
    assert ("Ann", "MENTIONED", "Bexley General", True) in got
    assert ("Ann", "MENTIONED", "Bexley General", False) not in got


@pytest.mark.parametrize(
    ("text", "name", "over"),
    [
        ("Ann: Before that, 15 years at the Glenbrook Sawmill, I left there at the end of March.",
         "Glenbrook Sawmill", True),
        ("Ann: Twenty years with Dunmore Buses at the Cobh depot, and he handed in his badge.",
         "Dunmore Buses", True),
        # no word of the sentence ends it: a stint that goes on
        ("Ann: Forty years with the Lofthouse Band is an achievement.", "Lofthouse Band", False),
    ],
)  # fmt: skip
def test_a_stint_told_by_its_length_first_is_over_when_the_sentence_ends_it(
    text: str, name: str, over: bool
) -> None:
    got = found(run(text))
    assert ("Ann", "MENTIONED", name, over) in got
    assert ("Ann", "MENTIONED", name, not over) not in got
