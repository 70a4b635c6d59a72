"""One table of providers: which class serves a name, what it reads, which extra installs it.

``CHRONOMEM_LLM_PROVIDER=gemini`` (or ``Settings(llm_provider="gemini")``) resolves here, and
so do the service's ``--embedder`` names. Targets are lazy ``"module:attribute"`` references
to a callable taking ``settings=`` (a provider class does), so an SDK is imported only when
its provider is used. The built-in providers register through the same table as a
third-party one::

    from chronomem.providers import register_llm_provider

    register_llm_provider("mycloud", "mypackage.llm:MyCloudLLM", key_env=("MYCLOUD_API_KEY",))

After that ``Settings(llm_provider="mycloud")`` and ``llm_from_settings`` build a
``MyCloudLLM(settings=...)``; chronomem's code is not edited. A package can also declare its
provider as an entry point, found the first time an unknown name is looked up (so the CLI
and the service see it without any import)::

    [project.entry-points."chronomem.llm_providers"]
    mycloud = "mypackage.llm:MyCloudLLM"
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, cast

from chronomem._targets import load_target
from chronomem.errors import UsageError

if TYPE_CHECKING:
    from chronomem.ports import LLM, Embedder
    from chronomem.providers.settings import Settings

__all__ = [
    "EMBEDDER_PROVIDERS",
    "LLM_PROVIDERS",
    "ProviderSpec",
    "embedder_provider",
    "llm_provider",
    "register_embedder_provider",
    "register_llm_provider",
]

_LLM_READS = (
    "llm_model",
    "llm_base_url",
    "llm_api_key",
    "llm_timeout_s",
    "llm_max_retries",
    "llm_max_concurrency",
    "llm_max_output_tokens",
)


@dataclass(frozen=True, slots=True)
class ProviderSpec:
    """Where a provider lives and what it needs.

    ``key_env``: vendor variables that :class:`Settings` reads as the API key when
    ``CHRONOMEM_LLM_API_KEY`` is unset (in order). ``reads``: the :class:`Settings` fields the
    provider uses (shown in ``docs/llm.md`` and error messages). ``target`` is called as
    ``target(settings=settings)``; ``None`` stands for "chronomem's default" (embedders).
    """

    name: str
    target: str | None
    extra: str | None = None
    key_env: tuple[str, ...] = ()
    reads: tuple[str, ...] = ()
    summary: str = ""


LLM_PROVIDERS: dict[str, ProviderSpec] = {}
EMBEDDER_PROVIDERS: dict[str, ProviderSpec] = {}


def register_llm_provider(
    name: str,
    target: str,
    *,
    extra: str | None = None,
    key_env: tuple[str, ...] = (),
    reads: tuple[str, ...] = _LLM_READS,
    summary: str = "",
) -> ProviderSpec:
    """Make ``llm_provider=name`` build ``target(settings=...)`` (``"module:attribute"``)."""
    spec = ProviderSpec(_checked(name), _target(target), extra, tuple(key_env), reads, summary)
    LLM_PROVIDERS[spec.name] = spec
    return spec


def register_embedder_provider(
    name: str,
    target: str | None,
    *,
    extra: str | None = None,
    reads: tuple[str, ...] = (),
    summary: str = "",
) -> ProviderSpec:
    """Make the embedder name ``name`` (``chronomem serve --embedder``) build ``target``."""
    chosen = None if target is None else _target(target)
    spec = ProviderSpec(_checked(name), chosen, extra, (), reads, summary)
    EMBEDDER_PROVIDERS[spec.name] = spec
    return spec


ENTRY_POINT_GROUPS = {"llm": "chronomem.llm_providers", "embedder": "chronomem.embedders"}


def llm_provider(name: str) -> ProviderSpec:
    """The registered LLM provider ``name``; a UsageError listing the known ones if none."""
    if name.strip().lower() not in LLM_PROVIDERS:
        _load_entry_points("llm", register_llm_provider)
    return _lookup(LLM_PROVIDERS, name, "CHRONOMEM_LLM_PROVIDER", "register_llm_provider")


def embedder_provider(name: str) -> ProviderSpec:
    if name.strip().lower() not in EMBEDDER_PROVIDERS:
        _load_entry_points("embedder", register_embedder_provider)
    return _lookup(EMBEDDER_PROVIDERS, name, "the embedder", "register_embedder_provider")


def _load_entry_points(kind: str, register: Callable[[str, str], ProviderSpec]) -> None:
    """Register the providers installed packages declare (group ``chronomem.llm_providers``
    or ``chronomem.embedders``); a name registered in code is not replaced."""
    table = LLM_PROVIDERS if kind == "llm" else EMBEDDER_PROVIDERS
    for point in entry_points(group=ENTRY_POINT_GROUPS[kind]):
        if point.name.strip().lower() not in table:
            register(point.name, point.value)


def build_llm(settings: Settings) -> LLM:
    """The LLM that ``settings.llm_provider`` names, built from ``settings`` alone."""
    spec = llm_provider(settings.llm_provider)
    return cast("LLM", _resolve(spec)(settings=settings))


def build_embedder(name: str, settings: Settings) -> Embedder | None:
    """The embedder ``name`` names (``None``: chronomem's default choice)."""
    spec = embedder_provider(name)
    if spec.target is None:
        return None
    return cast("Embedder", _resolve(spec)(settings=settings))


def _checked(name: str) -> str:
    cleaned = name.strip().lower()
    if not cleaned or not cleaned.replace("-", "").replace("_", "").isalnum():
        raise UsageError(f"provider name {name!r}: use letters, digits, '-' or '_'")
    return cleaned


def _target(target: str) -> str:
    if ":" not in target:
        raise UsageError(f"provider target {target!r} must look like 'package.module:attribute'")
    return target


def _lookup(table: dict[str, ProviderSpec], name: str, what: str, how: str) -> ProviderSpec:
    spec = table.get(name.strip().lower())
    if spec is None:
        known = ", ".join(sorted(table))
        raise UsageError(
            f"{what}={name!r} is not a registered provider: use one of {known}, or call "
            f"chronomem.providers.{how}({name!r}, 'package.module:Class') first"
        )
    return spec


def _resolve(spec: ProviderSpec) -> Callable[..., object]:
    assert spec.target is not None
    found = load_target(spec.target, extra=spec.extra, what=f"provider {spec.name!r}")
    return cast("Callable[..., object]", found)


# -- the built-in providers, registered like any other ------------------------------------
register_llm_provider(
    "openai",
    "chronomem.providers.openai_compatible:OpenAICompatibleLLM",
    extra="openai",
    key_env=("OPENAI_API_KEY",),
    reads=(*_LLM_READS, "llm_output_mode", "llm_temperature"),
    summary="OpenAI and every OpenAI-compatible server (Azure, Ollama, vLLM, Groq, ...)",
)
register_llm_provider(
    "anthropic",
    "chronomem.providers.anthropic:AnthropicLLM",
    extra="anthropic",
    key_env=("ANTHROPIC_API_KEY",),
    summary="Claude models through Anthropic's Messages API (a forced tool call)",
)
register_llm_provider(
    "gemini",
    "chronomem.providers.gemini:GeminiLLM",
    extra="gemini",
    key_env=("GEMINI_API_KEY", "GOOGLE_API_KEY"),
    reads=(*_LLM_READS, "llm_temperature"),
    summary="Gemini models through Google's google-genai SDK (generateContent, JSON schema)",
)
register_embedder_provider("auto", None, summary="Memory's default (see default_embedder)")
register_embedder_provider(
    "local",
    "chronomem.providers.factory:local_embedder",
    extra="local",
    summary="all-MiniLM-L6-v2 on ONNX Runtime, offline, no torch",
)
register_embedder_provider(
    "torch",
    "chronomem.providers.factory:torch_embedder",
    extra="torch",
    summary="all-MiniLM-L6-v2 through sentence-transformers and torch",
)
register_embedder_provider(
    "hash",
    "chronomem.providers.factory:hash_embedder",
    summary="lexical feature hashing: no model, no synonyms (tests, demos)",
)
register_embedder_provider(
    "api",
    "chronomem.providers.embeddings:OpenAICompatibleEmbedder",
    extra="openai",
    reads=("embed_model", "embed_base_url", "embed_api_key", "embed_dimension"),
    summary="an OpenAI-compatible /embeddings endpoint (CHRONOMEM_EMBED_*)",
)
