"""The cue's prototype banks are embedded once per model and kept on disk across processes."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from chronomem.extractors.rules.cue import prototypes
from chronomem.testing import HashEmbedder

BANK = ["I moved to X", "I started at X", "X is over for me"]


class _Counting(HashEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.batches = 0

    def embed_batch(self, texts: Sequence[str], **kw: object):  # type: ignore[no-untyped-def]
        self.batches += 1
        return super().embed_batch(texts, **kw)  # type: ignore[arg-type]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(prototypes.CACHE_ENV, str(tmp_path))
    prototypes.forget_in_memory()
    yield tmp_path
    prototypes.forget_in_memory()


def test_a_new_process_reads_the_bank_from_disk_not_the_model(cache: Path) -> None:
    first = _Counting()
    vectors = prototypes.prototype_vectors(first, BANK)
    assert first.batches == 1 and len(list(cache.glob("*.npy"))) == 1
    prototypes.forget_in_memory()  # as a new process starts
    second = _Counting()
    again = prototypes.prototype_vectors(second, BANK)
    assert second.batches == 0
    np.testing.assert_array_equal(again, vectors)
    np.testing.assert_array_equal(again, second.embed_batch(BANK))


def test_an_edited_bank_or_a_broken_file_is_embedded_again(cache: Path) -> None:
    prototypes.prototype_vectors(_Counting(), BANK)
    for path in cache.glob("*.npy"):
        path.write_bytes(b"not an array")
    prototypes.forget_in_memory()
    embedder = _Counting()
    prototypes.prototype_vectors(embedder, BANK)
    prototypes.prototype_vectors(embedder, [*BANK, "I joined X"])
    assert embedder.batches == 2


def test_the_disk_cache_can_be_turned_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(prototypes.CACHE_ENV, "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    prototypes.forget_in_memory()
    prototypes.prototype_vectors(_Counting(), BANK)
    prototypes.forget_in_memory()
    assert prototypes.cache_dir() is None
    assert not list(tmp_path.rglob("*.npy"))
