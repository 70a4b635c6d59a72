"""Settings: the one place chronomem reads the environment.

Every provider takes keyword arguments first; whatever is not passed comes from a
:class:`Settings`, by default ``Settings.from_env()``. Every variable is listed in
``docs/environment.md``. Values are parsed strictly: ``CHRONOMEM_OFFLINE=false`` is false,
``CHRONOMEM_LLM_TIMEOUT_S=abc`` is a :class:`~chronomem.errors.UsageError` naming the variable.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, cast, get_args

from chronomem.errors import UsageError

__all__ = ["OutputMode", "ProviderName", "Settings", "parse_bool"]

OutputMode = Literal["json_schema", "json_object", "tool"]
ProviderName = (
    str  # a name registered in chronomem.providers.registry (openai, anthropic, gemini, ...)
)

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


@dataclass(frozen=True, slots=True)
class Settings:
    """Provider configuration. Build it with :meth:`from_env` or directly (keywords)."""

    llm_provider: ProviderName = "openai"
    llm_model: str | None = None
    llm_base_url: str | None = None
    llm_api_key: str | None = None
    llm_output_mode: OutputMode = "json_schema"
    llm_timeout_s: float = 60.0
    llm_max_retries: int = 4
    llm_max_concurrency: int = 8
    llm_temperature: float | None = 0.0
    llm_max_output_tokens: int = 4096
    llm_reflexion: bool = False
    embed_model: str | None = None
    embed_base_url: str | None = None
    embed_api_key: str | None = None
    embed_dimension: int | None = None
    embed_send_dimensions: bool = True
    embed_batch_size: int = 128
    offline: bool = False

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Read ``CHRONOMEM_*`` variables, and the provider's own key variable
        (``OPENAI_API_KEY``, ``ANTHROPIC_API_KEY``, ``GEMINI_API_KEY``, ... as its registry
        entry names) when ``CHRONOMEM_LLM_API_KEY`` is unset."""
        from chronomem.providers.registry import llm_provider

        env = _Env(os.environ if environ is None else environ)
        provider = llm_provider(env.text("CHRONOMEM_LLM_PROVIDER") or "openai").name
        llm_key = env.text("CHRONOMEM_LLM_API_KEY") or env.first(llm_provider(provider).key_env)
        return cls(
            llm_provider=provider,
            llm_model=env.text("CHRONOMEM_LLM_MODEL"),
            llm_base_url=env.text("CHRONOMEM_LLM_BASE_URL"),
            llm_api_key=llm_key,
            llm_output_mode=cast(
                OutputMode,
                env.choice("CHRONOMEM_LLM_OUTPUT_MODE", get_args(OutputMode), "json_schema"),
            ),
            llm_timeout_s=env.number("CHRONOMEM_LLM_TIMEOUT_S", 60.0),
            llm_max_retries=env.integer("CHRONOMEM_LLM_MAX_RETRIES", 4, minimum=0),
            llm_max_concurrency=env.integer("CHRONOMEM_LLM_MAX_CONCURRENCY", 8, minimum=1),
            llm_temperature=env.optional_number("CHRONOMEM_LLM_TEMPERATURE", 0.0),
            llm_max_output_tokens=env.integer("CHRONOMEM_LLM_MAX_OUTPUT_TOKENS", 4096, minimum=1),
            llm_reflexion=env.boolean("CHRONOMEM_LLM_REFLEXION", False),
            embed_model=env.text("CHRONOMEM_EMBED_MODEL"),
            embed_base_url=env.text("CHRONOMEM_EMBED_BASE_URL"),
            embed_api_key=env.text("CHRONOMEM_EMBED_API_KEY") or env.text("OPENAI_API_KEY"),
            embed_dimension=env.optional_integer("CHRONOMEM_EMBED_DIMENSION"),
            embed_send_dimensions=env.boolean("CHRONOMEM_EMBED_SEND_DIMENSIONS", True),
            embed_batch_size=env.integer("CHRONOMEM_EMBED_BATCH_SIZE", 128, minimum=1),
            offline=env.boolean("CHRONOMEM_OFFLINE", False),
        )


def parse_bool(value: str, *, name: str) -> bool:
    """``1/true/yes/on`` -> True, ``0/false/no/off`` -> False (any case); else UsageError."""
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise UsageError(f"{name}={value!r} is not a boolean: use true/false, 1/0, yes/no or on/off")


class _Env:
    """Typed reads of one environment mapping; empty values count as unset."""

    def __init__(self, environ: Mapping[str, str]) -> None:
        self._environ = environ

    def text(self, name: str) -> str | None:
        value = self._environ.get(name, "").strip()
        return value or None

    def first(self, names: tuple[str, ...]) -> str | None:
        """The first of ``names`` that is set."""
        return next((v for v in map(self.text, names) if v is not None), None)

    def boolean(self, name: str, default: bool) -> bool:
        value = self.text(name)
        return default if value is None else parse_bool(value, name=name)

    def choice(self, name: str, choices: tuple[str, ...], default: str) -> str:
        value = self.text(name)
        if value is None:
            return default
        if value not in choices:
            raise UsageError(f"{name}={value!r}: use one of {', '.join(choices)}")
        return value

    def number(self, name: str, default: float) -> float:
        value = self.optional_number(name, default)
        return default if value is None else value

    def optional_number(self, name: str, default: float | None) -> float | None:
        value = self.text(name)
        if value is None:
            return default
        if value.lower() in ("none", "null"):
            return None
        try:
            number = float(value)
        except ValueError:
            raise UsageError(f"{name}={value!r} is not a number (e.g. 30 or 0.5)") from None
        if number < 0:
            raise UsageError(f"{name}={value!r} must not be negative")
        return number

    def integer(self, name: str, default: int, *, minimum: int) -> int:
        value = self.optional_integer(name)
        if value is None:
            return default
        if value < minimum:
            raise UsageError(f"{name}={value} must be >= {minimum}")
        return value

    def optional_integer(self, name: str) -> int | None:
        value = self.text(name)
        if value is None:
            return None
        try:
            return int(value)
        except ValueError:
            raise UsageError(f"{name}={value!r} is not a whole number (e.g. 8)") from None
