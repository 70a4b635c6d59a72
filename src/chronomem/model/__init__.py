"""Pure data: the graph's nodes and edges, time helpers, filters and change sets. No I/O."""

from chronomem.model.changes import ChangeSet, CommunitySet
from chronomem.model.communities import CommunityMaterial, CommunitySummary
from chronomem.model.edits import Edit, EditKind
from chronomem.model.extraction import (
    EntityQuestion,
    ExtractedEntity,
    ExtractedFact,
    Extraction,
    FactQuestion,
    Resolution,
    ResolutionRequest,
)
from chronomem.model.filters import SearchFilter, SearchRequest, Target
from chronomem.model.graph import (
    Community,
    Entity,
    Episode,
    EpisodeSource,
    Fact,
    JSONValue,
    Mention,
    Vector,
    without_embedding,
)
from chronomem.model.time import TimeRange, ensure_aware, is_believed
from chronomem.model.validation import check_group_id, check_group_ids, to_relation_name

__all__ = [
    "ChangeSet",
    "Community",
    "CommunityMaterial",
    "CommunitySet",
    "CommunitySummary",
    "Edit",
    "EditKind",
    "Entity",
    "EntityQuestion",
    "Episode",
    "EpisodeSource",
    "ExtractedEntity",
    "ExtractedFact",
    "Extraction",
    "Fact",
    "FactQuestion",
    "JSONValue",
    "Mention",
    "Resolution",
    "ResolutionRequest",
    "SearchFilter",
    "SearchRequest",
    "Target",
    "TimeRange",
    "Vector",
    "without_embedding",
    "check_group_id",
    "check_group_ids",
    "ensure_aware",
    "is_believed",
    "to_relation_name",
]
