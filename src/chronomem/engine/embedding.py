"""Embedding for ingestion: one batched call for many texts, repeated texts embedded once.

Entity names recur in nearly every episode of a conversation ("Caroline", "Melanie"), so a
bounded LRU cache in front of the embedder saves most name embeddings.

A large batch of misses is split in :data:`EMBED_THREADS` slices embedded at once on
helper threads: the local ONNX model embeds one text per call (so a vector never depends on
its neighbours) and releases the GIL while it runs, so on a machine with two cores or more
the slices run side by side; an API embedder overlaps its requests. Each text's vector is
the same whichever slice it lands in.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from chronomem.model import Vector
from chronomem.ports import Embedder

DEFAULT_CACHE_SIZE = 20_000
EMBED_THREADS = min(2, os.cpu_count() or 1)
MIN_SLICE = 8  # misses per helper thread below which one call is cheaper


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
        fresh = self._embed(missing) if missing else []
        with self._lock:
            for text, vector in zip(missing, fresh, strict=True):
                self._cache[text] = vector
            found = {t: self._cache[t] for t in texts if t in self._cache}
            for text in found:
                self._cache.move_to_end(text)
            while len(self._cache) > self._size:
                self._cache.popitem(last=False)
        return [found[t] for t in texts]

    def _embed(self, texts: list[str]) -> Sequence[Vector]:
        slices = min(EMBED_THREADS, len(texts) // MIN_SLICE)
        if slices <= 1:
            return list(self._embedder.embed_batch(texts))
        # every ``slices``-th text, so long and short texts spread evenly over the threads
        parts = [texts[k::slices] for k in range(slices)]
        with ThreadPoolExecutor(slices, thread_name_prefix="chronomem-embed") as pool:
            done = list(pool.map(self._embedder.embed_batch, parts))
        out: list[Vector] = [np.empty(0, dtype=np.float32)] * len(texts)
        for k, vectors in enumerate(done):
            out[k::slices] = list(vectors)
        return out

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()
