"""Word lists written as text: one helper for each way a list is written."""

from __future__ import annotations


def word_set(text: str) -> frozenset[str]:
    """The set of whitespace-separated words of ``text``."""
    return frozenset(text.split())


def phrases(text: str) -> frozenset[str]:
    """The set of ``|``-separated phrases of ``text`` (a phrase may hold spaces)."""
    return frozenset(p.strip() for p in text.split("|") if p.strip())
