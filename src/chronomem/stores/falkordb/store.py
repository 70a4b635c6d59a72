"""FalkorDBStore: the :class:`chronomem.ports.Store` port on FalkorDB servers.

A small group lives packed with others in a shared bucket graph, a grown one in its own
graph (``<prefix>:g:<group_id>``); :mod:`.placement` says which, and every query runs through
that group's :class:`.scope.Scope`. Graphs sit on one server or are spread by a FalkorDB
(Redis) cluster over its masters. A change set is one Cypher query, which FalkorDB runs
atomically, and :meth:`FalkorDBStore.apply` returns once the write is durable
(:mod:`.durability`). Search runs in the server's full-text and HNSW indexes with
the bi-temporal filter inside the query. See ``docs/falkordb.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress
from datetime import datetime
from types import TracebackType

import numpy as np
import numpy.typing as npt

from chronomem.errors import StoreUnavailableError, UsageError
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
    Vector,
    check_group_id,
    check_group_ids,
)
from chronomem.model.time import ensure_aware, to_micros
from chronomem.stores.batch import checked_requests
from chronomem.stores.edit_codec import edit_from
from chronomem.stores.falkordb import (
    cypher,
    cypher_packed,
    cypher_reads,
    cypher_search,
    growth,
    moveout,
    reads,
    rows,
    schema,
    search,
    writes,
)
from chronomem.stores.falkordb.catalog import Catalog
from chronomem.stores.falkordb.connection import FalkorDBConnection
from chronomem.stores.falkordb.durability import confirm_durable
from chronomem.stores.falkordb.filters import fact_condition
from chronomem.stores.falkordb.placement import Placement
from chronomem.stores.falkordb.scope import Scope
from chronomem.stores.falkordb.url import parse_url
from chronomem.stores.falkordb.writes import id_list
from chronomem.stores.reembedding import embedder_mismatch

__all__ = ["FalkorDBStore"]

_NO_CUTOFF = 2**62


class FalkorDBStore:
    """Persistence and retrieval on a FalkorDB server or cluster (small groups packed)."""

    def __init__(self, *, connection: FalkorDBConnection) -> None:
        self._conn = connection
        self._placement = Placement(connection)
        self._catalog = Catalog(connection, self._placement.group_ids)
        self._embedder: tuple[str, int] | None = None
        self._seen_dimension: int | None = None
        self._closed = False
        # rows of a label before its indexes (and a packed group's move), vectors before HNSW
        self.label_index_after = schema.LABEL_INDEX_AFTER
        self.vector_index_after = schema.VECTOR_INDEX_AFTER
        self.move_lease_s = moveout.LEASE_S  # a move left unfinished this long is taken over

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

    @property
    def connection(self) -> FalkorDBConnection:
        return self._conn

    def __repr__(self) -> str:
        return f"FalkorDBStore('falkordb://{self._conn.label}/{self._conn.address.prefix}')"

    def __enter__(self) -> FalkorDBStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def group_ids(self) -> list[str]:
        """The groups stored under this store's prefix, packed or in their own graph (every
        master is asked)."""
        if self._closed:
            raise UsageError(f"{self!r} is closed: open a new store to keep using it")
        return self._placement.group_ids()

    def scope(self, group_id: str) -> Scope:
        """Where the group lives now, for a query of one's own through ``connection``."""
        return self._placement.scope(self._groups([group_id])[0])

    # -- plumbing ----------------------------------------------------------------------------
    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._conn.close()

    def _groups(self, group_ids: Sequence[str]) -> tuple[str, ...]:
        if self._closed:
            raise UsageError(f"{self!r} is closed: open a new store to keep using it")
        return check_group_ids(group_ids)

    def _checked(self, group_id: str) -> str:
        """The group id, with the bound embedder checked against the server's record."""
        gid = self._groups([group_id])[0]
        if self._embedder is not None:
            self._catalog.check_embedder(*self._embedder)
        return gid

    def _reader(self) -> search.Reader:
        return self._conn.query

    def _scopes(self, group_ids: Sequence[str]) -> list[Scope]:
        return [self._placement.scope(g) for g in dict.fromkeys(self._groups(group_ids))]

    def _read(
        self, group_ids: Sequence[str], query: str, params: Mapping[str, object]
    ) -> reads.Tagged:
        """Run ``query`` in each group's scope, rows tagged with their group."""
        found: reads.Tagged = []
        for scope in self._scopes(group_ids):
            rows_ = self._conn.query(scope, query, params)
            found.extend((scope.group_id, row) for row in rows_)
        return found

    @property
    def _dimension(self) -> int | None:
        """The bound embedder's dimension; unbound, the first dimension seen in the data."""
        return self._seen_dimension if self._embedder is None else self._embedder[1]

    def _learn_dimension(self, vectors: Sequence[Vector | None]) -> None:
        if self._embedder is None and self._seen_dimension is None:
            shapes = [np.shape(v) for v in vectors if v is not None]
            sizes = [shape[0] for shape in shapes if len(shape) == 1 and shape[0] > 0]
            self._seen_dimension = sizes[0] if sizes else None

    def bind_embedder(self, name: str, dimension: int) -> None:
        if (
            not isinstance(name, str)
            or not name
            or not isinstance(dimension, int)
            or dimension <= 0
        ):
            raise UsageError("bind_embedder needs the embedder's name and a positive dimension")
        if self._embedder is not None and self._embedder != (name, dimension):
            raise embedder_mismatch(
                repr(self), self._embedder, (name, dimension), db_hint=self._shard_url()
            )
        if self._seen_dimension not in (None, dimension):
            raise UsageError(
                f"{self!r} already holds {self._seen_dimension}-dim embeddings, not {dimension}:"
                " use the embedder that wrote them, or a new database (another graph prefix)"
            )
        with suppress(StoreUnavailableError):  # a server that is down is checked on next use
            self._catalog.check_embedder(name, dimension)
        self._embedder = (name, dimension)

    def _shard_url(self) -> str:
        return self._catalog.db_hint

    def start_reembed(self, name: str, dimension: int) -> list[str]:
        if not isinstance(name, str) or not name or not isinstance(dimension, int) or dimension < 1:
            raise UsageError("start_reembed needs the embedder's name and a positive dimension")
        left = sorted(self._catalog.start_reembed(name, dimension))
        self._embedder = None if left else (name, dimension)
        return left

    def write_embeddings(
        self, group_id: str, vectors: Mapping[Target, Mapping[str, Vector]]
    ) -> None:
        gid = self._groups([group_id])[0]
        sizes = {int(np.shape(v)[0]) for by_id in vectors.values() for v in by_id.values()}
        labels = {cypher_search.VECTOR_LABEL[Target(t)] for t, by_id in vectors.items() if by_id}
        size = sizes.pop() if len(sizes) == 1 else None
        scope = self._placement.scope(gid, fresh=True)
        indexed = {label for label in labels if self._catalog.has_vector_index(scope, label)}
        if size is not None:  # the label indexes the group has (small groups have none)
            self._catalog.ensure_indexes(scope, size, indexed)
        for target, by_id in vectors.items():
            what = f"a re-embedded {Target(target).value[:-1]}"
            rows_ = [{"id": i, "v": rows.vector_param(v, None, what)} for i, v in by_id.items()]
            for start in range(0, len(rows_), 500):
                chunk = {"rows": rows_[start : start + 500]}
                ids = {"rows": [{"id": r["id"]} for r in chunk["rows"]]}
                self._conn.query(scope, cypher.CLEAR_VECTORS[Target(target)], ids, write=True)
                self._conn.query(scope, cypher.SET_VECTORS[Target(target)], chunk, write=True)
        self._conn.query(scope, cypher.BUMP_VERSION, {}, write=True)
        if size is not None:  # rows that had no vector before may make an index due
            scope = self._grow(scope, set(), labels - indexed, size)
        confirm_durable(self._conn, scope)
        self._catalog.finish_group(gid)

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

    def _grow_ahead(self, group_id: str, changes: ChangeSet) -> None:
        """A change set big enough on its own (an import) gets the group's indexes first."""
        limits = growth.Thresholds(
            self.label_index_after, self.vector_index_after, self.move_lease_s
        )
        due = growth.due_in(changes, limits)
        growth.grow_ahead(
            self._conn, self._catalog, self._placement, group_id, due, self._dimension, limits
        )

    def _grow(
        self, scope: Scope, rows: set[str], vectors: set[str], dimension: int | None = None
    ) -> Scope:
        """Indexes due in the group's graph, or a packed group's move out (:mod:`.growth`)."""
        return growth.grow(
            self._conn,
            self._catalog,
            self._placement,
            scope,
            (rows, vectors),
            self._dimension if dimension is None else dimension,
            growth.Thresholds(self.label_index_after, self.vector_index_after, self.move_lease_s),
        )

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

    # -- reads by id or relation -------------------------------------------------------------
    def get_episodes(self, group_ids: Sequence[str], ids: Sequence[str]) -> list[Episode]:
        group_ids, wanted = self._groups(group_ids), id_list(ids, "ids")
        found = self._read(group_ids, cypher_reads.GET_EPISODES, {"ids": wanted}) if wanted else []
        return reads.in_order(
            [rows.episode_from_props(g, reads.as_map(r[0])) for g, r in found], wanted
        )

    def recent_episodes(
        self, group_id: str, *, limit: int, before: datetime | None = None
    ) -> list[Episode]:
        gid = check_group_id(group_id)
        if limit <= 0:
            return []
        cutoff = _NO_CUTOFF if before is None else to_micros(ensure_aware(before, "before"))
        found = self._read([gid], cypher_reads.RECENT_EPISODES, {"before": cutoff, "limit": limit})
        return [rows.episode_from_props(g, reads.as_map(r[0])) for g, r in found]

    def adjacent_episodes(
        self, group_ids: Sequence[str], episode_ids: Sequence[str], *, span: int
    ) -> list[Episode]:
        group_ids, wanted = self._groups(group_ids), id_list(episode_ids, "episode_ids")
        if span <= 0 or not wanted:
            return []
        found = self._read(group_ids, cypher_reads.ADJACENT_EPISODES, {"ids": wanted, "span": span})
        found.sort(key=lambda tagged: tagged[0])  # group by group, timeline order within each
        return [rows.episode_from_props(g, reads.as_map(r[0])) for g, r in found]

    def get_entities(self, group_ids: Sequence[str], ids: Sequence[str]) -> list[Entity]:
        group_ids, wanted = self._groups(group_ids), id_list(ids, "ids")
        found = self._read(group_ids, cypher_reads.GET_ENTITIES, {"ids": wanted}) if wanted else []
        return reads.in_order(
            [rows.entity_from_props(g, reads.as_map(r[0])) for g, r in found], wanted
        )

    def find_entities(self, group_id: str, normalized_names: Sequence[str]) -> list[Entity]:
        gid, names = check_group_id(group_id), id_list(normalized_names, "normalized_names")
        found = self._read([gid], cypher_reads.FIND_ENTITIES, {"names": names}) if names else []
        return [rows.entity_from_props(g, reads.as_map(r[0])) for g, r in found]

    def get_facts(self, group_ids: Sequence[str], ids: Sequence[str]) -> list[Fact]:
        group_ids, wanted = self._groups(group_ids), id_list(ids, "ids")
        found = self._facts(group_ids, cypher_reads.GET_FACTS, {"ids": wanted}) if wanted else []
        return reads.in_order(found, wanted)

    def facts_of_entities(
        self, group_ids: Sequence[str], entity_ids: Sequence[str], filter: SearchFilter
    ) -> list[Fact]:
        group_ids, wanted = self._groups(group_ids), id_list(entity_ids, "entity_ids")
        where, params = fact_condition(filter)
        query = cypher_reads.FACTS_OF_ENTITIES.format(where=where)
        return self._facts(group_ids, query, {"ids": wanted, **params}) if wanted else []

    def facts_of_episodes(self, group_ids: Sequence[str], episode_ids: Sequence[str]) -> list[Fact]:
        group_ids, wanted = self._groups(group_ids), id_list(episode_ids, "episode_ids")
        return (
            self._facts(group_ids, cypher_reads.FACTS_OF_EPISODES, {"ids": wanted})
            if wanted
            else []
        )

    def _facts(
        self, group_ids: Sequence[str], query: str, params: Mapping[str, object]
    ) -> list[Fact]:
        return reads.facts_from(self._read(group_ids, query, params))

    def get_many(
        self,
        group_ids: Sequence[str],
        ids: Mapping[Target, Sequence[str]],
        *,
        vectors: bool = True,
    ) -> dict[Target, list[reads.StoredRow]]:
        """The ``get_*`` reads of several targets in one pipeline (one round trip);
        ``vectors=False`` leaves the embeddings on the server."""
        scopes = self._scopes(group_ids)
        wanted = {reads.target(t): id_list(v, "ids") for t, v in ids.items()}
        asked = [(t, scope) for t, w in wanted.items() if w for scope in scopes]
        get = reads.GET if vectors else cypher_reads.LEAN_GET
        replies = self._conn.query_many([(s, get[t], {"ids": wanted[t]}) for t, s in asked])
        tagged: dict[Target, reads.Tagged] = {t: [] for t in wanted}
        for (t, scope), found in zip(asked, replies, strict=True):
            tagged[t].extend((scope.group_id, row) for row in found)
        return {t: reads.in_order(reads.convert(t, tagged[t]), wanted[t]) for t in wanted}

    def mentions(
        self,
        group_ids: Sequence[str],
        *,
        episode_ids: Sequence[str] | None = None,
        entity_ids: Sequence[str] | None = None,
    ) -> list[Mention]:
        episodes = None if episode_ids is None else id_list(episode_ids, "episode_ids")
        entities = None if entity_ids is None else id_list(entity_ids, "entity_ids")
        query = cypher_reads.MENTIONS[(episodes is not None, entities is not None)]
        groups = self._groups(group_ids)
        if episodes == [] or entities == []:
            return []
        params = {"episode_ids": episodes or [], "entity_ids": entities or []}
        found = self._read(groups, query, params)
        return [Mention(group_id=g, episode_id=str(r[0]), entity_id=str(r[1])) for g, r in found]

    def get_communities(
        self, group_ids: Sequence[str], ids: Sequence[str] | None = None
    ) -> list[Community]:
        group_ids, wanted = self._groups(group_ids), None if ids is None else id_list(ids, "ids")
        if wanted is None:
            found = self._read(group_ids, cypher_reads.ALL_COMMUNITIES, {})
        else:
            found = (
                self._read(group_ids, cypher_reads.GET_COMMUNITIES, {"ids": wanted})
                if wanted
                else []
            )
        communities = [rows.community_from_props(g, reads.as_map(r[0])) for g, r in found]
        return communities if wanted is None else reads.in_order(communities, wanted)

    # -- whole-group graph reads (communities) ----------------------------------------------
    def list_entities(self, group_id: str) -> list[Entity]:
        found = self._read([check_group_id(group_id)], cypher_reads.LIST_ENTITIES, {})
        return [rows.entity_from_props(g, reads.as_map(r[0])) for g, r in found]

    def list_facts(self, group_id: str) -> list[Fact]:
        return self._facts([check_group_id(group_id)], cypher_reads.LIST_FACTS, {})

    def thread_episodes(self, group_id: str, thread_id: str) -> list[str]:
        found = self._read(
            [check_group_id(group_id)], cypher_reads.THREAD_EPISODES, {"thread": thread_id}
        )
        return [str(row[0]) for _, row in found]

    def list_edits(
        self, group_id: str, *, subject_id: str | None = None, limit: int = 100
    ) -> list[Edit]:
        query = cypher_reads.LIST_EDITS if subject_id is None else cypher_reads.LIST_EDITS_OF
        params = {"limit": limit, "subject": subject_id}
        found = self._read([check_group_id(group_id)], query, params)
        return [edit_from(g, row[0]) for g, row in found]

    def entity_edges(self, group_id: str, filter: SearchFilter) -> list[tuple[str, str, int]]:
        where, params = fact_condition(filter)
        query = cypher_reads.ENTITY_EDGES.format(where=where)
        found = self._read([check_group_id(group_id)], query, params)
        return sorted((str(r[0]), str(r[1]), int(str(r[2]))) for _, r in found)

    # -- search primitives -------------------------------------------------------------------
    def _vector_indexed(self, target: Target) -> search.Indexed:
        """Does a group hold the target's HNSW index? (Else vector search scans exactly.)"""
        label = cypher_search.VECTOR_LABEL[target]

        def indexed(scope: Scope) -> bool:
            self._checked(scope.group_id)
            return self._catalog.has_vector_index(scope, label)

        return indexed

    def _text_plan(
        self, target: Target, group_ids: Sequence[str], query: str, limit: int, flt: SearchFilter
    ) -> search.Plan:
        groups, kind = self._scopes(group_ids), reads.target(target)
        label = cypher_search.VECTOR_LABEL[kind]

        def indexed(scope: Scope) -> bool:
            self._checked(scope.group_id)
            return self._catalog.has_label_indexes(scope, label)

        return search.text_calls(kind, groups, query, limit=limit, search=flt, indexed=indexed)

    def _vector_plan(
        self,
        target: Target,
        group_ids: Sequence[str],
        vector: Vector,
        limit: int,
        flt: SearchFilter,
    ) -> search.Plan:
        groups, kind = self._scopes(group_ids), reads.target(target)
        self._learn_dimension([vector])
        if self._dimension is None or kind not in cypher_search.VECTOR_LABEL:
            return search.Plan([], [])  # nothing embedded yet
        return search.vector_calls(
            self._reader(),
            kind,
            groups,
            vector,
            dimension=self._dimension,
            limit=limit,
            search=flt,
            indexed=self._vector_indexed(kind),
        )

    def text_search(
        self,
        target: Target,
        group_ids: Sequence[str],
        query: str,
        *,
        limit: int,
        filter: SearchFilter,
    ) -> list[tuple[str, float]]:
        plan = self._text_plan(target, group_ids, query, limit, filter)
        return plan.hits(search.run_calls(self._reader(), plan.calls))

    def vector_search(
        self,
        target: Target,
        group_ids: Sequence[str],
        vector: npt.NDArray[np.float32],
        *,
        limit: int,
        filter: SearchFilter,
    ) -> list[tuple[str, float]]:
        plan = self._vector_plan(target, group_ids, vector, limit, filter)
        return plan.hits(search.run_calls(self._reader(), plan.calls))

    def search_batch(self, requests: Sequence[SearchRequest]) -> list[list[tuple[str, float]]]:
        """Every request's first queries in one pipeline (one round trip); only an HNSW
        fetch that the filter thinned out too much reads again."""
        plans = [
            self._text_plan(r.target, r.group_ids, str(r.query), r.limit, r.filter)
            if r.kind == "text"
            else self._vector_plan(
                r.target, r.group_ids, np.asarray(r.query, np.float32), r.limit, r.filter
            )
            for r in checked_requests(requests)
        ]
        replies = self._conn.query_many([call for plan in plans for call in plan.calls])
        answers, at = [], 0
        for plan in plans:
            answers.append(plan.hits(replies[at : at + len(plan.calls)]))
            at += len(plan.calls)
        return answers

    def walk(
        self,
        group_ids: Sequence[str],
        seeds: Sequence[str],
        *,
        depth: int,
        filter: SearchFilter,
    ) -> Mapping[str, int]:
        groups = self._scopes(group_ids)
        if depth < 0:
            raise UsageError(f"walk depth must be 0 or more, got {depth}")
        return search.walk(self._reader(), groups, id_list(seeds, "seeds"), depth, filter)
