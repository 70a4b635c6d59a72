"""Gemini end to end: Google's real ``google-genai`` SDK against the fake server's
``generateContent`` wire on 127.0.0.1 (contents/parts, generationConfig, usageMetadata)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pydantic import BaseModel

pytest.importorskip("google.genai")

from chronomem import Memory
from chronomem.accounting import collect
from chronomem.errors import ProviderHTTPError, ProviderOutputError, UsageError
from chronomem.providers import Settings, llm_from_settings
from chronomem.providers.gemini import GeminiLLM
from chronomem.providers.hashing import HashEmbedder
from chronomem.providers.structured import strict_schema
from chronomem.testing.fake_openai import FakeOpenAIServer
from chronomem.testing.fake_oracle import RuleOracle
from tests.llm_support import FAST_RETRY, SYSTEM_AND_USER


class Answer(BaseModel):
    """Two values."""

    x: int
    y: list[str]


GOOD = {"x": 1, "y": ["a"]}


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


def gemini(server: FakeOpenAIServer, **options: object) -> GeminiLLM:
    options.setdefault("retry_policy", FAST_RETRY)
    return GeminiLLM(
        model="gemini-2.5-flash",
        base_url=server.root_url,
        api_key="g-key",
        **options,  # type: ignore[arg-type]
    )


def test_gemini_sends_generate_content_with_the_json_schema_and_reads_the_text(server):
    server.enqueue(GOOD)
    with collect() as usage:
        answer = gemini(server).complete_json(SYSTEM_AND_USER, Answer, name="demo")
    assert answer == Answer(x=1, y=["a"])
    request = server.chat_requests()[0]
    assert request.path == "/v1beta/models/gemini-2.5-flash:generateContent"
    assert request.headers.get("x-goog-api-key") == "g-key"
    body = request.body
    assert body["systemInstruction"]["parts"] == [{"text": "You answer with JSON."}]
    assert body["contents"] == [
        {"role": "user", "parts": [{"text": SYSTEM_AND_USER[1]["content"]}]}
    ]
    config = body["generationConfig"]
    assert config["responseMimeType"] == "application/json"
    assert config["responseJsonSchema"] == {"title": "demo", **strict_schema(Answer)}
    assert config["temperature"] == 0.0
    (call,) = usage.calls
    assert call.prompt == "demo" and call.model == "gemini-2.5-flash"
    assert call.input_tokens == request.prompt_tokens + request.schema_tokens > 0
    assert call.output_tokens == request.output_tokens > 0


def test_gemini_repairs_an_invalid_answer_once_as_the_model_role(server):
    server.enqueue("{not json")
    server.enqueue(GOOD)
    assert gemini(server).complete_json(SYSTEM_AND_USER, Answer, name="demo").x == 1
    repair = server.chat_requests()[1].body["contents"]
    assert [c["role"] for c in repair] == ["user", "model", "user"]
    assert "not valid JSON" in repair[2]["parts"][0]["text"]


def test_gemini_answer_cut_at_the_token_cap_says_so(server):
    server.enqueue('{"x": 1, "y": [', truncated=True)
    server.enqueue('{"x": 1, "y": [', truncated=True)
    with pytest.raises(ProviderOutputError, match="max_output_tokens"):
        gemini(server).complete_json(SYSTEM_AND_USER, Answer, name="demo")


def test_gemini_retries_429_and_503_then_gives_a_provider_error(server):
    server.enqueue(status=429, headers={"Retry-After": "0"})
    server.enqueue(status=503)
    server.enqueue(GOOD)
    assert gemini(server).complete_json(SYSTEM_AND_USER, Answer, name="demo").x == 1
    assert [r.status for r in server.chat_requests()] == [429, 503, 200]
    server.reset()
    server.enqueue(status=400, content="API key not valid")
    with pytest.raises(ProviderHTTPError, match="400"):
        gemini(server).complete_json(SYSTEM_AND_USER, Answer, name="demo")
    assert len(server.chat_requests()) == 1  # a caller's mistake is not retried


def test_gemini_extracts_an_episode_through_memory(server):
    server.auto_answer = RuleOracle()
    with Memory(embedder=HashEmbedder(), llm=gemini(server)) as memory:
        from datetime import UTC, datetime

        result = memory.add_episode(
            "Alice: I started a new job at Acme Corp last week.",
            group_id="g",
            reference_time=datetime(2025, 3, 1, tzinfo=UTC),
        )
    assert any(f.relation == "WORKS_AT" for f in result.facts)
    assert {r.task for r in server.chat_requests()} >= {"extract"}


def test_settings_pick_gemini_and_its_own_key_variable(server):
    env = {
        "CHRONOMEM_LLM_PROVIDER": "gemini",
        "CHRONOMEM_LLM_MODEL": "gemini-2.5-flash",
        "CHRONOMEM_LLM_BASE_URL": server.root_url,
        "GEMINI_API_KEY": "from-gemini-var",
        "OPENAI_API_KEY": "not-this-one",
    }
    settings = Settings.from_env(env)
    assert settings.llm_api_key == "from-gemini-var"
    llm = llm_from_settings(settings)
    assert isinstance(llm, GeminiLLM)
    server.enqueue(GOOD)
    llm.complete_json(SYSTEM_AND_USER, Answer, name="demo")
    assert server.chat_requests()[0].headers["x-goog-api-key"] == "from-gemini-var"
    google_only = Settings.from_env({"CHRONOMEM_LLM_PROVIDER": "gemini", "GOOGLE_API_KEY": "gk"})
    assert google_only.llm_api_key == "gk"


def test_gemini_offline_mode_refuses_the_remote_default_endpoint():
    with pytest.raises(UsageError, match="CHRONOMEM_OFFLINE"):
        GeminiLLM(model="gemini-2.5-flash", api_key="k", settings=Settings(offline=True))


def test_gemini_without_a_key_says_which_variables_to_set():
    with pytest.raises(UsageError, match="GEMINI_API_KEY"):
        GeminiLLM(model="gemini-2.5-flash", settings=Settings())


def test_gemini_timeouts_and_refused_connections_are_retried_then_reported(server):
    server.enqueue(GOOD, delay_s=1.5)
    server.enqueue(GOOD)
    llm = gemini(server, timeout_s=0.3)
    assert llm.complete_json(SYSTEM_AND_USER, Answer, name="demo").x == 1
    assert server.pending() == 0  # the slow answer was given up on, the second one used
    closed = GeminiLLM(
        model="gemini-2.5-flash",
        base_url="http://127.0.0.1:1",
        api_key="k",
        retry_policy=FAST_RETRY,
    )
    with pytest.raises(ProviderHTTPError, match="connection failed"):
        closed.complete_json(SYSTEM_AND_USER, Answer, name="demo")
