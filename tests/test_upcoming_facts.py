"""Issue 10 item 4: plans and scheduled events, on the real default embedder.

Default ``search`` and ``context`` include facts whose ``valid_at`` is still ahead and that
nothing has withdrawn; the context marks them upcoming with their date; a reschedule closes
the old plan (whatever order the two messages are ingested in).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chronomem import Memory
from chronomem.extractors.llm import LLMExtractor
from chronomem.testing import ManualClock
from chronomem.testing.fake_openai import FakeOpenAIServer
from chronomem.testing.fake_oracle import RuleOracle
from tests.helpers import t
from tests.llm_support import make_llm
from tests.real_embedder import real_embedder, tell

pytestmark = pytest.mark.local_model

QUESTION = "When is the wedding?"


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(t("2024-01-01"))


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(auto_answer=RuleOracle()) as fake:
        yield fake


@pytest.fixture
def memory(server: FakeOpenAIServer, clock: ManualClock) -> Iterator[Memory]:
    extractor = LLMExtractor(llm=make_llm(server))
    with Memory(embedder=real_embedder(), extractor=extractor, clock=clock) as m:
        yield m


def _wedding(server: FakeOpenAIServer, day: str) -> None:
    """What a model extracts from "my sister Emma's wedding is on <day>"."""
    server.enqueue(
        {
            "entities": [
                {"name": "Alice", "labels": ["Person"], "summary": "Alice."},
                {"name": "Emma", "labels": ["Person"], "summary": "Alice's sister."},
                {"name": "Emma's wedding", "labels": ["Event"], "summary": "Emma's wedding."},
            ],
            "facts": [
                {
                    "source": "Emma",
                    "target": "Emma's wedding",
                    "relation": "GETS_MARRIED_AT",
                    "fact": f"Emma's wedding is on {day}.",
                    "valid_at": f"{day}T00:00:00Z",
                    "invalid_at": None,
                },
                {
                    "source": "Alice",
                    "target": "Emma",
                    "relation": "SISTER_OF",
                    "fact": "Emma is Alice's sister.",
                    "valid_at": None,
                    "invalid_at": None,
                },
            ],
        },
        task="extract",
    )


def test_an_upcoming_event_is_found_and_marked_in_the_context(
    memory: Memory, server: FakeOpenAIServer, clock: ManualClock
) -> None:
    _wedding(server, "2024-01-14")
    tell(memory, clock, [("2024-01-02T10:00", "Alice: My sister Emma's wedding is on the 14th.")])
    found = memory.search(QUESTION, group_id="g").facts
    assert "Emma's wedding is on 2024-01-14." in [f.fact for f in found]
    text = memory.context(QUESTION, group_id="g").text
    assert "- Emma's wedding is on 2024-01-14. (upcoming: 2024-01-14)" in text
    # "what was true on Jan 5" is a point in time: the wedding had not happened
    then = memory.search(QUESTION, group_id="g", valid_at=t("2024-01-05")).facts
    assert "Emma's wedding is on 2024-01-14." not in [f.fact for f in then]
    clock.set(t("2024-01-20"))  # once the day has come, it is an ordinary current fact
    later = memory.context(QUESTION, group_id="g").text
    assert "- Emma's wedding is on 2024-01-14. (2024-01-14 – present)" in later


@pytest.mark.parametrize("in_order", [True, False])
def test_a_reschedule_closes_the_old_plan(
    memory: Memory, server: FakeOpenAIServer, clock: ManualClock, in_order: bool
) -> None:
    first = ("2024-01-02T10:00", "Alice: My sister Emma's wedding is on the 14th.")
    second = ("2024-01-05T10:00", "Alice: Emma's wedding moved to the 21st.")
    story = [(first, "2024-01-14"), (second, "2024-01-21")]
    for (when, text), day in story if in_order else story[::-1]:
        _wedding(server, day)
        tell(memory, clock, [(when, text)])
    clock.set(t("2024-01-06"))
    found = [f.fact for f in memory.search(QUESTION, group_id="g").facts]
    assert "Emma's wedding is on 2024-01-21." in found
    assert "Emma's wedding is on 2024-01-14." not in found
    text = memory.context(QUESTION, group_id="g").text
    assert "(upcoming: 2024-01-21)" in text and "2024-01-14" not in text
    history = memory.get_timeline("Emma", group_id="g").facts
    (old,) = [f for f in history if f.fact == "Emma's wedding is on 2024-01-14."]
    assert old.invalid_at == old.valid_at  # withdrawn: it never held


def test_a_plan_from_the_rule_extractor_is_upcoming(clock: ManualClock) -> None:
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        tell(memory, clock, [("2024-02-01T10:00", "Ivy: I'm going to Japan next month.")])
        found = memory.search("Where is Ivy travelling?", group_id="g").facts
        assert [f.valid_at for f in found if "Japan" in f.fact] == [t("2024-03-01")]
        text = memory.context("Where is Ivy going?", group_id="g").text
        assert "(upcoming: 2024-03-01)" in text
        clock.set(t("2024-04-01"))  # once its day has come, a plan is told by its day
        later = memory.context("Where did Ivy go?", group_id="g").text
        assert "(on 2024-03-01)" in later and "2024-03-01 – present" not in later
