"""``OpenAICompatibleEmbedder``: the Embedder port over an OpenAI-compatible ``/embeddings``.

The dimension is part of the configuration (a store remembers it), and is requested
explicitly with ``dimensions=`` where the server supports it (OpenAI's text-embedding-3
models; turn ``send_dimensions`` off for servers that reject the parameter). A vector of any
other length is a :class:`~chronomem.errors.ProviderOutputError` — never silently truncated
or padded, since that would mix incomparable vectors in one index.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from chronomem.errors import ProviderOutputError, UsageError
from chronomem.ports import EmbedKind, Matrix
from chronomem.providers._common import (
    import_extra,
    resolve_connection,
    sdk_failure,
    settings_for,
)
from chronomem.providers.resilience import (
    Failure,
    RetryPolicy,
    call_with_retries,
)
from chronomem.providers.settings import Settings

if TYPE_CHECKING:
    import openai
    from openai.types import CreateEmbeddingResponse

__all__ = ["OpenAICompatibleEmbedder"]


class OpenAICompatibleEmbedder:
    """Embeds texts through an OpenAI-compatible server; rows are L2-normalised float32."""

    def __init__(
        self,
        *,
        model: str | None = None,
        dimension: int | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        send_dimensions: bool | None = None,
        batch_size: int | None = None,
        timeout_s: float | None = None,
        max_retries: int | None = None,
        max_concurrency: int | None = None,
        retry_policy: RetryPolicy | None = None,
        settings: Settings | None = None,
    ) -> None:
        cfg = settings_for(settings, explicit=bool(model and dimension and (api_key or base_url)))
        self._model = model or cfg.embed_model or ""
        self._dimension = dimension or cfg.embed_dimension or 0
        if not self._model or self._dimension < 1:
            raise UsageError(
                "OpenAICompatibleEmbedder needs a model and its dimension: pass "
                "model='text-embedding-3-small', dimension=1536 (or set CHRONOMEM_EMBED_MODEL "
                "and CHRONOMEM_EMBED_DIMENSION)"
            )
        conn = resolve_connection(
            cfg,
            what="OpenAICompatibleEmbedder",
            env_names="CHRONOMEM_EMBED_API_KEY or OPENAI_API_KEY",
            base_url=base_url or cfg.embed_base_url,
            api_key=api_key or cfg.embed_api_key,
            timeout_s=timeout_s,
            max_retries=max_retries,
            max_concurrency=max_concurrency,
            retry_policy=retry_policy,
        )
        self._base_url, self._timeout_s = conn.base_url, conn.timeout_s
        self._retry, self._limiter = conn.retry, conn.limiter
        self._send_dimensions = (
            send_dimensions if send_dimensions is not None else cfg.embed_send_dimensions
        )
        self._batch_size = batch_size or cfg.embed_batch_size
        sdk = import_extra("openai", "openai")
        self._sdk = sdk
        self._client: openai.OpenAI = sdk.OpenAI(
            api_key=conn.api_key, base_url=self._base_url, timeout=self._timeout_s, max_retries=0
        )

    @property
    def name(self) -> str:
        return f"openai-compatible:{self._model}:{self._dimension}"

    @property
    def dimension(self) -> int:
        return self._dimension

    def embed_batch(self, texts: Sequence[str], *, kind: EmbedKind = "document") -> Matrix:
        out = np.zeros((len(texts), self._dimension), dtype=np.float32)
        for start in range(0, len(texts), self._batch_size):
            chunk = list(texts[start : start + self._batch_size])
            out[start : start + len(chunk)] = self._embed_chunk(chunk)
        return out

    def close(self) -> None:
        self._client.close()

    def _embed_chunk(self, texts: list[str]) -> Matrix:
        request: dict[str, object] = {
            "model": self._model,
            "input": [t if t.strip() else " " for t in texts],
            "encoding_format": "float",
        }
        if self._send_dimensions:
            request["dimensions"] = self._dimension
        response, _ = call_with_retries(
            lambda: self._client.embeddings.create(**request),  # type: ignore[arg-type]
            what=f"embedding request to {self._base_url or 'api.openai.com'} "
            f"(model {self._model!r})",
            policy=self._retry,
            limiter=self._limiter,
            translate=self._translate,
        )
        return self._rows(response, len(texts))

    def _rows(self, response: CreateEmbeddingResponse, expected: int) -> Matrix:
        items = sorted(response.data, key=lambda d: d.index)
        if len(items) != expected:
            raise ProviderOutputError(
                f"embedding model {self._model!r} returned {len(items)} vectors for "
                f"{expected} texts",
                prompt_name="embed",
            )
        matrix = np.asarray([item.embedding for item in items], dtype=np.float32)
        if matrix.ndim != 2 or matrix.shape[1] != self._dimension:
            got = matrix.shape[1] if matrix.ndim == 2 else "ragged"
            raise ProviderOutputError(
                f"embedding model {self._model!r} returned vectors of dimension {got}, but "
                f"this embedder is configured for {self._dimension}. Set dimension={got} "
                "(a store bound to another dimension needs a new file), or use a model / "
                "server that honours dimensions=; vectors are never truncated",
                prompt_name="embed",
            )
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        return (matrix / norms).astype(np.float32)

    def _translate(self, exc: BaseException) -> Failure | None:
        return sdk_failure(self._sdk, exc, timeout_s=self._timeout_s)
