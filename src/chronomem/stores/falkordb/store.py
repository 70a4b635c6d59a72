"""FalkorDBStore: the :class:`chronomem.ports.Store` port on FalkorDB servers.

One graph per group (``<prefix>:g:<group_id>``), spread over servers by a
:class:`~chronomem.stores.falkordb.router.ShardRouter`. A change set is one Cypher query,
which FalkorDB runs atomically. Search runs in the server's full-text and HNSW indexes with
the bi-temporal filter inside the query. See ``docs/falkordb.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from types import TracebackType
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from chronomem.errors import StoreUnavailableError, UsageError
from chronomem.model import (
    ChangeSet,
    Community,
    CommunitySet,
    Entity,
    Episode,
    Fact,
    Mention,
    SearchFilter,
    Target,
    Vector,
    check_group_id,
    check_group_ids,
)
from chronomem.model.time import ensure_aware, to_micros
from chronomem.stores.falkordb import cypher, rows, schema, search, writes
from chronomem.stores.falkordb.filters import fact_condition
from chronomem.stores.falkordb.router import ShardRouter, parse_urls
from chronomem.stores.falkordb.shard import Row, Shard
from chronomem.stores.falkordb.writes import id_list
from chronomem.stores.reembedding import embedder_mismatch

__all__ = ["FalkorDBStore"]

_T = TypeVar("_T", Episode, Entity, Fact, Community)
_NO_CUTOFF = 2**62
Tagged = list[tuple[str, Row]]  # (group id, row)


class FalkorDBStore:
    """Persistence and retrieval on one or more FalkorDB servers (one graph per group)."""

    def __init__(self, *, router: ShardRouter) -> None:
        self._router = router
        self._embedder: tuple[str, int] | None = None
        self._seen_dimension: int | None = None
        self._closed = False

    @classmethod
    def from_url(
        cls, url: str | Sequence[str], *, connect_timeout: float = 2.0, timeout: float = 60.0
    ) -> FalkorDBStore:
        """Connect to ``falkordb://[[user]:password@]host:port[,host:port...][/prefix]``.

        Several servers (comma-separated, or a list of URLs) are sharded by group id.
        Connections open lazily: a server that is down fails only its own groups' calls.
        """
        shards = [
            Shard(address, connect_timeout=connect_timeout, timeout=timeout)
            for address in parse_urls(url)
        ]
        return cls(router=ShardRouter(shards))

    @property
    def router(self) -> ShardRouter:
        return self._router

    def __repr__(self) -> str:
        servers = ",".join(s.label for s in self._router.shards)
        return f"FalkorDBStore('falkordb://{servers}/{self._router.shards[0].address.prefix}')"

    def __enter__(self) -> FalkorDBStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def rebalance(self) -> dict[str, tuple[str, str]]:
        """Move each group's graph to the server that owns it now (after adding a server);
        see :meth:`ShardRouter.rebalance`. Returns ``group -> (from, to)``."""
        return self._router.rebalance()

    # -- plumbing ----------------------------------------------------------------------------
    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._router.close()

    def _groups(self, group_ids: Sequence[str]) -> tuple[str, ...]:
        if self._closed:
            raise UsageError(f"{self!r} is closed: open a new store to keep using it")
        return check_group_ids(group_ids)

    def _shard(self, group_id: str) -> Shard:
        """The group's shard, with the bound embedder checked against the server's record."""
        shard = self._router.shard_for(self._groups([group_id])[0])
        if self._embedder is not None:
            shard.check_embedder(*self._embedder)
        return shard

    def _reader(self) -> search.Reader:
        def read(gid: str, query: str, params: Mapping[str, object]) -> list[Row]:
            return self._router.shard_for(gid).query(gid, query, params)

        return read

    def _read(self, group_ids: Sequence[str], query: str, params: Mapping[str, object]) -> Tagged:
        """Run ``query`` on each group's graph (fanned out over the shards), rows tagged."""
        found: Tagged = []
        for shard, groups in self._router.by_shard(self._groups(group_ids)):
            for gid in groups:
                found.extend((gid, row) for row in shard.query(gid, query, params))
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
        for shard in self._router.shards:
            try:
                shard.check_embedder(name, dimension)
            except StoreUnavailableError:
                continue  # a shard that is down is checked when it is next used
        self._embedder = (name, dimension)

    def _shard_url(self) -> str:
        a = self._router.shards[0].address
        return f"falkordb://{a.host}:{a.port}/{a.prefix}"

    def start_reembed(self, name: str, dimension: int) -> list[str]:
        if not isinstance(name, str) or not name or not isinstance(dimension, int) or dimension < 1:
            raise UsageError("start_reembed needs the embedder's name and a positive dimension")
        left = sorted(
            g for shard in self._router.shards for g in shard.start_reembed(name, dimension)
        )
        self._embedder = None if left else (name, dimension)
        return left

    def write_embeddings(
        self, group_id: str, vectors: Mapping[Target, Mapping[str, Vector]]
    ) -> None:
        gid = self._groups([group_id])[0]
        shard = self._router.shard_for(gid)
        sizes = {int(np.shape(v)[0]) for by_id in vectors.values() for v in by_id.values()}
        labels = {cypher.VECTOR_LABEL[Target(t)] for t, by_id in vectors.items() if by_id}
        if len(sizes) == 1:  # rows that had no vector before may need the label's index
            shard.ensure_indexes(gid, sizes.pop(), labels)
        for target, by_id in vectors.items():
            what = f"a re-embedded {Target(target).value[:-1]}"
            rows_ = [{"id": i, "v": rows.vector_param(v, None, what)} for i, v in by_id.items()]
            for start in range(0, len(rows_), 500):
                chunk = {"rows": rows_[start : start + 500]}
                ids = {"rows": [{"id": r["id"]} for r in chunk["rows"]]}
                shard.query(gid, cypher.CLEAR_VECTORS[Target(target)], ids, write=True)
                shard.query(gid, cypher.SET_VECTORS[Target(target)], chunk, write=True)
        shard.query(gid, cypher.BUMP_VERSION, {}, write=True)
        shard.finish_group(gid)

    # -- writes ------------------------------------------------------------------------------
    def apply(self, changes: ChangeSet) -> None:
        gid = self._groups([changes.group_id])[0]
        self._learn_dimension([e.name_embedding for e in changes.entities])
        self._learn_dimension([f.embedding for f in changes.facts])
        self._learn_dimension([e.embedding for e in changes.episodes])
        params = writes.change_params(changes, self._dimension)
        labels = {"Entity" for e in changes.entities if e.name_embedding is not None}
        labels.update("Episode" for e in changes.episodes if e.embedding is not None)
        labels.update("FACT" for f in changes.facts if f.embedding is not None)
        shard = self._shard(gid)
        shard.ensure_indexes(gid, self._dimension, labels)
        ((ok, version, duplicates, entities, episodes),) = shard.query(
            gid, cypher.APPLY, params, write=True
        )
        if not ok:
            writes.refuse(changes, params, version, duplicates, entities, episodes)
        if version == 0:  # a new graph: make sure nobody dropped it under our index cache
            shard.ensure_indexes(gid, self._dimension, labels, refresh=True)

    def replace_communities(self, communities: CommunitySet) -> None:
        gid = self._groups([communities.group_id])[0]
        strangers = sorted({c.group_id for c in communities.communities} - {gid})
        if strangers:
            raise UsageError(f"community set for {gid!r} holds communities of {strangers}")
        unique = list({c.id: c for c in communities.communities}.values())
        self._learn_dimension([c.name_embedding for c in unique])
        payload = writes.community_payload(unique, self._dimension)
        labels = {"Community" for c in unique if c.name_embedding is not None}
        shard = self._shard(gid)
        shard.ensure_indexes(gid, self._dimension, labels)
        shard.query(gid, cypher.REPLACE_COMMUNITIES, {"communities": payload}, write=True)

    def delete_group(self, group_id: str) -> None:
        gid = self._groups([group_id])[0]
        self._router.shard_for(gid).delete_graph(gid)

    def group_version(self, group_id: str) -> int:
        found = self._read([check_group_id(group_id)], cypher.GROUP_VERSION, {})
        return int(str(found[0][1][0])) if found else 0

    # -- reads by id or relation -------------------------------------------------------------
    def get_episodes(self, group_ids: Sequence[str], ids: Sequence[str]) -> list[Episode]:
        group_ids, wanted = self._groups(group_ids), id_list(ids, "ids")
        found = self._read(group_ids, cypher.GET_EPISODES, {"ids": wanted}) if wanted else []
        return _in_order([rows.episode_from_props(g, _map(r[0])) for g, r in found], wanted)

    def recent_episodes(
        self, group_id: str, *, limit: int, before: datetime | None = None
    ) -> list[Episode]:
        gid = check_group_id(group_id)
        if limit <= 0:
            return []
        cutoff = _NO_CUTOFF if before is None else to_micros(ensure_aware(before, "before"))
        found = self._read([gid], cypher.RECENT_EPISODES, {"before": cutoff, "limit": limit})
        return [rows.episode_from_props(g, _map(r[0])) for g, r in found]

    def adjacent_episodes(
        self, group_ids: Sequence[str], episode_ids: Sequence[str], *, span: int
    ) -> list[Episode]:
        group_ids, wanted = self._groups(group_ids), id_list(episode_ids, "episode_ids")
        if span <= 0 or not wanted:
            return []
        found = self._read(group_ids, cypher.ADJACENT_EPISODES, {"ids": wanted, "span": span})
        found.sort(key=lambda tagged: tagged[0])  # group by group, timeline order within each
        return [rows.episode_from_props(g, _map(r[0])) for g, r in found]

    def get_entities(self, group_ids: Sequence[str], ids: Sequence[str]) -> list[Entity]:
        group_ids, wanted = self._groups(group_ids), id_list(ids, "ids")
        found = self._read(group_ids, cypher.GET_ENTITIES, {"ids": wanted}) if wanted else []
        return _in_order([rows.entity_from_props(g, _map(r[0])) for g, r in found], wanted)

    def find_entities(self, group_id: str, normalized_names: Sequence[str]) -> list[Entity]:
        gid, names = check_group_id(group_id), id_list(normalized_names, "normalized_names")
        found = self._read([gid], cypher.FIND_ENTITIES, {"names": names}) if names else []
        return [rows.entity_from_props(g, _map(r[0])) for g, r in found]

    def get_facts(self, group_ids: Sequence[str], ids: Sequence[str]) -> list[Fact]:
        group_ids, wanted = self._groups(group_ids), id_list(ids, "ids")
        found = self._facts(group_ids, cypher.GET_FACTS, {"ids": wanted}) if wanted else []
        return _in_order(found, wanted)

    def facts_of_entities(
        self, group_ids: Sequence[str], entity_ids: Sequence[str], filter: SearchFilter
    ) -> list[Fact]:
        group_ids, wanted = self._groups(group_ids), id_list(entity_ids, "entity_ids")
        where, params = fact_condition(filter)
        query = cypher.FACTS_OF_ENTITIES.format(where=where)
        return self._facts(group_ids, query, {"ids": wanted, **params}) if wanted else []

    def facts_of_episodes(self, group_ids: Sequence[str], episode_ids: Sequence[str]) -> list[Fact]:
        group_ids, wanted = self._groups(group_ids), id_list(episode_ids, "episode_ids")
        return self._facts(group_ids, cypher.FACTS_OF_EPISODES, {"ids": wanted}) if wanted else []

    def _facts(
        self, group_ids: Sequence[str], query: str, params: Mapping[str, object]
    ) -> list[Fact]:
        found = [
            (g, str(r[0]), str(r[1]), _map(r[2])) for g, r in self._read(group_ids, query, params)
        ]
        found.sort(key=lambda x: (x[0], _seq(x[3])))  # insertion order within each group
        return [
            rows.fact_from_props(g, source, target, props) for g, source, target, props in found
        ]

    def mentions(
        self,
        group_ids: Sequence[str],
        *,
        episode_ids: Sequence[str] | None = None,
        entity_ids: Sequence[str] | None = None,
    ) -> list[Mention]:
        episodes = None if episode_ids is None else id_list(episode_ids, "episode_ids")
        entities = None if entity_ids is None else id_list(entity_ids, "entity_ids")
        query = cypher.MENTIONS[(episodes is not None, entities is not None)]
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
            found = self._read(group_ids, cypher.ALL_COMMUNITIES, {})
        else:
            found = self._read(group_ids, cypher.GET_COMMUNITIES, {"ids": wanted}) if wanted else []
        communities = [rows.community_from_props(g, _map(r[0])) for g, r in found]
        return communities if wanted is None else _in_order(communities, wanted)

    # -- whole-group graph reads (communities) ----------------------------------------------
    def list_entities(self, group_id: str) -> list[Entity]:
        found = self._read([check_group_id(group_id)], cypher.LIST_ENTITIES, {})
        return [rows.entity_from_props(g, _map(r[0])) for g, r in found]

    def entity_edges(self, group_id: str, filter: SearchFilter) -> list[tuple[str, str, int]]:
        where, params = fact_condition(filter)
        query = cypher.ENTITY_EDGES.format(where=where)
        found = self._read([check_group_id(group_id)], query, params)
        return sorted((str(r[0]), str(r[1]), int(str(r[2]))) for _, r in found)

    # -- search primitives -------------------------------------------------------------------
    def _vector_reader(self, target: Target) -> search.Reader:
        """Reads of one target's vector index; a group without that index has no vectors."""
        spec = schema.VECTOR_INDEXES[cypher.VECTOR_LABEL[target]]

        def read(gid: str, query: str, params: Mapping[str, object]) -> list[Row]:
            shard = self._shard(gid)
            if not shard.has_index(gid, spec.label, spec.properties[0], spec.kind):
                return []
            return shard.query(gid, query, params)

        return read

    def text_search(
        self,
        target: Target,
        group_ids: Sequence[str],
        query: str,
        *,
        limit: int,
        filter: SearchFilter,
    ) -> list[tuple[str, float]]:
        groups, kind = self._groups(group_ids), _target(target)
        return search.text_search(self._reader(), kind, groups, query, limit=limit, search=filter)

    def vector_search(
        self,
        target: Target,
        group_ids: Sequence[str],
        vector: npt.NDArray[np.float32],
        *,
        limit: int,
        filter: SearchFilter,
    ) -> list[tuple[str, float]]:
        groups, kind = self._groups(group_ids), _target(target)
        self._learn_dimension([vector])
        if self._dimension is None or kind not in cypher.VECTOR_LABEL:
            return []  # nothing embedded yet
        return search.vector_search(
            self._vector_reader(kind),
            kind,
            groups,
            vector,
            dimension=self._dimension,
            limit=limit,
            search=filter,
        )

    def walk(
        self,
        group_ids: Sequence[str],
        seeds: Sequence[str],
        *,
        depth: int,
        filter: SearchFilter,
    ) -> Mapping[str, int]:
        groups = self._groups(group_ids)
        if depth < 0:
            raise UsageError(f"walk depth must be 0 or more, got {depth}")
        return search.walk(self._reader(), groups, id_list(seeds, "seeds"), depth, filter)


def _target(target: Target | str) -> Target:
    try:
        return Target(target)
    except ValueError:
        choices = ", ".join(repr(t.value) for t in Target)
        raise UsageError(f"unknown search target {target!r}: use one of {choices}") from None


def _seq(props: Mapping[str, object]) -> int:
    seq = props.get("seq")
    return seq if isinstance(seq, int) else 0


def _map(value: object) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise TypeError(f"FalkorDB returned {type(value).__name__} where a property map was due")
    return value


def _in_order(items: list[_T], ids: Sequence[str]) -> list[_T]:
    rank = {i: n for n, i in enumerate(ids)}
    return sorted(items, key=lambda item: (rank.get(item.id, len(rank)), item.group_id))
