"""Export: read one group through the :class:`~chronomem.ports.Store` port, yield JSONL lines.

Works on every store (it uses only the port's reads): episodes, entities with their name
embeddings, every fact past and present, mentions, communities with members. Each kind is
sorted by id, so the same group content always gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence, Sized
from dataclasses import dataclass
from datetime import datetime

from chronomem.model import (
    Community,
    Entity,
    Episode,
    Fact,
    Mention,
    SearchFilter,
    check_group_id,
)
from chronomem.portable.format import Header, dumps, to_record
from chronomem.ports import Embedder, Store
from chronomem.reembed import _all_episodes as all_episodes  # the one pager of episodes

READ_CHUNK = 500  # ids per read: keeps every query's parameter list small


@dataclass(frozen=True, slots=True)
class GroupRows:
    """Everything one group holds, each kind sorted by id."""

    episodes: list[Episode]
    entities: list[Entity]
    facts: list[Fact]
    mentions: list[Mention]
    communities: list[Community]

    def count(self) -> int:
        parts: tuple[Sized, ...] = (
            self.episodes,
            self.entities,
            self.facts,
            self.mentions,
            self.communities,
        )
        return sum(len(part) for part in parts)


def chunks(ids: Sequence[str], size: int = READ_CHUNK) -> Iterator[list[str]]:
    for start in range(0, len(ids), size):
        yield list(ids[start : start + size])


def read_group(store: Store, group_id: str, *, now: datetime) -> GroupRows:
    """Every row of ``group_id`` (facts of every time, not only the current ones)."""
    gid = check_group_id(group_id)
    episodes = all_episodes(store, gid)  # paged: one huge LIMIT overflows or sizes a heap
    entity_ids = sorted(e.id for e in store.list_entities(gid))
    entities: list[Entity] = []
    facts: dict[str, Fact] = {}
    history = SearchFilter(history=True).resolved(now)
    for ids in chunks(entity_ids):
        entities.extend(store.get_entities([gid], ids))  # with name embeddings
        facts.update((f.id, f) for f in store.facts_of_entities([gid], ids, history))
    return GroupRows(
        episodes=sorted(episodes, key=lambda e: e.id),
        entities=sorted(entities, key=lambda e: e.id),
        facts=sorted(facts.values(), key=lambda f: f.id),
        mentions=sorted(store.mentions([gid]), key=lambda m: (m.episode_id, m.entity_id)),
        communities=sorted(store.get_communities([gid]), key=lambda c: c.id),
    )


def export_lines(
    store: Store, group_id: str, *, embedder: Embedder | None, now: datetime
) -> Iterator[str]:
    """The export of ``group_id``, line by line (header first).

    With ``embedder`` the store is checked to hold that model's vectors (a UsageError says
    how to fix a mismatch) and the header names it; without, the header's embedder is null
    and an import re-embeds everything.
    """
    from chronomem import __version__

    if embedder is not None:
        store.bind_embedder(embedder.name, embedder.dimension)
    header = Header(
        group_id=check_group_id(group_id),
        embedder_name=None if embedder is None else embedder.name,
        embedder_dimension=None if embedder is None else embedder.dimension,
        chronomem_version=__version__,
    )
    yield dumps(header.record())
    rows = read_group(store, group_id, now=now)
    for kind in (rows.episodes, rows.entities, rows.facts, rows.mentions, rows.communities):
        for row in kind:
            yield dumps(to_record(row))
