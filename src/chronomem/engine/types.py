"""Stage 2c (types): apply the episode's custom types to an extraction, whoever made it.

For the LLM extractor and the rule extractor alike:

* an entity's declared type is the first of its labels that names one (case and common
  variants count: a rule label ``Organization`` is a declared ``Company``); it is put first
  among the labels, written with the declared name;
* an entity whose type is excluded (``excluded_entity_types``) is dropped, with every fact
  that touches it;
* a typed entity's attributes are validated field by field against its type's model: a
  value that fails, or a name the model does not declare, is dropped with a warning in the
  episode's usage record (:func:`chronomem.accounting.warn`), never failing the episode; an
  entity of no declared type keeps the attributes its extractor gave (the rule extractor's
  JSON fields, for instance);
* a fact whose relation is a declared edge type keeps its attributes only when
  ``edge_type_map`` allows that type between its endpoints' types (otherwise the relation
  is kept, as extracted, and its attributes dropped with a warning).
"""

from __future__ import annotations

from dataclasses import replace

from chronomem import accounting
from chronomem.model import ExtractedEntity, ExtractedFact, Extraction
from chronomem.model.names import normalize_name
from chronomem.model.ontology import Ontology

__all__ = ["apply_ontology"]


def apply_ontology(extraction: Extraction, ontology: Ontology | None) -> Extraction:
    """The extraction typed, filtered and validated by ``ontology`` (unchanged if None)."""
    if ontology is None or ontology.is_empty:
        return extraction
    types: dict[str, str | None] = {}
    entities: list[ExtractedEntity] = []
    for entity in extraction.entities:
        typed, kind = _typed_entity(entity, ontology)
        if ontology.excludes(kind):
            continue
        types[normalize_name(entity.name)] = kind
        entities.append(typed)
    facts: list[ExtractedFact] = []
    for fact in extraction.facts:
        ends = (normalize_name(fact.source), normalize_name(fact.target))
        if all(end in types for end in ends):
            facts.append(_typed_fact(fact, types[ends[0]], types[ends[1]], ontology))
    return Extraction(entities=tuple(entities), facts=tuple(facts))


def _typed_entity(
    entity: ExtractedEntity, ontology: Ontology
) -> tuple[ExtractedEntity, str | None]:
    kind = ontology.entity_type(entity.labels)
    if kind is None:  # an entity of no declared type keeps what its extractor found
        return entity, None
    labels = (kind, *(lb for lb in entity.labels if ontology.entity_type([lb]) != kind))
    attributes, warnings = ontology.check_attributes(
        ontology.entity_types[kind], entity.attributes, f"entity {entity.name!r} ({kind})"
    )
    for warning in warnings:
        accounting.warn(warning)
    return replace(entity, labels=labels, attributes=attributes), kind


def _typed_fact(
    fact: ExtractedFact, source_type: str | None, target_type: str | None, ontology: Ontology
) -> ExtractedFact:
    model = ontology.edge_types.get(fact.relation)
    if model is None:  # not a declared edge type: as its extractor found it
        return fact
    if not ontology.edge_allowed(fact.relation, source_type, target_type):
        if fact.attributes:
            accounting.warn(
                f"fact {fact.fact!r}: dropped attributes of {fact.relation}: edge_type_map "
                f"does not allow it between {source_type or 'Entity'} and "
                f"{target_type or 'Entity'}"
            )
        return replace(fact, attributes={})
    attributes, warnings = ontology.check_attributes(
        model, fact.attributes, f"fact {fact.fact!r} ({fact.relation})"
    )
    for warning in warnings:
        accounting.warn(warning)
    return replace(fact, attributes=attributes)
