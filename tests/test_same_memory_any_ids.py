"""Same text, same memory: nothing a user sees may hang on the random ids of facts and
entities (ties in a ranking, which old fact a new one closes, which duplicate is kept)."""

from __future__ import annotations

import itertools
import random
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from chronomem import Memory, SearchFilter
from chronomem.providers.hashing import HashEmbedder
from chronomem.search.rerankers import rrf, score_fusion

TURNS = [
    "Tamsin: I work at Halden Robotics as a test engineer",
    "Tamsin: my partner Ade and I rent a flat in Norwich",
    "Tamsin: handed in my notice at Halden, starting at Brightwell Labs next month",
    "Tamsin: we moved to Ipswich, the Norwich flat is gone",
    "Tamsin: Ade started at Brightwell Labs too, same team as me",
    "Tamsin: got a new car, a blue Corsa",
    "Tamsin: sold the Corsa, we share Ade's van now",
]
QUESTIONS = ["where does Tamsin work", "where does Tamsin live", "what does Tamsin drive"]


def _ids(seed: int) -> Callable[[], str]:
    rng = random.Random(seed)
    return lambda: uuid.UUID(int=rng.getrandbits(128)).hex


def _memory_read(seed: int) -> tuple[list[tuple[str, str, bool]], list[list[str]]]:
    start = datetime(2025, 2, 3, 9, tzinfo=UTC)
    with Memory(":memory:", embedder=HashEmbedder(), ids=_ids(seed)) as memory:
        for day, turn in enumerate(TURNS):
            memory.add_episode(turn, group_id="g", reference_time=start + timedelta(days=9 * day))
        everything = memory.search(
            "Tamsin", group_id="g", limit=50, filter=SearchFilter(history=True)
        )
        facts = sorted((f.relation, f.fact, f.invalid_at is None) for f in everything.facts)
        rankings = [
            [f.fact for f in memory.search(q, group_id="g", limit=10).facts] for q in QUESTIONS
        ]
    return facts, rankings


def test_the_memory_and_its_rankings_do_not_depend_on_the_ids() -> None:
    first = _memory_read(1)
    assert first[0], "the story gave no facts"
    for seed in (2, 3):
        assert _memory_read(seed) == first


def test_fusion_ties_keep_the_order_items_were_first_seen_in() -> None:
    # "z" and "a" tie on every score; "z" was seen first, so it stays first (an id order
    # would put "a" first, and ids are random)
    tied = [[("z", 1.0), ("a", 1.0)], [("a", 1.0), ("z", 1.0)]]
    assert [i for i, _ in rrf(tied)] == ["z", "a"]
    assert [i for i, _ in score_fusion([("z", 0.5), ("a", 0.5)], [], weight=1.0)] == ["z", "a"]
    for a, b in itertools.permutations(["q", "b"]):
        assert [i for i, _ in score_fusion([(a, 0.5), (b, 0.5)], [], weight=1.0)] == [a, b]


# Facts of identical text score alike on every ranking ("Bea said: Orthopaedic Admissions"
# told twice): the order among them came from the vector matrix, the walk's frontier and the
# mentions as the store read them, by id, until each was read in the order rows were stored.
TIED_TURNS = [
    "Bea: I'm Sister Bea, 79, home from the mission in Peru these ten years.",
    "Bea: The hospital has given me a date for my hip replacement: Tuesday 8 April.",
    "Bea: Orthopaedic Admissions, St Vincent's. Orthopaedic Admissions, St Vincent's.",
    "Bea: My surgery has been postponed. My new date is Monday 12 May.",
    "Bea: Please attend the pre-operative clinic on 28 April.",
]


def _tied_ranking(descending: bool) -> list[tuple[str, str, float]]:
    numbers = itertools.count(10**6, -1) if descending else itertools.count(1)
    start = datetime(2025, 2, 11, 9, tzinfo=UTC)
    with Memory(":memory:", embedder=HashEmbedder(), ids=lambda: f"{next(numbers):08d}") as memory:
        for day, turn in enumerate(TIED_TURNS):
            memory.add_episode(turn, group_id="g", reference_time=start + timedelta(days=day))
        found = memory.search("When is Sister Bea's hip operation?", group_id="g", limit=8)
        return [(f.relation, f.fact, round(found.scores[f.id], 12)) for f in found.facts]


def test_equal_scores_rank_alike_whatever_order_the_ids_were_drawn_in() -> None:
    ascending = _tied_ranking(descending=False)
    assert len(ascending) >= 4, ascending
    assert _tied_ranking(descending=True) == ascending
