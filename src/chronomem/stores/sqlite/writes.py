"""The write paths: one change set, one community set, one group deletion.

Each function runs inside the caller's ``BEGIN IMMEDIATE`` transaction and raises before
COMMIT when something is wrong, so a failed write leaves nothing behind.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from chronomem.errors import ConflictError, DuplicateEpisodeError, UsageError
from chronomem.model import ChangeSet, Community, CommunitySet, Episode, Target, Vector
from chronomem.stores.intervals_check import check_intervals
from chronomem.stores.sqlite import edits, fts_sync, rows
from chronomem.stores.sqlite.filters import in_values
from chronomem.stores.sqlite.vectors import Token, VectorDelta

GROUP_TABLES = (
    "fact_episodes",
    "mentions",
    "community_members",
    "facts",
    "entities",
    "episodes",
    "communities",
    *edits.EDIT_TABLES,
)


@dataclass(frozen=True, slots=True)
class BoundEmbedder:
    name: str
    dimension: int


@dataclass(frozen=True, slots=True)
class WriteResult:
    """The group's token before and after the write, and the vectors it changed."""

    old: Token
    new: Token
    deltas: dict[Target, VectorDelta]


def group_token(conn: sqlite3.Connection, group_id: str) -> Token:
    row = conn.execute(
        "SELECT serial, version FROM groups WHERE group_id = ?", (group_id,)
    ).fetchone()
    return (0, 0) if row is None else (int(row[0]), int(row[1]))


def _bump(conn: sqlite3.Connection, group_id: str) -> Token:
    row = conn.execute(
        "INSERT INTO groups (group_id, version) VALUES (?, 1) ON CONFLICT (group_id) "
        "DO UPDATE SET version = version + 1 RETURNING serial, version",
        (group_id,),
    ).fetchone()
    return (int(row[0]), int(row[1]))


def _upsert_sql(table: str, columns: str) -> str:
    names = [c.strip() for c in columns.split(",")]
    updates = ", ".join(f"{c} = excluded.{c}" for c in names if c not in ("group_id", "id"))
    return (
        f"INSERT INTO {table} ({columns}) VALUES ({', '.join('?' * len(names))}) "
        f"ON CONFLICT (group_id, id) DO UPDATE SET {updates}"
    )


_ENTITY_UPSERT = _upsert_sql("entities", rows.ENTITY_COLUMNS)
_FACT_UPSERT = _upsert_sql("facts", rows.FACT_COLUMNS)
_EPISODE_INSERT = f"INSERT INTO episodes ({rows.EPISODE_COLUMNS}) VALUES ({', '.join('?' * 9)})"
_COMMUNITY_INSERT = (
    f"INSERT INTO communities ({rows.COMMUNITY_COLUMNS}) VALUES ({', '.join('?' * 6)})"
)


def apply_changes(
    conn: sqlite3.Connection, changes: ChangeSet, bound: BoundEmbedder | None
) -> WriteResult:
    """Write ``changes``: check the version, delete, insert episodes, upsert, bump."""
    gid = changes.group_id
    old = group_token(conn, gid)
    if changes.expected_version is not None and changes.expected_version != old[1]:
        raise ConflictError(
            f"group {gid!r} is at version {old[1]}, not the expected {changes.expected_version}:"
            " another writer changed it meanwhile; reload what you read and retry the episode"
        )
    _check_dimensions(changes, bound)
    check_intervals(changes.facts)
    deltas = {t: VectorDelta() for t in (Target.FACTS, Target.ENTITIES, Target.EPISODES)}
    _delete_rows(conn, changes, deltas)
    edits.delete_mentions(conn, changes.delete_mentions)
    _insert_episodes(conn, gid, changes.episodes)
    for ep in changes.episodes:
        deltas[Target.EPISODES].put(ep.id, ep.embedding)
    conn.executemany(_ENTITY_UPSERT, [rows.entity_row(e) for e in changes.entities])
    for e in changes.entities:
        deltas[Target.ENTITIES].put(e.id, e.name_embedding)
    conn.executemany(_FACT_UPSERT, [rows.fact_row(f) for f in changes.facts])
    if changes.facts:
        fact_ids = [f.id for f in changes.facts]
        _delete_where(conn, "fact_episodes", gid, "fact_id", fact_ids)
        conn.executemany(
            "INSERT INTO fact_episodes (group_id, fact_id, episode_id, position) "
            "VALUES (?, ?, ?, ?)",
            [
                (gid, f.id, episode_id, position)
                for f in {f.id: f for f in changes.facts}.values()
                for position, episode_id in enumerate(dict.fromkeys(f.episodes))
            ],
        )
    for f in changes.facts:
        deltas[Target.FACTS].put(f.id, f.embedding)
    conn.executemany(
        "INSERT OR IGNORE INTO mentions (group_id, episode_id, entity_id) VALUES (?, ?, ?)",
        [(m.group_id, m.episode_id, m.entity_id) for m in changes.mentions],
    )
    edits.write_edits(conn, changes.edits)
    _check_links(conn, changes)
    if changes.communities is not None:
        deltas[Target.COMMUNITIES] = _write_communities(conn, gid, changes.communities, bound)
    return WriteResult(old=old, new=_bump(conn, gid), deltas=deltas)


def _missing(conn: sqlite3.Connection, table: str, group_id: str, ids: set[str]) -> set[str]:
    if not ids:
        return set()
    clause = in_values("id", sorted(ids))
    found = conn.execute(
        f"SELECT id FROM {table} WHERE group_id = ? AND {clause.sql}", (group_id, *clause.params)
    )
    return ids - {r[0] for r in found}


def _check_links(conn: sqlite3.Connection, changes: ChangeSet) -> None:
    """Fact endpoints and mention ends must be stored in the group (checked after the writes,
    so rows written by the change set count and rows it deleted do not)."""
    entities = {x for f in changes.facts for x in f.endpoints}
    entities.update(m.entity_id for m in changes.mentions)
    missing = _missing(conn, "entities", changes.group_id, entities) | _missing(
        conn, "episodes", changes.group_id, {m.episode_id for m in changes.mentions}
    )
    if missing:
        raise UsageError(
            f"the change set for group {changes.group_id!r} links to ids that are neither stored "
            f"in the group nor written by it: {sorted(missing)[:5]}; write those "
            "entities/episodes in the same change set (nothing was written)"
        )


def _delete_where(
    conn: sqlite3.Connection, table: str, group_id: str, column: str, ids: Sequence[str]
) -> None:
    clause = in_values(column, ids)
    conn.execute(
        f"DELETE FROM {table} WHERE group_id = ? AND {clause.sql}", (group_id, *clause.params)
    )


def _delete_rows(
    conn: sqlite3.Connection, changes: ChangeSet, deltas: dict[Target, VectorDelta]
) -> None:
    gid = changes.group_id
    if changes.delete_fact_ids:  # fact_episodes rows go by ON DELETE CASCADE
        _delete_where(conn, "facts", gid, "id", changes.delete_fact_ids)
        deltas[Target.FACTS].deleted.extend(changes.delete_fact_ids)
    if changes.delete_entity_ids:
        _delete_where(conn, "entities", gid, "id", changes.delete_entity_ids)
        _delete_where(conn, "mentions", gid, "entity_id", changes.delete_entity_ids)
        _delete_where(conn, "community_members", gid, "entity_id", changes.delete_entity_ids)
        deltas[Target.ENTITIES].deleted.extend(changes.delete_entity_ids)
    if changes.delete_episode_ids:
        _delete_where(conn, "episodes", gid, "id", changes.delete_episode_ids)
        _delete_where(conn, "mentions", gid, "episode_id", changes.delete_episode_ids)
        _delete_where(conn, "fact_episodes", gid, "episode_id", changes.delete_episode_ids)
        deltas[Target.EPISODES].deleted.extend(changes.delete_episode_ids)


def _insert_episodes(conn: sqlite3.Connection, group_id: str, episodes: Sequence[Episode]) -> None:
    if not episodes:
        return
    seen: set[str] = set()
    for episode in episodes:
        if episode.id in seen:
            raise DuplicateEpisodeError(episode.id)
        seen.add(episode.id)
    clause = in_values("id", [e.id for e in episodes])
    stored = {
        r[0]
        for r in conn.execute(
            f"SELECT id FROM episodes WHERE group_id = ? AND {clause.sql}",
            (group_id, *clause.params),
        )
    }
    for episode in episodes:
        if episode.id in stored:
            raise DuplicateEpisodeError(episode.id)
    conn.executemany(_EPISODE_INSERT, [rows.episode_row(e) for e in episodes])


def _check_dimensions(changes: ChangeSet, bound: BoundEmbedder | None) -> None:
    if bound is None:
        return
    vectors: list[tuple[str, Vector | None]] = [
        *((f"fact {f.id!r}", f.embedding) for f in changes.facts),
        *((f"entity {e.id!r}", e.name_embedding) for e in changes.entities),
        *((f"episode {e.id!r}", e.embedding) for e in changes.episodes),
    ]
    check_vectors(vectors, bound)


def check_vectors(vectors: Sequence[tuple[str, Vector | None]], bound: BoundEmbedder) -> None:
    for what, vector in vectors:
        if vector is not None and np.asarray(vector).shape != (bound.dimension,):
            raise UsageError(
                f"the embedding of {what} has shape {np.asarray(vector).shape}, but this store "
                f"holds {bound.dimension}-dimensional embeddings of {bound.name!r}: embed it "
                "with that model, or use a new database file for another model"
            )


def replace_communities(
    conn: sqlite3.Connection, communities: CommunitySet, bound: BoundEmbedder | None
) -> WriteResult:
    gid = communities.group_id
    old = group_token(conn, gid)
    delta = _write_communities(conn, gid, communities.communities, bound)
    return WriteResult(old=old, new=_bump(conn, gid), deltas={Target.COMMUNITIES: delta})


def _write_communities(
    conn: sqlite3.Connection,
    gid: str,
    communities: Sequence[Community],
    bound: BoundEmbedder | None,
) -> VectorDelta:
    """The group's communities replaced by ``communities`` (no version bump)."""
    strangers = sorted({c.group_id for c in communities} - {gid})
    if strangers:
        raise UsageError(f"community set for {gid!r} holds communities of {strangers}")
    if bound is not None:
        check_vectors([(f"community {c.id!r}", c.name_embedding) for c in communities], bound)
    conn.execute("DELETE FROM communities WHERE group_id = ?", (gid,))  # members cascade
    unique = list({c.id: c for c in communities}.values())
    conn.executemany(_COMMUNITY_INSERT, [rows.community_row(c) for c in unique])
    conn.executemany(
        "INSERT INTO community_members (group_id, community_id, entity_id, position) "
        "VALUES (?, ?, ?, ?)",
        [
            (gid, c.id, entity_id, position)
            for c in unique
            for position, entity_id in enumerate(dict.fromkeys(c.member_ids))
        ],
    )
    delta = VectorDelta(reset=True)
    for c in unique:
        delta.put(c.id, c.name_embedding)
    return delta


def delete_group(conn: sqlite3.Connection, group_id: str) -> None:
    for table in GROUP_TABLES:
        conn.execute(f"DELETE FROM {table} WHERE group_id = ?", (group_id,))
    fts_sync.drop_group(conn, group_id)  # needs the group's serial: before its row goes
    conn.execute("DELETE FROM groups WHERE group_id = ?", (group_id,))


_VECTOR_COLUMNS = {
    Target.EPISODES: ("episodes", "embedding"),
    Target.ENTITIES: ("entities", "name_embedding"),
    Target.FACTS: ("facts", "embedding"),
    Target.COMMUNITIES: ("communities", "name_embedding"),
}


def replace_vectors(
    conn: sqlite3.Connection,
    group_id: str,
    vectors: Mapping[Target, Mapping[str, Vector]],
    bound: BoundEmbedder,
) -> None:
    """Overwrite stored vectors of the group by target and id (``reembed``); bumps the group."""
    for target, by_id in vectors.items():
        table, column = _VECTOR_COLUMNS[Target(target)]
        items = list(by_id.items())
        check_vectors([(f"{table[:-1]} {id_!r}", v) for id_, v in items], bound)
        conn.executemany(
            f"UPDATE {table} SET {column} = ? WHERE group_id = ? AND id = ?",
            [(rows.encode_vector(v, f"{column} of {id_!r}"), group_id, id_) for id_, v in items],
        )
    _bump(conn, group_id)
