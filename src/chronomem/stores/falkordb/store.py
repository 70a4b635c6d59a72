"""FalkorDBStore: the :class:`chronomem.ports.Store` port on FalkorDB servers.

A small group lives packed with others in a shared bucket graph, a grown one in its own
graph (``<prefix>:g:<group_id>``); :mod:`.placement` says which, and every query runs through
that group's :class:`.scope.Scope`. Graphs sit on one server or are spread by a FalkorDB
(Redis) cluster over its masters. A change set is one Cypher query, which FalkorDB runs
atomically, and :meth:`FalkorDBStore.apply` returns once the write is durable
(:mod:`.durability`). Search runs in the server's full-text and HNSW indexes with
the bi-temporal filter inside the query. See ``docs/falkordb.md``.

The class is built in layers, one module each: :mod:`.store_base` (connection, placement,
embedder binding, a group's growth), :mod:`.store_reads` (reads and search), and this
module (writes and the group's lifecycle).
"""

from __future__ import annotations

from chronomem.errors import UsageError
from chronomem.model import ChangeSet, CommunitySet, check_group_id
from chronomem.stores.falkordb import cypher, cypher_packed, cypher_reads, growth, writes
from chronomem.stores.falkordb.connection import FalkorDBConnection
from chronomem.stores.falkordb.durability import confirm_durable
from chronomem.stores.falkordb.scope import Scope
from chronomem.stores.falkordb.store_reads import FalkorDBReads
from chronomem.stores.falkordb.url import parse_url

__all__ = ["FalkorDBStore"]


class FalkorDBStore(FalkorDBReads):
    """Persistence and retrieval on a FalkorDB server or cluster (small groups packed)."""

    @classmethod
    def from_url(
        cls, url: str, *, connect_timeout: float = 2.0, timeout: float = 60.0
    ) -> FalkorDBStore:
        """Connect to ``falkordb://[[user]:password@]host:port[/prefix][?options]``: one
        server, or any node of a FalkorDB cluster (found out on connecting). Options:
        :mod:`chronomem.stores.falkordb.url`. Connections open lazily."""
        address = parse_url(url)
        return cls(
            connection=FalkorDBConnection(address, connect_timeout=connect_timeout, timeout=timeout)
        )

    # -- writes ------------------------------------------------------------------------------
    def apply(self, changes: ChangeSet) -> None:
        gid = self._groups([changes.group_id])[0]
        self._learn_dimension([e.name_embedding for e in changes.entities])
        self._learn_dimension([f.embedding for f in changes.facts])
        self._learn_dimension([e.embedding for e in changes.episodes])
        communities = changes.communities or ()
        self._learn_dimension([c.name_embedding for c in communities])
        params = writes.change_params(changes, self._dimension)
        labels = {"Entity" for e in changes.entities if e.name_embedding is not None}
        labels.update("Episode" for e in changes.episodes if e.embedding is not None)
        labels.update("FACT" for f in changes.facts if f.embedding is not None)
        labels.update("Community" for c in communities if c.name_embedding is not None)
        rows = {"Entity"} if changes.entities else set()
        rows.update(label for label, items in (("Episode", changes.episodes),
                                               ("FACT", changes.facts),
                                               ("Community", communities)) if items)  # fmt: skip
        self._checked(gid)
        self._grow_ahead(gid, changes)

        def send(scope: Scope) -> tuple[list[object], bool]:
            (row,) = self._conn.query(scope, cypher.APPLY, params, write=True)
            return row[:5], bool(row[5])

        scope, (ok, version, duplicates, entities, episodes) = growth.write(
            self._conn, self._placement, gid, send, self.move_lease_s
        )
        if version == 0:  # a new graph: forget indexes of a graph dropped under our cache
            self._catalog.forget(scope)
        scope = self._grow(scope, rows, labels)
        # also when refused: a duplicate may be an earlier attempt whose confirmation failed
        confirm_durable(self._conn, scope)
        if not ok:
            writes.refuse(changes, params, version, duplicates, entities, episodes)

    def replace_communities(self, communities: CommunitySet) -> None:
        gid = self._groups([communities.group_id])[0]
        strangers = sorted({c.group_id for c in communities.communities} - {gid})
        if strangers:
            raise UsageError(f"community set for {gid!r} holds communities of {strangers}")
        unique = list({c.id: c for c in communities.communities}.values())
        self._learn_dimension([c.name_embedding for c in unique])
        payload = writes.community_payload(unique, self._dimension)
        labels = {"Community" for c in unique if c.name_embedding is not None}
        self._checked(gid)

        def send(scope: Scope) -> tuple[None, bool]:
            (row,) = self._conn.query(
                scope, cypher.REPLACE_COMMUNITIES, {"communities": payload}, write=True
            )
            return None, bool(row[1])

        scope, _ = growth.write(self._conn, self._placement, gid, send, self.move_lease_s)
        scope = self._grow(scope, {"Community"} if unique else set(), labels)
        confirm_durable(self._conn, scope)

    def confirm_durable(self, group_id: str) -> None:
        """Return once the group's writes so far are as durable as the URL asks (the check
        every write makes; for a caller that found its write done by an earlier attempt)."""
        gid = self._groups([group_id])[0]
        confirm_durable(self._conn, self._placement.scope(gid, fresh=True))

    def delete_group(self, group_id: str) -> None:
        gid = self._groups([group_id])[0]
        own = self._placement.own(gid)
        self._conn.delete_graph(own.key)
        self._catalog.forget(own)
        confirm_durable(self._conn, own)
        if self._placement.buckets:  # its rows, or the marker a move out left there
            packed = self._placement.bucket(gid)
            self._conn.query(packed, cypher_packed.DELETE_GROUP, {}, write=True)
            self._conn.delete_query_log(packed.key)  # it may hold the group's text
            confirm_durable(self._conn, packed)
        self._placement.forget(gid)

    def group_version(self, group_id: str) -> int:
        found = self._read([check_group_id(group_id)], cypher_reads.GROUP_VERSION, {})
        return int(str(found[0][1][0])) if found else 0
