"""What an :class:`~chronomem.ports.Extractor` reads and returns.

Round 1 (``Extractor.extract``): an episode and its previous episodes in, an
:class:`Extraction` out — entities by name, facts between those names, with dates already
resolved against the episode's reference time.

Round 2 (``Extractor.resolve``): one :class:`ResolutionRequest` per episode holding every
question the deterministic fast paths could not settle — which existing entity an extracted
name is, and which stored facts a new fact duplicates or contradicts — answered in one
:class:`Resolution`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from chronomem.model.graph import Entity, Episode, Fact, JSONValue


@dataclass(frozen=True, slots=True)
class ExtractedEntity:
    name: str
    labels: tuple[str, ...] = ()
    summary: str = ""  # what this episode says about the entity
    attributes: Mapping[str, JSONValue] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ExtractedFact:
    """A fact between two extracted entity names.

    An ending ("I left Google last week") is reported as the fact that ended, with its
    ``invalid_at`` set: resolution merges it into the stored fact and closes that fact.
    """

    source: str
    target: str
    relation: str
    fact: str
    valid_at: datetime | None = None
    invalid_at: datetime | None = None
    attributes: Mapping[str, JSONValue] = field(default_factory=dict)  # of its edge type


@dataclass(frozen=True, slots=True)
class Extraction:
    entities: tuple[ExtractedEntity, ...] = ()
    facts: tuple[ExtractedFact, ...] = ()


@dataclass(frozen=True, slots=True)
class EntityQuestion:
    """Is the extracted ``entity`` one of ``candidates`` (stored entities), or new?"""

    entity: ExtractedEntity
    candidates: tuple[Entity, ...]


@dataclass(frozen=True, slots=True)
class FactQuestion:
    """Does new ``fact`` (endpoints already resolved to ids) duplicate or contradict these?

    ``duplicate_candidates`` are stored facts between the same two entities;
    ``contradiction_candidates`` share an endpoint and are semantically close.
    """

    key: int
    fact: Fact
    duplicate_candidates: tuple[Fact, ...]
    contradiction_candidates: tuple[Fact, ...]


@dataclass(frozen=True, slots=True)
class ResolutionRequest:
    episode: Episode
    previous: tuple[Episode, ...]
    entities: tuple[EntityQuestion, ...] = ()
    facts: tuple[FactQuestion, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not self.entities and not self.facts


@dataclass(frozen=True, slots=True)
class Resolution:
    """Answers to a :class:`ResolutionRequest`.

    ``entity_matches`` maps an extracted entity name to the id of the stored entity it is
    (absent or None: a new entity). ``duplicates`` maps a fact question key to the id of the
    stored fact it repeats; ``contradictions`` to the ids of stored facts it contradicts.
    Ids must come from the question's candidates; the engine drops any other with a log line.
    """

    entity_matches: Mapping[str, str | None] = field(default_factory=dict)
    duplicates: Mapping[int, str | None] = field(default_factory=dict)
    contradictions: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
