"""Issue 10 item 2: ``invalid_at`` is never before ``valid_at``, on every path.

Policy (engine/temporal.py ``sane_interval``): an ending dated before the known start keeps
the end and makes the start unknown — "I work at Google" said on Jan 10 started the fact on
Jan 10 only because that is when we heard it; "I left Google last week" on Jan 15 ends it on
Jan 8. The fact is then not current, was true before Jan 8, and never ends before it starts.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chronomem import Memory
from chronomem.extractors.llm import LLMExtractor
from chronomem.model import Fact
from chronomem.testing import ManualClock
from chronomem.testing.fake_openai import FakeOpenAIServer
from chronomem.testing.fake_oracle import RuleOracle
from tests.helpers import t
from tests.llm_support import make_llm
from tests.real_embedder import facts_about, real_embedder, target_name, tell

pytestmark = pytest.mark.local_model

EARLY_ENDING = [
    ("2024-01-10T10:00", "Alice: I work at Google."),
    ("2024-01-15T10:00", "Alice: I left Google last week."),
]


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(t("2024-01-01"))


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(auto_answer=RuleOracle()) as fake:
        yield fake


def _memories(kind: str, clock: ManualClock, server: FakeOpenAIServer) -> Memory:
    if kind == "rules":
        return Memory(embedder=real_embedder(), clock=clock)
    extractor = LLMExtractor(llm=make_llm(server))
    return Memory(embedder=real_embedder(), extractor=extractor, clock=clock)


def _sane(facts: list[Fact]) -> bool:
    return all(
        f.valid_at is None or f.invalid_at is None or f.valid_at <= f.invalid_at for f in facts
    )


@pytest.mark.parametrize("kind", ["rules", "llm"])
def test_an_ending_dated_before_the_known_start_closes_the_fact_sanely(
    kind: str, clock: ManualClock, server: FakeOpenAIServer
) -> None:
    with _memories(kind, clock, server) as memory:
        tell(memory, clock, EARLY_ENDING)
        facts = facts_about(memory, "Alice", "WORKS_AT")
        assert len(facts) == 1, [f.fact for f in facts]
        (google,) = facts
        assert target_name(memory, google) == "Google"
        assert (
            google.invalid_at is not None and google.invalid_at.date().isoformat() == "2024-01-08"
        )
        assert google.valid_at is None  # the start we had (Jan 10) was only when we heard it
        now = memory.search("Where does Alice work?", group_id="g").facts
        assert [f.id for f in now if f.relation == "WORKS_AT"] == []
        then = memory.search("Where does Alice work?", group_id="g", valid_at=t("2024-01-05"))
        assert google.id in [f.id for f in then.facts]


@pytest.mark.parametrize("kind", ["rules", "llm"])
def test_no_path_stores_an_inverted_interval(
    kind: str, clock: ManualClock, server: FakeOpenAIServer
) -> None:
    story = [
        ("2024-03-01T10:00", "Bob: I live in Boston."),
        ("2024-02-01T10:00", "Bob: I just moved to Seattle."),  # learned out of order
        ("2024-03-05T10:00", "Bob: I started working at Acme."),
        ("2024-03-10T10:00", "Bob: I quit Acme two weeks ago."),
    ]
    with _memories(kind, clock, server) as memory:
        tell(memory, clock, story)
        timeline = memory.get_timeline("Bob", group_id="g")
        assert timeline.facts and _sane(list(timeline.facts))


def test_an_extracted_fact_that_ends_before_it_starts_keeps_its_end(
    clock: ManualClock, server: FakeOpenAIServer
) -> None:
    server.enqueue(
        {
            "entities": [
                {"name": "Carol", "labels": ["Person"], "summary": "Carol."},
                {"name": "Initech", "labels": ["Organization"], "summary": "A company."},
            ],
            "facts": [
                {
                    "source": "Carol",
                    "target": "Initech",
                    "relation": "WORKS_AT",
                    "fact": "Carol worked at Initech.",
                    "valid_at": "2024-03-01T00:00:00Z",
                    "invalid_at": "2024-01-01T00:00:00Z",
                }
            ],
        },
        task="extract",
    )
    with _memories("llm", clock, server) as memory:
        tell(memory, clock, [("2024-04-01T10:00", "Carol: I used to work at Initech.")])
        (fact,) = facts_about(memory, "Carol", "WORKS_AT")
        assert (fact.valid_at, fact.invalid_at) == (None, t("2024-01-01"))
