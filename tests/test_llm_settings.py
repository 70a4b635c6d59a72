"""Settings: one strict reader of the environment; arguments win over it."""

from __future__ import annotations

import pytest

from chronomem.errors import UsageError
from chronomem.providers import OpenAICompatibleLLM, Settings, llm_from_settings
from chronomem.providers.settings import parse_bool
from tests.llm_support import needs_sdk


@pytest.mark.parametrize("text", ["false", "False", "0", "no", "off", " FALSE "])
def test_false_means_false(text):
    assert Settings.from_env({"CHRONOMEM_OFFLINE": text}).offline is False
    assert parse_bool(text, name="X") is False


@pytest.mark.parametrize("text", ["true", "1", "yes", "on", "TRUE"])
def test_true_means_true(text):
    assert Settings.from_env({"CHRONOMEM_LLM_REFLEXION": text}).llm_reflexion is True


def test_an_unreadable_boolean_is_a_usage_error_naming_the_variable():
    with pytest.raises(UsageError, match="CHRONOMEM_OFFLINE='maybe'"):
        Settings.from_env({"CHRONOMEM_OFFLINE": "maybe"})


def test_empty_environment_gives_the_documented_defaults():
    s = Settings.from_env({})
    assert s == Settings()
    assert (s.llm_provider, s.llm_output_mode, s.llm_max_retries) == ("openai", "json_schema", 4)
    assert s.offline is False and s.llm_reflexion is False and s.embed_send_dimensions is True


def test_numbers_and_choices_are_parsed_strictly():
    s = Settings.from_env(
        {
            "CHRONOMEM_LLM_TIMEOUT_S": "12.5",
            "CHRONOMEM_LLM_MAX_CONCURRENCY": "3",
            "CHRONOMEM_LLM_OUTPUT_MODE": "tool",
            "CHRONOMEM_LLM_TEMPERATURE": "none",
            "CHRONOMEM_EMBED_DIMENSION": "256",
        }
    )
    assert (s.llm_timeout_s, s.llm_max_concurrency, s.llm_output_mode) == (12.5, 3, "tool")
    assert s.llm_temperature is None and s.embed_dimension == 256
    with pytest.raises(UsageError, match="CHRONOMEM_LLM_TIMEOUT_S"):
        Settings.from_env({"CHRONOMEM_LLM_TIMEOUT_S": "soon"})
    with pytest.raises(UsageError, match="must be >= 1"):
        Settings.from_env({"CHRONOMEM_LLM_MAX_CONCURRENCY": "0"})
    with pytest.raises(UsageError, match="json_schema, json_object, tool"):
        Settings.from_env({"CHRONOMEM_LLM_OUTPUT_MODE": "grammar"})


def test_api_key_falls_back_to_the_vendor_variable():
    assert Settings.from_env({"OPENAI_API_KEY": "sk-o"}).llm_api_key == "sk-o"
    both = {"CHRONOMEM_LLM_API_KEY": "mine", "OPENAI_API_KEY": "sk-o"}
    assert Settings.from_env(both).llm_api_key == "mine"
    anthropic = {"CHRONOMEM_LLM_PROVIDER": "anthropic", "ANTHROPIC_API_KEY": "sk-a"}
    assert Settings.from_env(anthropic).llm_api_key == "sk-a"


def test_arguments_win_over_settings():
    needs_sdk("openai")
    settings = Settings(
        llm_model="from-settings", llm_output_mode="tool", llm_base_url="http://127.0.0.1:9/v1"
    )
    llm = OpenAICompatibleLLM(model="from-argument", output_mode="json_object", settings=settings)
    assert llm.model == "from-argument" and llm.output_mode == "json_object"
    assert OpenAICompatibleLLM(settings=settings).output_mode == "tool"


def test_a_missing_model_or_key_says_how_to_fix_it():
    with pytest.raises(UsageError, match="CHRONOMEM_LLM_MODEL"):
        OpenAICompatibleLLM(settings=Settings())
    with pytest.raises(UsageError, match="OPENAI_API_KEY"):
        OpenAICompatibleLLM(model="gpt-x", settings=Settings())  # vendor endpoint needs a key


def test_offline_refuses_remote_endpoints_but_allows_loopback():
    needs_sdk("openai")
    offline = Settings(offline=True, llm_model="m", llm_api_key="k")
    with pytest.raises(UsageError, match="CHRONOMEM_OFFLINE"):
        OpenAICompatibleLLM(settings=offline)
    with pytest.raises(UsageError, match="CHRONOMEM_OFFLINE"):
        OpenAICompatibleLLM(base_url="https://llm.example.com/v1", settings=offline)
    assert OpenAICompatibleLLM(base_url="http://127.0.0.1:1/v1", settings=offline).model == "m"
    assert OpenAICompatibleLLM(base_url="http://localhost:1/v1", settings=offline).model == "m"


def test_llm_from_settings_builds_the_configured_provider():
    needs_sdk("openai")
    env = {
        "CHRONOMEM_LLM_MODEL": "llama3",
        "CHRONOMEM_LLM_BASE_URL": "http://127.0.0.1:11434/v1",
        "CHRONOMEM_LLM_OUTPUT_MODE": "json_object",
    }
    llm = llm_from_settings(Settings.from_env(env))
    assert isinstance(llm, OpenAICompatibleLLM) and llm.output_mode == "json_object"
