"""The temporal benchmark (bench/temporal.py): its data, its machinery, and the fast subset's
accuracy on the real default embedder.

The thresholds below are what the code reaches today (raise them as fixes land; the targets of
issue 10 are overall >= 0.90 and every category >= 0.75 on the full set).
"""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import temporal  # noqa: E402
from temporal_checks import believed, evaluate, upcoming  # noqa: E402
from temporal_data import (  # noqa: E402
    CATEGORIES,
    DataError,
    load_scenarios,
    parse_scenario,
)
from temporal_llm import questions, reached_decision  # noqa: E402

from chronomem import Episode, Fact  # noqa: E402
from chronomem.testing import HashEmbedder  # noqa: E402

# -- thresholds: the fast subset, rule path, real embedder -----------------------------------
FAST_MIN_ACCURACY = 0.99  # 136/137 = 0.9927, main at the end of round 3 (2026-11-24 03:55)
FAST_MIN_BY_CATEGORY: dict[str, float] = {
    "job": 1.000,
    "residence": 1.000,
    "relationship": 1.000,
    "habit_diet": 1.000,
    "health": 1.000,
    "pet": 1.000,
    "possession": 1.000,
    "role": 0.857,
    "preference": 1.000,
    "membership": 1.000,
    "correction": 1.000,
    "third_person": 1.000,
    "assistant": 1.000,
    "plan": 1.000,
    "past_ending": 1.000,
    "accumulate": 1.000,
    "out_of_order": 1.000,
    "valid_at": 1.000,
    "known_at": 1.000,
}


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def scenario(checks: list[dict[str, object]], **extra: object):  # type: ignore[no-untyped-def]
    raw = {
        "id": "machinery",
        "category": "residence",
        "user": "Alice",
        "messages": [
            {"speaker": "Alice", "content": "I live in Paris.", "time": "2024-01-05T10:00Z"},
            {"speaker": "Assistant", "content": "Paris is lovely in spring.", "time": "+1m"},
        ],
        "checks": checks,
        **extra,
    }
    return parse_scenario(raw, "test")


# -- the data ---------------------------------------------------------------------------------
def test_the_data_meets_the_issue_size_and_covers_every_category():
    every = load_scenarios()
    fast = load_scenarios(subset="fast")
    assert len(every) >= 200
    assert sum(len(s.checks) for s in every) >= 400
    assert len(fast) >= 60
    for subset in (every, fast):
        assert {c.category for s in subset for c in s.checks} == set(CATEGORIES)
    assert any(s.ingest_order != tuple(range(len(s.messages))) for s in every)
    assert any(m.role == "assistant" for s in every for m in s.messages)


@pytest.mark.parametrize(
    ("folder", "prefix", "min_checks"),
    [
        ("temporal_heldout", "h-", 180),
        ("temporal_heldout2", "h2-", 180),
        ("temporal_heldout3", "h3-", 190),
        ("temporal_heldout4", "h4-", 190),
        ("temporal_heldout5", "h5-", 190),
        ("temporal_heldout6", "h6-", 240),
        ("temporal_heldout7", "h7-", 220),
        ("temporal_heldout8", "h8-", 330),
        ("temporal_heldout9", "h9-", 260),
        ("temporal_dev10", "d10-", 280),
        ("temporal_dev11", "d11-", 280),
        ("temporal_dev12", "d12-", 280),
        ("temporal_dev13", "d13-", 280),
        ("temporal_dev14", "d14-", 280),
        ("temporal_dev15", "d15-", 280),
        ("temporal_dev16", "d16-", 280),
        ("temporal_dev17", "d17-", 280),
        ("temporal_dev18", "d18-", 280),
        ("temporal_dev19", "d19-", 280),
        ("temporal_dev20", "d20-", 280),
        ("temporal_dev21", "d21-", 280),
        ("temporal_dev22", "d22-", 280),
        ("temporal_dev23", "d23-", 280),
        ("temporal_dev24", "d24-", 280),
        ("temporal_dev25", "d25-", 280),
        ("temporal_dev26", "d26-", 280),
        ("temporal_dev27", "d27-", 280),
        ("temporal_dev28", "d28-", 280),
        ("temporal_dev29", "d29-", 280),
        ("temporal_dev30", "d30-", 280),
        ("temporal_dev31", "d31-", 280),
        ("temporal_dev32", "d32-", 280),
        ("temporal_dev33", "d33-", 280),
        ("temporal_dev34", "d34-", 280),
        ("temporal_dev35", "d35-", 280),
        ("temporal_dev36", "d36-", 280),
        ("temporal_dev37", "d37-", 280),
    ],
)
def test_each_held_out_set_loads_covers_every_category_and_shares_no_ids(
    folder: str, prefix: str, min_checks: int
) -> None:
    """The held-out sets (each written blind, by someone who read neither the extractor nor
    the other sets; their READMEs say which were later used for tuning) keep the documented
    format; only their shape is asserted here, never their content."""
    path = BENCH / "data" / folder
    sets = load_scenarios(path)
    assert len(sets) >= 75
    assert sum(len(s.checks) for s in sets) >= min_checks
    assert {c.category for s in sets for c in s.checks} == set(CATEGORIES)
    ids = {s.id for s in sets}
    assert all(i.startswith(prefix) for i in ids)
    others = [d for d in (BENCH / "data").glob("temporal*") if d != path and any(d.glob("*.jsonl"))]
    assert BENCH / "data" / "temporal" in others
    for other in others:
        assert not ids & {s.id for s in load_scenarios(other)}, other.name


def test_data_option_refuses_a_folder_without_scenarios(tmp_path, capsys):
    for folder in (tmp_path / "missing", tmp_path):
        with pytest.raises(SystemExit) as exited:
            temporal.main(["--data", str(folder), "--no-llm"])
        assert exited.value.code == 2
        assert "--data" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"checks": [{"kind": "now", "subject": "Alice", "contains": "x"}]}, "kind must be"),
        ({"checks": [{"kind": "current", "contains": "x"}]}, "needs a subject"),
        ({"checks": [{"kind": "current", "subject": "Alice"}]}, "contains and/or excludes"),
        ({"checks": [{"kind": "held_at", "subject": "A", "contains": "x"}]}, "needs valid_at"),
        ({"ingest_order": [0, 0]}, "ingest_order"),
        ({"user": "Bob"}, "never speaks"),
    ],
)
def test_malformed_scenarios_are_refused_with_the_reason(change, message):
    raw = {
        "id": "bad",
        "category": "job",
        "user": "Alice",
        "messages": [
            {"speaker": "Alice", "content": "hi", "time": "2024-01-01T00:00Z"},
            {"speaker": "Alice", "content": "hello", "time": "+1d"},
        ],
        "checks": [{"kind": "current", "subject": "Alice", "contains": "x"}],
    }
    raw.update(change)
    with pytest.raises(DataError, match=message):
        parse_scenario(raw, "t")


def test_out_of_order_messages_are_learned_in_ingest_order():
    s = parse_scenario(
        {
            "id": "ooo",
            "category": "out_of_order",
            "user": "A",
            "ingest_order": [1, 0],
            "messages": [
                {"speaker": "A", "content": "one", "time": "2024-01-01T00:00Z"},
                {"speaker": "A", "content": "two", "time": "2024-03-01T00:00Z"},
            ],
            "checks": [{"kind": "believed_at", "subject": "A", "known_at": "#0", "contains": "x"}],
        },
        "t",
    )
    learned = s.learned_times()
    assert learned[1] == at("2024-03-01T00:00") and learned[0] == at("2024-03-01T00:01")
    assert s.checks[0].known_at == at("2024-03-01T00:02")
    assert s.now > learned[0]


# -- the time rule ----------------------------------------------------------------------------
def fact(**times: datetime | None) -> Fact:
    base = {"created_at": at("2024-01-10T00:00")}
    return Fact("f", "g", "a", "b", "LIVES_IN", "Alice lives in Paris", **{**base, **times})


def test_believed_follows_both_timelines():
    closed = fact(
        valid_at=at("2024-01-01T00:00"),
        invalid_at=at("2024-03-01T00:00"),
        expired_at=at("2024-03-05T00:00"),
    )
    now = at("2024-06-01T00:00")
    assert believed(closed, valid=at("2024-02-01T00:00"), known=now)
    assert not believed(closed, valid=at("2024-04-01T00:00"), known=now)
    # before the memory learned the ending, it believed the fact still held
    assert believed(closed, valid=at("2024-04-01T00:00"), known=at("2024-03-02T00:00"))
    assert not believed(closed, valid=at("2024-02-01T00:00"), known=at("2024-01-05T00:00"))
    retracted = fact(expired_at=at("2024-02-01T00:00"))
    assert not believed(retracted, valid=now, known=now)
    ahead = fact(valid_at=at("2024-07-01T00:00"))
    assert not believed(ahead, valid=now, known=now) and upcoming(ahead, now=now)
    cancelled = fact(valid_at=at("2024-07-01T00:00"), invalid_at=at("2024-05-01T00:00"))
    assert not upcoming(cancelled, now=now)


# -- the checks on a real replay (HashEmbedder: machinery only) -------------------------------
@pytest.fixture(scope="module")
def paris(tmp_path_factory):  # type: ignore[no-untyped-def]
    s = scenario([{"kind": "current", "subject": "Alice", "contains": "Paris"}])
    with temporal.replayed(s, HashEmbedder(), tmp_path_factory.mktemp("tb")) as memory:
        yield s, memory


@pytest.mark.parametrize(
    ("check", "ok", "reason"),
    [
        ({"kind": "current", "subject": "Alice", "contains": "Paris"}, True, ""),
        ({"kind": "current", "subject": "Alice", "contains": "Berlin"}, False, "none mentions"),
        ({"kind": "current", "subject": "Alice", "excludes": "Paris"}, False, "still holds"),
        ({"kind": "current", "subject": "Alice", "excludes": "Tokyo"}, False, "never recorded"),
        ({"kind": "current", "subject": "Nobody", "contains": "Paris"}, False, "none mentions"),
        (
            {"kind": "held_at", "subject": "Alice", "valid_at": "2023-12-01", "contains": "Paris"},
            False,
            "none mentions",
        ),
        (
            {
                "kind": "believed_at",
                "subject": "Alice",
                "known_at": "2024-01-01",
                "contains": "Paris",
            },
            False,
            "none mentions",
        ),
        ({"kind": "upcoming", "subject": "Alice", "contains": "Paris"}, False, "none mentions"),
        ({"kind": "ask", "query": "Where does Alice live?", "contains": "Paris"}, True, ""),
        ({"kind": "ask", "query": "Where does Alice live?", "contains": "Rome"}, False, "none"),
    ],
)
def test_a_check_passes_or_fails_for_the_right_reason(paris, check, ok, reason):
    s, memory = paris
    probe = scenario([check])
    outcome = evaluate(probe.checks[0], memory, s)
    assert outcome.ok is ok, outcome.detail
    assert reason in outcome.detail


def test_resolve_requests_are_read_as_questions():
    """The recall reads the resolve prompt as the real renderer writes it."""
    from chronomem.model import FactQuestion, ResolutionRequest
    from chronomem.prompts import resolve

    said = at("2024-03-01T00:00")
    episode = Episode("e", "g", "Alice: I moved to Berlin.", "message", said, said)
    new = Fact("n", "g", "a", "c", "LIVES_IN", "Alice moved to Berlin", said, valid_at=said)
    request = ResolutionRequest(episode, (), (), (FactQuestion(1, new, (), (fact(),)),))
    asked = questions([{"messages": resolve.render(resolve.build_context(request))}])
    assert asked[0].new == "Alice moved to Berlin"
    assert asked[0].candidates == ("Alice lives in Paris",)
    assert reached_decision("Alice lives in Paris", asked)
    assert not reached_decision("Alice lives in Rome", asked)


# -- the fast subset on the real default embedder ---------------------------------------------
@pytest.mark.local_model
@pytest.mark.slow
def test_fast_subset_accuracy_on_the_real_embedder():
    from chronomem.providers.local import LocalEmbedder, local_model_available

    if not local_model_available():
        pytest.skip("the local embedding model is not installed (chronomem[local])")
    results = temporal.run_rule(load_scenarios(subset="fast"), LocalEmbedder())
    summary = temporal.summarize(results)
    failing = "\n".join(
        f"{r.scenario}#{r.index} {r.check}: {r.detail}" for r in results if not r.ok
    )
    assert summary["accuracy"] >= FAST_MIN_ACCURACY, failing
    for category, floor in FAST_MIN_BY_CATEGORY.items():
        row = summary["by_category"][category]  # type: ignore[index]
        assert row["accuracy"] >= floor, f"{category}: {row}\n{failing}"


def test_a_disabled_stage_reaches_the_extractor_and_an_unknown_one_is_refused(capsys):
    from chronomem.extractors import RuleExtractor

    wanted = ("job-microsoft-meta", "res-sf-oakland")
    scenarios = [s for s in load_scenarios() if s.id in wanted]
    embedder = HashEmbedder()
    full = temporal.run_rule(scenarios, embedder)
    blind = temporal.run_rule(
        scenarios, embedder, lambda _: RuleExtractor(embedder, disable=["patterns"])
    )
    assert all(r.ok for r in full)
    assert sum(r.ok for r in blind) < len(blind)  # without the pattern table most fail
    with pytest.raises(SystemExit):
        temporal.main(["--disable", "paterns", "--no-llm"])
    assert "--disable: unknown reading stage paterns" in capsys.readouterr().err


def test_a_blind_set_gives_totals_only(tmp_path: Path) -> None:
    """A set whose README title calls it blind (and that is not retired) never shows its
    failures: ``--verbose`` and ``--scenario`` are refused before anything runs."""
    blind = tmp_path / "blind"
    blind.mkdir()
    (blind / "README.md").write_text("# Some set - blind held-out scenarios\n")
    retired = tmp_path / "retired"
    retired.mkdir()
    (retired / "README.md").write_text(
        "# Some set (written blind)\n\n> **Retired as a held-out set (round 6).**\n"
    )
    assert temporal.is_blind(blind)
    assert not temporal.is_blind(retired)
    assert not temporal.is_blind(BENCH / "data" / "temporal")  # names a blind set, is none
    for flag in (["--verbose"], ["--scenario", "x"]):
        with pytest.raises(SystemExit) as exc:
            temporal.main(["--no-llm", "--data", str(blind), *flag])
        assert exc.value.code == 2


def test_the_stage_ablation_of_a_blind_set_reports_counts_never_ids(tmp_path: Path) -> None:
    """`bench/ablation.py --data <blind set>` is how a held-out set weighs the stages: its
    report says how many checks each stage is worth, never which scenario or check."""
    import ablation

    blind = tmp_path / "blind"
    blind.mkdir()
    (blind / "README.md").write_text("# Some set - blind held-out scenarios\n")
    scenario = {
        "id": "secret-scenario-id",
        "category": "job",
        "user": "Moss",
        "messages": [
            {"speaker": "Moss", "content": "I work at Fernhill Bakery", "time": "2024-01-01"},
            {"speaker": "Moss", "content": "I now work at Oakridge Press", "time": "+30d"},
        ],
        "checks": [{"kind": "current", "subject": "Moss", "contains": "Oakridge"}],
    }
    (blind / "job.jsonl").write_text(json.dumps(scenario) + "\n")
    result = ablation.ablate_set(blind, HashEmbedder(), ["patterns"])
    report = ablation.vars_of(result)
    assert result.blind and report["checks"] == 1
    assert report["fired"] == {"patterns": 1}
    assert isinstance(report["lost"], dict) and set(report["lost"]) == {"patterns"}
    assert "secret-scenario-id" not in json.dumps(report)
