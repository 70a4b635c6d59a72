"""The OpenAI Agents SDK adapter through the SDK's Runner, against chronomem's fake OpenAI
server (real HTTP, real SDK; the server plays the model)."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip(
    "agents", reason='needs chronomem[openai-agents]: pip install "chronomem[openai-agents]"'
)

from agents import (
    Agent,
    ModelSettings,
    OpenAIChatCompletionsModel,
    Runner,
    RunResult,
    set_tracing_disabled,
)
from openai import AsyncOpenAI

from chronomem.integrations.openai_agents import memory_tools
from chronomem.testing.fake_openai import FakeOpenAIServer
from tests.integrations_support import story_memory


@pytest.fixture()
def memory():  # type: ignore[no-untyped-def]
    with story_memory() as memory:
        yield memory


def run_tool(memory, group: str, tool: str, args: dict[str, object]) -> str:  # type: ignore[no-untyped-def]
    """One agent turn: the fake model calls ``tool`` with ``args``, then says "done";
    returns what the tool sent back to the model."""
    set_tracing_disabled(True)
    with FakeOpenAIServer() as fake:
        fake.enqueue(args)
        fake.enqueue("done")

        async def one_turn() -> RunResult:
            # The client is closed on the loop that opened its connections: one left
            # to the garbage collector closes them later on another test's loop.
            async with AsyncOpenAI(base_url=fake.base_url, api_key="fake") as client:
                agent = Agent(
                    name="assistant",
                    model=OpenAIChatCompletionsModel(model="fake", openai_client=client),
                    model_settings=ModelSettings(tool_choice=tool),
                    tools=memory_tools(memory, group_id=group, speaker=group.title()),
                )
                return await Runner.run(agent, "hi")

        result = asyncio.run(one_turn())
        assert result.final_output == "done"
        first, second = fake.chat_requests()
    sent = first.body["tools"]
    assert [t["function"]["name"] for t in sent] == [
        "remember",
        "recall",
        "context_for",
        "timeline",
    ]
    (reply,) = [m for m in second.body["messages"] if m["role"] == "tool"]
    return str(reply["content"])


def test_recall_answers_now_and_in_march_with_dates(memory) -> None:  # type: ignore[no-untyped-def]
    now = run_tool(
        memory,
        "sam",
        "recall",
        {"query": "Where does Sam live?", "valid_at": None, "known_at": None},
    )
    assert now.splitlines()[0] == "- Sam moved to Berlin (2026-04-02 – present)"
    march = run_tool(
        memory,
        "sam",
        "recall",
        {"query": "Where does Sam live?", "valid_at": "2026-03-15", "known_at": None},
    )
    assert march.splitlines()[0] == "- Sam lives in Lisbon (2026-02-10 – 2026-04-02)"


def test_remember_then_timeline(memory) -> None:  # type: ignore[no-untyped-def]
    said = run_tool(memory, "sam", "remember", {"text": "I work at Acme.", "when": "2026-05-01"})
    assert "Sam works at Acme" in said
    timeline = run_tool(memory, "sam", "timeline", {"entity": "Sam"})
    assert "Lisbon" in timeline and "Berlin" in timeline and "Acme" in timeline


def test_tools_bound_to_one_group_never_return_anothers_facts(memory) -> None:  # type: ignore[no-untyped-def]
    text = run_tool(
        memory,
        "ann",
        "context_for",
        {"query": "Where does Sam live?", "valid_at": None, "known_at": None},
    )
    assert "Rome" in text and "Lisbon" not in text and "Berlin" not in text


@pytest.mark.parametrize(
    ("tool", "args", "says"),
    [
        (
            "recall",
            {"query": "", "valid_at": None, "known_at": None},
            "Invalid JSON input for tool",
        ),
        ("remember", {"text": "x" * 20_001, "when": None}, "Invalid JSON input for tool"),
        ("recall", {"query": "Sam", "valid_at": "in spring", "known_at": None}, "ISO-8601"),
        ("timeline", {"entity": "Nobody"}, "no entity named 'Nobody'"),
    ],
)
def test_bad_calls_go_back_to_the_model_as_tool_errors(memory, tool, args, says) -> None:  # type: ignore[no-untyped-def]
    """Arguments the SDK's schema refuses (it withholds the details by default:
    OPENAI_AGENTS_DONT_LOG_TOOL_DATA) and chronomem's own usage errors, which say the fix."""
    reply = run_tool(memory, "sam", tool, args)
    assert reply.startswith("Error:") and says in reply, reply
