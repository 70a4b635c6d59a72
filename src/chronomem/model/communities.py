"""What a community summarizer is given and what it returns (pure data).

The engine "maps" each community to a :class:`CommunityMaterial` (its most central members
and strongest current facts, already chosen and ordered); a
:class:`~chronomem.ports.CommunitySummarizer` "reduces" a batch of them to one
:class:`CommunitySummary` each.
"""

from __future__ import annotations

from dataclasses import dataclass

from chronomem.model.graph import Entity, Fact


@dataclass(frozen=True, slots=True)
class CommunityMaterial:
    """One community as shown to a summarizer.

    ``members`` are the most central members (weighted degree inside the community, highest
    first), at most a handful; ``member_count`` is the full size. ``facts`` are current facts
    between members, strongest first. ``key_terms`` are the engine's key terms for the name
    (most salient first); a summarizer may use them as the name or write a better one.
    ``previous_summary`` is the stored summary when an existing community is refreshed
    (a new member joined), empty on a full build.
    """

    key: str
    members: tuple[Entity, ...]
    facts: tuple[Fact, ...]
    member_count: int
    key_terms: tuple[str, ...]
    previous_summary: str = ""


@dataclass(frozen=True, slots=True)
class CommunitySummary:
    """A summarizer's answer for one :class:`CommunityMaterial` (matched by ``key``)."""

    key: str
    name: str
    summary: str
