"""Move a store to another embedding model: re-embed every stored text, one group at a time.

Only the :class:`~chronomem.ports.Store` port is used, so every backend migrates the same
way. Stages per group: **read** the texts each vector was computed from (episode content as
the engine embeds it, entity and community names, fact texts, past facts included),
**embed** them in batches, **write** the group's new vectors in one call. The store counts a
group as done only after its write, so an interrupted run resumes where it stopped; until
the last group is written the store refuses every embedder (see
:mod:`chronomem.stores.reembedding`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta

from chronomem.errors import UsageError
from chronomem.model import Episode, SearchFilter, Target, Vector, check_group_ids
from chronomem.model.graph import episode_text
from chronomem.ports import Embedder, Store

__all__ = ["ReembedReport", "reembed"]

_PAGE = 50_000  # episodes per read (a store may size a top-k heap by the limit)
_BATCH = 256


@dataclass(frozen=True, slots=True)
class ReembedReport:
    """What a run did: groups re-embedded, texts embedded, groups still left."""

    embedder: str
    groups: tuple[str, ...]
    texts: int
    left: tuple[str, ...]


Progress = Callable[[int], None]  # called with the number of texts just embedded


def reembed(
    store: Store,
    embedder: Embedder,
    *,
    groups: Sequence[str] | None = None,
    progress: Progress | None = None,
) -> ReembedReport:
    """Re-embed the store's groups (``groups``: only these) with ``embedder``."""
    left = store.start_reembed(embedder.name, embedder.dimension)
    chosen = left if groups is None else [g for g in check_group_ids(groups) if g in left]
    if groups is not None:
        unknown = sorted(set(groups) - set(left))
        if unknown and not chosen:
            raise UsageError(
                f"nothing to re-embed in group(s) {', '.join(map(repr, unknown))}: they are "
                "done already or hold no data"
            )
    texts = 0
    for group_id in chosen:
        wanted = group_texts(store, group_id)
        vectors = {
            target: dict(zip(by_id, _embed(embedder, list(by_id.values()), progress), strict=True))
            for target, by_id in wanted.items()
        }
        store.write_embeddings(group_id, vectors)
        texts += sum(len(v) for v in wanted.values())
    remaining = tuple(g for g in left if g not in chosen)
    return ReembedReport(embedder.name, tuple(chosen), texts, remaining)


def group_texts(store: Store, group_id: str) -> dict[Target, dict[str, str]]:
    """Id -> the text its vector is computed from, per target, for every row of the group."""
    entities = store.list_entities(group_id)
    facts = store.facts_of_entities(
        [group_id], [e.id for e in entities], SearchFilter(history=True)
    )
    episodes = _all_episodes(store, group_id)
    return {
        Target.EPISODES: {e.id: episode_text(e) for e in episodes},
        Target.ENTITIES: {e.id: e.name for e in entities},
        Target.FACTS: {f.id: f.fact for f in facts},
        Target.COMMUNITIES: {c.id: c.name for c in store.get_communities([group_id])},
    }


def _all_episodes(store: Store, group_id: str) -> list[Episode]:
    """Every episode of the group, paging back through time (ties at a page edge are read
    again and kept once)."""
    found: dict[str, Episode] = {}
    before = None
    while True:
        page = store.recent_episodes(group_id, limit=_PAGE, before=before)
        fresh = [e for e in page if e.id not in found]
        found.update((e.id, e) for e in fresh)
        if len(page) < _PAGE or not fresh:
            return list(found.values())
        before = page[-1].reference_time + timedelta(microseconds=1)


def count_texts(store: Store, group_ids: Sequence[str]) -> int:
    """How many texts re-embedding ``group_ids`` will embed (for a progress bar)."""
    return sum(len(v) for g in group_ids for v in group_texts(store, g).values())


def _embed(embedder: Embedder, texts: list[str], progress: Progress | None) -> list[Vector]:
    out: list[Vector] = []
    for start in range(0, len(texts), _BATCH):
        chunk = texts[start : start + _BATCH]
        out.extend(embedder.embed_batch(chunk))
        if progress is not None:
            progress(len(chunk))
    return out
