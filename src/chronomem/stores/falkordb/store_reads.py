"""FalkorDBReads: the read half of the :class:`~chronomem.ports.Store` port on FalkorDB.

Reads by id and by relation, whole-group reads (communities, edits, the entity graph) and
the search primitives. Each runs in the scope of every group asked for
(:class:`.store_base.FalkorDBStoreBase`); the queries are in :mod:`.cypher_reads` and
:mod:`.cypher_search`, the row conversions in :mod:`.reads` and :mod:`.rows`, the search
plans in :mod:`.search`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

import numpy as np
import numpy.typing as npt

from chronomem.errors import UsageError
from chronomem.model import (
    Community,
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
)
from chronomem.model.time import ensure_aware, to_micros
from chronomem.stores.batch import checked_requests, checked_target
from chronomem.stores.edit_codec import edit_from
from chronomem.stores.falkordb import cypher_reads, cypher_search, reads, rows, search
from chronomem.stores.falkordb.filters import fact_condition
from chronomem.stores.falkordb.scope import Scope
from chronomem.stores.falkordb.store_base import FalkorDBStoreBase
from chronomem.stores.falkordb.writes import id_list

_NO_CUTOFF = 2**62


class FalkorDBReads(FalkorDBStoreBase):
    """Reads and search over the groups asked for, each in its own scope."""

    # -- reads by id or relation -------------------------------------------------------------
    def get_episodes(self, group_ids: Sequence[str], ids: Sequence[str]) -> list[Episode]:
        group_ids, wanted = self._groups(group_ids), id_list(ids, "ids")
        found = self._read(group_ids, cypher_reads.GET_EPISODES, {"ids": wanted}) if wanted else []
        return reads.in_order(
            [rows.episode_from_props(g, reads.as_map(r[0])) for g, r in found], wanted
        )

    def recent_episodes(
        self,
        group_id: str,
        *,
        limit: int,
        before: datetime | None = None,
        vectors: bool = True,
    ) -> list[Episode]:
        gid = check_group_id(group_id)
        if limit <= 0:
            return []
        cutoff = _NO_CUTOFF if before is None else to_micros(ensure_aware(before, "before"))
        query = cypher_reads.RECENT_EPISODES if vectors else cypher_reads.LEAN_RECENT_EPISODES
        found = self._read([gid], query, {"before": cutoff, "limit": limit})
        return [rows.episode_from_props(g, reads.as_map(r[0])) for g, r in found]

    def adjacent_episodes(
        self,
        group_ids: Sequence[str],
        episode_ids: Sequence[str],
        *,
        span: int,
        vectors: bool = True,
    ) -> list[Episode]:
        group_ids, wanted = self._groups(group_ids), id_list(episode_ids, "episode_ids")
        if span <= 0 or not wanted:
            return []
        query = cypher_reads.ADJACENT_EPISODES if vectors else cypher_reads.LEAN_ADJACENT
        found = self._read(group_ids, query, {"ids": wanted, "span": span})
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
        wanted = {checked_target(t): id_list(v, "ids") for t, v in ids.items()}
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
        groups, kind = self._scopes(group_ids), checked_target(target)
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
        groups, kind = self._scopes(group_ids), checked_target(target)
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
