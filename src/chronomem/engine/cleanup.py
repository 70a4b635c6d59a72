"""Stage 2b: make an extractor's output safe to resolve, whatever produced it.

Extractors (LLMs above all) return names that differ only in case, facts whose endpoints
were never listed as entities, self-loops, free-text relation names and endings dated before
their start. This stage fixes what it can and drops the rest, logging why.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from chronomem.engine.summaries import merge_summary
from chronomem.model import ExtractedEntity, ExtractedFact, Extraction, to_relation_name
from chronomem.model.names import normalize_name
from chronomem.model.time import sane_interval

log = logging.getLogger(__name__)

MAX_NAME_CHARS = 200
MAX_FACT_CHARS = 2_000


def clean_extraction(extraction: Extraction) -> Extraction:
    entities: dict[str, ExtractedEntity] = {}
    for entity in extraction.entities:
        name = " ".join(entity.name.split())[:MAX_NAME_CHARS]
        key = normalize_name(name)
        if not key:
            log.info("dropped entity %r: empty name", entity.name)
            continue
        if key in entities:
            first = entities[key]
            labels = tuple(dict.fromkeys(first.labels + entity.labels))
            summary = merge_summary(first.summary, entity.summary)
            attributes = {**entity.attributes, **first.attributes}
            entities[key] = replace(first, labels=labels, summary=summary, attributes=attributes)
        else:
            entities[key] = replace(entity, name=name)
    facts: list[ExtractedFact] = []
    seen: set[tuple[str, str, str, str]] = set()
    for fact in extraction.facts:
        src, dst = normalize_name(fact.source), normalize_name(fact.target)
        text = " ".join(fact.fact.split())[:MAX_FACT_CHARS]
        if src not in entities or dst not in entities:
            log.info("dropped fact %r: endpoint is not an extracted entity", fact.fact)
            continue
        if src == dst:
            log.info("dropped fact %r: source and target are the same entity", fact.fact)
            continue
        if not text:
            log.info("dropped fact between %r and %r: empty text", fact.source, fact.target)
            continue
        relation = to_relation_name(fact.relation)
        said = (src, dst, relation, normalize_name(text))
        if said in seen:
            continue
        seen.add(said)
        valid_at, invalid_at = sane_interval(fact.valid_at, fact.invalid_at)
        if valid_at != fact.valid_at:
            log.info("fact %r ends before it starts: start dropped (end kept)", text)
        facts.append(
            replace(
                fact,
                source=entities[src].name,
                target=entities[dst].name,
                relation=relation,
                fact=text,
                valid_at=valid_at,
                invalid_at=invalid_at,
            )
        )
    return Extraction(entities=tuple(entities.values()), facts=tuple(facts))
