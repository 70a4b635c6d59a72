"""The LlamaIndex adapter through llama_index.core's Memory and a chat engine with MockLLM."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip(
    "llama_index.core", reason='needs chronomem[llamaindex]: pip install "chronomem[llamaindex]"'
)

from llama_index.core.chat_engine import SimpleChatEngine
from llama_index.core.llms import ChatMessage, MockLLM
from llama_index.core.memory import Memory as ChatMemory

from chronomem.integrations.llamaindex import ChronomemMemoryBlock
from tests.integrations_support import MARCH, story_memory


@pytest.fixture()
def memory():  # type: ignore[no-untyped-def]
    with story_memory() as memory:
        yield memory


def ask(block: ChronomemMemoryBlock, question: str, **kwargs: object) -> str:
    return asyncio.run(block.aget([ChatMessage(role="user", content=question)], **kwargs))


def test_the_block_gives_the_dated_context_now_and_in_march(memory) -> None:  # type: ignore[no-untyped-def]
    block = ChronomemMemoryBlock(memory=memory, group_id="sam")
    assert "- Sam moved to Berlin (2026-04-02 – present)" in ask(block, "Where does Sam live?")
    march = ask(block, "Where does Sam live?", valid_at=MARCH)
    assert "- Sam lives in Lisbon (2026-02-10 – 2026-04-02)" in march and "Berlin (" not in march


def test_the_chat_engine_puts_the_block_into_the_prompt(memory) -> None:  # type: ignore[no-untyped-def]
    block = ChronomemMemoryBlock(memory=memory, group_id="sam")
    engine = SimpleChatEngine.from_defaults(
        llm=MockLLM(), memory=ChatMemory.from_defaults(session_id="t", memory_blocks=[block])
    )
    echoed = str(engine.chat("Where does Sam live?"))  # MockLLM answers with its prompt
    assert "<chronomem>" in echoed and "Sam moved to Berlin (2026-04-02 – present)" in echoed


def test_aput_remembers_user_turns_only(memory) -> None:  # type: ignore[no-untyped-def]
    block = ChronomemMemoryBlock(memory=memory, group_id="zoe", user_name="Zoe")
    turns = [
        ChatMessage(role="user", content="I live in Madrid."),
        ChatMessage(role="assistant", content="You lived in Paris, I recall."),
    ]
    asyncio.run(block.aput(turns))
    assert [e.content for e in memory.recent_episodes(group_id="zoe")] == ["Zoe: I live in Madrid."]


def test_a_block_bound_to_one_group_never_returns_anothers_facts(memory) -> None:  # type: ignore[no-untyped-def]
    text = ask(ChronomemMemoryBlock(memory=memory, group_id="ann"), "Where does Sam live?")
    assert "Rome" in text and "Lisbon" not in text and "Berlin" not in text


def test_no_user_message_gives_an_empty_block_and_a_huge_one_its_end(memory) -> None:  # type: ignore[no-untyped-def]
    block = ChronomemMemoryBlock(memory=memory, group_id="sam")
    assert asyncio.run(block.aget([])) == ""
    assert asyncio.run(block.aget([ChatMessage(role="user", content="   ")])) == ""
    pasted = "lorem ipsum " * 10_000 + "Where does Sam live?"
    assert "Sam moved to Berlin" in ask(block, pasted)
    with pytest.raises(ValueError):
        ChronomemMemoryBlock(memory=memory, group_id="not a group")
