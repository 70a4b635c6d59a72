"""Entity summaries, updated per episode without an LLM call per entity."""

from __future__ import annotations

import re

MAX_SUMMARY_CHARS = 600

_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=\S)")
_NOT_WORDS = re.compile(r"\W+")


def merge_summary(current: str, addition: str, *, limit: int = MAX_SUMMARY_CHARS) -> str:
    """Append ``addition`` (what a new episode says) to ``current``, newest kept when long.

    A sentence already in the summary (the same words, whatever the case and punctuation)
    is not said again, nor one said twice in ``addition``; when the result exceeds ``limit``
    the oldest sentences are dropped, so the summary tracks what was said most recently.
    """
    current = " ".join(current.split())
    said = {_key(s) for s in _sentences(current)}
    new: list[str] = []
    for sentence in _sentences(" ".join(addition.split())):
        key = _key(sentence)
        if key and key not in said:
            said.add(key)
            new.append(sentence)
    if not new:
        return current
    parts = _sentences(current) + new
    while len(parts) > 1 and len(" ".join(parts)) > limit:
        parts.pop(0)
    return " ".join(parts)[-limit:]


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(text) if s] if text else []


def _key(sentence: str) -> str:
    return _NOT_WORDS.sub(" ", sentence.casefold()).strip()
