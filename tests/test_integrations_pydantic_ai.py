"""The pydantic-ai adapter through an Agent, with pydantic-ai's FunctionModel and TestModel
playing the model."""

from __future__ import annotations

import pytest

pytest.importorskip(
    "pydantic_ai", reason='needs chronomem[pydantic-ai]: pip install "chronomem[pydantic-ai]"'
)

from pydantic_ai import Agent
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.test import TestModel

from chronomem.integrations.pydantic_ai import memory_toolset
from tests.integrations_support import story_memory


@pytest.fixture()
def memory():  # type: ignore[no-untyped-def]
    with story_memory() as memory:
        yield memory


def call(memory, group: str, tool: str, args: dict[str, object]) -> ToolReturnPart:  # type: ignore[no-untyped-def]
    """One run: the model calls ``tool`` with ``args`` once, then stops; returns what the
    tool (or pydantic-ai's argument check) sent back."""

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if len(messages) == 1:
            return ModelResponse(parts=[ToolCallPart(tool, args)])
        return ModelResponse(parts=[TextPart("done")])

    agent = Agent(FunctionModel(model), toolsets=[memory_toolset(memory, group_id=group)])
    result = agent.run_sync("hi")
    requests = [m for m in result.all_messages() if isinstance(m, ModelRequest)]
    (returned,) = [p for p in requests[1].parts if isinstance(p, ToolReturnPart)]
    return returned


def test_the_model_sees_the_four_tools_with_their_docstrings(memory) -> None:  # type: ignore[no-untyped-def]
    seen: list[AgentInfo] = []

    def model(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        seen.append(info)
        return ModelResponse(parts=[TextPart("ok")])

    Agent(FunctionModel(model), toolsets=[memory_toolset(memory, group_id="sam")]).run_sync("hi")
    tools = {t.name: t for t in seen[0].function_tools}
    assert sorted(tools) == ["context_for", "recall", "remember", "timeline"]
    assert "valid_at" in (tools["recall"].description or "")
    assert tools["recall"].parameters_json_schema["properties"]["query"]["minLength"] == 1


def test_recall_now_and_in_march(memory) -> None:  # type: ignore[no-untyped-def]
    now = call(memory, "sam", "recall", {"query": "Where does Sam live?"})
    assert now.content.splitlines()[0] == "- Sam moved to Berlin (2026-04-02 – present)"
    march = call(
        memory, "sam", "recall", {"query": "Where does Sam live?", "valid_at": "2026-03-15"}
    )
    assert march.content.splitlines()[0] == "- Sam lives in Lisbon (2026-02-10 – 2026-04-02)"


def test_tools_bound_to_one_group_never_return_anothers_facts(memory) -> None:  # type: ignore[no-untyped-def]
    text = str(call(memory, "ann", "context_for", {"query": "Where does Sam live?"}).content)
    assert "Rome" in text and "Lisbon" not in text and "Berlin" not in text


def test_test_model_drives_the_tools(memory) -> None:  # type: ignore[no-untyped-def]
    """pydantic-ai's TestModel makes up valid arguments from the schemas and calls recall."""
    toolset = memory_toolset(memory, group_id="sam")
    out = Agent(TestModel(call_tools=["recall"]), toolsets=[toolset]).run_sync("hi").output
    assert '"recall"' in out


@pytest.mark.parametrize(
    ("tool", "args", "says"),
    [
        ("recall", {"query": ""}, "at least 1 character"),
        ("remember", {"text": "x" * 20_001}, "at most 20000 characters"),
        ("recall", {"query": "Sam", "known_at": "yesterday"}, "ISO-8601"),
        ("timeline", {"entity": "Nobody"}, "no entity named 'Nobody'"),
    ],
)
def test_bad_calls_become_retry_prompts_for_the_model(memory, tool, args, says) -> None:  # type: ignore[no-untyped-def]
    returned = call(memory, "sam", tool, args)
    assert returned.outcome == "retried"
    assert says in str(returned.content), returned
