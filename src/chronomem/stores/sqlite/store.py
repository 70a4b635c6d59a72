"""SQLiteStore: the embedded default :class:`~chronomem.ports.Store` (standard-library sqlite3).

One file (or memory), WAL journal, one ``BEGIN IMMEDIATE`` transaction per write. Several
threads may share a store (one connection behind a lock); several processes may share a
file (writers wait for each other up to ``busy_timeout_s``).

:mod:`.store_base` opens the file and holds the connection, its transactions and the
embedder binding; this module adds the writes, reads and search of the port.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from datetime import datetime

import numpy as np
import numpy.typing as npt

from chronomem.errors import UsageError
from chronomem.model import (
    ChangeSet,
    Community,
    CommunitySet,
    Edit,
    Entity,
    Episode,
    Fact,
    Mention,
    SearchFilter,
    SearchRequest,
    Target,
    check_group_id,
    check_group_ids,
)
from chronomem.stores.batch import checked_target, one_by_one
from chronomem.stores.sqlite import edits, fts, fts_sync, graph, meta, reads, search, writes
from chronomem.stores.sqlite.connection import MEMORY, write_transaction
from chronomem.stores.sqlite.store_base import SQLiteStoreBase


class SQLiteStore(SQLiteStoreBase):
    """The graph in one SQLite database: ``SQLiteStore("memory.db")`` or ``SQLiteStore()``."""

    @classmethod
    def from_url(
        cls, url: str, *, busy_timeout_s: float = 30.0, read_only: bool = False
    ) -> SQLiteStore:
        """``sqlite:///relative.db``, ``sqlite:////absolute.db``, ``sqlite://`` (memory)."""
        if not url.startswith("sqlite://"):
            raise UsageError(f"{url!r} is not a sqlite:// URL: use e.g. 'sqlite:///memory.db'")
        rest = url[len("sqlite://") :]
        path = rest[1:] if rest.startswith("/") else rest
        return cls(path or MEMORY, busy_timeout_s=busy_timeout_s, read_only=read_only)

    # -- writes ----------------------------------------------------------------------------
    def apply(self, changes: ChangeSet) -> None:
        gid = check_group_id(changes.group_id)
        with self._session(f"writing to group {gid!r}") as conn:
            with write_transaction(conn, timeout_s=self._timeout):
                result = writes.apply_changes(conn, changes, meta.bound_embedder(conn))
                fts_sync.sync(conn)
                if changes.delete_episode_ids:  # no trace of its words in the group's indexes
                    fts_sync.optimize(conn, gid)
            self._vectors.advance(gid, result.old, result.new, result.deltas)
            if changes.delete_episode_ids:
                self._scrub.add(gid)
                self._checkpoint(conn)

    def _checkpoint(self, conn: sqlite3.Connection) -> None:
        """Move every page into the file and empty the WAL, so old page images holding
        deleted text do not linger there (``secure_delete`` zeroes freed content)."""
        if self._path != MEMORY:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()

    def replace_communities(self, communities: CommunitySet) -> None:
        gid = check_group_id(communities.group_id)
        with self._session(f"replacing the communities of group {gid!r}") as conn:
            scrub = gid in self._scrub  # the first rebuild after a deletion
            with write_transaction(conn, timeout_s=self._timeout):
                result = writes.replace_communities(conn, communities, meta.bound_embedder(conn))
                fts_sync.sync(conn)
                if scrub:
                    fts_sync.optimize(conn, gid, ("communities",))
            self._vectors.advance(gid, result.old, result.new, result.deltas)
            if scrub:
                self._scrub.discard(gid)
                self._checkpoint(conn)

    def delete_group(self, group_id: str) -> None:
        gid = check_group_id(group_id)
        with self._session(f"deleting group {gid!r}") as conn:
            with write_transaction(conn, timeout_s=self._timeout):
                writes.delete_group(conn, gid)
            self._vectors.forget_group(gid)

    def group_version(self, group_id: str) -> int:
        gid = check_group_id(group_id)
        with self._reading("reading a group version") as conn:
            return writes.group_token(conn, gid)[1]

    # -- reads by id or relation -----------------------------------------------------------
    def get_episodes(self, group_ids: Sequence[str], ids: Sequence[str]) -> list[Episode]:
        groups = check_group_ids(group_ids)
        with self._reading("reading episodes") as conn:
            return reads.get_episodes(conn, groups, ids)

    def recent_episodes(
        self,
        group_id: str,
        *,
        limit: int,
        before: datetime | None = None,
        vectors: bool = True,
    ) -> list[Episode]:
        gid = check_group_id(group_id)
        with self._reading("reading recent episodes") as conn:
            return reads.recent_episodes(conn, gid, limit, before, embeddings=vectors)

    def adjacent_episodes(
        self,
        group_ids: Sequence[str],
        episode_ids: Sequence[str],
        *,
        span: int,
        vectors: bool = True,
    ) -> list[Episode]:
        groups = check_group_ids(group_ids)
        with self._reading("reading adjacent episodes") as conn:
            return reads.adjacent_episodes(conn, groups, episode_ids, span, embeddings=vectors)

    def get_entities(self, group_ids: Sequence[str], ids: Sequence[str]) -> list[Entity]:
        groups = check_group_ids(group_ids)
        with self._reading("reading entities") as conn:
            return reads.get_entities(conn, groups, ids)

    def find_entities(self, group_id: str, normalized_names: Sequence[str]) -> list[Entity]:
        gid = check_group_id(group_id)
        with self._reading("finding entities by name") as conn:
            return reads.find_entities(conn, gid, normalized_names)

    def get_facts(self, group_ids: Sequence[str], ids: Sequence[str]) -> list[Fact]:
        groups = check_group_ids(group_ids)
        with self._reading("reading facts") as conn:
            return reads.get_facts(conn, groups, ids)

    def facts_of_entities(
        self, group_ids: Sequence[str], entity_ids: Sequence[str], filter: SearchFilter
    ) -> list[Fact]:
        groups = check_group_ids(group_ids)
        with self._reading("reading the facts of entities") as conn:
            return reads.facts_of_entities(conn, groups, entity_ids, filter)

    def facts_of_episodes(self, group_ids: Sequence[str], episode_ids: Sequence[str]) -> list[Fact]:
        groups = check_group_ids(group_ids)
        with self._reading("reading the facts of episodes") as conn:
            return reads.facts_of_episodes(conn, groups, episode_ids)

    def mentions(
        self,
        group_ids: Sequence[str],
        *,
        episode_ids: Sequence[str] | None = None,
        entity_ids: Sequence[str] | None = None,
    ) -> list[Mention]:
        groups = check_group_ids(group_ids)
        with self._reading("reading mentions") as conn:
            return reads.mentions(conn, groups, episode_ids, entity_ids)

    def get_communities(
        self, group_ids: Sequence[str], ids: Sequence[str] | None = None
    ) -> list[Community]:
        groups = check_group_ids(group_ids)
        with self._reading("reading communities") as conn:
            return reads.get_communities(conn, groups, ids)

    # -- whole-group graph reads (communities) ---------------------------------------------
    def list_entities(self, group_id: str) -> list[Entity]:
        gid = check_group_id(group_id)
        with self._reading("listing entities") as conn:
            return graph.list_entities(conn, gid)

    def list_facts(self, group_id: str) -> list[Fact]:
        gid = check_group_id(group_id)
        with self._reading("listing facts") as conn:
            return reads.list_facts(conn, gid)

    def thread_episodes(self, group_id: str, thread_id: str) -> list[str]:
        gid = check_group_id(group_id)
        with self._reading("reading a thread's episodes") as conn:
            found = conn.execute(
                "SELECT id FROM episodes WHERE group_id = ? AND thread_id = ? "
                "ORDER BY reference_time, rid",
                (gid, thread_id),
            )
            return [str(r[0]) for r in found]

    def list_edits(
        self, group_id: str, *, subject_id: str | None = None, limit: int = 100
    ) -> list[Edit]:
        gid = check_group_id(group_id)
        with self._reading("listing edits") as conn:
            return edits.list_edits(conn, gid, subject_id, limit)

    def group_ids(self) -> list[str]:
        with self._reading("listing groups") as conn:
            return meta.group_ids(conn)

    def entity_edges(self, group_id: str, filter: SearchFilter) -> list[tuple[str, str, int]]:
        gid = check_group_id(group_id)
        with self._reading("reading the entity graph") as conn:
            return graph.entity_edges(conn, gid, filter)

    # -- search primitives -----------------------------------------------------------------
    def text_search(
        self,
        target: Target,
        group_ids: Sequence[str],
        query: str,
        *,
        limit: int,
        filter: SearchFilter,
    ) -> list[tuple[str, float]]:
        groups, kind = check_group_ids(group_ids), checked_target(target)
        with self._reading(f"searching {kind.value} by text") as conn:
            return fts.text_search(conn, kind, groups, query, limit, filter)

    def search_batch(self, requests: Sequence[SearchRequest]) -> list[list[tuple[str, float]]]:
        return one_by_one(self, requests)

    def get_many(
        self,
        group_ids: Sequence[str],
        ids: Mapping[Target, Sequence[str]],
        *,
        vectors: bool = True,
    ) -> dict[Target, list[Fact | Entity | Episode | Community]]:
        groups = check_group_ids(group_ids)
        with self._reading("reading rows by id") as conn:
            return reads.get_many(conn, groups, ids, vectors)

    def vector_search(
        self,
        target: Target,
        group_ids: Sequence[str],
        vector: npt.NDArray[np.float32],
        *,
        limit: int,
        filter: SearchFilter,
    ) -> list[tuple[str, float]]:
        groups, kind = check_group_ids(group_ids), checked_target(target)
        with self._reading(f"searching {kind.value} by vector") as conn:
            return search.vector_search(
                conn, self._vectors, kind, groups, vector, limit=limit, flt=filter
            )

    def walk(
        self,
        group_ids: Sequence[str],
        seeds: Sequence[str],
        *,
        depth: int,
        filter: SearchFilter,
    ) -> Mapping[str, int]:
        groups = check_group_ids(group_ids)
        if depth < 0:
            raise UsageError(f"walk depth must be 0 or more, got {depth}")
        with self._reading("walking the graph") as conn:
            return search.walk(conn, groups, seeds, depth, filter)
