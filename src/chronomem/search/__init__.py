"""Retrieval: search methods, rerankers, recipes and the context builder.

f(α) = χ(ρ(φ(α))): :mod:`~chronomem.search.methods` (φ: cosine, bm25, bfs),
:mod:`~chronomem.search.rerankers` (ρ: rrf, mmr, episode mentions, node distance, a
cross-encoder behind :class:`Reranker`), :mod:`~chronomem.search.context` (χ), recipes in
:mod:`~chronomem.search.config`.
"""

from chronomem.search.config import PRESETS, Method, Rerank, SearchConfig, TargetConfig, preset
from chronomem.search.context import (
    DEFAULT_MAX_TOKENS,
    Context,
    ContextBuilder,
    ContextConfig,
)
from chronomem.search.rerankers import Reranker
from chronomem.search.results import SearchResults
from chronomem.search.searcher import Searcher
from chronomem.search.tokens import estimate_tokens

__all__ = [
    "DEFAULT_MAX_TOKENS",
    "PRESETS",
    "Context",
    "ContextBuilder",
    "ContextConfig",
    "Method",
    "Rerank",
    "Reranker",
    "SearchConfig",
    "SearchResults",
    "Searcher",
    "TargetConfig",
    "estimate_tokens",
    "preset",
]
