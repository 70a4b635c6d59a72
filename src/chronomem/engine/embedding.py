"""Embedding for ingestion: one batched call for many texts, repeated texts embedded once.

Entity names recur in nearly every episode of a conversation ("Caroline", "Melanie"), so a
bounded LRU cache in front of the embedder saves most name embeddings.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

from chronomem.model import Vector
from chronomem.ports import Embedder

DEFAULT_CACHE_SIZE = 20_000


class EmbeddingCache:
    def __init__(self, embedder: Embedder, *, size: int = DEFAULT_CACHE_SIZE) -> None:
        self._embedder = embedder
        self._size = size
        self._cache: OrderedDict[str, Vector] = OrderedDict()
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> list[Vector]:
        """Vectors for ``texts`` in order; misses go to the embedder in one batch."""
        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
        fresh = self._embedder.embed_batch(missing) if missing else []
        with self._lock:
            for text, vector in zip(missing, fresh, strict=True):
                self._cache[text] = vector
            found = {t: self._cache[t] for t in texts if t in self._cache}
            for text in found:
                self._cache.move_to_end(text)
            while len(self._cache) > self._size:
                self._cache.popitem(last=False)
        return [found[t] for t in texts]

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()
