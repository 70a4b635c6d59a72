"""Community summaries, map-reduced through the extractor's optional summarizer.

Map (here, pure): each community becomes a :class:`~chronomem.model.CommunityMaterial`,
its most central members (with their own summaries) and the strongest current facts
between them, bounded in size however large the community is.
Reduce (the :class:`~chronomem.ports.CommunitySummarizer`): one name and summary per
material, the whole batch in one call.

Core code never asks which extractor it has: :func:`summarizer_for` uses the extractor when
it implements ``CommunitySummarizer`` and otherwise the rule extractor's extractive
summarizer. Answers are checked: unknown keys are dropped, and a community left without a
name or summary gets the extractive one.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from chronomem.engine.communities.naming import key_terms
from chronomem.model import CommunityMaterial, CommunitySummary, Entity, Fact
from chronomem.ports import CommunitySummarizer

if TYPE_CHECKING:
    from chronomem.engine.communities.extractive import ExtractiveCommunitySummarizer

log = logging.getLogger(__name__)

SHOWN_MEMBERS = 8
SHOWN_FACTS = 10


def summarizer_for(extractor: object) -> CommunitySummarizer:
    """The extractor itself when it can summarize communities, else the extractive one."""
    if isinstance(extractor, CommunitySummarizer):
        return extractor
    return _extractive()()


def extractive_summarizer() -> ExtractiveCommunitySummarizer:
    """The model-free summarizer (names and summaries from members and facts)."""
    return _extractive()()


def _extractive() -> type[ExtractiveCommunitySummarizer]:
    # The fallback is the rule extractor's summarizer: plain Python, no model, no I/O.
    from chronomem.engine.communities.extractive import ExtractiveCommunitySummarizer

    return ExtractiveCommunitySummarizer


def inner_degrees(
    edges: Iterable[tuple[str, str, int]], membership: Mapping[str, str]
) -> dict[str, int]:
    """Entity -> facts linking it to members of its own community."""
    degree: dict[str, int] = {}
    for a, b, count in edges:
        community = membership.get(a)
        if community is not None and community == membership.get(b) and a != b:
            degree[a] = degree.get(a, 0) + count
            degree[b] = degree.get(b, 0) + count
    return degree


def material(
    key: str,
    members: Sequence[Entity],
    *,
    member_count: int,
    centrality: Mapping[str, int],
    facts: Iterable[Fact],
    previous_summary: str = "",
    newcomers: frozenset[str] = frozenset(),
) -> CommunityMaterial:
    """The map step for one community. ``members`` most central first (only the first
    :data:`SHOWN_MEMBERS` are shown); ``facts`` may include facts leaving the community.
    Facts of ``newcomers`` (members that just joined) are shown first."""
    shown = tuple(members[:SHOWN_MEMBERS])
    inside = {m.id for m in members}
    between = [f for f in facts if f.source_id in inside and f.target_id in inside]

    def strength(f: Fact) -> tuple[bool, int, float, str]:
        new = f.source_id in newcomers or f.target_id in newcomers
        ends = centrality.get(f.source_id, 0) + centrality.get(f.target_id, 0)
        return (not new, -ends, -(f.valid_at or f.created_at).timestamp(), f.id)

    chosen: dict[str, Fact] = {}
    for f in sorted(between, key=strength):
        chosen.setdefault(" ".join(f.fact.casefold().split()), f)
        if len(chosen) == SHOWN_FACTS:
            break
    return CommunityMaterial(
        key=key,
        members=shown,
        facts=tuple(chosen.values()),
        member_count=member_count,
        key_terms=key_terms(shown, centrality),
        previous_summary=previous_summary,
    )


def summarize(
    summarizer: CommunitySummarizer, materials: Sequence[CommunityMaterial]
) -> dict[str, CommunitySummary]:
    """The reduce step: key -> name and summary for every material (checked, completed)."""
    if not materials:
        return {}
    wanted = {m.key: m for m in materials}
    answered: dict[str, CommunitySummary] = {}
    for s in summarizer.summarize_communities(materials):
        if s.key not in wanted:
            log.warning("summarize_community: dropped an answer for unknown key %r", s.key)
        elif s.key not in answered:
            answered[s.key] = CommunitySummary(s.key, " ".join(s.name.split()), s.summary.strip())
    gaps = [m for m in materials if not (a := answered.get(m.key)) or not a.name or not a.summary]
    if gaps:
        fallback = _extractive()
        if not isinstance(summarizer, fallback):
            log.warning("summarize_community: %d communities completed extractively", len(gaps))
        for s in fallback().summarize_communities(gaps):
            given = answered.get(s.key)
            answered[s.key] = CommunitySummary(
                s.key,
                (given.name if given and given.name else s.name),
                (given.summary if given and given.summary else s.summary),
            )
    return answered
