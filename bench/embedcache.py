"""An Embedder wrapper that keeps vectors in a SQLite file, so benchmark re-runs skip the model.

Vectors are keyed by (model name, kind, sha1 of the text); a cached vector is exactly the
one the model returned the first time. ``stats`` counts hits and misses.
"""

from __future__ import annotations

import argparse
import hashlib
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from chronomem.ports import Embedder, EmbedKind, Matrix

DEFAULT_CACHE = Path(__file__).parent / ".cache" / "embeddings.sqlite"


def add_cache_options(p: argparse.ArgumentParser) -> None:
    """``--cache FILE`` and ``--no-cache``, the same for every bench that embeds."""
    p.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    p.add_argument(
        "--no-cache",
        dest="cached",
        action="store_false",
        help="embed with the model itself: the default path as users get it (the learned "
        "reader's step runs only over the local embedder, not over the cache)",
    )


def cached_if_asked(model: Embedder, args: argparse.Namespace) -> Embedder:
    """The model behind the vector cache, unless ``--no-cache`` was given."""
    return CachedEmbedder(model, args.cache) if args.cached else model


class CachedEmbedder:
    def __init__(self, inner: Embedder, path: Path) -> None:
        self._inner = inner
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False)
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS v (k TEXT PRIMARY KEY, blob BLOB) WITHOUT ROWID"
        )
        self.hits = 0
        self.misses = 0

    @property
    def name(self) -> str:
        return self._inner.name

    @property
    def dimension(self) -> int:
        return self._inner.dimension

    def _key(self, text: str, kind: str) -> str:
        return hashlib.sha1(f"{self.name}\0{kind}\0{text}".encode()).hexdigest()

    def embed_batch(self, texts: Sequence[str], *, kind: EmbedKind = "document") -> Matrix:
        keys = [self._key(t, kind) for t in texts]
        found: dict[str, bytes] = {}
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            marks = ",".join("?" * len(chunk))
            found.update(self._db.execute(f"SELECT k, blob FROM v WHERE k IN ({marks})", chunk))
        todo = sorted({i for i, k in enumerate(keys) if k not in found}, key=lambda i: keys[i])
        todo_texts = list(dict.fromkeys(texts[i] for i in todo))
        if todo_texts:
            vectors = self._inner.embed_batch(todo_texts, kind=kind)
            rows = [
                (self._key(t, kind), v.astype(np.float32).tobytes())
                for t, v in zip(todo_texts, vectors, strict=True)
            ]
            self._db.executemany("INSERT OR REPLACE INTO v VALUES (?, ?)", rows)
            self._db.commit()
            found.update(rows)
        self.misses += len(todo)
        self.hits += len(texts) - len(todo)
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.stack([np.frombuffer(found[k], dtype=np.float32) for k in keys])
