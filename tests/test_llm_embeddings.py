"""OpenAICompatibleEmbedder: explicit dimensions, unit rows, batches, never truncation."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from chronomem.errors import ProviderHTTPError, ProviderOutputError
from chronomem.providers import OpenAICompatibleEmbedder, Settings
from chronomem.testing.fake_openai import FakeOpenAIServer
from tests.llm_support import FAST_RETRY, needs_sdk


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    needs_sdk("openai")
    with FakeOpenAIServer(embedding_dimension=64) as fake:
        yield fake


def embedder(server: FakeOpenAIServer, **options: object) -> OpenAICompatibleEmbedder:
    options.setdefault("dimension", 32)
    return OpenAICompatibleEmbedder(
        model="text-embedding-3-small",
        base_url=server.base_url,
        retry_policy=FAST_RETRY,
        settings=Settings(),
        **options,  # type: ignore[arg-type]
    )


def test_requests_the_configured_dimension_and_returns_unit_rows(server):
    e = embedder(server)
    vectors = e.embed_batch(["Alice works at Meta", "Bob lives in Paris"], kind="query")
    assert vectors.shape == (2, 32) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    body = server.requests[0].body
    assert body["dimensions"] == 32 and body["model"] == "text-embedding-3-small"
    assert e.dimension == 32 and e.name == "openai-compatible:text-embedding-3-small:32"


def test_a_vector_of_another_dimension_is_an_error_never_a_truncation(server):
    e = embedder(server, send_dimensions=False)  # the server answers its own 64 dims
    with pytest.raises(
        ProviderOutputError, match=r"dimension 64.*configured for 32.*never truncated"
    ):
        e.embed_batch(["hello"])


def test_large_inputs_are_sent_in_batches_in_order(server):
    e = embedder(server, batch_size=3)
    texts = [f"text number {i}" for i in range(7)]
    vectors = e.embed_batch(texts)
    assert [len(r.body["input"]) for r in server.requests] == [3, 3, 1]
    assert np.allclose(vectors, embedder(server, batch_size=100).embed_batch(texts), atol=1e-6)


def test_embedding_errors_are_retried_then_reported(server):
    for _ in range(3):
        server.enqueue(status=503, endpoint="embeddings")
    with pytest.raises(ProviderHTTPError, match="embedding request") as err:
        embedder(server).embed_batch(["x"])
    assert err.value.status_code == 503 and len(server.requests) == 3


def test_a_wrong_number_of_vectors_is_an_error(server):
    server.enqueue([[1.0] + [0.0] * 31], endpoint="embeddings")
    with pytest.raises(ProviderOutputError, match="1 vectors for 2 texts"):
        embedder(server).embed_batch(["a", "b"])
