"""Extractive community summaries: the rule extractor's answer to ``summarize_communities``.

No model writes anything: the summary is stitched from what the engine chose (the most
central members, their own summaries, the strongest facts between them), and the name is
the engine's key terms. It is also the fallback the engine uses for any extractor that does
not implement :class:`chronomem.ports.CommunitySummarizer`.

Example (the printer story of ``chronomem demo``)::

    name:    HP LaserJet 4000, fuser, room 12, Bob
    summary: 4 entities: HP LaserJet 4000, fuser, room 12 and 1 more. HP LaserJet 4000: The
             HP LaserJet 4000 printer in room 12 keeps jamming since Monday. fuser: After
             the new fuser was installed yesterday, ... Facts: HP LaserJet 4000 got a new
             fuser; HP LaserJet 4000 is located in room 12.
"""

from __future__ import annotations

from collections.abc import Sequence

from chronomem.model import CommunityMaterial, CommunitySummary

__all__ = ["ExtractiveCommunitySummarizer"]

SUMMARY_CHARS = 600
LISTED_MEMBERS = 3
DESCRIBED_MEMBERS = 3
LISTED_FACTS = 4


class ExtractiveCommunitySummarizer:
    """Names and summaries without an LLM: top entities, their summaries, top relations."""

    def __init__(self, *, max_chars: int = SUMMARY_CHARS) -> None:
        self._max_chars = max_chars

    def summarize_communities(
        self, communities: Sequence[CommunityMaterial]
    ) -> list[CommunitySummary]:
        return [
            CommunitySummary(key=m.key, name=extractive_name(m), summary=self._summary(m))
            for m in communities
        ]

    def _summary(self, m: CommunityMaterial) -> str:
        parts = [_members_line(m)]
        said: set[str] = set()
        for member in m.members[:DESCRIBED_MEMBERS]:
            described = _first_sentence(member.summary)
            if described and described.casefold() not in said:
                said.add(described.casefold())
                parts.append(f"{member.name}: {described}")
        facts = list(dict.fromkeys(_sentence(f.fact) for f in m.facts[:LISTED_FACTS]))
        if facts:
            parts.append("Facts: " + "; ".join(facts))
        return _clip(" ".join(_period(p) for p in parts), self._max_chars)


def extractive_name(m: CommunityMaterial) -> str:
    """The key terms, comma-separated (the first member's name when there are none)."""
    if m.key_terms:
        return ", ".join(m.key_terms)
    return m.members[0].name if m.members else "community"


def _members_line(m: CommunityMaterial) -> str:
    names = [e.name for e in m.members[:LISTED_MEMBERS]]
    more = m.member_count - len(names)
    listed = ", ".join(names) + (f" and {more} more" if more > 0 else "")
    noun = "entity" if m.member_count == 1 else "entities"
    return f"{m.member_count} {noun}: {listed}"


def _first_sentence(text: str) -> str:
    flat = " ".join(text.split())
    head, _, _ = flat.partition(". ")
    return head.rstrip(".")


def _sentence(text: str) -> str:
    return " ".join(text.split()).rstrip(".")


def _period(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else text + "."


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
