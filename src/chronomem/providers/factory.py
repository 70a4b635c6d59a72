"""Build providers from :class:`Settings` alone (what a CLI or a service does).

Both resolve through :mod:`chronomem.providers.registry`: no provider name appears here.
"""

from __future__ import annotations

from chronomem.errors import UsageError
from chronomem.ports import LLM, Embedder
from chronomem.providers.registry import build_embedder, build_llm
from chronomem.providers.settings import Settings

__all__ = [
    "embedder_from_settings",
    "embedder_named",
    "hash_embedder",
    "llm_from_settings",
    "local_embedder",
    "torch_embedder",
]


def llm_from_settings(settings: Settings | None = None) -> LLM:
    """The LLM that ``CHRONOMEM_LLM_PROVIDER`` (default ``openai``) names."""
    return build_llm(settings if settings is not None else Settings.from_env())


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


def embedder_named(name: str, settings: Settings | None = None) -> Embedder | None:
    """The embedder a registered name stands for (``None``: Memory's default choice).

    The environment is read only when the provider needs settings and none were given.
    """
    return build_embedder(name, settings if settings is not None else Settings.from_env())


def local_embedder(*, settings: Settings) -> Embedder:
    """Registry target of ``local``: the bundled all-MiniLM-L6-v2 (reads no settings)."""
    from chronomem.providers.local import LocalEmbedder

    return LocalEmbedder()


def torch_embedder(*, settings: Settings) -> Embedder:
    """Registry target of ``torch``: all-MiniLM-L6-v2 through sentence-transformers."""
    from chronomem.providers.torch_local import SentenceTransformerEmbedder

    return SentenceTransformerEmbedder()


def hash_embedder(*, settings: Settings) -> Embedder:
    """Registry target of ``hash``: the lexical :class:`HashEmbedder` (reads no settings)."""
    from chronomem.providers.hashing import HashEmbedder

    return HashEmbedder()
