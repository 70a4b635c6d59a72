"""Deterministic stand-ins for the clock, the id factory and the embedder."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from datetime import datetime, timedelta

import numpy as np

from chronomem.model.time import ensure_aware
from chronomem.ports import EmbedKind, Matrix

_TOKEN = re.compile(r"\w+")


class ManualClock:
    """A clock that only moves when told: ``set(t)`` or ``advance(seconds)``."""

    def __init__(self, start: datetime) -> None:
        self._now = ensure_aware(start, "clock start")

    def now(self) -> datetime:
        return self._now

    def set(self, value: datetime) -> None:
        self._now = ensure_aware(value, "clock time")

    def advance(self, seconds: float) -> None:
        self._now += timedelta(seconds=seconds)


class SequentialIds:
    """Ids ``prefix-1``, ``prefix-2``, ... for readable, repeatable tests."""

    def __init__(self, prefix: str = "id") -> None:
        self._prefix = prefix
        self._n = 0

    def __call__(self) -> str:
        self._n += 1
        return f"{self._prefix}-{self._n}"


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
