"""Prototype clauses (the semantic cue's and the ending reader's banks), embedded once.

Embedding a bank of a few hundred short clauses costs about a fifth of a second per bank,
which every process would pay again: each ``chronomem add``, each service worker, each
benchmark child. So a bank's vectors are kept in memory per process and on disk across
processes, under a key that hashes the embedder's name (model and weights) and the bank's
exact texts: an edited bank or another model is a new key, never a stale hit.

The folder is ``$CHRONOMEM_CACHE_DIR`` (``off``: no disk cache), else
``$XDG_CACHE_HOME/chronomem/prototypes`` or ``~/.cache/chronomem/prototypes``. Files are
plain ``.npy`` arrays read without pickle and checked for shape and dtype; an unreadable or
unwritable folder only means the bank is embedded again.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from chronomem.ports import Embedder, Matrix

CACHE_ENV = "CHRONOMEM_CACHE_DIR"
_MEMORY: dict[str, Matrix] = {}
_LOCK = threading.Lock()


def prototype_vectors(embedder: Embedder, texts: Sequence[str]) -> Matrix:
    """``texts`` embedded by ``embedder``, one row each, from memory, disk or the model."""
    key = hashlib.sha256("\x1e".join((embedder.name, *texts)).encode("utf-8")).hexdigest()[:40]
    with _LOCK:
        found = _MEMORY.get(key)
        if found is None:
            found = _read(key, (len(texts), embedder.dimension))
            if found is None:
                found = np.asarray(embedder.embed_batch(list(texts)), dtype=np.float32)
                _write(key, found)
            _MEMORY[key] = found
        return found


def cache_dir() -> Path | None:
    """Where banks are kept on disk, or ``None`` when the disk cache is off."""
    chosen = os.environ.get(CACHE_ENV, "")
    if chosen.lower() == "off":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "chronomem" / "prototypes"


def _read(key: str, shape: tuple[int, int]) -> Matrix | None:
    folder = cache_dir()
    if folder is None:
        return None
    try:
        found = np.load(folder / f"{key}.npy", allow_pickle=False)
    except (OSError, ValueError):
        return None
    return found if found.shape == shape and found.dtype == np.float32 else None


def _write(key: str, vectors: Matrix) -> None:
    folder = cache_dir()
    if folder is None:
        return
    target = folder / f"{key}.npy"
    partial = folder / f"{key}.{os.getpid()}.{threading.get_ident()}.part"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(partial, "wb") as out:
            np.save(out, vectors, allow_pickle=False)
        os.replace(partial, target)  # readers see the whole file or none
    except OSError:
        partial.unlink(missing_ok=True)


def forget_in_memory() -> None:
    """Drop the per-process copies (what a new process starts with); for tests."""
    with _LOCK:
        _MEMORY.clear()
