"""Check an extractor's resolution against what it was asked: every id must be a candidate.

An LLM may answer with ids it was never shown, or for questions never asked; such answers
are dropped with a log line, never written.
"""

from __future__ import annotations

import logging

from chronomem.model import Resolution, ResolutionRequest

log = logging.getLogger(__name__)


def validate_resolution(resolution: Resolution, request: ResolutionRequest) -> Resolution:
    entity_options = {q.entity.name: {c.id for c in q.candidates} for q in request.entities}
    matches: dict[str, str | None] = {}
    for name, chosen in resolution.entity_matches.items():
        if name not in entity_options:
            log.info("resolution: dropped answer for entity %r that was not asked about", name)
        elif chosen is not None and chosen not in entity_options[name]:
            log.info("resolution: dropped unknown entity id %r for %r", chosen, name)
        else:
            matches[name] = chosen
    questions = {q.key: q for q in request.facts}
    duplicates: dict[int, str | None] = {}
    for key, fact_id in resolution.duplicates.items():
        q = questions.get(key)
        if q is None:
            log.info("resolution: dropped duplicate answer for unknown fact %r", key)
        elif fact_id is not None and fact_id not in {c.id for c in q.duplicate_candidates}:
            log.info("resolution: dropped unknown duplicate id %r for fact %r", fact_id, key)
        else:
            duplicates[key] = fact_id
    contradictions: dict[int, tuple[str, ...]] = {}
    for key, fact_ids in resolution.contradictions.items():
        q = questions.get(key)
        if q is None:
            log.info("resolution: dropped contradiction answer for unknown fact %r", key)
            continue
        shown = {c.id for c in (*q.contradiction_candidates, *q.duplicate_candidates)}
        kept = tuple(i for i in fact_ids if i in shown)
        if len(kept) < len(fact_ids):
            log.info("resolution: dropped unknown contradiction ids for fact %r", key)
        contradictions[key] = kept
    return Resolution(entity_matches=matches, duplicates=duplicates, contradictions=contradictions)
