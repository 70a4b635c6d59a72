"""Round 1: entities and facts of one episode, with dates resolved against its reference time.

One call per episode, however many entities and facts it holds. The optional reflexion pass
(:func:`render_reflexion`) shows the model its own answer and asks only for what it missed.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from chronomem.model.graph import Episode, EpisodeSource
from chronomem.model.ontology import Ontology, TypeModel
from chronomem.model.relations import functional_relations_text
from chronomem.ports import ChatMessage
from chronomem.prompts._format import episode_line, instant

__all__ = [
    "NAME",
    "REFLEXION_NAME",
    "ExtractContext",
    "ExtractResponse",
    "ExtractedEntityOut",
    "ExtractedFactOut",
    "AttributeOut",
    "ReflexionContext",
    "TypedExtractResponse",
    "render",
    "render_reflexion",
    "render_types",
    "response_model",
]

NAME = "extract"
REFLEXION_NAME = "extract_reflexion"
PREVIOUS_CHARS = 400  # each previous episode is context only: keep it short

SYSTEM = (
    """\
Extract a knowledge graph from the CURRENT episode. Previous episodes are context for \
pronouns and names only: extract nothing that only they state.

Entities: people, organizations, places, products, animals, events and topics that are \
named or clearly identified, including the speaker of a message. Use the fullest name \
given; "I"/"me" is the speaker. No entities for dates, times, amounts, actions or relations.
- labels: 1-2 types, e.g. Person, Organization, Location, Product, Animal, Event, Topic.
- summary: one short sentence on what the episode says about the entity.

Facts: relationships the current episode states between two of your entities.
- source, target: names exactly as in your entities; never the same entity twice.
- relation: SCREAMING_SNAKE_CASE predicate, e.g. WORKS_AT, LIVES_IN, MARRIED_TO, OWNS. \
Relations that hold one value at a time use exactly these names: """
    + functional_relations_text(compact=True)
    + """.
- fact: one self-contained sentence with names, not pronouns.
- valid_at, invalid_at: when the fact began / stopped being true, ISO 8601 UTC \
(2024-01-08T00:00:00Z), relative dates ("last week", "in March") resolved against the \
reference time; a fact stated as now true begins at the reference time; a plan or \
scheduled event begins on its date ("the wedding is on the 14th"); null if unknown.
- An ending is the ended fact with invalid_at set: "I left Google last week" is WORKS_AT \
with invalid_at one week before the reference time, not a new LEFT fact."""
)

_SOURCE_HINT = {
    EpisodeSource.MESSAGE: "a chat message: 'Speaker: text'",
    EpisodeSource.TEXT: "free text",
    EpisodeSource.JSON: "JSON data: its named objects are entities, their links facts",
}


@dataclass(frozen=True, slots=True)
class ExtractContext:
    episode: Episode
    previous: tuple[Episode, ...] = ()
    ontology: Ontology | None = None  # custom types: rendered, and the typed response asked


class ExtractedEntityOut(BaseModel):
    name: str
    labels: list[str]
    summary: str


class ExtractedFactOut(BaseModel):
    source: str
    target: str
    relation: str
    fact: str
    valid_at: str | None
    invalid_at: str | None


class ExtractResponse(BaseModel):
    """The entities and facts of the current episode."""

    entities: list[ExtractedEntityOut]
    facts: list[ExtractedFactOut]


class AttributeOut(BaseModel):
    name: str
    value: str  # a JSON value as text ("42", "true", "\"CTO\"") or plain text


class TypedEntityOut(ExtractedEntityOut):
    attributes: list[AttributeOut]


class TypedFactOut(ExtractedFactOut):
    attributes: list[AttributeOut]


class TypedExtractResponse(BaseModel):
    """The entities and facts of the current episode, with the attributes of their types."""

    entities: list[TypedEntityOut]
    facts: list[TypedFactOut]


def response_model(ctx: ExtractContext) -> type[ExtractResponse] | type[TypedExtractResponse]:
    """The typed response only when the episode has custom types (the plain one is shorter)."""
    return TypedExtractResponse if ctx.ontology is not None else ExtractResponse


def render(ctx: ExtractContext) -> list[ChatMessage]:
    user = _episode_block(ctx)
    if ctx.ontology is not None:
        user = render_types(ctx.ontology) + "\n" + user
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def render_types(ontology: Ontology) -> str:
    """The custom types: docstrings and field descriptions guide the extraction."""
    parts = []
    if ontology.entity_types:
        lines = [_type_lines(n, m) for n, m in ontology.entity_types.items()]
        parts.append("<entity_types>\n" + "\n".join(lines) + "\n</entity_types>")
    if ontology.edge_types:
        pairs: dict[str, list[str]] = {}
        for (a, b), names in ontology.edge_type_map.items():
            for n in names:
                pairs.setdefault(n, []).append(f"{a} -> {b}")
        lines = [
            _type_lines(n + (f" ({', '.join(pairs[n])})" if n in pairs else ""), m)
            for n, m in ontology.edge_types.items()
        ]
        parts.append("<edge_types>\n" + "\n".join(lines) + "\n</edge_types>")
    if ontology.excluded_entity_types:
        parts.append("Extract no entity of type: " + ", ".join(ontology.excluded_entity_types))
    parts.append(
        "Use these types: an entity's first label is its entity type when one fits; a fact's "
        "relation is an edge type's name when one fits. attributes: only fields of the "
        "entity's (or the fact's) type that the current episode states, each as "
        '{"name": field, "value": its JSON value as text}; [] when none.'
    )
    return "\n".join(parts)


def _type_lines(title: str, model: TypeModel) -> str:
    doc = " ".join((model.__doc__ or "").split())
    lines = [f"{title}: {doc}" if doc else title]
    for name, info in model.model_fields.items():
        kind = getattr(info.annotation, "__name__", None) or str(info.annotation)
        about = f": {' '.join(info.description.split())}" if info.description else ""
        lines.append(f"  - {name} ({kind.replace('typing.', '')}){about}")
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class ReflexionContext:
    episode: Episode
    previous: tuple[Episode, ...]
    extracted: ExtractResponse | TypedExtractResponse
    ontology: Ontology | None = None


def render_reflexion(ctx: ReflexionContext) -> list[ChatMessage]:
    """Ask for what round 1 missed; the answer holds only additions (same schema)."""
    found = ctx.extracted.model_dump_json(exclude_none=False)
    return [
        {"role": "system", "content": SYSTEM},
        {
            "role": "user",
            "content": render(ExtractContext(ctx.episode, ctx.previous, ctx.ontology))[1]["content"]
            + f"\n<extracted>\n{found}\n</extracted>\n"
            "List only entities and facts of the current episode that <extracted> missed "
            "(empty lists if none).",
        },
    ]


def _episode_block(ctx: ExtractContext) -> str:
    episode = ctx.episode
    parts = []
    if ctx.previous:
        lines = "\n".join(episode_line(p, limit=PREVIOUS_CHARS) for p in ctx.previous)
        parts.append(f"<previous>\n{lines}\n</previous>")
    ref = episode.reference_time
    parts.append(f"<reference_time>{instant(ref)} ({ref.strftime('%A')})</reference_time>")
    about = _SOURCE_HINT[episode.source]
    if episode.source_description:
        about += f"; {episode.source_description}"
    parts.append(f'<current source="{about}">\n{episode.content}\n</current>')
    return "\n".join(parts)
