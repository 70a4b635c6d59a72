"""Provenance from an episode: the entities it mentions and the facts it states or supports.

The other direction (a fact's source episodes) is ``Fact.episodes``. Together they are the
paper's bidirectional index between the episodic and the semantic subgraph (§2.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from chronomem.model import Entity, Episode, Fact
from chronomem.ports import Store

__all__ = ["EpisodeGraph", "episode_graph"]


@dataclass(frozen=True, slots=True)
class EpisodeGraph:
    """What one episode put into the graph, as it stands now.

    ``facts``: every fact that lists the episode among its sources, current or closed (a
    fact it repeated counts: the episode supports it); ``entities``: the entities it
    mentions, plus the far ends of those facts, by name.
    """

    episode: Episode
    entities: tuple[Entity, ...]
    facts: tuple[Fact, ...]

    def name_of(self, entity_id: str) -> str:
        found = next((e for e in self.entities if e.id == entity_id), None)
        return found.name if found else entity_id


def episode_graph(store: Store, group_id: str, episode_id: str) -> EpisodeGraph | None:
    """The episode's graph, or None when the group has no such episode."""
    found = store.get_episodes([group_id], [episode_id])
    if not found:
        return None
    facts = sorted(
        store.facts_of_episodes([group_id], [episode_id]),
        key=lambda f: (f.valid_at or f.created_at, f.created_at, f.id),
    )
    mentioned = [m.entity_id for m in store.mentions([group_id], episode_ids=[episode_id])]
    ids = {*mentioned, *(i for f in facts for i in f.endpoints)}
    entities = sorted(store.get_entities([group_id], sorted(ids)), key=lambda e: (e.name, e.id))
    return EpisodeGraph(found[0], tuple(entities), tuple(facts))
