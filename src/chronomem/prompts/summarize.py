"""Summaries in batch: many entities (or communities) updated in one call, never one each.

Each item has a key, a name, its current summary and what is new about it (fact sentences,
member summaries, ...). The answer has one short summary per key.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from chronomem.ports import ChatMessage
from chronomem.prompts._format import clip

__all__ = [
    "NAME",
    "SummarizeContext",
    "SummarizeResponse",
    "SummaryItem",
    "SummaryOut",
    "render",
]

NAME = "summarize"
LINE_CHARS = 300

SYSTEM = """\
Write an up-to-date summary of each item below from its current summary and the new \
information: at most {max_words} words, facts only, the most recent state first, no \
speculation. Keep what is still true; drop what the new information replaces. Answer \
every item by its key."""


@dataclass(frozen=True, slots=True)
class SummaryItem:
    key: str
    name: str
    current: str = ""
    new_information: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SummarizeContext:
    items: tuple[SummaryItem, ...]
    max_words: int = 40


class SummaryOut(BaseModel):
    key: str
    summary: str


class SummarizeResponse(BaseModel):
    """One summary per item key."""

    summaries: list[SummaryOut]


def render(ctx: SummarizeContext) -> list[ChatMessage]:
    blocks = []
    for item in ctx.items:
        lines = [f"[{item.key}] {item.name}"]
        if item.current:
            lines.append(f"  current: {clip(item.current, LINE_CHARS)}")
        lines += [f"  new: {clip(text, LINE_CHARS)}" for text in item.new_information]
        blocks.append("\n".join(lines))
    return [
        {"role": "system", "content": SYSTEM.format(max_words=ctx.max_words)},
        {"role": "user", "content": "<items>\n" + "\n".join(blocks) + "\n</items>"},
    ]
