"""``chronomem eval``: the loaders read each benchmark's published shape, the retrieval
metrics measure what they claim, runs resume, and the LLM answer + judge path runs end to
end against the fake server (the real SDK over 127.0.0.1)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from chronomem.cli.main import main
from chronomem.errors import UsageError
from chronomem.eval import load_benchmark
from chronomem.eval.baselines import BASELINES, Baselines
from chronomem.eval.data import Turn
from chronomem.eval.jsonl import load_jsonl
from chronomem.eval.judge import judge_messages
from chronomem.eval.locomo import load_locomo
from chronomem.eval.longmemeval import load_longmemeval
from chronomem.eval.metrics import retrieval_record, wilson_interval
from chronomem.testing.fake_openai import FakeOpenAIServer
from tests.eval_data import JSONL, LOCOMO, LONGMEMEVAL, write_json, write_jsonl
from tests.llm_support import needs_sdk


@pytest.fixture(autouse=True)
def no_llm_settings(monkeypatch):
    for name in ("CHRONOMEM_LLM_MODEL", "CHRONOMEM_LLM_PROVIDER", "CHRONOMEM_LLM_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


def test_locomo_loader_reads_sessions_dates_evidence_and_skips_adversarial(tmp_path):
    (conv, other) = load_locomo(write_json(tmp_path / "locomo.json", LOCOMO))
    assert conv.id == "conv-1" and [t.id for t in conv.turns][:2] == ["D1:1", "D1:2"]
    pottery = conv.turns[2]
    assert pottery.text.startswith("Caroline: I went to a pottery class")
    assert "[shares a photo: a clay bowl on a wheel]" in pottery.text
    assert pottery.session == "session_1" and (pottery.when.month, pottery.when.day) == (5, 8)
    assert conv.turns[3].when.hour == 10 and conv.turns[3].session == "session_2"
    art = conv.questions[2]
    assert art.category == "multi-hop" and art.evidence == {"D1:3", "D2:2"}
    assert art.evidence_sessions == {"session_1", "session_2"}
    assert len(conv.questions) == 3  # the category-5 question has no answer: left out
    assert len(other.questions) == 1


def test_longmemeval_loader_reads_haystack_evidence_dates_and_abstention(tmp_path):
    temporal, abstain = load_longmemeval(write_json(tmp_path / "lme.json", LONGMEMEVAL))
    (q,) = temporal.questions
    assert q.category == "temporal-reasoning" and q.answer == "10 days"
    assert q.evidence == {"answer_s-b:0"} and q.evidence_sessions == {"answer_s-b"}
    assert q.asked_at is not None and q.asked_at.isoformat() == "2023-06-01T10:00:00+00:00"
    assert temporal.turns[2].text.startswith("User: I bought a new guitar")
    assert temporal.turns[2].when.isoformat() == "2023-05-20T02:21:00+00:00"
    assert temporal.turns[1].text.startswith("Assistant: ")
    (a,) = abstain.questions
    assert a.abstention and not a.evidence


def test_jsonl_loader_and_its_errors_name_the_line(tmp_path):
    (conv,) = load_jsonl(write_jsonl(tmp_path / "own.jsonl", JSONL))
    assert conv.turns[0].text == "Alice: I moved to Lisbon in March."
    assert conv.questions[0].evidence_sessions == {"s1"}
    bad = [dict(JSONL[0], time="2024-03-05 10:00")]
    with pytest.raises(UsageError, match=r"own2.jsonl:1: .*UTC offset"):
        load_jsonl(write_jsonl(tmp_path / "own2.jsonl", bad))
    unknown = [JSONL[0], dict(JSONL[2], evidence=["t9"])]
    with pytest.raises(UsageError, match="unknown turn ids"):
        load_jsonl(write_jsonl(tmp_path / "own3.jsonl", unknown))
    with pytest.raises(UsageError, match="not LoCoMo JSON"):
        load_benchmark("locomo", write_json(tmp_path / "x.json", {"a": 1}))


def test_recall_at_k_ranks_sessions_by_their_best_turn():
    session_of = {f"s{s}:{i}": f"s{s}" for s in range(12) for i in range(3)}
    ranking = [f"s{s}:{i}" for s in range(12) for i in range(3)]  # 3 turns a session
    row = retrieval_record(frozenset({"s4:0"}), frozenset({"s4"}), {"s4:0"}, ranking, session_of)
    assert row["evidence_all"] and not row["turn_any@5"] and not row["turn_any@10"]
    assert row["session_any@5"] and row["session_all@10"]  # s4 is the fifth session
    late = retrieval_record(frozenset({"s8:1"}), frozenset({"s8"}), set(), ranking, session_of)
    assert not late["evidence_any"] and not late["session_any@5"] and late["session_any@10"]


def test_text_recall_counts_only_turns_whose_words_are_shown():
    gold = frozenset({"a", "b"})
    credited = {"a", "b", "c"}  # "b" is only the source of a shown fact
    row = retrieval_record(gold, frozenset(), credited, [], {}, text_shown={"a", "c"})
    assert row["evidence_all"] and row["text_any"] and not row["text_all"]
    raw = retrieval_record(gold, frozenset(), {"a", "b"}, [], {})  # a baseline: text is all
    assert raw["text_all"] and raw["evidence_all"]


def test_baselines_stop_at_the_first_misfit_or_skip_it_and_keep_filling():
    when = datetime(2024, 1, 1, tzinfo=UTC)
    texts = ["short one", "word " * 400, "short two"]
    turns = [Turn(f"t{i}", "s", text, when) for i, text in enumerate(texts)]
    base = Baselines(turns, np.eye(3, dtype=np.float32))
    assert base.fill([0, 1, 2], 100) == {"t0"}
    assert base.fill([0, 1, 2], 100, skip=True) == {"t0", "t2"}
    shown = base.shown("short", np.array([0, 0, 1], dtype=np.float32), 100)
    assert set(shown) == set(BASELINES)
    assert shown["dense_stop"] == {"t2", "t0"} and shown["bm25_skip"] == {"t0", "t2"}


def test_wilson_interval_matches_the_textbook_value():
    assert wilson_interval(8, 10) == (0.4902, 0.9433)
    assert wilson_interval(0, 0) == (0.0, 0.0)


def run_eval(tmp_path: Path, *args: str) -> dict:
    report = tmp_path / "report.json"
    argv = ["eval", *args, "--embedder", "hash", "--quiet", "--json", str(report)]
    assert main([*argv, "--results", str(tmp_path / "results.jsonl")]) == 0
    return json.loads(report.read_text())


def test_eval_locomo_offline_reports_retrieval_and_resumes(tmp_path, capsys):
    data = write_json(tmp_path / "locomo10.json", LOCOMO)
    first = run_eval(tmp_path, "locomo", "--data", str(data), "--limit", "1")
    assert first["overall"]["questions"] == 3 and "accuracy" not in first["overall"]
    assert first["overall"]["evidence_any"] == 1.0  # a 2,000-token context holds 5 turns
    assert 0.0 <= first["overall"]["text_all"] <= first["overall"]["evidence_all"]
    assert first["overall"]["turn_any@5"] == 1.0
    assert set(first["categories"]) == {"multi-hop", "single-hop"}
    assert "| overall |" in capsys.readouterr().out
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    assert json.loads(lines[0])["run"]["benchmark"] == "locomo" and len(lines) == 4
    # mark one stored result: a resumed run must reuse it, not score the question again
    row = json.loads(lines[1])
    row["evidence_all"] = False
    lines[1] = json.dumps(row)
    (tmp_path / "results.jsonl").write_text("\n".join(lines) + "\n")
    capsys.readouterr()
    second = run_eval(tmp_path, "locomo", "--data", str(data))
    assert second["overall"]["questions"] == 4  # conversation 2 was added
    assert second["overall"]["evidence_all"] == 0.75  # the marked row was kept
    assert len((tmp_path / "results.jsonl").read_text().splitlines()) == 5
    said = capsys.readouterr().err
    assert "resuming from" in said and "3 questions done" in said and "--fresh" in said
    fresh = run_eval(tmp_path, "locomo", "--data", str(data), "--fresh")
    assert fresh["overall"]["evidence_all"] == 1.0  # the marked row was scored again
    assert "resuming" not in capsys.readouterr().err


def test_eval_refuses_to_resume_a_results_file_of_another_run(tmp_path):
    data = write_json(tmp_path / "locomo10.json", LOCOMO)
    run_eval(tmp_path, "locomo", "--data", str(data), "--limit", "1")
    argv = ["eval", "locomo", "--data", str(data), "--embedder", "hash", "--quiet"]
    argv += ["--max-tokens", "500", "--results", str(tmp_path / "results.jsonl")]
    assert main(argv) == 2  # a UsageError, printed without a traceback


def test_eval_with_an_llm_answers_judges_and_reports_accuracy(tmp_path, monkeypatch):
    needs_sdk("openai")
    data = write_json(tmp_path / "lme.json", LONGMEMEVAL)
    with FakeOpenAIServer() as server:
        monkeypatch.setenv("CHRONOMEM_LLM_MODEL", "fake-model")
        monkeypatch.setenv("CHRONOMEM_LLM_BASE_URL", server.base_url)
        monkeypatch.setenv("CHRONOMEM_LLM_API_KEY", "k")
        server.enqueue({"answer": "10 days"}, task="answer")
        server.enqueue({"reasoning": "same number of days", "correct": True}, task="judge")
        server.enqueue({"answer": "Your cat is Tom."}, task="answer")
        server.enqueue(
            {"reasoning": "it answered instead of abstaining", "correct": False}, task="judge"
        )
        report = run_eval(tmp_path, "longmemeval", "--data", str(data))
        requests = server.chat_requests()
    overall = report["overall"]
    assert overall["answered"] == 2 and overall["accuracy"] == 0.5
    low, high = overall["accuracy_ci95"]
    assert 0.0 < low < 0.5 < high < 1.0
    assert overall["answer_tokens_per_question"] > 0 and overall["judge_tokens_per_question"] > 0
    assert report["run"]["answer_model"] == "fake-model"
    answer_prompt = json.dumps(requests[0].body["messages"])
    assert "guitar" in answer_prompt and "asked on 2023-06-01" in answer_prompt
    judge_prompt = json.dumps(requests[1].body["messages"])
    assert "Gold answer: 10 days" in judge_prompt and "Response: 10 days" in judge_prompt
    assert "off-by-one" in judge_prompt
    assert "unanswerable" in json.dumps(requests[3].body["messages"])
    assert report["categories"]["temporal-reasoning"]["turn_any@5"] == 1.0


def test_locomo_judge_is_generous_about_dates_and_wording(tmp_path):
    (conv, _) = load_locomo(write_json(tmp_path / "l.json", LOCOMO))
    system = judge_messages("locomo", conv.questions[0], "It's Luna")[0]["content"]
    assert "CORRECT" in system and "same date or period" in system
