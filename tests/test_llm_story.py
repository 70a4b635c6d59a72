"""The Alice story through the LLM path: Memory + LLMExtractor + the real openai SDK + the
fake server (rule-based auto answers), plus the failure cases an episode must survive."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest

from chronomem import Memory
from chronomem.errors import ProviderHTTPError, ProviderOutputError
from chronomem.extractors.llm import LLMExtractor
from chronomem.model import Fact
from chronomem.testing.fake_openai import FakeOpenAIServer
from chronomem.testing.fake_oracle import RuleOracle
from tests.helpers import ALICE_STORY, replay, t
from tests.llm_support import make_llm

QUESTION = "Where does Alice work?"


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(auto_answer=RuleOracle()) as fake:
        yield fake


@pytest.fixture
def llm_memory(make_memory, server):
    def build(**options: object) -> Memory:
        llm = make_llm(server, **options)
        return make_memory(extractor=LLMExtractor(llm=llm))

    return build


def _target(memory: Memory, fact: Fact) -> str:
    (entity,) = memory.store.get_entities(["demo"], [fact.target_id])
    return entity.name


def _google(memory: Memory) -> Fact:
    timeline = memory.get_timeline("Alice", group_id="demo")
    google = [f for f in timeline.facts if timeline.name_of(f.target_id) == "Google"]
    assert len(google) == 1, [f.fact for f in timeline.facts]
    return google[0]


def _check_timeline(memory: Memory) -> None:
    now = memory.search(QUESTION, group_id="demo")
    assert now.facts and _target(memory, now.facts[0]) == "Meta"
    assert all(_target(memory, f) != "Google" for f in now.facts)
    then = memory.search(QUESTION, group_id="demo", valid_at=t("2024-01-05T12:00"))
    assert then.facts and _target(memory, then.facts[0]) == "Google"
    google = _google(memory)
    assert google.relation == "WORKS_AT" and google.valid_at == t("2024-01-01T10:00")
    assert google.invalid_at is not None and google.expired_at is not None
    assert abs(google.invalid_at - t("2024-01-08T14:00")) <= timedelta(days=1)


def test_the_story_through_the_llm_path(llm_memory, clock, server):
    memory = llm_memory()
    results = replay(memory, clock, ALICE_STORY)
    _check_timeline(memory)
    assert [f.fact for f in results[1].invalidated] == [_google(memory).fact]
    believed = memory.search(QUESTION, group_id="demo", known_at=t("2024-01-10T12:00"))
    assert believed.facts and _target(memory, believed.facts[0]) == "Google"
    # cost: round 1 always, round 2 only when the fast paths left questions; never more
    # ("I left Google" ends the one open WORKS_AT fact between the same two entities: a
    # fast path, so no round 2)
    assert [[(c.prompt, c.round) for c in r.usage.calls] for r in results] == [
        [("extract", 1)],
        [("extract", 1)],
        [("extract", 1), ("resolve", 2)],
    ]
    totals = memory.usage.by_prompt()
    assert (totals["extract"].calls, totals["resolve"].calls) == (3, 1)
    assert totals["extract"].input_tokens > 0 and totals["resolve"].output_tokens > 0
    assert len(server.chat_requests()) == 4


def test_the_story_out_of_order_gives_the_same_world(llm_memory, clock):
    memory = llm_memory()
    clock.set(t("2024-02-01T00:00"))  # a backfill, newest first
    for ref, text in reversed(ALICE_STORY):
        clock.advance(60)
        memory.add_episode(text, group_id="demo", reference_time=ref)
    _check_timeline(memory)


def test_an_episode_whose_calls_fail_is_not_written_and_retries_cleanly(llm_memory, clock, server):
    memory = llm_memory()
    replay(memory, clock, ALICE_STORY[:1])
    ref, text = ALICE_STORY[1]
    clock.set(ref + timedelta(seconds=1))
    for _ in range(3):  # round 1 fails: 1 attempt + 2 retries, all 500
        server.enqueue(status=500)
    with pytest.raises(ProviderHTTPError, match="after 3 attempts"):
        memory.add_episode(text, group_id="demo", reference_time=ref, episode_id="ep-left")
    assert memory.get_episodes(["ep-left"], group_id="demo") == []
    assert _google(memory).invalid_at is None  # nothing of the episode was applied

    retried = memory.add_episode(text, group_id="demo", reference_time=ref, episode_id="ep-left")
    assert retried.invalidated and _google(memory).invalid_at is not None
    again = memory.add_episode(text, group_id="demo", reference_time=ref, episode_id="ep-left")
    assert again.usage.call_count == 0  # stored already: a no-op, no LLM call
    assert len(memory.get_episodes(["ep-left"], group_id="demo")) == 1
    timeline = memory.get_timeline("Alice", group_id="demo")
    assert len(timeline.facts) == 1  # merged into the stored fact, not written twice
    assert _google(memory).episodes[1:] == ("ep-left",)

    ref, text = ALICE_STORY[2]  # Meta: a new employer, so round 2 is asked
    clock.set(ref + timedelta(seconds=1))
    server.enqueue("not json", task="resolve")  # round 1 answers; round 2 fails twice
    server.enqueue("still not json", task="resolve")
    with pytest.raises(ProviderOutputError, match="'resolve'"):
        memory.add_episode(text, group_id="demo", reference_time=ref, episode_id="ep-meta")
    assert memory.get_episodes(["ep-meta"], group_id="demo") == []
    assert len(memory.get_timeline("Alice", group_id="demo").facts) == 1  # nothing applied
    memory.add_episode(text, group_id="demo", reference_time=ref, episode_id="ep-meta")
    assert len(memory.get_timeline("Alice", group_id="demo").facts) == 2


def test_50_parallel_episodes_share_one_concurrency_limit(make_memory, tmp_path):
    with FakeOpenAIServer(auto_answer=RuleOracle(), latency_s=0.02) as server:
        llm = make_llm(server, max_concurrency=3)
        memory = make_memory(str(tmp_path / "memory.db"), extractor=LLMExtractor(llm=llm))

        def ingest(i: int) -> None:
            memory.add_episode(
                f"User{i}: I just started a new job at Acme{i}.",
                group_id=f"user-{i}",
                reference_time=t("2024-01-01T10:00") + timedelta(minutes=i),
            )

        with ThreadPoolExecutor(max_workers=50) as pool:
            list(pool.map(ingest, range(50)))
        assert server.max_in_flight == 3
        assert len(server.chat_requests()) == 50
    assert all(memory.recent_episodes(group_id=f"user-{i}") for i in range(50))
    assert memory.usage.by_prompt()["extract"].calls == 50


def test_communities_are_summarized_by_the_llm_in_one_call(llm_memory, clock, server):
    memory = llm_memory()
    replay(memory, clock, ALICE_STORY)
    before = len(server.chat_requests())
    built = memory.build_communities("demo")
    calls = server.chat_requests()[before:]
    assert built and [r.task for r in calls] == ["summarize_community"]  # one call, all of them
    assert memory.usage.by_prompt()["summarize_community"].calls == 1
    (community,) = [c for c in built if "Alice" in {m.name for m in c.members}]
    assert "Alice" in community.community.summary  # the (oracle) model's answer, stored


def test_the_cross_encoder_recipe_scores_each_target_in_one_llm_call(make_memory, clock, server):
    from chronomem.search.llm_reranker import LLMReranker
    from chronomem.search.rerankers import Reranker

    llm = make_llm(server)
    reranker = LLMReranker(llm=llm)
    assert isinstance(reranker, Reranker)  # the search port
    memory = make_memory(extractor=LLMExtractor(llm=llm), reranker=reranker)
    replay(memory, clock, ALICE_STORY)
    before = len(server.chat_requests())
    found = memory.search(QUESTION, group_id="demo", recipe="cross_encoder")
    calls = server.chat_requests()[before:]
    # the recipe reranks facts and entities: one call each, every candidate in it
    assert [r.task for r in calls] == ["score", "score"]
    shown = [r.body["messages"][1]["content"] for r in calls]
    assert any("Alice is working at Meta now." in text for text in shown)
    assert found.facts and _target(memory, found.facts[0]) == "Meta"
