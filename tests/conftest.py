"""Shared fixtures: fast, deterministic memories (HashEmbedder, ManualClock, rule extractor)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from chronomem import Memory
from chronomem.testing import HashEmbedder, ManualClock
from tests.helpers import t

if TYPE_CHECKING:
    import httpx

    from chronomem.service.runtime import ServiceRuntime


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(t("2024-01-01T00:00"))


MemoryFactory = Callable[..., Memory]


@pytest.fixture
def make_memory(clock: ManualClock) -> Iterator[MemoryFactory]:
    """Build memories on HashEmbedder + the shared ManualClock; all closed after the test."""
    opened: list[Memory] = []

    def factory(path: str = ":memory:", **options: object) -> Memory:
        options.setdefault("embedder", HashEmbedder())
        options.setdefault("clock", clock)
        memory = Memory(path, **options)  # type: ignore[arg-type]
        opened.append(memory)
        return memory

    yield factory
    for memory in opened:
        memory.close()


@pytest.fixture
def anyio_backend() -> str:
    """The async tests (``pytest.mark.anyio``) run on asyncio."""
    return "asyncio"


@pytest.fixture
def runtime(tmp_path: Path) -> Iterator[ServiceRuntime]:
    """A started service runtime on a fresh file (HashEmbedder), closed after the test."""
    from tests.service_helpers import make_runtime

    rt = make_runtime(tmp_path / "memory.db")
    rt.start()
    yield rt
    rt.close()


@pytest.fixture
async def api(runtime: ServiceRuntime) -> AsyncIterator[httpx.AsyncClient]:
    """An admin REST client of the ``runtime`` in scope (a test file may override either)."""
    from tests.service_helpers import asgi_client

    token = runtime.keys.create(name="admin", groups=["*"], admin=True).token
    async with asgi_client(runtime, token) as client:
        yield client
