"""Providers end to end: the real SDKs against the fake server on 127.0.0.1.

Structured output modes, validation, the one repair retry, schema echo, accounting.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from pydantic import BaseModel

from chronomem.accounting import collect, llm_round
from chronomem.errors import ProviderOutputError
from chronomem.providers import AnthropicLLM, Settings
from chronomem.providers.structured import strict_schema
from chronomem.testing.fake_openai import FakeOpenAIServer
from tests.llm_support import FAST_RETRY, SYSTEM_AND_USER, make_llm


class Answer(BaseModel):
    x: int
    y: list[str]


GOOD = {"x": 1, "y": ["a"]}


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


def test_json_schema_mode_sends_the_strict_schema_and_parses_the_answer(server):
    server.enqueue(GOOD)
    answer = make_llm(server).complete_json(SYSTEM_AND_USER, Answer, name="demo")
    assert answer == Answer(x=1, y=["a"])
    body = server.chat_requests()[0].body
    assert body["model"] == "fake-model"
    assert body["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "demo", "schema": strict_schema(Answer), "strict": True},
    }
    schema = body["response_format"]["json_schema"]["schema"]
    assert schema["additionalProperties"] is False and schema["required"] == ["x", "y"]
    assert "title" not in json.dumps(schema)  # compact: titles cost tokens and say nothing


def test_json_object_mode_puts_the_schema_in_the_system_prompt(server):
    server.enqueue(GOOD)
    make_llm(server, output_mode="json_object").complete_json(SYSTEM_AND_USER, Answer, name="d")
    body = server.chat_requests()[0].body
    assert body["response_format"] == {"type": "json_object"}
    system = body["messages"][0]["content"]
    assert system.startswith("You answer with JSON.")
    assert json.dumps(strict_schema(Answer), separators=(",", ":")) in system


def test_tool_mode_forces_the_function_and_reads_its_arguments(server):
    server.enqueue(GOOD)
    answer = make_llm(server, output_mode="tool").complete_json(SYSTEM_AND_USER, Answer, name="d")
    assert answer.x == 1
    body = server.chat_requests()[0].body
    assert body["tool_choice"] == {"type": "function", "function": {"name": "d"}}
    assert body["tools"][0]["function"]["parameters"] == strict_schema(Answer)
    assert "response_format" not in body


def test_malformed_json_gets_one_repair_carrying_the_error_then_succeeds(server):
    server.enqueue('{"x": 1, "y": [')
    server.enqueue(GOOD)
    with collect() as usage, llm_round(1):
        answer = make_llm(server).complete_json(SYSTEM_AND_USER, Answer, name="extract")
    assert answer.x == 1
    repair = server.chat_requests()[1].body["messages"]
    assert repair[-2] == {"role": "assistant", "content": '{"x": 1, "y": ['}
    assert "not valid JSON" in repair[-1]["content"]
    totals = usage.by_prompt()["extract"]
    assert totals.calls == 2 and totals.input_tokens > 0 and totals.output_tokens > 0
    assert {c.round for c in usage.calls} == {1}


def test_a_schema_violation_is_repaired_with_the_validation_error(server):
    server.enqueue({"x": "not a number", "y": []})
    server.enqueue(GOOD)
    make_llm(server).complete_json(SYSTEM_AND_USER, Answer, name="p")
    assert (
        "x: Input should be a valid integer"
        in server.chat_requests()[1].body["messages"][-1]["content"]
    )


def test_invalid_twice_is_a_provider_output_error_naming_the_prompt(server):
    server.enqueue("I am sorry, I cannot do JSON.")
    server.enqueue("Still no JSON, sorry.")
    with pytest.raises(ProviderOutputError) as err:
        make_llm(server).complete_json(SYSTEM_AND_USER, Answer, name="extract")
    assert err.value.prompt_name == "extract"
    assert "'extract'" in str(err.value) and "repair" in str(err.value)
    assert len(server.chat_requests()) == 2  # exactly one repair retry


def test_an_answer_cut_at_the_token_cap_says_so(server):
    server.enqueue('{"x": 1, "y": ["a", "b', truncated=True)
    server.enqueue('{"x": 1, "y": ["a", "b", "c', truncated=True)
    with pytest.raises(ProviderOutputError, match="raise max_output_tokens"):
        make_llm(server, max_output_tokens=10).complete_json(SYSTEM_AND_USER, Answer, name="p")
    assert server.chat_requests()[0].body["max_completion_tokens"] == 10


def test_a_model_echoing_the_schema_is_asked_again_and_can_recover(server):
    """Graphiti #868: small local models answer with the JSON schema itself."""
    server.enqueue(strict_schema(Answer))
    server.enqueue(GOOD)
    assert make_llm(server).complete_json(SYSTEM_AND_USER, Answer, name="p").x == 1
    assert "JSON schema itself" in server.chat_requests()[1].body["messages"][-1]["content"]


def test_a_model_echoing_the_schema_twice_fails_cleanly_with_a_hint(server):
    echo = {"title": "Answer", "type": "object", "properties": {"x": {"type": "integer"}}}
    server.enqueue(echo)
    server.enqueue({"x": {"type": "integer"}, "y": {"type": "array"}})  # fields hold schemas
    with pytest.raises(ProviderOutputError) as err:
        make_llm(server).complete_json(SYSTEM_AND_USER, Answer, name="resolve")
    assert "echoed the JSON schema" in str(err.value)
    assert err.value.prompt_name == "resolve"


def test_an_answer_wrapped_in_schema_properties_is_unwrapped_without_a_retry(server):
    server.enqueue({"type": "object", "properties": GOOD})
    assert make_llm(server).complete_json(SYSTEM_AND_USER, Answer, name="p").y == ["a"]
    assert len(server.chat_requests()) == 1


def test_a_json_code_fence_is_accepted(server):
    server.enqueue("```json\n" + json.dumps(GOOD) + "\n```")
    assert make_llm(server).complete_json(SYSTEM_AND_USER, Answer, name="p").x == 1
    assert len(server.chat_requests()) == 1


def test_anthropic_uses_a_forced_tool_call_and_reads_its_input(server):
    llm = AnthropicLLM(
        model="claude-test",
        base_url=server.root_url,
        api_key="test-key",
        retry_policy=FAST_RETRY,
        settings=Settings(),
    )
    server.enqueue(status=529, headers={"retry-after": "0"})  # overloaded: retried
    server.enqueue(GOOD)
    with collect() as usage:
        answer = llm.complete_json(SYSTEM_AND_USER, Answer, name="extract")
    assert answer == Answer(x=1, y=["a"])
    request = server.chat_requests()[-1]
    assert request.path == "/v1/messages"
    body = request.body
    assert body["system"] == "You answer with JSON."
    assert body["messages"] == [SYSTEM_AND_USER[1]]
    assert body["tool_choice"] == {"type": "tool", "name": "extract"}
    assert body["tools"][0]["input_schema"] == strict_schema(Answer)
    (call,) = usage.calls
    assert call.model == "claude-test" and call.retries == 1 and call.input_tokens > 0
