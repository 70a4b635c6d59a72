"""Custom entity and edge types (issue 15 item 1): the rule path, the LLM path through the
fake OpenAI-compatible server, exclusion, attribute validation and the search filters."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pydantic import BaseModel, Field

from chronomem import Memory, SearchFilter, UsageError
from chronomem.extractors.llm import LLMExtractor
from chronomem.testing.fake_openai import FakeOpenAIServer
from chronomem.testing.fake_oracle import RuleOracle
from tests.conftest import MemoryFactory
from tests.helpers import t
from tests.llm_support import make_llm


class Person(BaseModel):
    """A human being the user talks about."""

    age: int | None = Field(None, description="Age in years, only when stated")
    occupation: str | None = Field(None, description="What the person does for a living")


class Company(BaseModel):
    """A business or employer."""

    industry: str | None = Field(None, description="The company's line of business")


class WorksAt(BaseModel):
    """Employment of a person by a company."""

    title: str | None = Field(None, description="Job title, e.g. 'data engineer'")


TYPES = {
    "entity_types": {"Person": Person, "Company": Company},
    "edge_types": {"WORKS_AT": WorksAt},
    "edge_type_map": {("Person", "Company"): ["WORKS_AT"]},
}


# -- rule path -------------------------------------------------------------------------------
def test_rule_labels_map_onto_declared_types(make_memory: MemoryFactory) -> None:
    memory = make_memory(**TYPES)
    result = memory.add_episode(
        "Alice: I just started a new job at Google.", group_id="g", reference_time=t("2024-01-01")
    )
    labels = {e.name: e.labels for e in result.entities}
    assert labels["Alice"][0] == "Person"
    assert labels["Google"][0] == "Company"  # the rule label Organization is a declared Company
    (fact,) = [f for f in result.facts if f.relation == "WORKS_AT"]
    assert fact.attributes == {}  # the rules fill no attributes (docs/types.md)


def test_excluded_types_drop_entities_and_their_facts(make_memory: MemoryFactory) -> None:
    memory = make_memory(**TYPES)
    result = memory.add_episode(
        "Alice: I just started a new job at Google.",
        group_id="g",
        reference_time=t("2024-01-01"),
        excluded_entity_types=["Company"],
    )
    assert [e.name for e in result.entities] == ["Alice"]
    assert all(f.relation != "WORKS_AT" for f in result.facts)
    assert not memory.search("Google", group_id="g").facts


def test_bad_type_declarations_say_what_to_fix() -> None:
    class Bad(BaseModel):
        name: str  # chronomem keeps the name itself

    with pytest.raises(UsageError, match="rename the field"):
        Memory(entity_types={"Thing": Bad})
    with pytest.raises(UsageError, match="pydantic model"):
        Memory(entity_types={"Thing": dict})  # type: ignore[dict-item]
    with pytest.raises(UsageError, match="not in edge_types"):
        Memory(entity_types={"Person": Person}, edge_type_map={("Person", "Entity"): ["OWNS"]})
    with pytest.raises(UsageError, match="not in entity_types"):
        Memory(excluded_entity_types=["Robot"])


# -- LLM path --------------------------------------------------------------------------------
@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


def llm_memory(make_memory: MemoryFactory, server: FakeOpenAIServer) -> Memory:
    return make_memory(extractor=LLMExtractor(llm=make_llm(server), reflexion=False), **TYPES)


def attr(name: str, value: str) -> dict[str, str]:
    return {"name": name, "value": value}


def typed_answer(age: str) -> dict[str, object]:
    return {
        "entities": [
            {
                "name": "Alice",
                "labels": ["Person"],
                "summary": "Alice is a data engineer.",
                "attributes": [attr("age", age), attr("occupation", '"data engineer"')],
            },
            {
                "name": "Google",
                "labels": ["Company"],
                "summary": "Alice's employer.",
                "attributes": [attr("industry", "search"), attr("ceo", '"Sundar"')],
            },
        ],
        "facts": [
            {
                "source": "Alice",
                "target": "Google",
                "relation": "WORKS_AT",
                "fact": "Alice works at Google as a data engineer.",
                "valid_at": "2024-01-01T00:00:00Z",
                "invalid_at": None,
                "attributes": [attr("title", '"data engineer"')],
            }
        ],
    }


def test_llm_prompt_carries_the_types_and_attributes_are_stored(
    make_memory: MemoryFactory, server: FakeOpenAIServer
) -> None:
    memory = llm_memory(make_memory, server)
    server.enqueue(typed_answer("34"))
    result = memory.add_episode(
        "Alice: I'm 34 and I work at Google as a data engineer.",
        group_id="g",
        reference_time=t("2024-01-01"),
    )
    request = server.chat_requests()[0]
    user = request.body["messages"][1]["content"]  # type: ignore[index]
    assert "Person: A human being the user talks about." in user
    assert "age (" in user and "Age in years, only when stated" in user
    assert "WORKS_AT (Person -> Company): Employment of a person by a company." in user
    assert "attributes" in str(request.body.get("response_format"))  # the typed schema
    by_name = {e.name: e for e in result.entities}
    assert by_name["Alice"].attributes == {"age": 34, "occupation": "data engineer"}
    assert by_name["Google"].attributes == {"industry": "search"}  # "ceo" is no Company field
    (fact,) = result.facts
    assert fact.attributes == {"title": "data engineer"}
    assert any("'ceo'" in w for w in result.usage.warnings)
    stored = memory.store.get_entities(["g"], [by_name["Alice"].id])[0]
    assert stored.attributes["age"] == 34  # written, not only returned


def test_invalid_attribute_is_dropped_with_a_warning_not_a_failure(
    make_memory: MemoryFactory, server: FakeOpenAIServer
) -> None:
    memory = llm_memory(make_memory, server)
    server.enqueue(typed_answer('"thirty-something"'))
    result = memory.add_episode(
        "Alice: I work at Google as a data engineer.", group_id="g", reference_time=t("2024-01-01")
    )
    alice = next(e for e in result.entities if e.name == "Alice")
    assert "age" not in alice.attributes and alice.attributes["occupation"] == "data engineer"
    assert any("age=" in w and "Alice" in w for w in result.usage.warnings)
    assert memory.usage.warnings == result.usage.warnings  # the memory's running record too
    assert result.facts  # the episode was written


def test_untyped_episodes_keep_the_short_schema(
    make_memory: MemoryFactory, server: FakeOpenAIServer
) -> None:
    memory = make_memory(extractor=LLMExtractor(llm=make_llm(server), reflexion=False))
    server.enqueue({"entities": [], "facts": []})
    memory.add_episode("Alice: hello", group_id="g", reference_time=t("2024-01-01"))
    body = server.chat_requests()[0].body
    assert "attributes" not in str(body.get("response_format"))
    assert "<entity_types>" not in str(body["messages"])


# -- filters ---------------------------------------------------------------------------------
def test_search_filters_by_type_relation_and_attribute_value(make_memory: MemoryFactory) -> None:
    server = FakeOpenAIServer(auto_answer=RuleOracle()).start()  # answers the resolve round
    memory = llm_memory(make_memory, server)
    server.enqueue(typed_answer("34"))
    memory.add_episode(
        "Alice: I'm 34 and I work at Google as a data engineer.",
        group_id="g",
        reference_time=t("2024-01-01"),
    )
    memory.add_fact("Bob", "WORKS_AT", "Google", group_id="g", attributes={"title": "CEO"},
                    source_labels=["Person"])  # fmt: skip

    def facts(flt: SearchFilter) -> list[str]:
        return [f.fact for f in memory.search("works at Google", group_id="g", filter=flt).facts]

    assert facts(SearchFilter(fact_attributes={"title": "CEO"})) == ["Bob works at Google."]
    assert facts(SearchFilter(relations=("WORKS_AT",), fact_attributes={"title": "nobody"})) == []
    people = memory.search(
        "Alice Google", group_id="g", filter=SearchFilter(entity_attributes={"age": 34})
    ).entities
    assert [e.name for e in people] == ["Alice"]
    companies = memory.search("Google", group_id="g", filter=SearchFilter(labels=("Company",)))
    assert [e.name for e in companies.entities] == ["Google"]
    with pytest.raises(UsageError, match="text, number or boolean"):
        SearchFilter(entity_attributes={"age": [34]})  # type: ignore[dict-item]
    server.close()
