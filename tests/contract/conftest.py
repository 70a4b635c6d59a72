"""The ``store`` fixture: every contract test runs once per entry of ``stores.STORES``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from chronomem.ports import Store

from .stores import STORES


@pytest.fixture(params=sorted(STORES))
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    with STORES[request.param](tmp_path) as fresh:
        yield fresh
