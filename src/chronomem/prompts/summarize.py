"""Summaries in batch: many entities, or many communities, in one call — never one each.

``render`` (prompt ``summarize``): each item has a key, a name, its current summary and what
is new about it; the answer has one short summary per key.

``render_communities`` (prompt ``summarize_community``): each community's most central
members and strongest facts (a :class:`~chronomem.model.CommunityMaterial`, the engine's
"map" step); the answer names and summarizes each one (the "reduce" step).
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from chronomem.model.communities import CommunityMaterial
from chronomem.ports import ChatMessage
from chronomem.prompts._format import clip

__all__ = [
    "COMMUNITY_NAME",
    "CommunitiesContext",
    "CommunitiesResponse",
    "CommunityOut",
    "NAME",
    "SummarizeContext",
    "SummarizeResponse",
    "SummaryItem",
    "SummaryOut",
    "render",
    "render_communities",
]

NAME = "summarize"
COMMUNITY_NAME = "summarize_community"
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


COMMUNITY_SYSTEM = """\
Each block below is a community: entities of a memory graph that are closely connected. \
For each, write a name of 2-5 words saying what unites its members, and a summary of at \
most {max_words} words on who or what they are and how they relate, using only the members \
and facts shown (and the previous summary, if any, where still true). Answer every \
community by its key."""


@dataclass(frozen=True, slots=True)
class CommunitiesContext:
    communities: tuple[CommunityMaterial, ...]
    max_words: int = 60


class CommunityOut(BaseModel):
    key: str
    name: str
    summary: str


class CommunitiesResponse(BaseModel):
    """A name and a summary per community key."""

    communities: list[CommunityOut]


def render_communities(ctx: CommunitiesContext) -> list[ChatMessage]:
    blocks = []
    for c in ctx.communities:
        terms = ", ".join(c.key_terms)
        lines = [f"[{c.key}] {c.member_count} members; key terms: {terms}"]
        if c.previous_summary:
            lines.append(f"  previous: {clip(c.previous_summary, LINE_CHARS)}")
        for m in c.members:
            kind = f" ({', '.join(m.labels)})" if m.labels else ""
            about = f": {clip(m.summary, 160)}" if m.summary else ""
            lines.append(f"  member: {m.name}{kind}{about}")
        lines += [f"  fact: {clip(f.fact, 200)}" for f in c.facts]
        blocks.append("\n".join(lines))
    return [
        {"role": "system", "content": COMMUNITY_SYSTEM.format(max_words=ctx.max_words)},
        {"role": "user", "content": "<communities>\n" + "\n".join(blocks) + "\n</communities>"},
    ]
