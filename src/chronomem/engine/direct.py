"""Facts stated directly (``Memory.add_fact``, Graphiti's ``add_triplet``) for structured data.

A stated fact becomes a small text episode (its provenance: the fact lists it, deleting it
removes the fact) and a ready-made :class:`~chronomem.model.Extraction` of two entities and
one fact. The Ingestor runs every stage but extract on it: the entities are resolved against
the stored ones (or created), the fact is deduplicated and may close the facts it
contradicts, exactly as an extracted fact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from chronomem.errors import UsageError
from chronomem.intake import EpisodeInput
from chronomem.model import ExtractedEntity, ExtractedFact, Extraction, to_relation_name
from chronomem.model.graph import JSONValue
from chronomem.model.names import normalize_name
from chronomem.model.time import ensure_aware, ensure_aware_or_none
from chronomem.ports import Store

__all__ = ["STATED_SOURCE", "StatedFact", "stated_episode", "with_stored_names"]

STATED_SOURCE = "stated fact (add_fact)"  # the source_description of their episodes


@dataclass(frozen=True, slots=True)
class StatedFact:
    source: str
    relation: str
    target: str
    group_id: str
    valid_at: datetime | None = None  # None: from the reference time
    invalid_at: datetime | None = None
    fact: str | None = None  # None: "<source> <relation in words> <target>."
    source_labels: Sequence[str] = ()
    target_labels: Sequence[str] = ()
    attributes: Mapping[str, JSONValue] = field(default_factory=dict)  # of the edge type
    reference_time: datetime | None = None  # when it was stated; None: now
    episode_id: str | None = None


def with_stored_names(store: Store, s: StatedFact) -> StatedFact:
    """An endpoint that names a stored entity (same normalized name) takes its spelling,
    and its labels when the caller gave none, so the fact text reads "Alice", not "alice",
    and custom edge types see the entity's declared type (one indexed read). Entities
    named differently are still resolved by the engine (aliases, embeddings, the LLM)."""
    found = store.find_entities(s.group_id, [normalize_name(s.source), normalize_name(s.target)])
    known = {normalize_name(e.name): e for e in found}
    src, dst = known.get(normalize_name(s.source)), known.get(normalize_name(s.target))
    return replace(
        s,
        source=src.name if src else s.source,
        target=dst.name if dst else s.target,
        source_labels=s.source_labels or (src.labels if src else ()),
        target_labels=s.target_labels or (dst.labels if dst else ()),
    )


def stated_episode(s: StatedFact, *, now: datetime) -> tuple[EpisodeInput, Extraction]:
    """The episode that records ``s`` and its extraction; ``UsageError`` says what to fix."""
    source, target = " ".join(s.source.split()), " ".join(s.target.split())
    if not source or not target:
        raise UsageError("add_fact needs a source and a target entity name, e.g. 'Alice', 'Acme'")
    if normalize_name(source) == normalize_name(target):
        raise UsageError(f"add_fact: source and target are the same entity ({source!r})")
    relation = to_relation_name(s.relation)
    if not any(ch.isalpha() for ch in s.relation):
        raise UsageError(f"add_fact: relation {s.relation!r} has no letters: e.g. WORKS_AT")
    said = ensure_aware(s.reference_time or now, "reference_time")
    valid_at = ensure_aware_or_none(s.valid_at, "valid_at") or said
    invalid_at = ensure_aware_or_none(s.invalid_at, "invalid_at")
    if invalid_at is not None and invalid_at < valid_at:
        raise UsageError(
            "add_fact: invalid_at is before valid_at: a fact cannot end before it starts"
        )
    words = relation.lower().replace("_", " ")
    text = " ".join((s.fact or f"{source} {words} {target}.").split())
    item = EpisodeInput(
        content=text,
        group_id=s.group_id,
        reference_time=said,
        source="text",
        source_description=STATED_SOURCE,
        episode_id=s.episode_id,
    )
    extraction = Extraction(
        entities=(
            ExtractedEntity(source, tuple(s.source_labels)),
            ExtractedEntity(target, tuple(s.target_labels)),
        ),
        facts=(
            ExtractedFact(source, target, relation, text, valid_at, invalid_at, dict(s.attributes)),
        ),
    )
    return item, extraction
