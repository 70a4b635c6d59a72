"""Shared by the tests/test_llm_*.py files: a fast retry policy and provider builders."""

from __future__ import annotations

import pytest

from chronomem.providers import OpenAICompatibleLLM, RetryPolicy, Settings
from chronomem.testing.fake_openai import FakeOpenAIServer

# tiny waits keep the retry tests fast; Retry-After from the server still wins
FAST_RETRY = RetryPolicy(max_retries=2, backoff_base_s=0.01, backoff_max_s=0.02, jitter=0.0)

SYSTEM_AND_USER = [
    {"role": "system", "content": "You answer with JSON."},
    {"role": "user", "content": "Give me x=1 and y=['a']."},
]


def make_llm(server: FakeOpenAIServer, **options: object) -> OpenAICompatibleLLM:
    """An OpenAICompatibleLLM on the fake server, isolated from the environment (the test
    is skipped, saying so, when the ``openai`` extra is not installed)."""
    needs_sdk("openai")
    options.setdefault("retry_policy", FAST_RETRY)
    return OpenAICompatibleLLM(
        model="fake-model",
        base_url=server.base_url,
        api_key="test-key",
        settings=Settings(),
        **options,  # type: ignore[arg-type]
    )


def needs_sdk(extra: str, module: str | None = None) -> None:
    """Skip the calling test, saying which extra to install, when that provider's SDK is
    not installed (the only reason a provider test may skip)."""
    pytest.importorskip(
        module or extra,
        reason=f'the {extra} extra is not installed: pip install "chronomem[{extra}]"',
    )
