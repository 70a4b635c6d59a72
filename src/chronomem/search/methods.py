"""Search methods (φ): each returns ranked ``(id, score)`` candidates of one target.

``cosine``  embedding similarity (facts: fact text; entities: name; communities: name;
            episodes: content)
``bm25``    full-text relevance over the target's text, question words removed
``bfs``     a breadth-first walk over current facts from seed entities: entities ranked by
            hops, facts by the hops of their nearer end, episodes and communities by the
            reached entities they mention or hold

Seeds for ``bfs`` are, in order of preference: ids the caller passes, entities named in the
query, entities mentioned in the group's most recent episodes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from chronomem.model import SearchFilter, SearchRequest, Target, Vector
from chronomem.model.names import normalize_name
from chronomem.ports import Store
from chronomem.search.config import Method
from chronomem.search.rerankers import Ranked

MAX_NAME_WORDS = 4  # longest entity name looked up from the query, in words
RECENT_EPISODES = 3  # episodes whose entities seed a walk when the query names none
MAX_WALKED = 64  # reached entities that expand into facts, episodes or communities

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")
# Words that carry no topic in a question; dropped from BM25 queries when others remain.
_STOPWORD_TEXT = """a an the and or of to in on at for from by with about as into over after before
    is are was were be been being am do does did done has have had having will would shall
    should can could may might must what which who whom whose when where why how that this
    these those there here it its it's i me my mine you your yours we us our they them their
    he him his she her hers any some anything something ever if than then so not no yes
    did doesn't don't didn't isn't wasn't aren't tell know"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())


@dataclass(frozen=True, slots=True)
class Query:
    """One search request as the methods see it; ``filter`` is already resolved."""

    text: str
    groups: tuple[str, ...]
    filter: SearchFilter
    vector: Vector | None = None
    topic: str | None = None  # what a chat's turns are searched by, when not ``text``
    topic_vector: Vector | None = None  # the embedded topic

    def vector_for(self, target: Target) -> Vector | None:
        """The vector ``target`` is searched with: a chat's turns by the question's topic
        when it has one (``search/topic.py``), everything else by the question."""
        if target is Target.EPISODES and self.topic_vector is not None:
            return self.topic_vector
        return self.vector

    def text_for(self, target: Target) -> str:
        """The words ``target`` is searched for (BM25), question and function words left
        out: a chat's turns by the question's topic when it has one."""
        if target is Target.EPISODES and self.topic is not None:
            return keywords(self.topic)
        return keywords(self.text)


def keywords(text: str) -> str:
    """``text`` without question and function words (all of them kept if nothing else is)."""
    words = _WORD.findall(text)
    kept = [w for w in words if w.casefold() not in STOPWORDS]
    return " ".join(kept or words)


def cosine(store: Store, target: Target, query: Query, *, limit: int) -> Ranked:
    vector = query.vector_for(target)
    if vector is None or limit <= 0:
        return []
    return store.vector_search(target, query.groups, vector, limit=limit, filter=query.filter)


def bm25(store: Store, target: Target, query: Query, *, limit: int) -> Ranked:
    if limit <= 0:
        return []
    return store.text_search(
        target, query.groups, query.text_for(target), limit=limit, filter=query.filter
    )


def request(method: Method, target: Target, query: Query, *, limit: int) -> SearchRequest | None:
    """The store request of a cosine or BM25 method (None when it has nothing to ask)."""
    vector = query.vector_for(target)
    if limit <= 0 or (method is Method.COSINE and vector is None):
        return None
    if method is Method.COSINE:
        return SearchRequest("vector", target, query.groups, vector, limit, query.filter)
    return SearchRequest("text", target, query.groups, query.text_for(target), limit, query.filter)


def bfs(
    store: Store, target: Target, query: Query, hops: Mapping[str, int], *, limit: int
) -> Ranked:
    """Candidates of ``target`` near the walked entities (``hops``: entity id -> hops)."""
    if not hops or limit <= 0:
        return []
    nearest = sorted(hops.items(), key=lambda pair: pair[1])[:MAX_WALKED]  # stable: walk order
    near = dict(nearest)
    if target is Target.ENTITIES:
        return [(i, 1.0 / (1 + h)) for i, h in nearest[:limit]]
    if target is Target.FACTS:
        facts = store.facts_of_entities(query.groups, list(near), query.filter)
        scored = [
            (f.id, 1.0 / (1 + fact_hops(f.endpoints, near)), f.valid_at or f.created_at)
            for f in facts
        ]
        scored.sort(key=lambda row: (-row[1], -row[2].timestamp()))  # stable: store order
        return [(i, s) for i, s, _ in scored[:limit]]
    if target is Target.EPISODES:
        mentions = store.mentions(query.groups, entity_ids=list(near))
        return _summed(((m.episode_id, near[m.entity_id]) for m in mentions), limit)
    communities = store.get_communities(query.groups)
    pairs = ((c.id, near[m]) for c in communities for m in c.member_ids if m in near)
    return _summed(pairs, limit)


def fact_hops(endpoints: tuple[str, str], hops: Mapping[str, int]) -> int:
    """Hops of a fact: those of its nearer end (a fact touching the centre has 0)."""
    found = [hops[e] for e in endpoints if e in hops]
    return min(found) if found else 1_000_000


def _summed(pairs: Iterable[tuple[str, int]], limit: int) -> Ranked:
    scores: dict[str, float] = {}
    for item, hop in pairs:
        scores[item] = scores.get(item, 0.0) + 1.0 / (1 + hop)
    return sorted(scores.items(), key=lambda pair: -pair[1])[:limit]  # stable: first seen


# -- seeds and walks ---------------------------------------------------------------------
def named_entities(store: Store, groups: Sequence[str], text: str) -> list[str]:
    """Ids of entities whose (normalised) name appears in ``text`` as a run of words."""
    words = normalize_name(text).split()
    names: list[str] = []
    for size in range(MAX_NAME_WORDS, 0, -1):
        for start in range(len(words) - size + 1):
            gram = words[start : start + size]
            if size == 1 and (gram[0] in STOPWORDS or len(gram[0]) < 2):
                continue
            names.append(" ".join(gram))
    if not names:
        return []
    names = list(dict.fromkeys(names))
    found: list[str] = []
    for group in groups:
        found.extend(e.id for e in store.find_entities(group, names))
    return list(dict.fromkeys(found))


def recent_entities(
    store: Store, groups: Sequence[str], *, episodes: int = RECENT_EPISODES
) -> list[str]:
    """Ids of entities mentioned in each group's ``episodes`` most recent episodes."""
    found: list[str] = []
    for group in groups:
        recent = [e.id for e in store.recent_episodes(group, limit=episodes)]
        if recent:
            found.extend(m.entity_id for m in store.mentions([group], episode_ids=recent))
    return list(dict.fromkeys(found))


def seed_entities(
    store: Store, query: Query, *, given: Sequence[str] | None = None
) -> tuple[str, ...]:
    """The walk's seeds: ``given``, else entities named in the query, else recent ones."""
    if given:
        return tuple(dict.fromkeys(given))
    named = named_entities(store, query.groups, query.text)
    if named:
        return tuple(named)
    return tuple(recent_entities(store, query.groups))


def walk(store: Store, query: Query, seeds: Sequence[str], depth: int) -> dict[str, int]:
    """Entity id -> hops from the nearest seed over facts the query's filter admits."""
    if not seeds:
        return {}
    return dict(store.walk(query.groups, list(seeds), depth=depth, filter=query.filter))
