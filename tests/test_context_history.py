"""A "now" question about a relation that changed also shows the evidence of the change.

"Where do I live now?" asked after a move: the context shows the move and the place lived
in before (the turns behind every fact of the asked relation about the asked subject,
current or ended: ``ContextBuilder._history_sources``) among its best turns, though a
relative's and a friend's city share more words with the question. The best fact is shown
at any budget, and a ``ContextConfig`` keeps its own budget.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chronomem import EpisodeInput, Memory
from chronomem.search.context import ContextConfig
from chronomem.testing import HashEmbedder
from chronomem.testing.fakes import ManualClock

G = "ines"
START = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
ANSWER = (
    "Assistant: Here is a plan. Warm up for ten minutes, then run easy intervals, and keep "
    "a log of how your legs feel after each session so that you can adjust next week."
)
SAID = {  # the user's homes never use the question's words; the decoys do
    0: "Ines: I rent a flat in Leeds near the canal.",
    4: "Ines: Do people who live near a park run more often?",
    6: "Ines: My sister Marta lives in Cardiff with her two cats.",
    9: "Ines: My friend Joe lives in York now and still runs every day.",
    12: "Ines: Big change: I relocated to Bristol last weekend for the new job.",
}
TURNS = 30


@pytest.fixture(scope="module")
def memory() -> Memory:
    mem = Memory(embedder=HashEmbedder(), clock=ManualClock(START + timedelta(days=90)))
    mem.add_episodes(
        EpisodeInput(
            content=SAID.get(n, ANSWER.replace("ten", f"{n + 10}")),
            group_id=G,
            reference_time=START + timedelta(days=n),
            source="message",
            episode_id=f"t{n:02d}",
        )
        for n in range(TURNS)
    )
    return mem


QUESTION = "Where do I live now?"


def test_the_place_before_a_move_ranks_beside_the_current_one(memory: Memory) -> None:
    ctx = memory.context(QUESTION, group_id=G, max_tokens=300)
    best = list(ctx.ranking[:5])
    assert {"t00", "t12"} <= set(best), best  # the old home and the move
    assert {"t00", "t12"} <= set(ctx.episode_ids)
    assert "Leeds" in ctx.text and "Bristol" in ctx.text
    assert "Ines relocated to Bristol" in ctx.text.split("</FACTS>")[0]  # the current fact


def test_without_the_history_the_homes_lose_to_the_decoys(memory: Memory) -> None:
    plain = memory.context(QUESTION, group_id=G, config=ContextConfig(history_bonus=0.0))
    assert not {"t00", "t12"} & set(plain.ranking[:8])  # words like "lives in" win alone


def test_a_small_budget_still_shows_the_best_fact(memory: Memory) -> None:
    ctx = memory.context(QUESTION, group_id=G, max_tokens=120)
    assert ctx.tokens <= 120
    assert ctx.facts and ctx.facts[0].fact == "Ines relocated to Bristol for the new job"


def test_a_config_keeps_its_own_budget(memory: Memory) -> None:
    assert (
        memory.context(QUESTION, group_id=G, config=ContextConfig(max_tokens=300)).max_tokens == 300
    )
    explicit = memory.context(
        QUESTION, group_id=G, max_tokens=250, config=ContextConfig(max_tokens=300)
    )
    assert explicit.max_tokens == 250  # an explicit max_tokens wins
