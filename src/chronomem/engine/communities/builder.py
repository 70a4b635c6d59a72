"""Stage 7, communities: full rebuilds, the post-write dynamic step, and the drift measure.

All of it goes through the :class:`~chronomem.ports.Store` port (``list_entities``,
``entity_edges``, ``facts_of_entities``, ``get_communities``, ``replace_communities``), so
it runs on every store that passes the contract suite. The entity graph is the group's
current facts (T = T' = now), each pair of entities weighted by how many facts link them.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from chronomem import accounting
from chronomem.accounting import Usage
from chronomem.clock import IdFactory
from chronomem.engine.communities.deferred import SUMMARY_DELAY_S, DeferredSummaries
from chronomem.engine.communities.dynamic import join_neighbours, partition_drift
from chronomem.engine.communities.propagation import Edge, communities_of
from chronomem.engine.communities.summaries import (
    SHOWN_MEMBERS,
    extractive_summarizer,
    inner_degrees,
    material,
    summarize,
)
from chronomem.engine.pipeline import IngestResult
from chronomem.errors import ProviderError, UsageError
from chronomem.model import (
    Community,
    CommunityMaterial,
    CommunitySet,
    Entity,
    Fact,
    SearchFilter,
    Vector,
    check_group_id,
)
from chronomem.ports import Clock, CommunitySummarizer, Embedder, Store

log = logging.getLogger(__name__)

MIN_SIZE = 2


@dataclass(frozen=True, slots=True)
class CommunityView:
    """A stored community with its member entities (most central first)."""

    community: Community
    members: tuple[Entity, ...]

    @property
    def id(self) -> str:
        return self.community.id

    @property
    def name(self) -> str:
        return self.community.name

    @property
    def summary(self) -> str:
        return self.community.summary


class CommunityBuilder:
    """Builds, extends and checks a group's communities (label propagation, summaries)."""

    def __init__(
        self,
        *,
        store: Store,
        embedder: Embedder,
        summarizer: CommunitySummarizer,
        clock: Clock,
        ids: IdFactory,
        min_size: int = MIN_SIZE,
        summary_delay_s: float = SUMMARY_DELAY_S,
        usage: Usage | None = None,
    ) -> None:
        """With a model-backed ``summarizer`` the summaries of communities that grow on
        ingest are deferred and batched (:mod:`~chronomem.engine.communities.deferred`):
        ``summary_delay_s`` of quiet, then one call per group; its calls go to ``usage``."""
        if min_size < 1:
            raise UsageError(f"min_size must be 1 or more, got {min_size}")
        self._store = store
        self._embedder = embedder
        self._summarizer = summarizer
        self._clock = clock
        self._ids = ids
        self._min_size = min_size
        self._usage = usage
        self._lock = threading.RLock()  # one read-modify-write of a group's set at a time
        extractive = extractive_summarizer()
        self._instant: CommunitySummarizer = extractive
        self.deferred: DeferredSummaries | None = None
        if not isinstance(summarizer, type(extractive)):
            self.deferred = DeferredSummaries(self._refresh_marked, delay_s=summary_delay_s)
        else:
            self._instant = summarizer

    # -- full rebuild ---------------------------------------------------------------------
    def build(self, group_id: str) -> list[CommunityView]:
        """Label propagation over the whole group, summaries, names embedded; the group's
        previous communities are replaced in one atomic write at the very end, so a failure
        anywhere before or during it leaves them as they were."""
        gid = check_group_id(group_id)
        with self._lock:
            views = self._build(gid)
        if self.deferred is not None:
            self.deferred.forget(gid)  # every summary is fresh
        return views

    def _build(self, gid: str) -> list[CommunityView]:
        now = self._clock.now()
        current = _current(now)
        entities = {e.id: e for e in self._store.list_entities(gid)}
        edges = self._store.entity_edges(gid, current)
        partition = communities_of(entities, edges, min_size=self._min_size)
        keys = [self._ids() for _ in partition]
        membership = {m: k for k, members in zip(keys, partition, strict=True) for m in members}
        centrality = inner_degrees(edges, membership)
        shown = [members[:SHOWN_MEMBERS] for members in partition]
        facts = self._store.facts_of_entities([gid], [m for s in shown for m in s], current)
        inside = _facts_by_community(facts, membership)
        materials = [
            material(
                key,
                [entities[m] for m in members],
                member_count=len(members),
                centrality=centrality,
                facts=inside.get(key, ()),
            )
            for key, members in zip(keys, partition, strict=True)
        ]
        communities = self._finish(gid, now, materials, dict(zip(keys, partition, strict=True)))
        self._store.replace_communities(CommunitySet(group_id=gid, communities=communities))
        log.info("group %s: %d communities from %d entities", gid, len(communities), len(entities))
        views = [CommunityView(c, tuple(entities[m] for m in c.member_ids)) for c in communities]
        return _largest_first(views)

    def _finish(
        self,
        gid: str,
        now: datetime,
        materials: Sequence[CommunityMaterial],
        members: dict[str, tuple[str, ...]],
        summarizer: CommunitySummarizer | None = None,
    ) -> tuple[Community, ...]:
        """Summaries for ``materials``, names embedded in one batch: the communities to write."""
        summaries = summarize(summarizer or self._summarizer, materials)
        names = [summaries[m.key].name for m in materials]
        vectors: Sequence[Vector] | Vector = self._embedder.embed_batch(names) if names else []
        return tuple(
            Community(
                id=m.key,
                group_id=gid,
                name=summaries[m.key].name,
                summary=summaries[m.key].summary,
                created_at=now,
                member_ids=members[m.key],
                name_embedding=vector,
            )
            for m, vector in zip(materials, vectors, strict=True)
        )

    # -- reads ----------------------------------------------------------------------------
    def views(self, group_id: str) -> list[CommunityView]:
        """The group's stored communities with their member entities, largest first."""
        gid = check_group_id(group_id)
        stored = self._store.get_communities([gid])
        entities = {
            e.id: e
            for e in self._store.get_entities([gid], [m for c in stored for m in c.member_ids])
        }
        views = [
            CommunityView(c, tuple(entities[m] for m in c.member_ids if m in entities))
            for c in stored
        ]
        return _largest_first(views)

    def drift(self, group_id: str) -> float:
        """Share of clustered entities whose stored community differs from a full run's
        (see :func:`~chronomem.engine.communities.dynamic.partition_drift`): 0.0 right
        after :meth:`build`, rising as the graph grows; rebuild when it gets large."""
        gid = check_group_id(group_id)
        known = {e.id for e in self._store.list_entities(gid)}
        edges = self._store.entity_edges(gid, _current(self._clock.now()))
        fresh = communities_of(known, edges, min_size=self._min_size)
        fresh_map = {m: str(i) for i, members in enumerate(fresh) for m in members}
        stored_map = {
            m: c.id for c in self._store.get_communities([gid]) for m in c.member_ids if m in known
        }
        return partition_drift(stored_map, fresh_map)

    # -- the post-write stage -------------------------------------------------------------
    def after_ingest(self, result: IngestResult) -> tuple[Community, ...]:
        """Stage 7 after an episode's write: :meth:`extend` with the entities the episode
        created (an episode about known entities costs no read at all)."""
        created = [e.id for e in result.entities if e.created_at >= result.episode.created_at]
        if not created:
            return ()
        return self.extend(result.episode.group_id, created)

    def extend(self, group_id: str, entity_ids: Sequence[str]) -> tuple[Community, ...]:
        """After an episode is written: each of ``entity_ids`` not in a community yet joins
        the community most of its neighbours hold, whose summary (and name) is refreshed.

        Does nothing for a group without communities. Returns the changed communities. With
        a model-backed summarizer they get an extractive summary now and the model's later
        (deferred, batched: no LLM round on the ingestion path).
        """
        gid = check_group_id(group_id)
        with self._lock:
            changed = self._extend(gid, entity_ids)
        if changed and self.deferred is not None:
            self.deferred.mark(gid, [c.id for c in changed])
        return changed

    def flush_summaries(self, group_id: str | None = None) -> None:
        """Run the deferred LLM summaries now (of one group, or all)."""
        if self.deferred is not None:
            self.deferred.flush(group_id)

    def close(self) -> None:
        """Flush the deferred summaries and stop their timer."""
        if self.deferred is not None:
            self.deferred.close()

    def _refresh_marked(self, gid: str, ids: frozenset[str]) -> None:
        """The deferred step: the model's summaries for the marked communities, in one call.
        The call runs without the lock (ingestion goes on meanwhile); a community whose
        members changed in between keeps its newer extractive summary and stays marked."""
        now = self._clock.now()
        marked = [c for c in self._store.get_communities([gid]) if c.id in ids]
        if not marked:
            return
        with accounting.collect() as usage:
            fresh = {c.id: c for c in self._refresh(gid, now, marked, set(), self._summarizer)}
        if self._usage is not None:
            self._usage.extend(usage)
        with self._lock:
            stored = self._store.get_communities([gid])
            members = {c.id: c.member_ids for c in marked}
            same = {c.id for c in stored if members.get(c.id) == c.member_ids}
            kept = self._embedded(
                [fresh[c.id] if c.id in same & fresh.keys() else c for c in stored]
            )
            self._store.replace_communities(CommunitySet(group_id=gid, communities=kept))

    def _extend(self, gid: str, entity_ids: Sequence[str]) -> tuple[Community, ...]:
        now = self._clock.now()
        stored = self._store.get_communities([gid])  # none: nothing to join, no fact read
        membership = {m: c.id for c in stored for m in c.member_ids}
        candidates = sorted(set(entity_ids) - membership.keys())
        if not stored or not candidates:
            return ()
        facts = self._store.facts_of_entities([gid], candidates, _current(now))
        edges: list[Edge] = [(f.source_id, f.target_id, 1) for f in facts]
        if not any(a != b for a, b, _ in edges):  # no neighbours: no community to join
            return ()
        sizes = {c.id: len(c.member_ids) for c in stored}
        joined = join_neighbours(candidates, edges, membership, sizes)
        if not joined:
            return ()
        grown = {
            c.id: replace(c, member_ids=c.member_ids + _joining(candidates, joined, c.id))
            for c in stored
            if c.id in joined.values()
        }
        refreshed = self._refresh(gid, now, list(grown.values()), set(joined), self._instant)
        changed = {c.id: c for c in refreshed}
        kept = self._embedded([changed.get(c.id, c) for c in stored])
        self._store.replace_communities(CommunitySet(group_id=gid, communities=kept))
        return tuple(refreshed)

    def _embedded(self, communities: list[Community]) -> tuple[Community, ...]:
        """``communities`` with a name embedding each (a store may not return vectors)."""
        missing = [i for i, c in enumerate(communities) if c.name_embedding is None]
        if missing:
            vectors = self._embedder.embed_batch([communities[i].name for i in missing])
            for i, vector in zip(missing, vectors, strict=True):
                communities[i] = replace(communities[i], name_embedding=vector)
        return tuple(communities)

    def _refresh(
        self,
        gid: str,
        now: datetime,
        grown: list[Community],
        newcomers: set[str],
        summarizer: CommunitySummarizer,
    ) -> list[Community]:
        """New summaries and names for communities that gained members (old ones kept, with
        a warning, if the summarizer fails: the membership change is still written)."""
        shown = {c.id: _shown_with(c.member_ids, newcomers) for c in grown}
        ids = [m for s in shown.values() for m in s]
        entities = {e.id: e for e in self._store.get_entities([gid], ids)}
        facts = self._store.facts_of_entities([gid], ids, _current(now))
        membership = {m: c.id for c in grown for m in c.member_ids}
        centrality = inner_degrees(((f.source_id, f.target_id, 1) for f in facts), membership)
        inside = _facts_by_community(facts, membership)
        materials = [
            material(
                c.id,
                [entities[m] for m in shown[c.id] if m in entities],
                member_count=len(c.member_ids),
                centrality=centrality,
                facts=inside.get(c.id, ()),
                previous_summary=c.summary,
                newcomers=frozenset(newcomers),
            )
            for c in grown
        ]
        try:
            members = {c.id: c.member_ids for c in grown}
            fresh = self._finish(gid, now, materials, members, summarizer)
        except ProviderError as exc:
            log.warning("group %s: community summaries not refreshed (%s)", gid, exc)
            return grown
        return [replace(f, created_at=c.created_at) for f, c in zip(fresh, grown, strict=True)]


def _shown_with(member_ids: Sequence[str], newcomers: set[str]) -> list[str]:
    """The members to show when refreshing: the most central ones, and room for the
    newcomers (at most half of what is shown)."""
    new = [m for m in member_ids if m in newcomers][: SHOWN_MEMBERS // 2]
    old = [m for m in member_ids if m not in newcomers][: SHOWN_MEMBERS - len(new)]
    return old + new


def _largest_first(views: list[CommunityView]) -> list[CommunityView]:
    return sorted(views, key=lambda v: (-len(v.community.member_ids), v.name, v.id))


def _facts_by_community(facts: Sequence[Fact], membership: dict[str, str]) -> dict[str, list[Fact]]:
    """Community id -> the facts with both ends among its members."""
    found: dict[str, list[Fact]] = {}
    for f in facts:
        community = membership.get(f.source_id)
        if community is not None and community == membership.get(f.target_id):
            found.setdefault(community, []).append(f)
    return found


def _joining(
    candidates: Sequence[str], joined: dict[str, str], community_id: str
) -> tuple[str, ...]:
    return tuple(e for e in candidates if joined.get(e) == community_id)


def _current(now: datetime) -> SearchFilter:
    return SearchFilter().resolved(now)
