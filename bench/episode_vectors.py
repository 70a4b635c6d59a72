"""A bench-only Store wrapper that embeds episode content, to measure the proposed change.

The SQLite store keeps no episode embeddings, so ``cosine`` over episodes finds nothing.
``EpisodeVectorStore`` embeds each episode as it is applied and answers
``vector_search(Target.EPISODES, ...)`` exactly; everything else goes to the wrapped store.
``bench/locomo.py --episode-vectors`` uses it to show what native episode vectors would add.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from chronomem.model import ChangeSet, SearchFilter, Target
from chronomem.ports import Embedder, Store


class EpisodeVectorStore:
    def __init__(self, inner: Store, embedder: Embedder) -> None:
        self._inner = inner
        self._embedder = embedder
        self._ids: dict[str, list[str]] = {}
        self._rows: dict[str, list[np.ndarray]] = {}

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)

    def apply(self, changes: ChangeSet) -> None:
        self._inner.apply(changes)
        if changes.episodes:
            vectors = self._embedder.embed_batch([e.content for e in changes.episodes])
            for episode, vector in zip(changes.episodes, vectors, strict=True):
                self._ids.setdefault(episode.group_id, []).append(episode.id)
                self._rows.setdefault(episode.group_id, []).append(vector)

    def vector_search(
        self,
        target: Target,
        group_ids: Sequence[str],
        vector: np.ndarray,
        *,
        limit: int,
        filter: SearchFilter,
    ) -> list[tuple[str, float]]:
        if target is not Target.EPISODES:
            return self._inner.vector_search(target, group_ids, vector, limit=limit, filter=filter)
        scored: list[tuple[str, float]] = []
        for group in group_ids:
            if self._rows.get(group):
                sims = np.stack(self._rows[group]) @ np.asarray(vector, dtype=np.float32)
                scored.extend(zip(self._ids[group], sims.tolist(), strict=True))
        scored.sort(key=lambda pair: -pair[1])
        return scored[:limit]
