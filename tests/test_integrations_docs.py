"""docs/integrations.md: every snippet runs as written (after the page's setup block) and
prints what the page says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[1] / "docs" / "integrations.md"
SNIPPETS = {  # heading -> (framework module, extra, lines the snippet must print)
    "LangChain: a retriever": (
        "langchain_core",
        "langchain",
        ["Sam moved to Berlin (2026-04-02 – present)", "Sam lives in Lisbon"],
    ),
    "LangGraph: a long-term store and a node that remembers turns": (
        "langgraph",
        "langgraph",
        ["{'content': 'Ann lives in Rome.'}", "Ann lives in Rome", "Sam works at Acme"],
    ),
    "OpenAI Agents SDK: tools": (
        "agents",
        "openai-agents",
        ["['remember', 'recall', 'context_for', 'timeline']"],
    ),
    "pydantic-ai: a toolset": ("pydantic_ai", "pydantic-ai", ['"recall"']),
    "LlamaIndex: a memory block": (
        "llama_index.core",
        "llamaindex",
        ["- Sam lives in Lisbon (2026-02-10 – 2026-04-02)"],
    ),
}


def blocks() -> dict[str, str]:
    """Each section's python block, by heading."""
    found: dict[str, str] = {}
    for section in re.split(r"^## ", PAGE.read_text(), flags=re.M)[1:]:
        heading, _, body = section.partition("\n")
        code = re.findall(r"```python\n(.*?)```", body, re.S)
        if code:
            found[heading.strip()] = code[0]
    return found


def test_every_framework_section_has_a_snippet() -> None:
    assert set(blocks()) == {"Setup used by the snippets", *SNIPPETS}


@pytest.mark.parametrize("heading", sorted(SNIPPETS))
def test_the_snippet_runs_as_written(heading: str, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    module, extra, printed = SNIPPETS[heading]
    pytest.importorskip(
        module, reason=f'needs chronomem[{extra}]: pip install "chronomem[{extra}]"'
    )
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    code = blocks()
    scope: dict[str, object] = {"__name__": "docs"}
    exec(compile(code["Setup used by the snippets"], str(PAGE), "exec"), scope)
    exec(compile(code[heading], str(PAGE), "exec"), scope)
    out = capsys.readouterr().out
    for line in printed:
        assert line in out, out
