"""Import: restore a group from an export through the :class:`~chronomem.ports.Store` port.

Named stages: **parse** (header checked, every record turned into a row before anything is
written) -> **embed** (carried vectors kept when the file's embedder is the target's, else
every text re-embedded with the target's embedder) -> **bind** (the target store records or
checks its embedder) -> **write** (episodes, entities, facts, mentions, communities, in
that order, in chunks; only rows that differ from what is stored are written).

Idempotent: a second import of the same file finds every row stored as it is and writes
nothing. Not one transaction: an interrupted import leaves the chunks written so far, and
running it again completes it. ``replace=True`` deletes the target group first, so the
group ends up exactly as the file (without it, rows the file does not hold are kept).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

import numpy as np

from chronomem.engine.pipeline import episode_text
from chronomem.errors import UsageError
from chronomem.jsontext import json_object
from chronomem.model import (
    ChangeSet,
    Community,
    CommunitySet,
    Entity,
    Episode,
    Fact,
    Mention,
    Vector,
    check_group_id,
)
from chronomem.portable.exporter import GroupRows, chunks
from chronomem.portable.format import Header, from_record, parse_header
from chronomem.ports import Embedder, Store
from chronomem.stores.intervals_check import check_intervals

WRITE_CHUNK = 256  # rows per store transaction
EMBED_CHUNK = 128  # texts per embedder call when re-embedding

Progress = Callable[[int], None]  # called with how many more rows are done
T = TypeVar("T", Episode, Entity, Fact, Community)


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import did: rows in the file, rows written, and whether it re-embedded."""

    group_id: str
    rows: int
    written: int
    reembedded: bool


@dataclass(frozen=True, slots=True)
class ParsedExport:
    header: Header
    rows: GroupRows


# -- stage: parse ----------------------------------------------------------------------------
def parse_export(lines: Iterable[str], *, group_id: str | None = None) -> ParsedExport:
    """Every row of an export, moved to ``group_id`` (default: the file's group)."""
    numbered = ((n, line) for n, line in enumerate(lines, 1) if line.strip())
    first = next(numbered, None)
    if first is None:
        raise UsageError("the export is empty: it needs at least its header line")
    header = parse_header(json_object(first[1], where=f"line {first[0]}"))
    target = check_group_id(group_id or header.group_id)
    rows = GroupRows([], [], [], [], [])
    buckets: dict[type, list] = {  # type: ignore[type-arg]
        Episode: rows.episodes,
        Entity: rows.entities,
        Fact: rows.facts,
        Mention: rows.mentions,
        Community: rows.communities,
    }
    for number, line in numbered:
        try:
            row = from_record(json_object(line, where=f"line {number}"), target)
        except UsageError as exc:
            raise UsageError(f"line {number}: {exc}") from None
        buckets[type(row)].append(row)
    check_consistent(rows)
    return ParsedExport(header=header, rows=rows)


def check_consistent(rows: GroupRows) -> None:
    """Ids are unique and every link points at a row of the file, so a write never fails
    half-way for want of a row (a UsageError names the first problem)."""
    for kind, items in (
        ("episode", rows.episodes),
        ("entity", rows.entities),
        ("fact", rows.facts),
        ("community", rows.communities),
    ):
        ids = [x.id for x in items]
        if len(set(ids)) != len(ids):
            twice = next(i for i in ids if ids.count(i) > 1)
            raise UsageError(f"the export holds {kind} {twice!r} twice: each id once, please")
    check_intervals(rows.facts)  # the stores' own rule, checked before the first write
    entities = {e.id for e in rows.entities}
    episodes = {e.id for e in rows.episodes}
    links = [
        *((f"fact {f.id!r}", e) for f in rows.facts for e in f.endpoints),
        *((f"mention of episode {m.episode_id!r}", m.entity_id) for m in rows.mentions),
        *((f"community {c.id!r}", e) for c in rows.communities for e in c.member_ids),
    ]
    for what, entity_id in links:
        if entity_id not in entities:
            raise UsageError(
                f"{what} links to entity {entity_id!r}, which the export does not hold: "
                "the file is incomplete (export the group again)"
            )
    for m in rows.mentions:
        if m.episode_id not in episodes:
            raise UsageError(
                f"a mention links to episode {m.episode_id!r}, which the export does not "
                "hold: the file is incomplete (export the group again)"
            )


# -- stage: embed ----------------------------------------------------------------------------
def needs_reembedding(header: Header, embedder: Embedder) -> bool:
    """True when the file's vectors are not the target embedder's (or of unknown origin)."""
    return (header.embedder_name, header.embedder_dimension) != (
        embedder.name,
        embedder.dimension,
    )


def reembed(rows: GroupRows, embedder: Embedder, progress: Progress) -> GroupRows:
    """Every vector recomputed by ``embedder`` from the text ingestion embeds."""
    return GroupRows(
        episodes=_embedded(rows.episodes, episode_text, "embedding", embedder, progress),
        entities=_embedded(rows.entities, _name, "name_embedding", embedder, progress),
        facts=_embedded(rows.facts, _fact_text, "embedding", embedder, progress),
        mentions=rows.mentions,
        communities=_embedded(rows.communities, _name, "name_embedding", embedder, progress),
    )


def _name(row: Entity | Community) -> str:
    return row.name


def _fact_text(row: Fact) -> str:
    return row.fact


def _embedded(
    items: list[T],
    text: Callable[[T], str],
    field_name: str,
    embedder: Embedder,
    progress: Progress,
) -> list[T]:
    out: list[T] = []
    for start in range(0, len(items), EMBED_CHUNK):
        batch = items[start : start + EMBED_CHUNK]
        vectors = embedder.embed_batch([text(x) for x in batch])
        out.extend(replace(x, **{field_name: v}) for x, v in zip(batch, vectors, strict=True))
        progress(len(batch))
    return out


# -- stage: write ----------------------------------------------------------------------------
def write_group(store: Store, rows: GroupRows, group_id: str, progress: Progress) -> int:
    """Write what differs from the stored group; the number of rows written."""
    g = group_id
    written = _write_rows(
        rows.episodes,
        lambda ids: store.get_episodes([g], ids),
        # an episode stored with other content is deleted and re-inserted as in the file
        lambda fresh, old: ChangeSet(g, episodes=fresh, delete_episode_ids=old),
        "embedding",
        store,
        progress,
    )
    written += _write_rows(
        rows.entities,
        lambda ids: store.get_entities([g], ids),
        lambda fresh, _old: ChangeSet(g, entities=fresh),
        "name_embedding",
        store,
        progress,
    )
    written += _write_rows(
        rows.facts,
        lambda ids: store.get_facts([g], ids),
        lambda fresh, _old: ChangeSet(g, facts=fresh),
        "embedding",
        store,
        progress,
    )
    written += _write_mentions(store, rows.mentions, g, progress)
    written += _write_communities(store, rows.communities, g)
    progress(len(rows.communities))
    return written


def _write_rows(
    items: Sequence[T],
    read: Callable[[list[str]], list[T]],
    changes: Callable[[tuple[T, ...], tuple[str, ...]], ChangeSet],
    vector_field: str,
    store: Store,
    progress: Progress,
) -> int:
    """Chunk by chunk: read the stored rows, write those that differ (new or changed)."""
    written = 0
    for start in range(0, len(items), WRITE_CHUNK):
        batch = items[start : start + WRITE_CHUNK]
        stored = {x.id: x for x in read([x.id for x in batch])}
        fresh = tuple(x for x in batch if not _same(stored.get(x.id), x, vector_field))
        written += _apply(store, changes(fresh, tuple(x.id for x in fresh if x.id in stored)))
        progress(len(batch))
    return written


def _apply(store: Store, changes: ChangeSet) -> int:
    if changes.is_empty:
        return 0
    store.apply(changes)
    return (
        len(changes.episodes) + len(changes.entities) + len(changes.facts) + len(changes.mentions)
    )


def _write_mentions(
    store: Store, mentions: list[Mention], group_id: str, progress: Progress
) -> int:
    stored: set[tuple[str, str]] = set()
    episode_ids = sorted({m.episode_id for m in mentions})
    for ids in chunks(episode_ids):
        stored.update(
            (m.episode_id, m.entity_id) for m in store.mentions([group_id], episode_ids=ids)
        )
    fresh = [m for m in mentions if (m.episode_id, m.entity_id) not in stored]
    written = 0
    for start in range(0, len(fresh), WRITE_CHUNK):
        written += _apply(
            store, ChangeSet(group_id, mentions=tuple(fresh[start : start + WRITE_CHUNK]))
        )
    progress(len(mentions))
    return written


def _write_communities(store: Store, communities: list[Community], group_id: str) -> int:
    stored = sorted(store.get_communities([group_id]), key=lambda c: c.id)
    wanted = sorted(communities, key=lambda c: c.id)
    same = len(stored) == len(wanted) and all(
        _same(s, w, "name_embedding") for s, w in zip(stored, wanted, strict=True)
    )
    if same:
        return 0
    store.replace_communities(CommunitySet(group_id=group_id, communities=tuple(wanted)))
    return len(wanted)


def _same(stored: T | None, wanted: T, vector_field: str) -> bool:
    """Equal rows, embeddings included (the dataclasses leave vectors out of ``==``)."""
    if stored is None or stored != wanted:
        return False
    a: Vector | None = getattr(stored, vector_field)
    b: Vector | None = getattr(wanted, vector_field)
    if a is None or b is None:
        return a is None and b is None
    return bool(np.array_equal(np.asarray(a, dtype=np.float32), np.asarray(b, dtype=np.float32)))


# -- the whole import --------------------------------------------------------------------------
def import_lines(
    store: Store,
    lines: Iterable[str],
    *,
    embedder: Embedder,
    group_id: str | None = None,
    replace_group: bool = False,
    progress: Callable[[int], Progress] | None = None,
) -> ImportReport:
    """Restore the export ``lines`` into ``store`` (group ``group_id`` or the file's).

    ``progress(total)`` is called once with the number of steps and returns the function
    told of each step done (the CLI passes a tqdm bar).
    """
    parsed = parse_export(lines, group_id=group_id)
    rows, target = parsed.rows, group_id or parsed.header.group_id
    again = needs_reembedding(parsed.header, embedder)
    vectors = len(rows.episodes) + len(rows.entities) + len(rows.facts) + len(rows.communities)
    step = (progress or _no_progress)(rows.count() + (vectors if again else 0))
    store.bind_embedder(embedder.name, embedder.dimension)  # refuses before any work
    if again:
        rows = reembed(rows, embedder, step)
    if replace_group:
        store.delete_group(target)
    written = write_group(store, rows, target, step)
    return ImportReport(group_id=target, rows=rows.count(), written=written, reembedded=again)


def _no_progress(_: int) -> Progress:
    return lambda _n: None
