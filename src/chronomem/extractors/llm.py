"""``LLMExtractor``: the Extractor port over any LLM, in at most two sequential rounds.

Round 1 (:meth:`LLMExtractor.extract`): one call returns the episode's entities, facts,
relation types and dates. Round 2 (:meth:`LLMExtractor.resolve`): one call answers every
question the engine's deterministic fast paths left open — none at all when there are none.
An optional reflexion pass (``reflexion=True``) adds one call after round 1; it shows up in
the accounting as ``extract_reflexion``.

Everything the model returns is checked against what it was shown: entity names a fact
uses must be extracted entities, self-loops are dropped, dates must parse, and every id in a
round 2 answer must be one of that question's candidates. What fails a check is dropped with
a log line (logger ``chronomem.extractors.llm``), never written.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from chronomem.accounting import llm_round
from chronomem.model import (
    CommunityMaterial,
    CommunitySummary,
    Episode,
    ExtractedEntity,
    ExtractedFact,
    Extraction,
    Resolution,
    ResolutionRequest,
    to_relation_name,
)
from chronomem.model.graph import JSONValue
from chronomem.model.names import normalize_name
from chronomem.model.ontology import Ontology
from chronomem.model.time import sane_interval
from chronomem.ports import LLM
from chronomem.prompts import extract, resolve, summarize
from chronomem.providers.settings import Settings

__all__ = ["LLMExtractor", "LLMSummarizer", "parse_llm_instant"]

log = logging.getLogger(__name__)

_NULLS = frozenset({"", "null", "none", "unknown", "n/a", "?"})


class LLMExtractor:
    """Entities, facts, dates and resolution answers from an :class:`~chronomem.ports.LLM`."""

    resolution_kind = "llm"  # the reason the engine records for merges this extractor decides

    def __init__(
        self,
        *,
        llm: LLM,
        reflexion: bool | None = None,
        max_previous: int = 4,
        settings: Settings | None = None,
    ) -> None:
        """``reflexion``: None reads ``CHRONOMEM_LLM_REFLEXION`` (default off)."""
        if reflexion is None:
            reflexion = (settings if settings is not None else Settings.from_env()).llm_reflexion
        self._llm = llm
        self._reflexion = reflexion
        self._max_previous = max_previous
        self._summarizer = LLMSummarizer(llm=llm)

    def extract(
        self, episode: Episode, previous: Sequence[Episode], *, ontology: Ontology | None = None
    ) -> Extraction:
        """Round 1 (plus the reflexion call when enabled). With custom types the prompt
        shows them and asks for their attributes (validated later by the engine)."""
        ordered = sorted(previous, key=lambda e: e.reference_time)
        context = extract.ExtractContext(
            episode, tuple(ordered[-self._max_previous :]) if self._max_previous else (), ontology
        )
        model = extract.response_model(context)
        with llm_round(1):
            answer = self._llm.complete_json(extract.render(context), model, name=extract.NAME)
        if self._reflexion:
            again = extract.ReflexionContext(episode, context.previous, answer, ontology)
            with llm_round(2):
                more = self._llm.complete_json(
                    extract.render_reflexion(again), model, name=extract.REFLEXION_NAME
                )
            answer = model.model_validate(
                {
                    "entities": [*answer.entities, *more.entities],
                    "facts": [*answer.facts, *more.facts],
                },
                from_attributes=True,
            )
        return to_extraction(answer, episode)

    def summarize_communities(
        self, communities: Sequence[CommunityMaterial]
    ) -> list[CommunitySummary]:
        """The CommunitySummarizer capability, by this extractor's :class:`LLMSummarizer`."""
        return self._summarizer.summarize_communities(communities)

    def resolve(self, request: ResolutionRequest) -> Resolution:
        """Round 2: one call for every open question of the episode; none if there are none."""
        if request.is_empty:
            return Resolution()
        context = resolve.build_context(request)
        with llm_round(3 if self._reflexion else 2):
            answer = self._llm.complete_json(
                resolve.render(context), resolve.ResolveResponse, name=resolve.NAME
            )
        return to_resolution(answer, context)


class LLMSummarizer:
    """Many summaries in one call (entities after an episode, communities after a build)."""

    def __init__(self, *, llm: LLM, max_words: int = 40) -> None:
        self._llm = llm
        self._max_words = max_words

    def summarize_communities(
        self, communities: Sequence[CommunityMaterial]
    ) -> list[CommunitySummary]:
        """Names and summaries of a batch of communities in one call (the CommunitySummarizer
        capability). Unknown keys and empty answers are dropped: the engine falls back to
        its extractive summary for those."""
        if not communities:
            return []
        answer = self._llm.complete_json(
            summarize.render_communities(summarize.CommunitiesContext(tuple(communities))),
            summarize.CommunitiesResponse,
            name=summarize.COMMUNITY_NAME,
        )
        keys = {c.key for c in communities}
        out: dict[str, CommunitySummary] = {}
        for c in answer.communities:
            name, text = " ".join(c.name.split()), " ".join(c.summary.split())
            if c.key not in keys:
                log.warning("summarize_community: dropped answer for unknown key %r", c.key)
            elif name and text:
                out.setdefault(c.key, CommunitySummary(key=c.key, name=name, summary=text))
        return list(out.values())

    def summarize(self, items: Sequence[summarize.SummaryItem]) -> dict[str, str]:
        """Key -> new summary, for the items the model answered (others keep theirs)."""
        if not items:
            return {}
        answer = self._llm.complete_json(
            summarize.render(summarize.SummarizeContext(tuple(items), self._max_words)),
            summarize.SummarizeResponse,
            name=summarize.NAME,
        )
        keys = {item.key for item in items}
        out: dict[str, str] = {}
        for s in answer.summaries:
            if s.key not in keys:
                log.warning("summarize: dropped summary for unknown key %r", s.key)
            elif s.summary.strip():
                out.setdefault(s.key, " ".join(s.summary.split()))
        return out


# -- round 1 checks ------------------------------------------------------------------------
def to_extraction(
    answer: extract.ExtractResponse | extract.TypedExtractResponse, episode: Episode
) -> Extraction:
    """Validate the model's round 1 answer into an :class:`Extraction`."""
    entities: dict[str, ExtractedEntity] = {}
    for e in answer.entities:
        name = " ".join(e.name.split())
        key = normalize_name(name)
        if not key:
            log.warning("extract: dropped an entity with an empty name")
            continue
        labels = tuple(dict.fromkeys(lb.strip() for lb in e.labels if lb.strip()))
        if key in entities:
            first = entities[key]
            entities[key] = ExtractedEntity(
                first.name,
                tuple(dict.fromkeys(first.labels + labels)),
                first.summary,
                {**_attributes(e), **first.attributes},
            )
        else:
            entities[key] = ExtractedEntity(
                name, labels, " ".join(e.summary.split()), _attributes(e)
            )
    facts = []
    for f in answer.facts:
        checked = _check_fact(f, entities, episode.reference_time)
        if checked is not None:
            facts.append(checked)
    return Extraction(entities=tuple(entities.values()), facts=tuple(facts))


def _attributes(out: object) -> dict[str, JSONValue]:
    """A typed answer's attributes: each value read as JSON, else kept as text (the engine
    validates them against the type's model: chronomem.engine.types)."""
    found: dict[str, JSONValue] = {}
    for a in getattr(out, "attributes", ()):
        name = a.name.strip()
        if not name or name in found:
            continue
        try:
            found[name] = json.loads(a.value)
        except ValueError:
            found[name] = a.value.strip()
    return found


def _check_fact(
    f: extract.ExtractedFactOut, entities: Mapping[str, ExtractedEntity], reference: datetime
) -> ExtractedFact | None:
    source, target = entities.get(normalize_name(f.source)), entities.get(normalize_name(f.target))
    text = " ".join(f.fact.split())
    if source is None or target is None:
        unknown = f.source if source is None else f.target
        log.warning("extract: dropped fact %r: %r is not an extracted entity", text, unknown)
        return None
    if source.name == target.name:
        log.warning("extract: dropped fact %r: source and target are both %r", text, source.name)
        return None
    if not text:
        log.warning(
            "extract: dropped a fact between %r and %r: empty text", source.name, target.name
        )
        return None
    valid_at = _instant(f.valid_at, "valid_at", text)
    invalid_at = _instant(f.invalid_at, "invalid_at", text)
    if valid_at and invalid_at and invalid_at < valid_at:
        log.warning("extract: fact %r ends before it starts; start dropped, end kept", text)
        valid_at, invalid_at = sane_interval(valid_at, invalid_at)
    return ExtractedFact(
        source=source.name,
        target=target.name,
        relation=to_relation_name(f.relation),
        fact=text,
        valid_at=valid_at,
        invalid_at=invalid_at,
        attributes=_attributes(f),
    )


def _instant(value: str | None, what: str, fact: str) -> datetime | None:
    if value is None or value.strip().lower() in _NULLS:
        return None
    parsed = parse_llm_instant(value)
    if parsed is None:
        log.warning("extract: dropped unparseable %s %r of fact %r", what, value, fact)
    return parsed


def parse_llm_instant(value: str) -> datetime | None:
    """An ISO-8601 date or datetime from a model; no timezone means UTC. None if invalid."""
    text = value.strip()
    if text.endswith(("z", "Z")):
        text = text[:-1] + "+00:00"
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    if parsed.tzinfo is None or parsed.tzinfo.utcoffset(parsed) is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC)


# -- round 2 checks ------------------------------------------------------------------------
def to_resolution(answer: resolve.ResolveResponse, ctx: resolve.ResolveContext) -> Resolution:
    """Map aliases back to stored ids, keeping only ids shown under the question answered."""
    matches: dict[str, str | None] = {}
    by_number = {item.number: item for item in ctx.entities}
    for a in answer.entities:
        item = by_number.get(a.entity)
        if item is None:
            log.warning("resolve: dropped answer for entity E%s, which was not asked", a.entity)
            continue
        if item.name in matches:
            continue
        shown = {alias for alias, _ in item.candidates}
        choice = _alias(a.same_as)
        if choice is not None and choice not in shown:
            log.warning(
                "resolve: dropped id %r for E%d (%s): not a candidate",
                a.same_as,
                item.number,
                item.name,
            )
            continue
        matches[item.name] = ctx.aliases[choice] if choice else None
    duplicates: dict[int, str | None] = {}
    contradictions: dict[int, tuple[str, ...]] = {}
    by_key = {item.key: item for item in ctx.facts}
    for fa in answer.facts:
        fitem = by_key.get(fa.fact)
        if fitem is None or fa.fact in duplicates:
            if fitem is None:
                log.warning("resolve: dropped answer for fact F%s, which was not asked", fa.fact)
            continue
        duplicates[fa.fact], contradictions[fa.fact] = _fact_verdict(fa, fitem, ctx.aliases)
    return Resolution(entity_matches=matches, duplicates=duplicates, contradictions=contradictions)


def _fact_verdict(
    fa: resolve.FactAnswer, item: resolve.FactItem, aliases: Mapping[str, str]
) -> tuple[str | None, tuple[str, ...]]:
    same_pair = {alias for alias, _ in item.duplicates} | item.pair
    shown = same_pair | {alias for alias, _ in item.related}
    duplicate = _alias(fa.duplicate_of)
    if duplicate is not None and duplicate not in same_pair:
        log.warning(
            "resolve: dropped duplicate id %r for F%d: not a candidate", fa.duplicate_of, item.key
        )
        duplicate = None
    kept: list[str] = []
    for raw in fa.contradicts:
        alias = _alias(raw)
        if alias is None or alias not in shown:
            log.warning(
                "resolve: dropped contradiction id %r for F%d: not a candidate", raw, item.key
            )
        elif alias != duplicate and aliases[alias] not in kept:
            kept.append(aliases[alias])
    return (aliases[duplicate] if duplicate else None), tuple(kept)


def _alias(value: str | None) -> str | None:
    if value is None or value.strip().lower() in _NULLS:
        return None
    return value.strip().lower()
