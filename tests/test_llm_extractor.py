"""LLMExtractor: rounds, call counts and the checks on everything the model returns."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from chronomem.accounting import collect
from chronomem.extractors.llm import LLMExtractor
from chronomem.model import (
    Entity,
    EntityQuestion,
    Episode,
    ExtractedEntity,
    Fact,
    FactQuestion,
    ResolutionRequest,
)
from chronomem.providers import Settings
from chronomem.testing.fake_openai import FakeOpenAIServer
from tests.llm_support import make_llm

REF = datetime(2024, 1, 15, 14, 0, tzinfo=UTC)
EPISODE = Episode(
    id="ep-2",
    group_id="demo",
    content="Alice: I left Google last week.",
    source="message",
    reference_time=REF,
    created_at=REF,
)
EARLIER = Episode(
    id="ep-1",
    group_id="demo",
    content="Alice: I just started a new job at Google.",
    source="message",
    reference_time=datetime(2024, 1, 1, 10, 0, tzinfo=UTC),
    created_at=REF,
)


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


@pytest.fixture
def extractor(server: FakeOpenAIServer) -> LLMExtractor:
    return LLMExtractor(llm=make_llm(server))


def entity(name: str, labels: list[str] | None = None) -> dict[str, object]:
    return {"name": name, "labels": labels or ["Person"], "summary": f"{name} is here."}


def fact(source: str, target: str, **extra: object) -> dict[str, object]:
    return {
        "source": source,
        "target": target,
        "relation": extra.pop("relation", "works at"),
        "fact": extra.pop("fact", f"{source} worked at {target}."),
        "valid_at": extra.pop("valid_at", None),
        "invalid_at": extra.pop("invalid_at", "2024-01-08T14:00:00Z"),
    }


def test_round_one_is_one_call_mapping_to_an_extraction(server, extractor):
    server.enqueue(
        {
            "entities": [entity("Alice"), entity("Google", ["Organization"])],
            "facts": [fact("Alice", "Google", fact="Alice left Google last week.")],
        }
    )
    with collect() as usage:
        extraction = extractor.extract(EPISODE, [EARLIER])
    assert [e.name for e in extraction.entities] == ["Alice", "Google"]
    assert extraction.entities[1].labels == ("Organization",)
    (f,) = extraction.facts
    assert (f.source, f.target, f.relation) == ("Alice", "Google", "WORKS_AT")  # SCREAMING_SNAKE
    assert f.valid_at is None and f.invalid_at == datetime(2024, 1, 8, 14, 0, tzinfo=UTC)
    (call,) = usage.calls
    assert (call.prompt, call.round, call.model) == ("extract", 1, "fake-model")
    user = server.chat_requests()[0].body["messages"][1]["content"]
    assert "<previous>\n[2024-01-01T10:00:00Z] Alice: I just started" in user
    assert "<reference_time>2024-01-15T14:00:00Z (Monday)</reference_time>" in user


def test_unknown_names_self_loops_and_bad_dates_are_dropped_with_a_reason(
    server, extractor, caplog
):
    server.enqueue(
        {
            "entities": [entity("Alice"), entity("Google"), entity("  ")],
            "facts": [
                fact("Alice", "Gogle"),  # hallucinated entity name
                fact("Alice", "alice", relation="IS"),  # self-loop (normalised names)
                fact("Alice", "Google", valid_at="sometime last year", invalid_at="2024-01-08"),
            ],
        }
    )
    with caplog.at_level(logging.WARNING, logger="chronomem.extractors.llm"):
        extraction = extractor.extract(EPISODE, [])
    assert [e.name for e in extraction.entities] == ["Alice", "Google"]
    (kept,) = extraction.facts
    assert kept.valid_at is None  # unparseable: dropped, the fact kept
    assert kept.invalid_at == datetime(2024, 1, 8, tzinfo=UTC)  # a bare date is UTC midnight
    log = caplog.text
    assert "'Gogle' is not an extracted entity" in log
    assert "source and target are both 'Alice'" in log
    assert "unparseable valid_at 'sometime last year'" in log
    assert "empty name" in log


def _stored_entity(eid: str, name: str) -> Entity:
    return Entity(id=eid, group_id="demo", name=name, created_at=REF, labels=("Person",))


def _stored_fact(fid: str, text: str, relation: str = "WORKS_AT") -> Fact:
    return Fact(
        id=fid,
        group_id="demo",
        source_id="alice-id",
        target_id=f"{fid}-target",
        relation=relation,
        fact=text,
        created_at=REF,
        valid_at=datetime(2024, 1, 1, tzinfo=UTC),
    )


def _request() -> ResolutionRequest:
    new = _stored_fact("new", "Alice left Google last week.")
    return ResolutionRequest(
        episode=EPISODE,
        previous=(EARLIER,),
        entities=(
            EntityQuestion(
                ExtractedEntity("Ally", ("Person",)),
                (_stored_entity("alice-id", "Alice"), _stored_entity("al-id", "Al")),
            ),
            EntityQuestion(ExtractedEntity("Goog"), (_stored_entity("google-id", "Google"),)),
        ),
        facts=(
            FactQuestion(
                7,
                new,
                duplicate_candidates=(_stored_fact("g1", "Alice works at Google."),),
                contradiction_candidates=(_stored_fact("m1", "Alice works at Meta."),),
            ),
        ),
    )


def test_an_empty_request_makes_no_call(server, extractor):
    assert extractor.resolve(ResolutionRequest(EPISODE, ())).entity_matches == {}
    assert server.requests == []


def test_round_two_answers_every_question_in_one_call_with_ids_mapped_back(server, extractor):
    server.enqueue(
        {
            "entities": [{"entity": 1, "same_as": "e1"}, {"entity": 2, "same_as": None}],
            "facts": [{"fact": 7, "duplicate_of": "f1", "contradicts": ["f2"]}],
        }
    )
    with collect() as usage:
        resolution = extractor.resolve(_request())
    assert resolution.entity_matches == {"Ally": "alice-id", "Goog": None}
    assert resolution.duplicates == {7: "g1"}
    assert resolution.contradictions == {7: ("m1",)}
    assert [(c.prompt, c.round) for c in usage.calls] == [("resolve", 2)]
    user = server.chat_requests()[0].body["messages"][1]["content"]
    assert "alice-id" not in user  # stored ids never reach the model: short aliases do
    assert "E1 Ally (Person)" in user and "  e1 Alice (Person)" in user and "F7 WORKS_AT" in user


def test_hallucinated_ids_are_dropped_and_logged(server, extractor, caplog):
    server.enqueue(
        {
            "entities": [
                {"entity": 1, "same_as": "e3"},  # Google's alias, shown under E2 only
                {"entity": 2, "same_as": "e99"},  # never shown
                {"entity": 5, "same_as": "e1"},  # no such question
            ],
            "facts": [
                {"fact": 7, "duplicate_of": "f2", "contradicts": ["f9", "f1"]},  # f2 is related
                {"fact": 8, "duplicate_of": "f1", "contradicts": []},  # never asked
            ],
        }
    )
    with caplog.at_level(logging.WARNING, logger="chronomem.extractors.llm"):
        resolution = extractor.resolve(_request())
    assert resolution.entity_matches == {}
    assert resolution.duplicates == {7: None}  # a related fact cannot be a duplicate
    assert resolution.contradictions == {7: ("g1",)}
    for reason in ("'e3' for E1", "'e99' for E2", "E5, which was not asked", "'f9' for F7", "F8"):
        assert reason in caplog.text


def test_reflexion_adds_one_call_whose_findings_are_merged(server):
    # CHRONOMEM_LLM_REFLEXION=true, through the settings object
    extractor = LLMExtractor(llm=make_llm(server), settings=Settings(llm_reflexion=True))
    server.enqueue({"entities": [entity("Alice")], "facts": []})
    server.enqueue(
        {"entities": [entity("Google", ["Organization"])], "facts": [fact("Alice", "Google")]}
    )
    with collect() as usage:
        extraction = extractor.extract(EPISODE, [])
    assert [e.name for e in extraction.entities] == ["Alice", "Google"]
    assert len(extraction.facts) == 1
    assert [(c.prompt, c.round) for c in usage.calls] == [
        ("extract", 1),
        ("extract_reflexion", 2),
    ]
    assert "<extracted>" in server.chat_requests()[1].body["messages"][1]["content"]


def test_summaries_of_many_entities_come_from_one_call(server, caplog):
    from chronomem.extractors.llm import LLMSummarizer
    from chronomem.prompts.summarize import SummaryItem

    server.enqueue(
        {
            "summaries": [
                {"key": "alice", "summary": "Alice works at  Meta; she left Google."},
                {"key": "ghost", "summary": "Never asked about."},
            ]
        }
    )
    items = [
        SummaryItem("alice", "Alice", "Alice works at Google.", ("Alice left Google.",)),
        SummaryItem("meta", "Meta", "", ("Alice works at Meta.",)),
    ]
    with collect() as usage, caplog.at_level(logging.WARNING):
        summaries = LLMSummarizer(llm=make_llm(server)).summarize(items)
    assert summaries == {"alice": "Alice works at Meta; she left Google."}  # meta keeps its own
    assert [c.prompt for c in usage.calls] == ["summarize"]
    assert "unknown key 'ghost'" in caplog.text


def test_communities_are_named_and_summarized_in_one_call(server, caplog):
    from chronomem.model import CommunityMaterial
    from chronomem.ports import CommunitySummarizer

    extractor = LLMExtractor(llm=make_llm(server), reflexion=False)
    assert isinstance(extractor, CommunitySummarizer)  # the engine's capability check
    alice = _stored_entity("alice-id", "Alice")
    materials = [
        CommunityMaterial(
            "c1", (alice,), (_stored_fact("g1", "Alice works at Google."),), 4, ("Alice", "Google")
        ),
        CommunityMaterial("c2", (), (), 2, ("Tea",)),
    ]
    server.enqueue(
        {
            "communities": [
                {"key": "c1", "name": "Alice's  career", "summary": "Alice and her employers."},
                {"key": "c2", "name": "", "summary": "nameless"},  # empty: engine falls back
                {"key": "c9", "name": "Ghost", "summary": "never asked"},
            ]
        }
    )
    with collect() as usage, caplog.at_level(logging.WARNING):
        summaries = extractor.summarize_communities(materials)
    assert [(s.key, s.name) for s in summaries] == [("c1", "Alice's career")]
    assert [c.prompt for c in usage.calls] == ["summarize_community"]
    assert "unknown key 'c9'" in caplog.text
    user = server.chat_requests()[0].body["messages"][1]["content"]
    assert (
        "[c1] 4 members; key terms: Alice, Google" in user
        and "fact: Alice works at Google." in user
    )
    assert extractor.summarize_communities([]) == [] and len(server.chat_requests()) == 1
