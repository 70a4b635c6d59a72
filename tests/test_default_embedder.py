"""Without the local model, a stored memory is never bound to the lexical embedder silently,
and every surface shares one default context budget."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from chronomem import Memory
from chronomem.errors import UsageError
from chronomem.providers import local
from chronomem.providers.hashing import HashEmbedder
from chronomem.search.context import DEFAULT_MAX_TOKENS
from chronomem.testing import HashEmbedder as ReExported

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def no_local_model(monkeypatch):
    monkeypatch.setattr(local, "local_model_available", lambda: False)


def test_a_file_without_the_local_model_is_refused_unless_an_embedder_is_chosen(
    no_local_model, tmp_path
):
    path = tmp_path / "memory.db"
    with pytest.raises(UsageError, match=r"chronomem\[local\].*embedder=.*HashEmbedder"):
        Memory(str(path))
    with Memory(str(path), embedder=HashEmbedder()) as chosen:  # asked for: allowed
        assert chosen.embedder.name == "hash-256"


def test_an_in_ram_memory_without_the_local_model_warns_loudly(no_local_model):
    with pytest.warns(UserWarning, match="local embedding model is not installed"):
        memory = Memory()
    assert memory.embedder.name == "hash-256"
    memory.close()


def test_hash_embedder_lives_in_providers_and_testing_re_exports_it():
    assert ReExported is HashEmbedder
    assert HashEmbedder.__module__ == "chronomem.providers.hashing"


def test_every_surface_uses_the_one_default_context_budget():
    from chronomem.cli.main import build_parser
    from chronomem.mcp.tools import MemoryTools
    from chronomem.service.runtime import ServiceRuntime
    from chronomem.service.schemas import ContextIn

    assert DEFAULT_MAX_TOKENS == 2_000
    assert inspect.signature(Memory.context).parameters["max_tokens"].default == DEFAULT_MAX_TOKENS
    rt = inspect.signature(ServiceRuntime.context).parameters["max_tokens"].default
    built = inspect.signature(ServiceRuntime.context_result).parameters["max_tokens"].default
    assert built == rt
    mcp = inspect.signature(MemoryTools.get_context).parameters["max_tokens"].default
    assert rt == mcp == ContextIn.model_fields["max_tokens"].default == DEFAULT_MAX_TOKENS
    args = build_parser().parse_args(["context", "q", "--db", "x.db", "--group", "g"])
    assert args.max_tokens == DEFAULT_MAX_TOKENS
    shown = f"{DEFAULT_MAX_TOKENS:,}"
    assert f"budget ({shown} by default)" in (ROOT / "README.md").read_text()
    design = (ROOT / "docs" / "design.md").read_text()
    assert re.search(rf"DEFAULT_MAX_TOKENS` \({shown}\)", design)
