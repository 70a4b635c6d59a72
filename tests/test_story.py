"""The story every release must get right: Alice leaves Google for Meta."""

from __future__ import annotations

from datetime import timedelta

import pytest

from chronomem import Memory
from chronomem.model import Fact, SearchFilter
from tests.helpers import ALICE_STORY, replay, t


def _names(memory: Memory, facts: tuple[Fact, ...] | list[Fact]) -> dict[str, str]:
    ids = sorted({i for f in facts for i in f.endpoints})
    return {e.id: e.name for e in memory.store.get_entities(["demo"], ids)}


def _target(memory: Memory, fact: Fact) -> str:
    return _names(memory, [fact])[fact.target_id]


def _google_fact(memory: Memory) -> Fact:
    timeline = memory.get_timeline("Alice", group_id="demo")
    google = [f for f in timeline.facts if timeline.name_of(f.target_id) == "Google"]
    assert len(google) == 1, [f.fact for f in timeline.facts]
    return google[0]


def _check_world_timeline(memory: Memory) -> None:
    now = memory.search("Where does Alice work?", group_id="demo")
    assert now.facts, "no current fact about Alice's work"
    assert _target(memory, now.facts[0]) == "Meta"
    assert all("Google" not in _names(memory, [f]).values() for f in now.facts)

    then = memory.search("Where does Alice work?", group_id="demo", valid_at=t("2024-01-05T12:00"))
    assert then.facts and _target(memory, then.facts[0]) == "Google"
    assert all(_target(memory, f) != "Meta" for f in then.facts)

    google = _google_fact(memory)
    assert google.relation == "WORKS_AT"
    assert google.valid_at == t("2024-01-01T10:00")
    assert google.invalid_at is not None
    assert abs(google.invalid_at - t("2024-01-08T14:00")) <= timedelta(days=1)
    assert google.expired_at is not None


def test_story_in_order(make_memory, clock):
    memory = make_memory()
    results = replay(memory, clock, ALICE_STORY)
    _check_world_timeline(memory)
    # the second episode closed the Google fact, and the title told with it, and says so
    closed = {f.relation: f.fact for f in results[1].invalidated}
    assert set(closed) == {"WORKS_AT", "HAS_JOB_TITLE"}
    assert closed["WORKS_AT"] == _google_fact(memory).fact
    assert "data engineer" in closed["HAS_JOB_TITLE"]
    # as believed on 2024-01-10: we had not yet learned that she left
    believed = memory.search(
        "Where does Alice work?", group_id="demo", known_at=t("2024-01-10T12:00")
    )
    assert believed.facts and _target(memory, believed.facts[0]) == "Google"
    # and before anything was said, the memory knew nothing
    before = memory.search(
        "Where does Alice work?", group_id="demo", known_at=t("2023-12-31T00:00")
    )
    assert before.facts == ()


@pytest.mark.parametrize(
    "order", [(2, 1, 0), (1, 2, 0), (2, 0, 1)], ids=["reverse", "mixed-a", "mixed-b"]
)
def test_story_out_of_order_gives_the_same_world_timeline(make_memory, clock, order):
    memory = make_memory()
    clock.set(t("2024-02-01T00:00"))  # a backfill: everything learned after the fact
    for i in order:
        ref, text = ALICE_STORY[i]
        clock.advance(60)
        memory.add_episode(text, group_id="demo", reference_time=ref)
    _check_world_timeline(memory)

    in_order = make_memory()
    replay(in_order, clock, ALICE_STORY)

    def world(m: Memory) -> list[tuple]:
        tl = m.get_timeline("Alice", group_id="demo")
        return sorted(
            (tl.name_of(f.target_id), f.relation, f.valid_at, f.invalid_at) for f in tl.facts
        )

    assert world(memory) == world(in_order)


def test_history_stays_queryable(make_memory, clock):
    memory = make_memory()
    replay(memory, clock, ALICE_STORY)
    everything = memory.search("Alice work", group_id="demo", filter=SearchFilter(history=True))
    targets = {_target(memory, f) for f in everything.facts}
    assert {"Google", "Meta"} <= targets


def test_restating_a_fact_does_not_duplicate_it(make_memory, clock):
    memory = make_memory()
    replay(memory, clock, ALICE_STORY[:1])
    replay(
        memory,
        clock,
        [(t("2024-01-02T10:00"), "Alice: I just started a new job at Google as a data engineer.")],
    )
    google = _google_fact(memory)
    assert len(google.episodes) == 2


@pytest.mark.local_model
def test_story_with_the_real_embedder(clock):
    from chronomem.providers.local import LocalEmbedder, local_model_available

    if not local_model_available():
        pytest.skip("chronomem[local] is not installed")
    memory = Memory(embedder=LocalEmbedder(), clock=clock)
    replay(memory, clock, ALICE_STORY)
    _check_world_timeline(memory)
    memory.close()
