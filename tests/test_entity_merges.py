"""Issue 10 item 3: safe entity resolution, on the real default embedder.

No rename or merge on a name subset alone; a merge keeps the other name as a searchable
alias and records why it happened.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chronomem import Memory
from chronomem.engine.entities import aliases_of
from chronomem.extractors.llm import LLMExtractor
from chronomem.model import Entity, SearchFilter, Target
from chronomem.testing import ManualClock
from chronomem.testing.fake_openai import FakeOpenAIServer
from chronomem.testing.fake_oracle import RuleOracle
from tests.helpers import t
from tests.llm_support import make_llm
from tests.real_embedder import facts_about, real_embedder, target_name, tell

pytestmark = pytest.mark.local_model


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(t("2024-01-01"))


@pytest.fixture
def memory(clock: ManualClock) -> Iterator[Memory]:
    with Memory(embedder=real_embedder(), clock=clock) as m:
        yield m


def _entities(memory: Memory) -> dict[str, Entity]:
    return {e.name: e for e in memory.store.list_entities("g")}


@pytest.mark.parametrize(
    ("part", "whole"),
    [
        ("Dave: I manage the Google cloud team.", "Google"),
        ("Dave: I run the Google Maps team now.", "Google"),
        ("Dave: The Paris office is closing.", "Paris"),
    ],
)
def test_a_part_named_after_an_entity_stays_a_separate_entity(
    memory: Memory, clock: ManualClock, part: str, whole: str
) -> None:
    first = "Alice: I work at Google." if whole == "Google" else "Alice: I live in Paris."
    tell(memory, clock, [("2024-01-01T10:00", first), ("2024-01-05T10:00", part)])
    names = _entities(memory)
    assert whole in names  # never renamed to the longer name
    relation = "WORKS_AT" if whole == "Google" else "LIVES_IN"
    (fact,) = facts_about(memory, "Alice", relation)
    assert target_name(memory, fact) == whole
    assert aliases_of(names[whole]) == []


def test_a_persons_fuller_name_merges_as_a_searchable_alias(
    memory: Memory, clock: ManualClock
) -> None:
    tell(
        memory,
        clock,
        [
            ("2024-01-01T10:00", "Alice: I work at Google."),
            ("2024-01-02T10:00", "Alice Smith: I love hiking on weekends."),
        ],
    )
    names = _entities(memory)
    assert "Alice Smith" not in names  # one person, not renamed
    alice = names["Alice"]
    assert aliases_of(alice) == ["Alice Smith"]
    assert alice.attributes["merges"] == [{"name": "Alice Smith", "reason": "RuleExtractor"}]
    assert memory.get_timeline("Alice Smith", group_id="g").entity.id == alice.id
    everything = SearchFilter(history=True).resolved(clock.now())
    hits = memory.store.text_search(Target.ENTITIES, ["g"], "Smith", limit=5, filter=everything)
    assert alice.id in [i for i, _ in hits]  # full-text search finds the alias


def test_a_near_identical_spelling_merges_by_fuzzy_match(
    memory: Memory, clock: ManualClock
) -> None:
    tell(
        memory,
        clock,
        [
            ("2024-01-01T10:00", "Bob: I met Katherine Johnson at the conference."),
            ("2024-01-02T10:00", "Bob: Katharine Johnson called me today."),
        ],
    )
    names = _entities(memory)
    merged = [e for e in names.values() if "Johnson" in e.name]
    assert len(merged) == 1, sorted(names)
    assert merged[0].attributes["merges"] == [{"name": "Katharine Johnson", "reason": "fuzzy"}]


def test_an_llm_merge_records_llm_as_its_reason(clock: ManualClock) -> None:
    def extraction(name: str) -> dict[str, object]:
        return {
            "entities": [
                {"name": "Carol", "labels": ["Person"], "summary": "Carol."},
                {"name": name, "labels": ["Person"], "summary": f"{name} is Carol's brother."},
            ],
            "facts": [
                {
                    "source": "Carol",
                    "target": name,
                    "relation": "SIBLING_OF",
                    "fact": f"Carol is {name}'s sister.",
                    "valid_at": None,
                    "invalid_at": None,
                }
            ],
        }

    with FakeOpenAIServer(auto_answer=RuleOracle()) as server:
        extractor = LLMExtractor(llm=make_llm(server))
        with Memory(embedder=real_embedder(), extractor=extractor, clock=clock) as memory:
            server.enqueue(extraction("Robert"), task="extract")
            tell(memory, clock, [("2024-01-01T10:00", "Carol: My brother is Robert.")])
            server.enqueue(extraction("Bobby"), task="extract")
            server.enqueue(
                {"entities": [{"entity": 1, "same_as": "e1"}], "facts": []}, task="resolve"
            )
            tell(memory, clock, [("2024-01-02T10:00", "Carol: Bobby is visiting me.")])
            names = _entities(memory)
            assert "Bobby" not in names
            assert names["Robert"].attributes["merges"] == [{"name": "Bobby", "reason": "llm"}]
            assert memory.get_timeline("Bobby", group_id="g").entity.name == "Robert"
