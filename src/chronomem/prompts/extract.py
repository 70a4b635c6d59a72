"""Round 1: entities and facts of one episode, with dates resolved against its reference time.

One call per episode, however many entities and facts it holds. The optional reflexion pass
(:func:`render_reflexion`) shows the model its own answer and asks only for what it missed.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from chronomem.model.graph import Episode, EpisodeSource
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
    "ReflexionContext",
    "render",
    "render_reflexion",
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


def render(ctx: ExtractContext) -> list[ChatMessage]:
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": _episode_block(ctx)},
    ]


@dataclass(frozen=True, slots=True)
class ReflexionContext:
    episode: Episode
    previous: tuple[Episode, ...]
    extracted: ExtractResponse


def render_reflexion(ctx: ReflexionContext) -> list[ChatMessage]:
    """Ask for what round 1 missed; the answer holds only additions (same schema)."""
    found = ctx.extracted.model_dump_json(exclude_none=False)
    return [
        {"role": "system", "content": SYSTEM},
        {
            "role": "user",
            "content": _episode_block(ExtractContext(ctx.episode, ctx.previous))
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
