"""Issue 21 items 1-3: the question is read before ranking, and what answers it comes first.

Stories in this file's own words, each with decoys a plain similarity search falls for: a
relative's city, a holiday city, a title that was replaced.
"""

from __future__ import annotations

import pytest

from chronomem.search.reading import read_query
from tests.helpers import replay, t


@pytest.mark.parametrize(
    ("question", "subject", "relation", "scope", "kind"),
    [
        ("where am I living these days?", "user", "LIVES_IN", "now", "lookup"),
        ("Which company does Tomasz work for?", "named", "WORKS_AT", "now", "lookup"),
        ("what city was I based in back in March?", "user", "LIVES_IN", "at", "lookup"),
        ("How many pets have I had?", "user", "HAS_PET", "count", "aggregation"),
        ("in what order did I change jobs?", "user", "WORKS_AT", "order", "history"),
        ("what diet would you suggest for me?", "user", "FOLLOWS_DIET", "now", "preference"),
        ("what does Ines do in her spare time, any hobbies?", "named", "ENJOYS", "now", "lookup"),
        ("Which instruments can Ines play?", "named", "PLAYS", "count", "aggregation"),
        ("what was said about the summit?", "open", None, "now", "open"),
    ],
)
def test_a_question_is_read_into_subject_relation_scope_and_kind(
    question: str, subject: str, relation: str | None, scope: str, kind: str
) -> None:
    reading = read_query(question)
    assert (reading.subject, reading.scope, reading.kind) == (subject, scope, kind)
    if relation is None:
        assert reading.relations == ()
    else:
        assert relation in reading.relations


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Which towns has Oskar lived in?", "aggregation"),  # a plural asked for
        ("What board games have we played together?", "aggregation"),
        ("What injuries has Lena had since spring?", "aggregation"),  # a word before it
        ("Sort these by date, in order: the move, the puppy, the new job.", "history"),
        ("List the teams I coached, in order.", "history"),
        # decoys: a plural-looking word that asks for one thing, or no plural at all
        ("What does Oskar do on weekends?", "open"),
        ("What time is the dentist appointment?", "lookup"),  # a plan, not a list
        ("What kind of car does Lena drive?", "lookup"),
        ("What is always on my shopping list?", "open"),
    ],
)
def test_a_plural_or_an_order_asked_for_is_read_as_such(question: str, kind: str) -> None:
    assert read_query(question).kind == kind


STORY = (
    (t("2024-01-08T09:00"), "Noor: I live in Leeds and I work at Arup as a junior engineer."),
    (t("2024-01-20T18:00"), "Noor: My brother Karim lives in Cardiff, he just bought a flat."),
    (t("2024-02-14T12:00"), "Noor: We are spending a week in Lisbon on holiday in April."),
    (t("2024-05-03T08:30"), "Noor: I moved to Bristol last weekend."),
    (t("2024-06-10T17:00"), "Noor: I got promoted to senior engineer today."),
)


@pytest.fixture
def noor(make_memory, clock):  # type: ignore[no-untyped-def]
    memory = make_memory()
    replay(memory, clock, STORY, group_id="noor")
    clock.set(t("2024-09-01T10:00"))
    return memory


def _first(memory, question: str) -> str:  # type: ignore[no-untyped-def]
    found = memory.search(question, group_id="noor")
    assert found.facts, question
    return found.facts[0].fact


def test_the_users_current_city_beats_a_brothers_and_a_holiday_city(noor) -> None:  # type: ignore[no-untyped-def]
    answer = _first(noor, "Where do I live?")
    assert "Bristol" in answer, answer
    found = noor.search("Where do I live?", group_id="noor")
    assert found.query_reading is not None and found.query_reading.subject == "user"
    ranked = [f.fact for f in found.facts]
    brother = next(i for i, f in enumerate(ranked) if "Cardiff" in f)
    assert brother > 0  # someone else's city comes after the user's own


def test_a_named_persons_question_is_answered_from_their_facts(noor) -> None:  # type: ignore[no-untyped-def]
    assert "Cardiff" in _first(noor, "Where does Karim live?")


def test_a_past_month_question_ranks_the_fact_that_held_then(noor) -> None:  # type: ignore[no-untyped-def]
    answer = _first(noor, "Where did I live in March?")
    assert "Leeds" in answer, answer


def test_a_replaced_title_is_not_the_answer_to_the_current_title(noor) -> None:  # type: ignore[no-untyped-def]
    answer = _first(noor, "What is my job title now?")
    assert "senior" in answer, answer


def test_a_history_question_shows_its_facts_oldest_first(noor) -> None:  # type: ignore[no-untyped-def]
    context = noor.context("How did the places I lived in change over time?", group_id="noor")
    assert context.query_reading is not None and context.query_reading.kind == "history"
    homes = [f for f in context.facts if f.relation == "LIVES_IN"]
    assert len(homes) >= 2  # the closed home is shown too: a history question sees history
    starts = [f.valid_at for f in context.facts if f.valid_at is not None]
    assert starts == sorted(starts)


def test_an_explicit_recipe_keeps_its_own_order(noor) -> None:  # type: ignore[no-untyped-def]
    found = noor.search("Where do I live?", group_id="noor", recipe="hybrid_mmr")
    assert found.query_reading is None


PASTIMES = (
    (t("2024-03-01T09:00"), "Oskar: I play the cello in a community orchestra on Thursdays."),
    (t("2024-03-02T09:00"), "Oskar: My sister Ida plays tennis at a club in Malmo."),
    (t("2024-03-03T09:00"), "Oskar: Work has been hectic, the Q3 report is due at Ericsson."),
    (t("2024-03-04T09:00"), "Oskar: I've really got into bouldering lately, I go twice a week."),
    (t("2024-03-05T09:00"), "Oskar: We spent the weekend in Copenhagen, lovely city."),
)


@pytest.mark.parametrize(
    "question", ["What hobbies does Oskar have?", "which activities does Oskar do?"]
)
def test_a_question_about_pastimes_ranks_them_above_work_and_trips(  # type: ignore[no-untyped-def]
    make_memory, clock, question: str
) -> None:
    memory = make_memory()
    replay(memory, clock, PASTIMES, group_id="oskar")
    clock.set(t("2024-04-01T10:00"))
    top = " | ".join(f.fact for f in memory.search(question, group_id="oskar").facts[:2])
    assert "cello" in top and "bouldering" in top, top
