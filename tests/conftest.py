"""Shared fixtures: fast, deterministic memories (HashEmbedder, ManualClock, rule extractor),
and the real default embedder for the tests that read through it."""

from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from chronomem import Memory
from chronomem.ports import Embedder
from chronomem.testing import HashEmbedder, ManualClock
from tests.helpers import t
from tests.real_embedder import real_embedder

if TYPE_CHECKING:
    import httpx

    from chronomem.service.runtime import ServiceRuntime


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    """The real default embedder (loaded once per process), for tests that read through it."""
    return real_embedder()


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


# A test may skip only because an optional extra is not installed, and says which
# (`pip install "chronomem[...]"`). In CI every extra is installed, so any other skip -- a
# backend or browser that did not start, a missing tool -- fails the run instead of hiding.
_EXTRA_MISSING = re.compile(r"chronomem\[[a-z,]+\]")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if os.environ.get("CI", "").lower() not in {"1", "true", "yes"}:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter is not None else []
    unexpected = [r for r in skipped if not _EXTRA_MISSING.search(str(r.longrepr))]
    if unexpected:
        reporter.write_line(
            f"CI: {len(unexpected)} tests skipped for a reason other than a "
            "missing extra; in CI that is a failure:",
            red=True,
        )
        for report in unexpected[:20]:
            reporter.write_line(f"  {report.nodeid}: {report.longrepr}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
