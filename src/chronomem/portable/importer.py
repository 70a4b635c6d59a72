"""Import: restore a group from an export through the :class:`~chronomem.ports.Store` port.

Named stages, all checks before the first write: **parse** (header checked, every record
turned into a row: strict JSON, text without NUL or lone surrogates, finite numbers, ids
unique, links inside the file, sane intervals) -> **check vectors** (carried vectors of the
target's dimension, finite) -> **bind** (the target store records or checks its embedder)
-> **embed** (carried vectors kept when the file's embedder is the target's, else every
text re-embedded with the target's embedder) -> **plan** (the stored group read, and the
one change set that turns it into the file's) -> **write** (that change set, one
``Store.apply``: one transaction).

Idempotent: a second import of the same file finds every row stored as it is and writes
nothing. Atomic: a refused or interrupted import leaves the group as it was.
``replace_group=True`` also removes, in that same write, every row the file does not hold,
so the group ends exactly as the file (without it, those rows are kept).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TypeVar

import numpy as np

from chronomem.errors import ConflictError, UsageError
from chronomem.jsontext import json_object
from chronomem.model import (
    ChangeSet,
    Community,
    Entity,
    Episode,
    Fact,
    Mention,
    Vector,
    check_group_id,
)
from chronomem.model.graph import episode_text
from chronomem.portable.exporter import GroupRows, read_group
from chronomem.portable.format import Header, from_record, parse_header
from chronomem.ports import Embedder, Store
from chronomem.stores.intervals_check import check_intervals

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
        record = json_object(line, where=f"line {number}")
        try:
            row = from_record(record, target)
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


# -- stage: check vectors ---------------------------------------------------------------------
def check_vectors(rows: GroupRows, dimension: int) -> None:
    """Every carried vector has the target's ``dimension`` and finite values (a UsageError
    names the first row that has not), so the write cannot be refused half-way."""
    vectors: list[tuple[str, Vector | None]] = [
        *((f"episode {e.id!r}", e.embedding) for e in rows.episodes),
        *((f"entity {e.id!r}", e.name_embedding) for e in rows.entities),
        *((f"fact {f.id!r}", f.embedding) for f in rows.facts),
        *((f"community {c.id!r}", c.name_embedding) for c in rows.communities),
    ]
    for what, vector in vectors:
        if vector is None:
            continue
        if np.shape(vector) != (dimension,):
            raise UsageError(
                f"the embedding of {what} has {np.size(vector)} values, but the file's header "
                f"and the target store say dimension {dimension}: the file is damaged (export "
                "the group again)"
            )
        if not np.all(np.isfinite(vector)):
            raise UsageError(
                f"the embedding of {what} holds NaN or infinite values: the file is damaged "
                "(export the group again)"
            )


# -- stage: plan and write ---------------------------------------------------------------------
def plan_changes(
    stored: GroupRows, wanted: GroupRows, group_id: str, *, replace_group: bool, version: int
) -> ChangeSet:
    """The one change set that turns the ``stored`` group into the file's (``wanted``): rows
    missing or different are written; with ``replace_group`` rows the file lacks go too. An
    episode is deleted and written again when it changed, or (replace) when it has a mention
    the file lacks, since mentions go with their episode; its facts are written again with
    it (the deletion unlinks them)."""
    gone = {episode_id for episode_id, _ in _mention_keys(stored) - _mention_keys(wanted)}
    episodes = _changed(wanted.episodes, stored.episodes, "embedding")
    if replace_group:
        fresh = {e.id for e in episodes}
        episodes += [e for e in wanted.episodes if e.id in gone and e.id not in fresh]
    written = {e.id for e in episodes}
    redone = written & {e.id for e in stored.episodes}  # deleted and written again
    facts = _changed(wanted.facts, stored.facts, "embedding")
    fresh_facts = {f.id for f in facts}
    facts += [  # deleting an episode unlinks it from its facts: they are written again too
        f for f in wanted.facts if f.id not in fresh_facts and redone.intersection(f.episodes)
    ]
    stored_mentions = _mention_keys(stored)
    mentions = tuple(
        m for m in wanted.mentions
        if m.episode_id in written or (m.episode_id, m.entity_id) not in stored_mentions
    )  # fmt: skip
    same_communities = len(stored.communities) == len(wanted.communities) and all(
        _same(s, w, "name_embedding")
        for s, w in zip(stored.communities, wanted.communities, strict=True)
    )
    return ChangeSet(
        group_id,
        episodes=tuple(episodes),
        entities=tuple(_changed(wanted.entities, stored.entities, "name_embedding")),
        facts=tuple(facts),
        mentions=mentions,
        delete_episode_ids=tuple(sorted(redone))
        + (_absent(stored.episodes, wanted.episodes) if replace_group else ()),
        delete_entity_ids=_absent(stored.entities, wanted.entities) if replace_group else (),
        delete_fact_ids=_absent(stored.facts, wanted.facts) if replace_group else (),
        expected_version=version,
        communities=None if same_communities else tuple(wanted.communities),
    )


def _changed(wanted: Sequence[T], stored: Sequence[T], vector_field: str) -> list[T]:
    old = {x.id: x for x in stored}
    return [x for x in wanted if not _same(old.get(x.id), x, vector_field)]


def _absent(stored: Sequence[T], wanted: Sequence[T]) -> tuple[str, ...]:
    keep = {x.id for x in wanted}
    return tuple(x.id for x in stored if x.id not in keep)


def _mention_keys(rows: GroupRows) -> set[tuple[str, str]]:
    return {(m.episode_id, m.entity_id) for m in rows.mentions}


def written_rows(changes: ChangeSet) -> int:
    rows = (changes.episodes, changes.entities, changes.facts, changes.mentions)
    return sum(map(len, rows)) + len(changes.communities or ())


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
    now: datetime | None = None,
    progress: Callable[[int], Progress] | None = None,
) -> ImportReport:
    """Restore the export ``lines`` into ``store`` (group ``group_id`` or the file's).

    The whole file is parsed and checked first; then what differs from the stored group is
    written in one ``Store.apply`` (one transaction): a refused or interrupted import leaves
    the group as it was. ``replace_group``: rows the file lacks are removed in that same
    write, so the group ends exactly as the file. ``progress(total)`` is called once with the
    number of steps and returns the function told of each step done (the CLI passes a tqdm
    bar)."""
    parsed = parse_export(lines, group_id=group_id)
    rows, target = parsed.rows, group_id or parsed.header.group_id
    again = needs_reembedding(parsed.header, embedder)
    if not again:
        check_vectors(rows, embedder.dimension)
    vectors = len(rows.episodes) + len(rows.entities) + len(rows.facts) + len(rows.communities)
    step = (progress or _no_progress)(rows.count() + (vectors if again else 0))
    store.bind_embedder(embedder.name, embedder.dimension)  # refuses before any work
    if again:
        rows = reembed(rows, embedder, step)
    version = store.group_version(target)
    stored = read_group(store, target, now=now or datetime.now(UTC))
    changes = plan_changes(stored, rows, target, replace_group=replace_group, version=version)
    if not changes.is_empty:
        try:
            store.apply(changes)
        except ConflictError:
            raise ConflictError(
                f"group {target!r} was written to while the import read it: nothing was "
                "imported; run the import again"
            ) from None
    step(rows.count())
    return ImportReport(
        group_id=target, rows=rows.count(), written=written_rows(changes), reembedded=again
    )


def _no_progress(_: int) -> Progress:
    return lambda _n: None
