"""What a search returns."""

from __future__ import annotations

from dataclasses import dataclass, field

from chronomem.model import Community, Entity, Episode, Fact
from chronomem.search.reading import QueryReading


@dataclass(frozen=True, slots=True)
class SearchResults:
    """Ranked facts, entities, episodes and communities, best first, with their scores.

    The rows carry no embeddings (``embedding`` / ``name_embedding`` are ``None``): a server
    store would otherwise send 384 numbers per row that answers never use. Read a row with
    ``Store.get_facts`` (and the like) for its vector."""

    facts: tuple[Fact, ...] = ()
    entities: tuple[Entity, ...] = ()
    episodes: tuple[Episode, ...] = ()
    communities: tuple[Community, ...] = ()
    scores: dict[str, float] = field(default_factory=dict)
    query_reading: QueryReading | None = None  # what the question asked (recipes that read it)

    def entity_name(self, entity_id: str) -> str | None:
        return next((e.name for e in self.entities if e.id == entity_id), None)
