"""chronomem: a temporal knowledge-graph memory for AI agents.

Episodes (messages, text, JSON) go in; entities, bi-temporal facts and communities come out;
``search`` and ``context`` answer what is true now, what was true then, and what the memory
believed then. Embedded (SQLite) and offline by default.
"""

from chronomem.accounting import LLMCall, Usage
from chronomem.async_memory import AsyncMemory
from chronomem.engine import BulkResults, IngestResult, SkippedEpisode
from chronomem.engine.provenance import EpisodeGraph
from chronomem.errors import (
    ChronomemError,
    ConflictError,
    DuplicateEpisodeError,
    NotFoundError,
    ProviderError,
    ProviderHTTPError,
    ProviderOutputError,
    StoreError,
    StoreFullError,
    StoreUnavailableError,
    UsageError,
)
from chronomem.intake import EpisodeInput
from chronomem.memory import Memory, Timeline
from chronomem.model import (
    Community,
    Edit,
    EditKind,
    Entity,
    Episode,
    EpisodeSource,
    Fact,
    Mention,
    SearchFilter,
    Target,
    TimeRange,
)
from chronomem.model.ontology import Ontology
from chronomem.search import PRESETS, SearchConfig, SearchResults, TargetConfig

__version__ = "0.1.0"

__all__ = [
    "AsyncMemory",
    "BulkResults",
    "ChronomemError",
    "Community",
    "ConflictError",
    "DuplicateEpisodeError",
    "Edit",
    "EditKind",
    "Entity",
    "Episode",
    "EpisodeGraph",
    "EpisodeInput",
    "EpisodeSource",
    "Fact",
    "IngestResult",
    "LLMCall",
    "Memory",
    "Mention",
    "NotFoundError",
    "Ontology",
    "PRESETS",
    "ProviderError",
    "ProviderHTTPError",
    "ProviderOutputError",
    "SearchConfig",
    "SearchFilter",
    "SearchResults",
    "SkippedEpisode",
    "StoreError",
    "StoreFullError",
    "StoreUnavailableError",
    "Target",
    "TargetConfig",
    "TimeRange",
    "Timeline",
    "Usage",
    "UsageError",
    "__version__",
]
