"""Provider adapters: LLMs and embedders behind the ports, configured by :class:`Settings`.

Imports are lazy: ``from chronomem.providers import OpenAICompatibleLLM`` loads the
``openai`` SDK only then, and says which extra to install when it is missing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chronomem.providers.anthropic import AnthropicLLM
    from chronomem.providers.embeddings import OpenAICompatibleEmbedder
    from chronomem.providers.factory import embedder_from_settings, llm_from_settings
    from chronomem.providers.gemini import GeminiLLM
    from chronomem.providers.hashing import HashEmbedder
    from chronomem.providers.local import LocalEmbedder
    from chronomem.providers.openai_compatible import OpenAICompatibleLLM
    from chronomem.providers.registry import (
        register_embedder_provider,
        register_llm_provider,
    )
    from chronomem.providers.resilience import ConcurrencyLimiter, RetryPolicy
    from chronomem.providers.settings import OutputMode, Settings
    from chronomem.providers.torch_local import SentenceTransformerEmbedder

__all__ = [
    "AnthropicLLM",
    "ConcurrencyLimiter",
    "GeminiLLM",
    "HashEmbedder",
    "LocalEmbedder",
    "OpenAICompatibleEmbedder",
    "OpenAICompatibleLLM",
    "OutputMode",
    "RetryPolicy",
    "SentenceTransformerEmbedder",
    "Settings",
    "embedder_from_settings",
    "llm_from_settings",
    "register_embedder_provider",
    "register_llm_provider",
]

_WHERE = {
    "AnthropicLLM": "chronomem.providers.anthropic",
    "ConcurrencyLimiter": "chronomem.providers.resilience",
    "GeminiLLM": "chronomem.providers.gemini",
    "HashEmbedder": "chronomem.providers.hashing",
    "LocalEmbedder": "chronomem.providers.local",
    "OpenAICompatibleEmbedder": "chronomem.providers.embeddings",
    "OpenAICompatibleLLM": "chronomem.providers.openai_compatible",
    "OutputMode": "chronomem.providers.settings",
    "RetryPolicy": "chronomem.providers.resilience",
    "SentenceTransformerEmbedder": "chronomem.providers.torch_local",
    "Settings": "chronomem.providers.settings",
    "embedder_from_settings": "chronomem.providers.factory",
    "llm_from_settings": "chronomem.providers.factory",
    "register_embedder_provider": "chronomem.providers.registry",
    "register_llm_provider": "chronomem.providers.registry",
}


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'chronomem.providers' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return sorted(__all__)
