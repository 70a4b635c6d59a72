"""The cost benchmark's chronomem side stays runnable and within its targets (small run)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from tests.llm_support import needs_sdk

BENCH = Path(__file__).resolve().parents[1] / "bench" / "ingest_cost.py"


def _bench():  # type: ignore[no-untyped-def]
    if "ingest_cost" in sys.modules:
        return sys.modules["ingest_cost"]
    spec = importlib.util.spec_from_file_location("ingest_cost", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ingest_cost"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_a_short_run_stays_within_two_rounds_and_counts_tokens():
    bench = _bench()
    if not (bench.PEER / "data" / "conversation.json").exists():
        pytest.skip("../shared/peer/graphiti is not beside the repository")
    needs_sdk("openai")
    conversation = json.loads((bench.PEER / "data" / "conversation.json").read_text())[:4]
    episodes = bench.run_chronomem(conversation, latency=0.0)
    assert len(episodes) == 4
    assert all(e.rounds <= 2 and e.calls <= 2 for e in episodes)
    assert all(e.by_prompt.get("extract") == 1 for e in episodes)
    assert all(e.prompt_tokens > 0 and e.schema_tokens > 0 for e in episodes)
    report = bench.aggregate(episodes, "test")
    assert report["max_rounds_per_episode"] <= 2


def test_rounds_are_counted_from_overlapping_requests():
    bench = _bench()
    assert bench.rounds_of([]) == 0
    assert bench.rounds_of([(0.0, 1.0), (0.1, 1.1), (1.2, 2.0)]) == 2  # two in parallel, one after
    assert bench.rounds_of([(0.0, 1.0), (1.0, 2.0), (2.0, 3.0)]) == 3


def test_the_results_section_is_replaced_without_touching_others(tmp_path, monkeypatch):
    bench = _bench()
    results = tmp_path / "RESULTS.md"
    results.write_text(
        f"# Results\n\n## Other\nkeep me\n\n{bench.HEADING}\nold\n\n## Later\nme too\n"
    )
    monkeypatch.setattr(bench, "RESULTS", results)
    bench.write_results(f"{bench.HEADING}\nnew\n")
    text = results.read_text()
    assert "keep me" in text and "me too" in text and "new" in text and "old" not in text
