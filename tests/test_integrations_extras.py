"""The adapters stay optional: the base package never imports a framework, and an adapter
whose framework is missing says which extra installs it."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

ADAPTERS = {  # adapter module -> (framework module it needs, extra)
    "langchain": ("langchain_core", "langchain"),
    "langgraph": ("langgraph.store.base", "langgraph"),
    "openai_agents": ("agents", "openai-agents"),
    "pydantic_ai": ("pydantic_ai", "pydantic-ai"),
    "llamaindex": ("llama_index.core", "llamaindex"),
}


def test_importing_chronomem_imports_no_framework() -> None:
    code = (
        "import sys, chronomem, chronomem.integrations, chronomem.integrations.tools;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'langchain_core', 'langgraph', 'agents', 'pydantic_ai', 'llama_index'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("adapter", sorted(ADAPTERS))
def test_a_missing_framework_names_its_extra(adapter: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    framework, extra = ADAPTERS[adapter]
    monkeypatch.setitem(sys.modules, framework, None)  # importing it now raises ImportError
    monkeypatch.delitem(sys.modules, f"chronomem.integrations.{adapter}", raising=False)
    with pytest.raises(ImportError, match=rf'pip install "chronomem\[{extra}\]"'):
        importlib.import_module(f"chronomem.integrations.{adapter}")
