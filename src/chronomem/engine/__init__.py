"""The ingestion engine: named stages from an episode to one store transaction."""

from chronomem.engine.batches import BulkResults, SkippedEpisode
from chronomem.engine.deletion import plan_episode_deletion
from chronomem.engine.ingest import Ingestor
from chronomem.engine.pipeline import IngestPipeline, IngestResult

__all__ = [
    "BulkResults",
    "IngestPipeline",
    "IngestResult",
    "Ingestor",
    "SkippedEpisode",
    "plan_episode_deletion",
]
