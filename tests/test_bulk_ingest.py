"""Bulk ingestion: long content as passages, on_error, per-episode progress, the next chunk
prepared while the current one is written (a group stays in order), and fact candidates that
do not grow with a speaker's history."""

from __future__ import annotations

import io
import time
from collections.abc import Sequence
from datetime import timedelta

import pytest

from chronomem import EpisodeInput, UsageError
from chronomem.cli.status import StatusLine
from chronomem.engine import passages
from chronomem.engine.passages import PASSAGE_CHARS, passage_of, split_text
from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, Extraction, Resolution, ResolutionRequest
from tests.conftest import MemoryFactory
from tests.helpers import t

GOOD = {"group_id": "g1", "reference_time": t("2024-01-01T10:00")}


def _document() -> str:
    towns = ["Porto", "Lisbon", "Braga", "Faro", "Evora", "Coimbra", "Aveiro", "Tavira"]
    return "\n\n".join(
        f"Chapter {i}. Alice Moreau travelled to {towns[i % 8]} with her notes. "
        "She wrote about the trains, the food and the people she met on the way, "
        f"and sent a postcard to Bruno Costa from the station number {i}."
        for i in range(260)
    )


def test_a_long_text_document_becomes_linked_passages_in_order(make_memory: MemoryFactory):
    memory = make_memory()
    doc = _document()
    assert len(doc) > 50_000
    result = memory.add_episode(doc, source="text", episode_id="doc-1", **GOOD)
    parts = result.passages
    assert len(parts) == pytest.approx(len(doc) / PASSAGE_CHARS, rel=0.2)
    assert all(len(p.content) <= PASSAGE_CHARS for p in parts)
    assert [passage_of(p.id, p.source_description) for p in parts] == [
        ("doc-1", k, len(parts)) for k in range(1, len(parts) + 1)
    ]
    assert [p.reference_time for p in parts] == sorted(p.reference_time for p in parts)
    assert " ".join(" ".join(p.content.split()) for p in parts) == " ".join(doc.split())
    stored = memory.get_episodes([p.id for p in parts], group_id="g1")
    assert len(stored) == len(parts)
    last = memory.search("postcard from the station number 259", group_id="g1")
    assert last.facts or last.entities
    again = memory.add_episode(doc, source="text", episode_id="doc-1", **GOOD)
    assert again.stored_already  # re-sending the document is a no-op, passage by passage


def test_an_over_limit_message_is_ingested_as_passages_with_the_batch(
    make_memory: MemoryFactory,
):
    memory = make_memory(max_episode_chars=5_000)
    huge = "Carol: " + " ".join(f"I tried recipe {i} for dinner." for i in range(1_500))
    turns = [
        EpisodeInput(content="Dan: hi Carol, how was the week?", **GOOD),
        EpisodeInput(content=huge, group_id="g1", reference_time=t("2024-01-01T10:01")),
        EpisodeInput(content="Dan: wow.", group_id="g1", reference_time=t("2024-01-01T10:02")),
    ]
    results = memory.add_episodes(turns)
    assert results.skipped == ()
    middle = [r.episode for r in results[1:-1]]
    assert len(middle) > 2 and all(e.content.startswith("Carol: ") for e in middle)
    assert results[0].episode.content.startswith("Dan: hi")
    assert results[-1].episode.content == "Dan: wow."


def test_content_that_passages_cannot_serve_is_refused(make_memory, monkeypatch):
    memory = make_memory(max_episode_chars=5_000)
    with pytest.raises(UsageError, match="over the limit"):
        memory.add_episode("[" + "1," * 3_000 + "1]", source="json", **GOOD)
    monkeypatch.setattr(passages, "MAX_PASSAGES", 3)
    with pytest.raises(UsageError, match="passages"):
        memory.add_episode(_document(), source="text", **GOOD)
    assert memory.store.group_version("g1") == 0


def test_split_text_cuts_at_paragraphs_then_lines_then_sentences_then_words():
    assert split_text("one\n\ntwo", limit=100) == ["one\n\ntwo"]
    assert split_text("one\n\ntwo\n\n" + "z" * 98, limit=100) == ["one\ntwo", "z" * 98]
    assert split_text("a" * 50 + "\n\n" + "b" * 50, limit=60) == ["a" * 50, "b" * 50]
    assert split_text("First one. Second one.", limit=12) == ["First one.", "Second one."]
    assert split_text("x" * 25, limit=10) == ["x" * 10, "x" * 10, "x" * 5]


def test_on_error_skip_reports_each_bad_item_and_ingests_the_rest(make_memory: MemoryFactory):
    memory = make_memory()
    items: list[EpisodeInput | dict[str, object]] = [
        EpisodeInput(content="Alice: I live in Paris.", **GOOD),
        {"content": "no group"},
        EpisodeInput(content="  ", **GOOD),
        EpisodeInput(
            content="Bob: I work at Globex.", group_id="g1", reference_time=t("2024-01-02")
        ),
    ]
    with pytest.raises(UsageError, match=r"episode 1: .*missing group_id"):
        memory.add_episodes(items)
    assert memory.store.group_version("g1") == 0  # default: validated before any write
    results = memory.add_episodes(items, on_error="skip")
    assert [r.episode.content for r in results] == [
        "Alice: I live in Paris.",
        "Bob: I work at Globex.",
    ]
    assert [(s.index, "group_id" in s.error or "empty" in s.error) for s in results.skipped] == [
        (1, True),
        (2, True),
    ]
    with pytest.raises(UsageError, match="on_error"):
        memory.add_episodes(items, on_error="ignore")  # type: ignore[arg-type]


class CountingExtractor:
    """The rule extractor, counting its calls; each call after the 8th takes 20 ms (a slow
    extractor, such as an LLM's, where a bar stuck on a whole chunk shows)."""

    def __init__(self) -> None:
        self.inner = RuleExtractor()
        self.extracted = 0

    def extract(self, episode: Episode, previous: Sequence[Episode]) -> Extraction:
        self.extracted += 1
        if self.extracted > 8:
            time.sleep(0.02)
        return self.inner.extract(episode, previous)

    def resolve(self, request: ResolutionRequest) -> Resolution:
        return self.inner.resolve(request)


def _turns(n: int) -> list[EpisodeInput]:
    cities = ["Paris", "Lyon", "Nice", "Lille"]
    return [
        EpisodeInput(
            content=f"{'Alice' if i % 2 else 'Bob'}: I moved to {cities[i % 4]} and met Eve {i}.",
            group_id="g1",
            reference_time=t("2024-01-01") + timedelta(hours=i),
        )
        for i in range(n)
    ]


def test_the_first_episodes_are_written_before_the_whole_chunk_is_extracted(
    make_memory: MemoryFactory,
):
    extractor = CountingExtractor()
    memory = make_memory(extractor=extractor)
    extracted_at_write: list[int] = []
    memory.add_episodes(
        _turns(80), on_ingested=lambda r: extracted_at_write.append(extractor.extracted)
    )
    assert len(extracted_at_write) == 80
    assert extracted_at_write[0] < 40  # the bar moves before a 64-episode chunk is extracted


def test_each_episode_is_reported_as_soon_as_it_is_written(make_memory: MemoryFactory):
    memory = make_memory()
    events: list[str] = []
    apply = memory.store.apply

    def recording_apply(changes):  # type: ignore[no-untyped-def]
        events.append("write")
        return apply(changes)

    memory.store.apply = recording_apply  # type: ignore[method-assign]
    memory.add_episodes(_turns(100), on_ingested=lambda r: events.append("reported"))
    assert events == ["write", "reported"] * 100  # not a chunk's writes, then its reports


def test_bulk_ingestion_with_prepare_ahead_matches_one_by_one(make_memory: MemoryFactory):
    turns = _turns(150)  # 3 chunks: contexts and contradictions cross chunk boundaries
    one, bulk = make_memory(), make_memory()
    for item in turns:
        one.ingestor.add(item)
    results = bulk.add_episodes(reversed(turns))  # given out of order: written in order
    assert [r.episode.reference_time for r in results] == [i.reference_time for i in turns]

    def shape(memory) -> list[tuple[str, str, bool]]:
        facts = []
        for r in memory.recent_episodes(group_id="g1", limit=200):
            facts += memory.store.facts_of_episodes(["g1"], [r.id])
        return sorted({(f.fact, str(f.valid_at), f.invalid_at is None) for f in facts})

    assert shape(bulk) == shape(one)


def test_status_line_reports_count_rate_and_time_left():
    out = io.StringIO()
    status = StatusLine(4, every_s=0.0, out=out)
    status(None)  # type: ignore[arg-type]
    status.finish()
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("ingested 1/4 episodes, ") and "s left" in lines[0]
    assert lines[-1].startswith("ingested 1/4 episodes")


def test_fact_candidates_do_not_read_a_speakers_whole_history(make_memory: MemoryFactory):
    """The store rows read to decide one episode stay about the same whether the speaker
    said 40 or 400 things before."""
    memory = make_memory()
    store = memory.store
    read: list[int] = []
    for name in ("facts_of_entities", "get_facts"):
        original = getattr(store, name)

        def counting(*args, _original=original, **kwargs):
            found = _original(*args, **kwargs)
            read.append(len(found))
            return found

        setattr(store, name, counting)
    things = ["tennis", "chess", "jazz", "sushi", "hiking", "poetry", "cycling", "tea"]
    costs = {}
    for n in range(400):
        memory.add_episode(
            f"Alice: I love {things[n % 8]} number {n} with Person{n}.",
            group_id="g1",
            reference_time=t("2024-01-01") + timedelta(hours=n),
        )
        if n in (40, 399):
            costs[n] = sum(read)
        read.clear()
    assert costs[399] <= 2 * max(costs[40], 10)
