"""Retrieval: search methods, rerankers, recipes and the context builder."""

from chronomem.search.config import PRESETS, Method, Rerank, SearchConfig, TargetConfig, preset
from chronomem.search.results import SearchResults
from chronomem.search.searcher import Searcher

__all__ = [
    "Method",
    "PRESETS",
    "Rerank",
    "SearchConfig",
    "SearchResults",
    "Searcher",
    "TargetConfig",
    "preset",
]
