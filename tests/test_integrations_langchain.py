"""The LangChain adapter through langchain-core's public API: retriever and tools."""

from __future__ import annotations

import pytest

pytest.importorskip(
    "langchain_core", reason='needs chronomem[langchain]: pip install "chronomem[langchain]"'
)

from langchain_core.documents import Document
from pydantic import ValidationError

from chronomem.integrations.langchain import ChronomemRetriever, memory_tools
from tests.integrations_support import MARCH, story_memory


@pytest.fixture(scope="module")
def memory():  # type: ignore[no-untyped-def]
    with story_memory() as memory:
        yield memory


def test_the_retriever_answers_now_and_in_march_with_dates_in_metadata(memory) -> None:  # type: ignore[no-untyped-def]
    retriever = ChronomemRetriever(memory=memory, group_id="sam", episodes=1)
    now = retriever.invoke("Where does Sam live?")
    assert all(isinstance(d, Document) for d in now)
    facts = [d for d in now if d.metadata["kind"] == "fact"]
    assert "Berlin" in facts[0].page_content
    assert facts[0].metadata["valid_at"].startswith("2026-04-02")
    assert facts[0].metadata["invalid_at"] is None
    assert [d.metadata["kind"] for d in now].count("episode") == 1
    then = retriever.invoke("Where does Sam live?", valid_at=MARCH)
    first = next(d for d in then if d.metadata["kind"] == "fact")
    assert "Lisbon" in first.page_content
    assert first.metadata["invalid_at"].startswith("2026-04-02")


def test_known_at_on_the_retriever_shows_what_was_believed_then(memory) -> None:  # type: ignore[no-untyped-def]
    before_move = ChronomemRetriever(memory=memory, group_id="sam", known_at=MARCH, episodes=0)
    texts = [d.page_content for d in before_move.invoke("Where does Sam live?")]
    assert texts and "Lisbon" in texts[0] and not any("Berlin" in t for t in texts)


def test_a_retriever_bound_to_one_group_never_returns_another_groups_facts(memory) -> None:  # type: ignore[no-untyped-def]
    docs = ChronomemRetriever(memory=memory, group_id="ann").invoke("Where does Sam live?")
    assert docs and all(d.metadata["group_id"] == "ann" for d in docs)
    assert not any("Lisbon" in d.page_content or "Berlin" in d.page_content for d in docs)


@pytest.mark.parametrize("query", ["", "   ", "x" * 50_000])
def test_empty_or_huge_queries_are_value_errors(memory, query: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="query"):
        ChronomemRetriever(memory=memory, group_id="sam").invoke(query)


def test_tools_answer_with_dated_text_and_reject_bad_arguments(memory) -> None:  # type: ignore[no-untyped-def]
    tools = {t.name: t for t in memory_tools(memory, group_id="sam", speaker="Sam")}
    assert sorted(tools) == ["context_for", "recall", "remember", "timeline"]
    assert "valid_at" in tools["recall"].description
    march = tools["recall"].invoke({"query": "Where does Sam live?", "valid_at": "2026-03-15"})
    assert march.splitlines()[0] == "- Sam lives in Lisbon (2026-02-10 – 2026-04-02)"
    with pytest.raises(ValidationError):
        tools["recall"].invoke({"query": ""})
    with pytest.raises(ValidationError):
        tools["remember"].invoke({"text": "y" * 20_001})
    with pytest.raises(ValueError, match="ISO-8601"):
        tools["recall"].invoke({"query": "Sam", "valid_at": "last spring"})
