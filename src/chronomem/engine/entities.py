"""Stage 3: resolve extracted entities against the stored graph.

Candidates come from the name embedding (cosine) and full text; the exact normalised name, a
stored alias and a high fuzzy ratio are deterministic fast paths. What stays ambiguous
becomes an :class:`~chronomem.model.EntityQuestion` for the extractor's single resolution
round.

Merges are safe:

* a stored entity is never renamed: a different name it is matched under becomes an alias
  (``attributes["aliases"]``, also written into the summary so full-text search finds it);
* every merge records why (``attributes["merges"]``: the name and the reason — ``alias``,
  ``fuzzy``, or the resolver's kind, ``llm`` for the LLM extractor);
* a resolver's match on a name subset alone is refused ("Google" and "Google cloud team"
  stay two entities): it stands only for a person's fuller name ("Alice" / "Alice Smith",
  extra words capitalised, both people).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from difflib import SequenceMatcher

from chronomem.clock import IdFactory
from chronomem.engine.summaries import merge_summary
from chronomem.model import (
    Entity,
    EntityQuestion,
    ExtractedEntity,
    JSONValue,
    SearchFilter,
    Target,
    Vector,
)
from chronomem.model.names import normalize_name
from chronomem.ports import Store

log = logging.getLogger(__name__)

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
    reason: str = ""  # why ``match``: "exact", "alias", "fuzzy" or "role" (a role named)


def find_entity_candidates(
    store: Store,
    group_id: str,
    entities: Sequence[ExtractedEntity],
    vectors: Sequence[Vector],
    now: datetime,
    role_names: Mapping[str, str] | None = None,
) -> list[EntityCandidates]:
    """``role_names``: extracted person -> the role placeholder they were stored under
    before they were named (``engine/relatives.py``), matched when no entity has their name."""
    keys = [normalize_name(e.name) for e in entities]
    roles = {name: normalize_name(role) for name, role in (role_names or {}).items()}
    looked_up = [*keys, *roles.values()]
    exact = {normalize_name(e.name): e for e in store.find_entities(group_id, looked_up)}
    everything = SearchFilter(history=True).resolved(now)
    out: list[EntityCandidates] = []
    for entity, key, vector in zip(entities, keys, vectors, strict=True):
        if key in exact:
            out.append(EntityCandidates(entity, vector, exact[key], (), "exact"))
            continue
        role = exact.get(roles.get(entity.name, ""))
        if role is not None and "Person" in role.labels:
            out.append(EntityCandidates(entity, vector, role, (), "role"))
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
        known = next((c for c in found if key in _alias_keys(c)), None)
        fuzzy = None if known else _fuzzy_match(key, found)
        match, reason = (known, "alias") if known else (fuzzy, "fuzzy" if fuzzy else "")
        out.append(EntityCandidates(entity, vector, match, () if match else tuple(found), reason))
    return out


def aliases_of(entity: Entity) -> list[str]:
    """Other names ``entity`` was matched under (never its own name)."""
    raw = entity.attributes.get("aliases")
    return [a for a in raw if isinstance(a, str)] if isinstance(raw, list) else []


def _alias_keys(entity: Entity) -> set[str]:
    return {normalize_name(a) for a in aliases_of(entity)}


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
    resolver: str = "llm",
) -> dict[str, Entity]:
    """Extracted name -> the entity to write: a stored one updated, or a new one.

    ``resolver`` names who answered ``matches`` (recorded as the reason of such merges).
    """
    out: dict[str, Entity] = {}
    for f in found:
        stored, reason = f.match, f.reason
        if stored is None:
            chosen = matches.get(f.extracted.name)
            stored = next((c for c in f.candidates if c.id == chosen), None)
            reason = resolver
            if stored is not None and not safe_name_match(f.extracted, stored):
                log.info(
                    "kept %r apart from %r: a name subset alone", f.extracted.name, stored.name
                )
                stored = None
        out[f.extracted.name] = (
            _new_entity(f, group_id=group_id, now=now, ids=ids)
            if stored is None
            else _updated_entity(stored, f, reason)
        )
    return out


_TITLES = frozenset({"dr", "mr", "mrs", "ms", "miss", "prof", "sir", "the"})
_SUFFIXES = frozenset({"inc", "ltd", "llc", "corp", "co", "corporation", "company", "plc", "s"})


def _core_words(name: str) -> set[str]:
    words = normalize_name(name).split()
    return {w for w in words if w not in _TITLES and w not in _SUFFIXES} or set(words)


def safe_name_match(extracted: ExtractedEntity, stored: Entity) -> bool:
    """May a resolver merge ``extracted`` into ``stored``? Not on a name subset alone.

    When one name's words are a strict subset of the other's (titles and company suffixes
    aside), the merge stands only for a person's fuller name: both are people (or unlabelled
    on one side) and every extra word is capitalised ("Alice" / "Alice Smith"). "Google" and
    "Google cloud team", "Paris" and "Paris office", "Caroline" and "Caroline's mom" stay
    apart. Names that are not subsets of each other are the resolver's call.
    """
    mine, theirs = _core_words(extracted.name), _core_words(stored.name)
    if mine == theirs or not (mine < theirs or theirs < mine):
        return True
    longer = extracted.name if len(mine) > len(theirs) else stored.name
    extra = (mine | theirs) - (mine & theirs)
    words = [w for w in longer.split() if normalize_name(w) in extra]
    people = {"Person"} & set(extracted.labels) and {"Person"} & set(stored.labels)
    return bool(people) and bool(words) and all(w[:1].isupper() for w in words)


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


def _updated_entity(stored: Entity, f: EntityCandidates, reason: str) -> Entity:
    """``stored`` with what the episode says; never renamed: another name becomes an alias
    and the merge is recorded with its reason. Only a name first met typed all in lower
    case ("tallinn is growing on me") takes the capitals it is written with later."""
    e = f.extracted
    if stored.name.islower() and e.name != stored.name and e.name.lower() == stored.name:
        stored = replace(stored, name=e.name)
    merged = absorb(
        stored,
        [e.name],
        labels=e.labels,
        summary=e.summary,
        attributes=e.attributes,
        record={"reason": reason},
    )
    if merged.name_embedding is None:
        return replace(merged, name_embedding=f.vector)
    return merged


def absorb(
    stored: Entity,
    names: Sequence[str],
    *,
    labels: Sequence[str] = (),
    summary: str = "",
    attributes: Mapping[str, JSONValue] | None = None,
    record: Mapping[str, JSONValue],
) -> Entity:
    """``stored`` merged with another mention or entity: never renamed, each other name in
    ``names`` becomes an alias with a ``merges`` entry (``{"name": ..., **record}``, the
    reason why), labels, summary and attributes joined (``stored``'s aliases and merges
    kept). The one merge of the engine: resolution and hand merges
    (``engine/corrections``) both call it."""
    merged: dict[str, JSONValue] = {**stored.attributes, **(attributes or {})}
    aliases = aliases_of(stored)
    merges = stored.attributes.get("merges")
    records: list[JSONValue] = list(merges) if isinstance(merges, list) else []
    keys = {normalize_name(stored.name), *_alias_keys(stored)}
    for name in names:
        if normalize_name(name) not in keys:
            keys.add(normalize_name(name))
            aliases.append(name)
            records.append({"name": name, **record})
    if records:
        merged["merges"] = records
    if aliases:
        merged["aliases"] = list(aliases)
    text = merge_summary(strip_alias_line(stored.summary), strip_alias_line(summary))
    return replace(
        stored,
        labels=tuple(dict.fromkeys((*stored.labels, *labels))),
        summary=with_alias_line(text, aliases),
        attributes=merged,
    )


_ALIAS_PREFIX = "Also called "


def with_alias_line(summary: str, aliases: Sequence[str]) -> str:
    """The summary as stored: a first sentence naming the aliases, so full-text search over
    entities (name + summary, in every store) finds an entity by any name it was merged
    under."""
    body = strip_alias_line(summary)
    if not aliases:
        return body
    line = _ALIAS_PREFIX + ", ".join(aliases) + "."
    return f"{line} {body}".strip()


def strip_alias_line(summary: str) -> str:
    if summary.startswith(_ALIAS_PREFIX) and "." in summary:
        return summary[summary.index(".") + 1 :].strip()
    return summary
