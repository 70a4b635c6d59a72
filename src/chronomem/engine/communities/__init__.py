"""Stage 7: communities of strongly connected entities (label propagation), their names
and summaries, the dynamic step on ingest and the drift measure. See ``docs/communities.md``.
"""

from chronomem.engine.communities.builder import CommunityBuilder, CommunityView
from chronomem.engine.communities.dynamic import join_neighbours, partition_drift
from chronomem.engine.communities.naming import key_terms
from chronomem.engine.communities.propagation import WeightedGraph, communities_of, propagate
from chronomem.engine.communities.summaries import summarizer_for

__all__ = [
    "CommunityBuilder",
    "CommunityView",
    "WeightedGraph",
    "communities_of",
    "join_neighbours",
    "key_terms",
    "partition_drift",
    "propagate",
    "summarizer_for",
]
