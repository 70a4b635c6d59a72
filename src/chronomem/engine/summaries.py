"""Entity summaries, updated per episode without an LLM call per entity."""

from __future__ import annotations

MAX_SUMMARY_CHARS = 600


def merge_summary(current: str, addition: str, *, limit: int = MAX_SUMMARY_CHARS) -> str:
    """Append ``addition`` (what a new episode says) to ``current``, newest kept when long.

    Sentences already present are not repeated; when the result exceeds ``limit`` the oldest
    sentences are dropped, so the summary tracks what was said most recently.
    """
    addition = " ".join(addition.split())
    if not addition or addition in current:
        return current
    merged = f"{current} {addition}".strip() if current else addition
    if len(merged) <= limit:
        return merged
    parts = merged.split(". ")
    while len(parts) > 1 and len(". ".join(parts)) > limit:
        parts.pop(0)
    return ". ".join(parts)[-limit:]
