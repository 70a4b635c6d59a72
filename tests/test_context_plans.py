"""Query plans (search/plans.py): the context spends its budget by the kind of question.

A chat between Noor and an assistant whose long answers crowd the memory: the plans must
still put the right turns in front of the reader, as text."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chronomem import Memory
from chronomem.search.plans import plan_for
from chronomem.search.reading import read_query
from chronomem.search.snippets import near_duplicate, stems
from chronomem.testing import HashEmbedder
from chronomem.testing.fakes import ManualClock
from tests.helpers import daily_chat

G = "noor"
START = datetime(2025, 1, 6, 18, 0, tzinfo=UTC)
ANSWER = (
    "Assistant: Good question. Here is a detailed walkthrough. First, set up a virtual "
    "environment and pin your versions. Second, write a small failing test before the fix. "
    "Third, keep functions short and name them for what they return. Finally, review the "
    "diff once more before you push it to the shared branch."
)
USER = [
    "Noor: This week I took up pottery at the community studio.",
    "Noor: I work at Fernhill Labs as a data engineer now.",
    "Noor: My brother Sami lives in Porto and loves it there.",
    "Noor: Next I signed up for a bouldering course at the climbing gym.",
    "Noor: I prefer short answers with one code example, no long lists please.",
    "Noor: Some people like long essays as answers, my brother does.",
    "Noor: Finally I joined a choir that rehearses on Thursdays.",
]


@pytest.fixture(scope="module")
def memory() -> Memory:
    clock = ManualClock(START + timedelta(days=60))
    mem = Memory(embedder=HashEmbedder(), clock=clock)
    turns: list[str] = []
    for said in USER:
        turns += [said, ANSWER, ANSWER.replace("Good question", "Sure")]
    daily_chat(mem, G, turns, START)
    return mem


def shown_text(ctx, turn: str) -> bool:  # type: ignore[no-untyped-def]
    episode = {e.id: e for e in ctx.episodes}.get(turn)
    return episode is not None and episode.content.split(": ", 1)[1][:25] in ctx.text


def test_a_lookup_shows_the_matching_fact_and_then_the_turn_it_came_from(memory):
    ctx = memory.context("Where do I work these days?", group_id=G, max_tokens=300)
    assert ctx.query_reading.kind == "lookup"
    assert ctx.facts and "Fernhill" in ctx.facts[0].fact
    assert "t03" in ctx.episode_ids and shown_text(ctx, "t03")  # the quote, not only credit
    assert ctx.tokens <= 300


def test_an_order_question_gets_short_snippets_across_the_whole_chat_oldest_first(memory):
    question = "In what order did I start pottery, bouldering and the choir?"
    ctx = memory.context(question, group_id=G, max_tokens=400)
    assert ctx.query_reading.kind == "history"
    for turn in ("t00", "t09", "t18"):
        assert turn in ctx.episode_ids, turn
    section = ctx.text.split("<EPISODES>")[1]
    assert section.index("pottery") < section.index("bouldering") < section.index("choir")
    # one sentence a turn: the long answers are cut, not shown whole
    assert ANSWER not in ctx.text


def test_an_aggregation_spends_the_budget_on_distinct_turns(memory):
    ctx = memory.context("How many hobbies have I taken up across my sessions?", group_id=G)
    assert ctx.query_reading.kind == "aggregation"
    texts = [line for line in ctx.text.split("<EPISODES>")[1].splitlines() if ": " in line]
    assert len(texts) == len(set(texts))  # no repeated snippet
    assert {"t00", "t09", "t18"} <= set(ctx.episode_ids)


def test_a_preference_question_puts_the_users_stated_preference_first(memory):
    ctx = memory.context("How would you suggest answering me?", group_id=G, max_tokens=120)
    assert ctx.query_reading.kind == "preference"
    assert "t12" in ctx.episode_ids and shown_text(ctx, "t12")
    # the user's own stated taste ranks above a turn about someone else's taste
    assert ctx.ranking.index("t12") < ctx.ranking.index("t15")


def test_plans_differ_by_kind_and_near_duplicates_are_told_apart():
    lookup = plan_for(read_query("Where does Noor live?"), 3, 300)
    history = plan_for(read_query("How did my job change over time?"), 3, 300)
    assert (lookup.sentences, history.sentences) == (3, 1)
    assert history.max_episode_tokens < lookup.max_episode_tokens
    assert plan_for(None, 3, 300).kind == "open"
    seen = [stems("I went running along the canal this morning")]
    assert near_duplicate(stems("I went running along the canal this morning!"), seen, 0.9)
    assert not near_duplicate(stems("I went swimming in the lake this evening"), seen, 0.9)
