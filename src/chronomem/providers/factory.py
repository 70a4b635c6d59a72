"""Build providers from :class:`Settings` alone (what a CLI or a service does)."""

from __future__ import annotations

from chronomem.errors import UsageError
from chronomem.ports import LLM, Embedder
from chronomem.providers.settings import Settings

__all__ = ["embedder_from_settings", "llm_from_settings"]


def llm_from_settings(settings: Settings | None = None) -> LLM:
    """The LLM that ``CHRONOMEM_LLM_PROVIDER`` (default ``openai``) names."""
    cfg = settings if settings is not None else Settings.from_env()
    if cfg.llm_provider == "anthropic":
        from chronomem.providers.anthropic import AnthropicLLM

        return AnthropicLLM(settings=cfg)
    from chronomem.providers.openai_compatible import OpenAICompatibleLLM

    return OpenAICompatibleLLM(settings=cfg)


def embedder_from_settings(settings: Settings | None = None) -> Embedder:
    """An :class:`OpenAICompatibleEmbedder` when ``CHRONOMEM_EMBED_MODEL`` is set."""
    cfg = settings if settings is not None else Settings.from_env()
    if not cfg.embed_model:
        raise UsageError(
            "no embedding model configured: set CHRONOMEM_EMBED_MODEL and "
            "CHRONOMEM_EMBED_DIMENSION, or pass an embedder to Memory"
        )
    from chronomem.providers.embeddings import OpenAICompatibleEmbedder

    return OpenAICompatibleEmbedder(settings=cfg)
