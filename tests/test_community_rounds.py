"""With communities on and an LLM configured, an episode costs at most two sequential LLM
rounds: community summaries are deferred and batched (issue 15 item 5)."""

from __future__ import annotations

from datetime import timedelta

from chronomem.extractors.llm import LLMExtractor
from chronomem.testing import ManualClock
from chronomem.testing.fake_openai import FakeOpenAIServer
from chronomem.testing.fake_oracle import RuleOracle
from tests.conftest import MemoryFactory
from tests.helpers import t
from tests.llm_support import make_llm

STORY = [
    "Alice: I work at Google with Bob.",
    "Bob: Alice and I play tennis with Carol.",
    "Carol: Bob and I live in Berlin.",
    "Dave: I just joined Google, Alice is on my team.",
    "Erin: Dave and I met at Google.",
]


def community_calls(usage_calls: list) -> list:  # type: ignore[type-arg]
    return [c for c in usage_calls if c.prompt == "summarize_community"]


def test_community_summaries_leave_the_episode_path(
    make_memory: MemoryFactory, clock: ManualClock
) -> None:
    with FakeOpenAIServer(auto_answer=RuleOracle()) as server:
        memory = make_memory(extractor=LLMExtractor(llm=make_llm(server), reflexion=False))
        for n, text in enumerate(STORY[:3]):
            clock.set(t("2024-01-01") + timedelta(minutes=n))
            memory.add_episode(text, group_id="g", reference_time=clock.now())
        built = memory.build_communities("g")
        assert built, "the first episodes form a community"
        before = len(community_calls(memory.usage.calls))
        results = []
        for n, text in enumerate(STORY[3:], start=3):
            clock.set(t("2024-01-01") + timedelta(minutes=n))
            results.append(memory.add_episode(text, group_id="g", reference_time=clock.now()))
        for r in results:
            assert {c.round for c in r.usage.calls} <= {1, 2}  # extract, resolve
            assert not community_calls(r.usage.calls)
        memory.refresh_communities("g")
        deferred = community_calls(memory.usage.calls)[before:]
        members = sum(len(c.community.member_ids) for c in memory.get_communities("g"))
        assert members > sum(len(b.community.member_ids) for b in built)  # newcomers joined
        assert len(deferred) == 1  # their communities re-summarized in one batched call
        summaries = [c.summary for c in memory.get_communities("g")]
        assert all(summaries)
