"""Round 2: every open entity and fact question of one episode, in one call.

Stored ids are long; the prompt shows short aliases instead (``e1``, ``f1``, ...), which
saves tokens and makes a hallucinated id easy to spot. :class:`ResolveContext` keeps the
alias table and, per question, which aliases were shown — the extractor accepts an answer
only if it names one of those.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pydantic import BaseModel

from chronomem.model.extraction import ResolutionRequest
from chronomem.model.graph import Entity, Fact
from chronomem.model.relations import functional_relations_text
from chronomem.ports import ChatMessage
from chronomem.prompts._format import clip, day, fact_line, instant

__all__ = [
    "NAME",
    "EntityAnswer",
    "EntityItem",
    "FactAnswer",
    "FactItem",
    "ResolveContext",
    "ResolveResponse",
    "build_context",
    "render",
]

NAME = "resolve"
SUMMARY_CHARS = 160

SYSTEM = (
    """\
You keep a memory graph consistent with a new episode.
Entities: each new entity E<n> lists stored candidates. same_as: the id of the candidate \
that is the same real-world entity (allowing nicknames, partial or fuller names), else \
null; when unsure, null. A part, team or product of an organisation is not the \
organisation ("Google cloud team" is not "Google").
Facts: each new fact F<n> lists stored facts. duplicate_of: the id of a stored fact that \
states the same relationship (a new fact reporting that it ended is its duplicate), else \
null. contradicts: ids of stored facts the new fact shows are no longer true; [] if none. \
These relations hold one value at a time, so a new value for the same subject replaces \
the old one (a new home, employer, partner, car, diet, plan, favourite of the same kind):
"""
    + functional_relations_text()
    + """
Other relations (likes, hobbies, friends, visits) accumulate: a fact that only adds \
information contradicts nothing, unless the episode says the old one ended or changed.
Answer every E<n> and F<n>, using only ids listed under it."""
)


@dataclass(frozen=True, slots=True)
class EntityItem:
    number: int  # E<number>
    name: str
    labels: tuple[str, ...]
    summary: str
    candidates: tuple[tuple[str, Entity], ...]  # (alias, stored entity)


@dataclass(frozen=True, slots=True)
class FactItem:
    key: int  # F<key>, the FactQuestion's key
    fact: Fact
    duplicates: tuple[tuple[str, Fact], ...]  # shown as "same entities"
    related: tuple[tuple[str, Fact], ...]
    pair: frozenset[str] = frozenset()  # aliases that may be duplicates (either list)


@dataclass(frozen=True, slots=True)
class ResolveContext:
    request: ResolutionRequest
    entities: tuple[EntityItem, ...]
    facts: tuple[FactItem, ...]
    aliases: Mapping[str, str]  # alias -> stored id


class EntityAnswer(BaseModel):
    entity: int
    same_as: str | None


class FactAnswer(BaseModel):
    fact: int
    duplicate_of: str | None
    contradicts: list[str]


class ResolveResponse(BaseModel):
    """Which stored entities and facts the new ones match or contradict."""

    entities: list[EntityAnswer]
    facts: list[FactAnswer]


def build_context(request: ResolutionRequest) -> ResolveContext:
    """Number the questions and give every stored candidate a short alias."""
    aliases: dict[str, str] = {}
    by_id: dict[str, str] = {}
    counts = {"e": 0, "f": 0}

    def alias(prefix: str, stored_id: str) -> str:
        if stored_id not in by_id:
            counts[prefix] += 1
            by_id[stored_id] = f"{prefix}{counts[prefix]}"
            aliases[by_id[stored_id]] = stored_id
        return by_id[stored_id]

    entities = tuple(
        EntityItem(
            number=n,
            name=q.entity.name,
            labels=q.entity.labels,
            summary=q.entity.summary,
            candidates=tuple((alias("e", c.id), c) for c in q.candidates),
        )
        for n, q in enumerate(request.entities, start=1)
    )
    facts = []
    for q in request.facts:
        # "same entities" only when both ends are settled; a stored fact whose other end is
        # only a resolution option (Paris for a new Berlin) is shown as related
        same = [c for c in q.duplicate_candidates if set(c.endpoints) == set(q.fact.endpoints)]
        shown = {c.id for c in same}
        related = []
        for c in (*q.duplicate_candidates, *q.contradiction_candidates):
            if c.id not in shown:
                shown.add(c.id)
                related.append(c)
        facts.append(
            FactItem(
                key=q.key,
                fact=q.fact,
                duplicates=tuple((alias("f", c.id), c) for c in same),
                related=tuple((alias("f", c.id), c) for c in related),
                pair=frozenset(alias("f", c.id) for c in q.duplicate_candidates),
            )
        )
    return ResolveContext(request=request, entities=entities, facts=tuple(facts), aliases=aliases)


def render(ctx: ResolveContext) -> list[ChatMessage]:
    episode = ctx.request.episode
    parts = [
        f'<episode time="{instant(episode.reference_time)}">\n{clip(episode.content, 2000)}\n'
        "</episode>"
    ]
    if ctx.entities:
        parts.append(
            "<entities>\n" + "\n".join(_entity_block(e) for e in ctx.entities) + "\n</entities>"
        )
    if ctx.facts:
        parts.append("<facts>\n" + "\n".join(_fact_block(f) for f in ctx.facts) + "\n</facts>")
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": "\n".join(parts)},
    ]


def _entity_line(head: str, name: str, labels: tuple[str, ...], summary: str) -> str:
    kind = f" ({', '.join(labels)})" if labels else ""
    about = f": {clip(summary, SUMMARY_CHARS)}" if summary else ""
    return f"{head} {name}{kind}{about}"


def _entity_block(item: EntityItem) -> str:
    lines = [_entity_line(f"E{item.number}", item.name, item.labels, item.summary)]
    lines += ["  " + _entity_line(a, c.name, c.labels, c.summary) for a, c in item.candidates]
    return "\n".join(lines)


def _fact_block(item: FactItem) -> str:
    new = item.fact
    lines = [
        f'F{item.key} {new.relation} "{clip(new.fact, 300)}" ({day(new.valid_at)} → '
        f"{day(new.invalid_at)})"
    ]
    if item.duplicates:
        lines.append("  same entities:")
        lines += ["    " + fact_line(a, f) for a, f in item.duplicates]
    if item.related:
        lines.append("  related:")
        lines += ["    " + fact_line(a, f) for a, f in item.related]
    return "\n".join(lines)
