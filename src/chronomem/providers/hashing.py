"""``HashEmbedder``: lexical feature hashing, no model and no network.

Words and character trigrams hashed into a fixed number of signed buckets: deterministic,
fast and offline. Texts that share words get similar vectors; it knows no synonyms, so
search quality is well below the local model's. It is a deliberate choice (``embedder=
HashEmbedder()``, ``chronomem serve --embedder hash``) for tests, demos and machines that
cannot install the model, never a silent fallback for a file (see ``default_embedder``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np

from chronomem.ports import EmbedKind, Matrix

__all__ = ["HashEmbedder"]

_TOKEN = re.compile(r"\w+")


class HashEmbedder:
    """Lexical feature hashing (words + character trigrams): fast, deterministic, offline.

    Texts that share words get similar vectors, so search behaves plausibly in unit tests;
    it knows no synonyms. Use :class:`chronomem.providers.local.LocalEmbedder` for real work.
    """

    def __init__(self, dimension: int = 256) -> None:
        self._dimension = dimension

    @property
    def name(self) -> str:
        return f"hash-{self._dimension}"

    @property
    def dimension(self) -> int:
        return self._dimension

    def embed_batch(self, texts: Sequence[str], *, kind: EmbedKind = "document") -> Matrix:
        out = np.zeros((len(texts), self._dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature, weight in _features(text):
                digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
                h = int.from_bytes(digest, "little")
                sign = 1.0 if (h >> 63) & 1 else -1.0
                out[row, h % self._dimension] += sign * weight
            norm = float(np.linalg.norm(out[row]))
            if norm > 0:
                out[row] /= norm
        return out


def _features(text: str) -> list[tuple[str, float]]:
    words = [w.casefold() for w in _TOKEN.findall(text)]
    feats = [(f"w:{w}", 1.0) for w in words]
    for w in words:
        padded = f"#{w}#"
        feats.extend((f"c:{padded[i : i + 3]}", 0.3) for i in range(len(padded) - 2))
    return feats
