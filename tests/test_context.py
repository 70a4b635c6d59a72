"""The context builder: budget, dated facts, sections, what it lists, CLI."""

from __future__ import annotations

import json

import pytest

from chronomem import Memory
from chronomem.cli.main import main
from chronomem.errors import UsageError
from chronomem.search import estimate_tokens
from chronomem.search.context import text_tokens
from chronomem.search.snippets import snippet
from tests.test_search_methods import G, day, memory  # noqa: F401 - the hand-built graph


def test_budget_is_respected_and_counted(memory: Memory) -> None:  # noqa: F811
    for budget in (60, 120, 400, 2000):
        ctx = memory.context(
            "Where does Alice work and who lives in Paris?", group_id=G, max_tokens=budget
        )
        assert ctx.tokens == text_tokens(ctx.text) <= budget
    small = memory.context("Paris", group_id=G, max_tokens=60)
    assert len(small.fact_ids) + len(small.episode_ids) < 5


def test_facts_carry_date_ranges_and_sections_are_labelled(memory: Memory) -> None:  # noqa: F811
    ctx = memory.context("Where does Alice work?", group_id=G)
    assert "<FACTS>" in ctx.text and "<ENTITIES>" in ctx.text
    assert "- Alice works at Acme as an engineer (2024-01-12 – present)" in ctx.text
    assert "f-initech" not in ctx.fact_ids  # ended: not current
    past = memory.context("Where does Alice work?", group_id=G, valid_at=day(5))
    assert "- Alice works at Initech (2024-01-01 – 2024-01-11)" in past.text
    assert "f-acme" not in past.fact_ids


def test_lists_what_it_shows_and_episodes_behind_facts(memory: Memory) -> None:  # noqa: F811
    ctx = memory.context("Who lives in Paris?", group_id=G)
    assert "f-cp" in ctx.fact_ids
    assert set(ctx.source_episode_ids) >= {"e3", "e4", "e5"}
    # the quotes that support the shown facts are shown too, not only credited to the fact
    assert {"e3", "e4", "e5"} <= set(ctx.episode_ids)
    for fact_id in ctx.fact_ids:
        assert fact_id.startswith("f-")
    assert all(e.id in ctx.text or e.content.split(":")[0] in ctx.text for e in ctx.episodes)


def test_episodes_are_dated_and_chronological(memory: Memory) -> None:  # noqa: F811
    ctx = memory.context("school Bob Initech", group_id=G, config=None)
    if ctx.episodes:
        section = ctx.text.split("<EPISODES>")[1]
        assert section.lstrip().startswith("[2024-")


def test_snippets_keep_matching_sentences_verbatim() -> None:
    text = "Mel: Hey! Good to see you. I painted a sunrise last year. The kids are fine."
    terms = frozenset({"paint", "sunri"})
    assert snippet(text, terms, 3) == "Mel: … I painted a sunrise last year. …"
    assert snippet("Mel: One sentence only.", terms, 3) == "Mel: One sentence only."


def test_token_estimate_is_deterministic_and_counts_digits() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("hello world") == 2
    assert estimate_tokens("2023-05-08") == 6  # 202 3 - 05 - 08
    assert estimate_tokens("internationalization") == 3


def test_empty_query_is_a_usage_error(memory: Memory) -> None:  # noqa: F811
    with pytest.raises(UsageError):
        memory.context("  ", group_id=G)


def test_cli_context(tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from chronomem.testing import HashEmbedder

    monkeypatch.setattr("chronomem.memory.default_embedder", lambda **_: HashEmbedder())
    db = str(tmp_path / "m.db")
    with Memory(db) as m:
        m.add_episode(
            "Alice: I moved to Lisbon last month.", group_id="demo", reference_time=day(30)
        )
    assert main(["context", "--db", db, "--group", "demo", "Where does Alice live?", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["tokens"] <= 2000 and "Lisbon" in out["text"]


@pytest.mark.local_model
def test_the_context_never_shows_one_line_twice(tmp_path):
    """Facts that read the same (a WORKS_AT and a MENTIONED fact of one sentence, when the
    extractor yields both) and a message said twice the same day appear once, on the
    default path."""
    from datetime import UTC, datetime

    from chronomem.providers.local import local_model_available

    if not local_model_available():
        pytest.skip("chronomem[local] is not installed")
    day = datetime(2024, 5, 1, 9, tzinfo=UTC)
    with Memory(str(tmp_path / "m.db")) as mem:
        for minute, text in enumerate(
            [
                "Alice: I started working at Acme Corp with Bob Smith last month.",
                "Alice: My sister Carol moved to Berlin with her husband Dave.",
                "Bob: I joined Google in Zurich together with Maria.",
                "Bob: ok sounds good",
                "Bob: ok sounds good",
            ]
        ):
            mem.add_episode(text, group_id="g", reference_time=day.replace(minute=minute))
        for query in ("Where does Alice work?", "Who did Bob join Google with?", "ok?"):
            text = mem.context(query, group_id="g").text
            lines = [line for line in text.splitlines() if line.strip() and "<" not in line]
            assert len(lines) == len(set(lines)), text
