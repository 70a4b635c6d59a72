"""Stage 3: resolve extracted entities against the stored graph.

Candidates come from the name embedding (cosine) and full text; the exact normalised name and
a high fuzzy ratio are deterministic fast paths. What stays ambiguous becomes an
:class:`~chronomem.model.EntityQuestion` for the extractor's single resolution round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from difflib import SequenceMatcher

from chronomem.clock import IdFactory
from chronomem.engine.summaries import merge_summary
from chronomem.model import Entity, EntityQuestion, ExtractedEntity, SearchFilter, Target, Vector
from chronomem.model.names import normalize_name
from chronomem.ports import Store

FUZZY_MATCH_RATIO = 0.92
MIN_CANDIDATE_COSINE = 0.5
CANDIDATES_PER_ENTITY = 5


@dataclass(frozen=True, slots=True)
class EntityCandidates:
    """What the store offers for one extracted entity."""

    extracted: ExtractedEntity
    vector: Vector
    match: Entity | None  # settled by a fast path
    candidates: tuple[Entity, ...]  # open question when no match and not empty


def find_entity_candidates(
    store: Store,
    group_id: str,
    entities: Sequence[ExtractedEntity],
    vectors: Sequence[Vector],
    now: datetime,
) -> list[EntityCandidates]:
    keys = [normalize_name(e.name) for e in entities]
    exact = {normalize_name(e.name): e for e in store.find_entities(group_id, keys)}
    everything = SearchFilter(history=True).resolved(now)
    out: list[EntityCandidates] = []
    for entity, key, vector in zip(entities, keys, vectors, strict=True):
        if key in exact:
            out.append(EntityCandidates(entity, vector, exact[key], ()))
            continue
        hits = store.vector_search(
            Target.ENTITIES, [group_id], vector, limit=CANDIDATES_PER_ENTITY, filter=everything
        )
        ids = [i for i, score in hits if score >= MIN_CANDIDATE_COSINE]
        vector_ids = {i for i, _ in hits}
        tokens = set(key.split())
        for entity_id, _ in store.text_search(
            Target.ENTITIES, [group_id], entity.name, limit=CANDIDATES_PER_ENTITY, filter=everything
        ):
            if entity_id not in ids:
                ids.append(entity_id)
        found = [
            c
            for c in store.get_entities([group_id], ids)
            if tokens & set(normalize_name(c.name).split()) or c.id in vector_ids
        ]
        fuzzy = _fuzzy_match(key, found)
        out.append(EntityCandidates(entity, vector, fuzzy, () if fuzzy else tuple(found)))
    return out


def _fuzzy_match(key: str, candidates: Sequence[Entity]) -> Entity | None:
    best: tuple[float, Entity | None] = (0.0, None)
    for c in candidates:
        ratio = SequenceMatcher(None, key, normalize_name(c.name)).ratio()
        if ratio > best[0]:
            best = (ratio, c)
    return best[1] if best[0] >= FUZZY_MATCH_RATIO else None


def entity_questions(found: Sequence[EntityCandidates]) -> tuple[EntityQuestion, ...]:
    return tuple(
        EntityQuestion(f.extracted, f.candidates) for f in found if f.match is None and f.candidates
    )


def finalize_entities(
    found: Sequence[EntityCandidates],
    matches: Mapping[str, str | None],
    *,
    group_id: str,
    now: datetime,
    ids: IdFactory,
) -> dict[str, Entity]:
    """Extracted name -> the entity to write: a stored one updated, or a new one."""
    out: dict[str, Entity] = {}
    for f in found:
        stored = f.match
        if stored is None:
            chosen = matches.get(f.extracted.name)
            stored = next((c for c in f.candidates if c.id == chosen), None)
        out[f.extracted.name] = (
            _new_entity(f, group_id=group_id, now=now, ids=ids)
            if stored is None
            else _updated_entity(stored, f)
        )
    return out


def _new_entity(f: EntityCandidates, *, group_id: str, now: datetime, ids: IdFactory) -> Entity:
    e = f.extracted
    return Entity(
        id=ids(),
        group_id=group_id,
        name=e.name,
        created_at=now,
        labels=e.labels,
        summary=merge_summary("", e.summary),
        attributes=dict(e.attributes),
        name_embedding=f.vector,
    )


def _updated_entity(stored: Entity, f: EntityCandidates) -> Entity:
    e = f.extracted
    fuller = len(e.name) > len(stored.name)
    return replace(
        stored,
        name=e.name if fuller else stored.name,
        name_embedding=f.vector
        if fuller or stored.name_embedding is None
        else stored.name_embedding,
        labels=tuple(dict.fromkeys(stored.labels + e.labels)),
        summary=merge_summary(stored.summary, e.summary),
        attributes={**stored.attributes, **e.attributes},
    )
