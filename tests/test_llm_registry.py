"""The provider registry: one table resolves names for Settings, the factory and the
service; a third-party provider plugs in without editing chronomem."""

from __future__ import annotations

import inspect
from collections.abc import Iterator, Sequence

import pytest
from pydantic import BaseModel

from chronomem.errors import UsageError
from chronomem.ports import ChatMessage
from chronomem.providers import (
    AnthropicLLM,
    OpenAICompatibleLLM,
    Settings,
    factory,
    llm_from_settings,
)
from chronomem.providers import settings as settings_module
from chronomem.providers.hashing import HashEmbedder
from chronomem.providers.registry import (
    EMBEDDER_PROVIDERS,
    LLM_PROVIDERS,
    register_llm_provider,
)
from chronomem.service.runtime import ServiceConfig, open_runtime
from chronomem.testing.fake_openai import FakeOpenAIServer
from tests.llm_support import needs_sdk

ResponseT = type[BaseModel]


class EchoLLM:
    """A third-party provider defined here, outside chronomem."""

    def __init__(self, *, settings: Settings) -> None:
        self.settings = settings
        self.model = settings.llm_model or "echo"

    def complete_json(
        self, messages: Sequence[ChatMessage], schema: type[BaseModel], *, name: str
    ) -> BaseModel:
        return schema.model_validate({})


@pytest.fixture
def echo_registered() -> Iterator[None]:
    register_llm_provider("echo-cloud", f"{__name__}:EchoLLM", key_env=("ECHO_API_KEY",))
    yield
    LLM_PROVIDERS.pop("echo-cloud")


def test_built_in_providers_are_rows_of_the_one_table():
    assert {"openai", "anthropic", "gemini"} <= set(LLM_PROVIDERS)
    assert LLM_PROVIDERS["gemini"].extra == "gemini"
    assert LLM_PROVIDERS["gemini"].key_env == ("GEMINI_API_KEY", "GOOGLE_API_KEY")
    assert {"auto", "local", "hash", "api"} <= set(EMBEDDER_PROVIDERS)
    # no provider name is spelled out in the factory or in Settings' reading code
    for module in (factory, settings_module):
        source = inspect.getsource(module)
        assert '"anthropic"' not in source and '== "openai"' not in source


def test_a_third_party_provider_registers_and_is_built_from_settings(echo_registered):
    settings = Settings.from_env(
        {"CHRONOMEM_LLM_PROVIDER": "echo-cloud", "ECHO_API_KEY": "ek", "CHRONOMEM_LLM_MODEL": "e1"}
    )
    assert settings.llm_api_key == "ek"
    llm = llm_from_settings(settings)
    assert isinstance(llm, EchoLLM) and llm.model == "e1" and llm.settings is settings


def test_the_service_builds_its_llm_through_the_registry(echo_registered, monkeypatch, tmp_path):
    monkeypatch.setenv("CHRONOMEM_LLM_PROVIDER", "echo-cloud")
    runtime = open_runtime(ServiceConfig(db=str(tmp_path / "m.db"), embedder="hash", llm=True))
    try:
        from chronomem.extractors.llm import LLMExtractor

        extractor = runtime.memory.extractor
        assert isinstance(extractor, LLMExtractor)
        assert isinstance(extractor._llm, EchoLLM)
        assert isinstance(runtime.memory.embedder, HashEmbedder)
    finally:
        runtime.memory.close()


def test_an_unknown_provider_is_a_usage_error_listing_the_known_ones():
    with pytest.raises(UsageError, match="anthropic, gemini, openai") as info:
        Settings.from_env({"CHRONOMEM_LLM_PROVIDER": "nope"})
    assert "register_llm_provider" in str(info.value)
    with pytest.raises(UsageError, match="not a registered provider"):
        llm_from_settings(Settings(llm_provider="nope"))


def test_a_missing_sdk_names_the_extra_to_install(monkeypatch):
    register_llm_provider("ghost", "chronomem_no_such_module:LLM", extra="ghost")
    try:
        with pytest.raises(UsageError, match=r'pip install "chronomem\[ghost\]"'):
            llm_from_settings(Settings(llm_provider="ghost"))
    finally:
        LLM_PROVIDERS.pop("ghost")


@pytest.mark.parametrize("cls", [OpenAICompatibleLLM, AnthropicLLM])
def test_constructors_given_explicit_arguments_do_not_read_the_environment(cls, monkeypatch):
    needs_sdk("openai" if cls is OpenAICompatibleLLM else "anthropic")

    def boom(*args: object, **kw: object) -> Settings:
        raise AssertionError("read the environment")

    monkeypatch.setattr(Settings, "from_env", classmethod(boom))
    with FakeOpenAIServer() as server:
        cls(model="m", base_url=server.root_url, api_key="k")
        cls(model="m", api_key="k")
    with pytest.raises(AssertionError, match="read the environment"):
        cls(api_key="k")  # no model: the environment is where it would come from


def test_an_installed_package_declares_its_provider_by_entry_point(tmp_path, monkeypatch):
    """A real distribution on sys.path (dist-info with entry_points.txt), no import by us."""
    package = tmp_path / "echo_plugin"
    package.mkdir()
    (package / "__init__.py").write_text(
        "class PluginLLM:\n"
        "    def __init__(self, *, settings):\n"
        "        self.model = settings.llm_model\n"
        "    def complete_json(self, messages, schema, *, name):\n"
        "        return schema.model_validate({})\n"
    )
    info = tmp_path / "echo_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: echo-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[chronomem.llm_providers]\nplugin-cloud = echo_plugin:PluginLLM\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        llm = llm_from_settings(Settings(llm_provider="plugin-cloud", llm_model="p1"))
        assert type(llm).__name__ == "PluginLLM" and llm.model == "p1"
    finally:
        LLM_PROVIDERS.pop("plugin-cloud", None)
