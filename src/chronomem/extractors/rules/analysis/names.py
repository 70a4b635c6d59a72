"""Name normalisation, cached: the rule extractor compares the same few names many times."""

from __future__ import annotations

from functools import lru_cache

from chronomem.model.names import normalize_name as _normalize_name


@lru_cache(maxsize=16384)
def normalize_name(name: str) -> str:
    """:func:`chronomem.model.names.normalize_name`, memoised."""
    return _normalize_name(name)
