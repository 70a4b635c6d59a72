"""Communities through Memory: build, atomic rebuild, drift, the dynamic step, search."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from datetime import timedelta

import pytest

from chronomem import EpisodeInput, IngestResult, Memory
from chronomem.cli.demo import STORIES, load_story
from chronomem.engine.communities import CommunityBuilder, summarizer_for
from chronomem.engine.communities.extractive import ExtractiveCommunitySummarizer
from chronomem.errors import ProviderOutputError
from chronomem.model import ChangeSet, CommunityMaterial, CommunitySummary, Entity, Fact
from chronomem.search import SearchConfig, TargetConfig
from chronomem.testing import ManualClock, SequentialIds
from tests.contract.stores import STORES

G = "team"
PEOPLE = ("Alice Smith", "Bob Jones", "Carol White", "Dan Brown")
PRINTER = ("HP LaserJet printer", "printer toner", "printer fuser", "room 12")
COMMUNITIES_ONLY = SearchConfig(facts=None, entities=None, communities=TargetConfig())


def _id(name: str) -> str:
    return name.lower().replace(" ", "-")


def _entities(memory: Memory, names: Sequence[str]) -> tuple[Entity, ...]:
    vectors = memory.embedder.embed_batch(list(names))
    return tuple(
        Entity(
            id=_id(n), group_id=G, name=n, created_at=memory.clock.now(),
            summary=f"{n} is part of the {'team' if n in PEOPLE else 'printer setup'}.",
            name_embedding=v,
        )
        for n, v in zip(names, vectors, strict=True)
    )  # fmt: skip


def _fact(memory: Memory, a: str, b: str, text: str | None = None) -> Fact:
    text = text or f"{a} works with {b}"
    return Fact(
        id=f"{_id(a)}~{_id(b)}~{len(text)}", group_id=G, source_id=_id(a), target_id=_id(b),
        relation="WORKS_WITH", fact=text, created_at=memory.clock.now(),
        valid_at=memory.clock.now(), embedding=memory.embedder.embed_batch([text])[0],
    )  # fmt: skip


def _clique(memory: Memory, names: Sequence[str]) -> list[Fact]:
    return [_fact(memory, a, b) for i, a in enumerate(names) for b in names[i + 1 :]]


def _write(memory: Memory, names: Sequence[str], facts: Sequence[Fact]) -> None:
    memory.store.bind_embedder(memory.embedder.name, memory.embedder.dimension)
    memory.store.apply(ChangeSet(group_id=G, entities=_entities(memory, names), facts=tuple(facts)))


def _two_teams(memory: Memory) -> None:
    bridge = _fact(memory, "Dan Brown", "HP LaserJet printer", "Dan Brown uses the printer")
    _write(memory, PEOPLE + PRINTER, [*_clique(memory, PEOPLE), *_clique(memory, PRINTER), bridge])


def _partition(views: Sequence[object]) -> list[list[str]]:
    return sorted(sorted(m.name for m in v.members) for v in views)  # type: ignore[attr-defined]


@pytest.fixture
def memory(make_memory) -> Memory:  # type: ignore[no-untyped-def]
    return make_memory(ids=SequentialIds("id"))


def test_two_cliques_joined_by_one_fact_give_two_named_summarized_communities(
    memory: Memory,
) -> None:
    _two_teams(memory)
    built = memory.build_communities(G)
    assert _partition(built) == sorted([sorted(PEOPLE), sorted(PRINTER)])
    printer = next(v for v in built if "room 12" in [m.name for m in v.members])
    assert printer.name.split(", ")[0] == "printer"  # the word three of its members share
    assert "4 entities" in printer.summary and "printer setup" in printer.summary
    assert "works with" in printer.summary  # its strongest facts
    stored = memory.get_communities(G)
    assert [(v.id, v.name, v.summary) for v in stored] == [(v.id, v.name, v.summary) for v in built]
    assert all(v.community.name_embedding is not None for v in stored)


def test_the_same_graph_gives_the_same_communities(make_memory) -> None:  # type: ignore[no-untyped-def]
    first, second = make_memory(), make_memory()
    _two_teams(first)
    _two_teams(second)
    a, b = first.build_communities(G), second.build_communities(G)
    assert [(v.name, v.summary, [m.id for m in v.members]) for v in a] == [
        (v.name, v.summary, [m.id for m in v.members]) for v in b
    ]
    again = first.build_communities(G)
    assert [v.name for v in again] == [v.name for v in a]
    assert {v.id for v in again}.isdisjoint(v.id for v in a)  # the old set was replaced


class _FailingSummarizer:
    def summarize_communities(
        self, communities: Sequence[CommunityMaterial]
    ) -> list[CommunitySummary]:
        raise ProviderOutputError("not JSON", prompt_name="summarize_community")


def test_a_failed_rebuild_leaves_the_previous_communities(memory: Memory) -> None:
    _two_teams(memory)
    before = memory.build_communities(G)
    _write(memory, ("Eve Green", "Frank Black"), [_fact(memory, "Eve Green", "Frank Black")])
    failing = CommunityBuilder(
        store=memory.store, embedder=memory.embedder, summarizer=_FailingSummarizer(),
        clock=memory.clock, ids=SequentialIds("x"),
    )  # fmt: skip
    with pytest.raises(ProviderOutputError):
        failing.build(G)
    after = memory.get_communities(G)
    assert [(v.id, v.name, [m.id for m in v.members]) for v in after] == [
        (v.id, v.name, [m.id for m in v.members]) for v in before
    ]


class _PartialSummarizer:
    """Names the first community, forgets the rest, and answers a key it was never shown."""

    def summarize_communities(
        self, communities: Sequence[CommunityMaterial]
    ) -> list[CommunitySummary]:
        first = communities[0]
        return [
            CommunitySummary(first.key, "  The   first  ", ""),
            CommunitySummary("made-up", "ghost", "ghost"),
        ]


def test_summarizer_answers_are_checked_and_completed_extractively(memory: Memory) -> None:
    _two_teams(memory)
    builder = CommunityBuilder(
        store=memory.store, embedder=memory.embedder, summarizer=_PartialSummarizer(),
        clock=memory.clock, ids=SequentialIds("p"),
    )  # fmt: skip
    built = builder.build(G)
    assert built[0].name == "The first" and "4 entities" in built[0].summary
    assert built[1].name != "ghost" and "4 entities" in built[1].summary


def test_extractors_without_the_capability_get_the_extractive_summarizer() -> None:
    partial = _PartialSummarizer()
    assert summarizer_for(partial) is partial
    assert isinstance(summarizer_for(object()), ExtractiveCommunitySummarizer)


def test_drift_rises_as_the_graph_grows_and_is_zero_after_a_rebuild(memory: Memory) -> None:
    _two_teams(memory)
    assert memory.community_drift(G) == 1.0  # nothing built yet: every cluster is new
    memory.build_communities(G)
    assert memory.community_drift(G) == 0.0
    _write(memory, ("Eve Green", "Frank Black"), [_fact(memory, "Eve Green", "Frank Black")])
    grown = memory.community_drift(G)
    more = ("Gus Grey", "Hal Red", "Ivy Blue")
    _write(memory, more, _clique(memory, more))
    assert 0.0 < grown < memory.community_drift(G) < 1.0
    memory.build_communities(G)
    assert memory.community_drift(G) == 0.0


def test_the_dynamic_step_adds_a_new_entity_to_its_neighbours_community(
    memory: Memory, clock: ManualClock
) -> None:
    _two_teams(memory)
    memory.build_communities(G)
    clock.advance(60)
    _write(memory, ("Eve Green",), [
        _fact(memory, "Eve Green", "Alice Smith", "Eve Green reports to Alice Smith"),
        _fact(memory, "Eve Green", "Bob Jones"),
        _fact(memory, "Eve Green", "printer toner", "Eve Green orders printer toner"),
    ])  # fmt: skip
    builder = CommunityBuilder(
        store=memory.store, embedder=memory.embedder, summarizer=summarizer_for(None),
        clock=memory.clock, ids=SequentialIds("d"),
    )  # fmt: skip
    (changed,) = builder.extend(G, ["eve-green", "alice-smith"])
    assert changed.member_ids[-1] == "eve-green"
    team = next(v for v in memory.get_communities(G) if "eve-green" in [m.id for m in v.members])
    assert sorted(m.name for m in team.members) == sorted((*PEOPLE, "Eve Green"))
    assert team.summary.startswith("5 entities")  # refreshed
    assert builder.extend(G, ["eve-green"]) == ()  # already a member: nothing to do
    assert len(memory.get_communities(G)) == 2


def test_communities_are_found_by_name_words_and_by_vector(memory: Memory) -> None:
    _two_teams(memory)
    memory.build_communities(G)
    found = memory.search("printer", group_id=G, recipe=COMMUNITIES_ONLY)
    assert found.communities and "room-12" in found.communities[0].member_ids
    by_person = memory.search("Carol White", group_id=G, recipe=COMMUNITIES_ONLY)
    assert by_person.communities and "carol-white" in by_person.communities[0].member_ids


def test_memory_without_communities_builds_none(memory: Memory) -> None:
    assert memory.build_communities("empty") == []
    assert memory.get_communities("empty") == []
    assert memory.community_drift("empty") == 0.0


PRINTER_STORY = load_story(next(s for s in STORIES if s.file == "printer.jsonl"))


def _replay(
    memory: Memory, clock: ManualClock, items: Sequence[EpisodeInput]
) -> list[IngestResult]:
    """Ingest the story's messages live (the clock at each message's time)."""
    results = []
    for item in items:
        clock.set(item.reference_time + timedelta(seconds=1))
        results.append(
            memory.add_episode(
                item.content, group_id=item.group_id, reference_time=item.reference_time
            )
        )
    return results


def test_community_search_finds_the_printer_community_of_the_demo_story(
    memory: Memory, clock: ManualClock
) -> None:
    _replay(memory, clock, PRINTER_STORY)
    memory.build_communities("helpdesk")
    found = memory.search(
        "What have we talked about regarding the printer?",
        group_id="helpdesk",
        recipe=COMMUNITIES_ONLY,
    )
    assert found.communities
    members = memory.store.get_entities(["helpdesk"], found.communities[0].member_ids)
    assert any("LaserJet" in m.name for m in members)
    assert "printer" in found.communities[0].summary


def _created(result: IngestResult) -> list[str]:
    return [e.id for e in result.entities if e.created_at >= result.episode.created_at]


def test_ingest_adds_new_entities_to_their_neighbours_community(
    memory: Memory, clock: ManualClock
) -> None:
    _replay(memory, clock, PRINTER_STORY[:2])
    (before,) = [v for v in memory.build_communities("helpdesk") if "LaserJet" in v.name]
    (last,) = _replay(memory, clock, PRINTER_STORY[2:])
    (after,) = [v for v in memory.get_communities("helpdesk") if v.id == before.id]
    joined = [m.name for m in after.members if m.id in _created(last)]
    assert joined, "the third message's new entity should join the printer's community"
    assert after.summary != before.summary and joined[0] in after.summary
    assert memory.community_drift("helpdesk") < 1.0


def test_community_updates_can_be_turned_off(make_memory, clock: ManualClock) -> None:  # type: ignore[no-untyped-def]
    memory = make_memory(community_updates=False)
    _replay(memory, clock, PRINTER_STORY[:2])
    before = {v.id: v.community.member_ids for v in memory.build_communities("helpdesk")}
    _replay(memory, clock, PRINTER_STORY[2:])
    assert {v.id: v.community.member_ids for v in memory.get_communities("helpdesk")} == before
    assert memory.community_drift("helpdesk") > 0.0


def test_the_demo_prints_the_communities_it_found(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from chronomem import memory as memory_module
    from chronomem.cli.main import main
    from chronomem.testing import HashEmbedder

    monkeypatch.setattr(memory_module, "default_embedder", lambda **_: HashEmbedder())
    assert main(["demo", "--json"]) == 0
    stories = json.loads(capsys.readouterr().out)
    printer = stories[1]["communities"]
    assert any("HP LaserJet 4000" in c["members"] for c in printer)
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert out.count("Communities:") == 2 and "HP LaserJet 4000" in out.split("Communities:")[2]


@pytest.mark.parametrize("backend", sorted(STORES))
def test_build_extend_and_drift_on_every_store(make_memory, tmp_path, backend: str) -> None:  # type: ignore[no-untyped-def]
    with STORES[backend](tmp_path) as store:
        memory = make_memory(store=store)
        _two_teams(memory)
        built = memory.build_communities(G)
        assert _partition(built) == sorted([sorted(PEOPLE), sorted(PRINTER)])
        assert memory.community_drift(G) == 0.0
        _write(memory, ("Eve Green",), [_fact(memory, "Eve Green", "room 12")])
        assert memory.community_drift(G) > 0.0
        builder = CommunityBuilder(
            store=store, embedder=memory.embedder, summarizer=summarizer_for(None),
            clock=memory.clock, ids=SequentialIds("s"),
        )  # fmt: skip
        (grown,) = builder.extend(G, ["eve-green"])
        assert "eve-green" in grown.member_ids
        assert memory.community_drift(G) == 0.0  # what a full run would do too
        found = memory.search("printer", group_id=G, recipe=COMMUNITIES_ONLY)
        assert found.communities and found.communities[0].id == grown.id


def test_an_llm_extractor_names_and_summarizes_through_the_same_port(make_memory) -> None:  # type: ignore[no-untyped-def]
    from chronomem.extractors.llm import LLMExtractor
    from chronomem.testing.fake_openai import FakeOpenAIServer
    from tests.llm_support import make_llm

    with FakeOpenAIServer() as server:
        memory = make_memory(extractor=LLMExtractor(llm=make_llm(server)), ids=SequentialIds("id"))
        _two_teams(memory)
        server.enqueue(
            {
                "communities": [
                    {"key": "c-unknown", "name": "Ghost", "summary": "never asked"},
                    {"key": "id-1", "name": "The team", "summary": "Four colleagues."},
                ]
            }
        )
        built = memory.build_communities(G)
    named = {v.name: v.summary for v in built}
    assert named.pop("The team") == "Four colleagues."
    (other,) = named.values()  # left unanswered: completed extractively
    assert other.startswith("4 entities")
    assert [c.prompt for c in memory.usage.calls] == ["summarize_community"]


class _RecordingSummarizer(ExtractiveCommunitySummarizer):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[CommunityMaterial] = []

    def summarize_communities(
        self, communities: Sequence[CommunityMaterial]
    ) -> list[CommunitySummary]:
        self.seen.extend(communities)
        return super().summarize_communities(communities)


def test_a_refresh_shows_the_summarizer_the_newcomer_and_the_old_summary(memory: Memory) -> None:
    crowd = tuple(f"Person {n}" for n in "ABCDEFGHIJKL")
    _write(memory, crowd, _clique(memory, crowd))
    summarizer = _RecordingSummarizer()
    builder = CommunityBuilder(
        store=memory.store, embedder=memory.embedder, summarizer=summarizer,
        clock=memory.clock, ids=SequentialIds("r"),
    )  # fmt: skip
    (before,) = builder.build(G)
    _write(memory, ("Zed Newbie",), [_fact(memory, "Zed Newbie", "Person A")])
    builder.extend(G, ["zed-newbie"])
    refresh = summarizer.seen[-1]
    assert refresh.member_count == 13 and len(refresh.members) == 8
    assert "Zed Newbie" in [m.name for m in refresh.members]
    assert refresh.previous_summary == before.summary
    assert any("Zed Newbie" in f.fact for f in refresh.facts)


def test_the_context_shows_communities_after_facts_and_entities(
    memory: Memory, clock: ManualClock
) -> None:
    from chronomem.search.context import CONTEXT_RECIPE, ContextConfig

    _replay(memory, clock, PRINTER_STORY)
    memory.build_communities("helpdesk")
    recipe = replace(CONTEXT_RECIPE, communities=TargetConfig(limit=2))
    context = memory.context(
        "What have we talked about regarding the printer?",
        group_id="helpdesk",
        config=ContextConfig(recipe=recipe),
    )
    text = context.text
    assert context.communities and "<COMMUNITIES>" in text
    assert text.index("<FACTS>") < text.index("<ENTITIES>") < text.index("<COMMUNITIES>")
    assert context.communities[0].name in text
