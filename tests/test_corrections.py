"""Correcting memory by hand, on SQLite and on a real FalkorDB server: edit, retract, merge,
rename, split, undo, each recorded, with ``known_at`` before an edit still showing the old
belief."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest

from chronomem import Memory
from chronomem.errors import UsageError
from chronomem.testing import ManualClock
from tests.helpers import replay, t

STORY = (
    (t("2024-01-01T10:00"), "Alice: I work at Google."),
    (t("2024-01-02T10:00"), "Alice: I love pottery."),
)


STATED = "Alice works at Google"  # the rule extractor's text of the first line


@pytest.fixture(params=["sqlite", "falkordb"])
def memory(request: pytest.FixtureRequest, make_memory, clock: ManualClock) -> Iterator[Memory]:  # type: ignore[no-untyped-def]
    if request.param == "sqlite":
        yield make_memory()
        return
    from tests.falkordb_server import fresh_store  # a real server; skips with the reason

    with fresh_store(options="buckets=1") as store:
        yield make_memory(store=store)


def _job(memory: Memory, **times) -> list[str]:  # type: ignore[no-untyped-def]
    found = memory.search("Where does Alice work?", group_id="g", **times)
    return [f.fact for f in found.facts if f.relation == "WORKS_AT"]


def _works_at(memory: Memory) -> str:
    (fact,) = [
        f for f in memory.get_timeline("Alice", group_id="g").facts if f.relation == "WORKS_AT"
    ]
    return fact.id


def test_an_edited_fact_is_new_and_known_at_before_shows_the_old_belief(memory, clock):
    replay(memory, clock, STORY, group_id="g")
    old = _works_at(memory)
    before = clock.now()
    clock.set(t("2024-02-01T00:00"))
    edit = memory.edit_fact(old, group_id="g", value="Meta", reason="she said Meta")
    assert edit.kind == "edit_fact" and edit.actor == "python" and edit.at == clock.now()
    assert _job(memory) == ["Alice works at Meta"]
    assert any("Google" in f for f in _job(memory, known_at=before))
    assert all("Meta" not in f for f in _job(memory, known_at=before))
    stored = {f.id: f for f in memory.get_timeline("Alice", group_id="g").facts}
    (new,) = [f for f in stored.values() if f.attributes.get("supersedes") == old]
    assert new.created_at == clock.now() and new.episodes == stored[old].episodes
    assert stored[old].expired_at == clock.now() and stored[old].invalid_at is None
    assert [e.id for e in memory.list_edits(group_id="g", subject_id=old)] == [edit.id]


def test_editing_dates_keeps_the_text_and_sets_the_interval(memory, clock):
    replay(memory, clock, STORY, group_id="g")
    old = _works_at(memory)
    clock.set(t("2024-02-01T00:00"))
    memory.edit_fact(old, group_id="g", valid_at=t("2020-01-01"), invalid_at=t("2023-06-01"))
    assert _job(memory) == []  # it ended in 2023
    assert _job(memory, valid_at=t("2021-01-01")) == [STATED]
    assert _job(memory, valid_at=t("2019-01-01")) == []
    with pytest.raises(UsageError, match=r"ends .* before it starts"):
        memory.edit_fact(
            _new_of(memory, old), group_id="g", valid_at=t("2024-01-01"), invalid_at=t("2023-01-01")
        )


def _new_of(memory: Memory, old: str) -> str:
    facts = memory.get_timeline("Alice", group_id="g").facts
    return next(f.id for f in facts if f.attributes.get("supersedes") == old)


def test_a_retracted_fact_never_held_after_the_retraction_but_stays_before(memory, clock):
    replay(memory, clock, STORY, group_id="g")
    old = _works_at(memory)
    before = clock.now()
    clock.set(t("2024-02-01T00:00"))
    memory.retract_fact(old, group_id="g", actor="ops", reason="test data")
    assert _job(memory) == []
    assert _job(memory, valid_at=t("2024-01-10")) == []  # never held, at any world time
    assert _job(memory, known_at=clock.now() + timedelta(days=1)) == []
    assert _job(memory, known_at=before)
    (record,) = memory.list_edits(group_id="g")
    assert (record.kind, record.actor, record.reason) == ("retract_fact", "ops", "test data")
    with pytest.raises(UsageError, match="withdrawn"):
        memory.retract_fact(old, group_id="g")


def test_undo_of_an_edit_restores_the_old_fact_as_newly_learned(memory, clock):
    replay(memory, clock, STORY, group_id="g")
    old = _works_at(memory)
    clock.set(t("2024-02-01T00:00"))
    edit = memory.edit_fact(old, group_id="g", value="Meta")
    during = clock.now()
    clock.set(t("2024-03-01T00:00"))
    undo = memory.undo_edit(edit.id, group_id="g")
    assert undo.kind == "undo" and undo.undoes == edit.id
    assert any("Google" in f for f in _job(memory)) and not any("Meta" in f for f in _job(memory))
    assert any("Meta" in f for f in _job(memory, known_at=during))  # history stays true
    with pytest.raises(UsageError, match="undone already"):
        memory.undo_edit(edit.id, group_id="g")
    memory.undo_edit(undo.id, group_id="g")  # redo
    assert any("Meta" in f for f in _job(memory)) and not any("Google" in f for f in _job(memory))
    assert [e.kind for e in memory.list_edits(group_id="g")] == ["undo", "undo", "edit_fact"]


def test_an_undo_waits_for_a_later_edit_of_the_same_fact(memory, clock):
    replay(memory, clock, STORY, group_id="g")
    first = memory.edit_fact(_works_at(memory), group_id="g", fact="Alice works at Google Cloud.")
    clock.set(clock.now() + timedelta(minutes=1))
    second = memory.retract_fact(first.subjects[2], group_id="g")  # the fact the edit wrote
    with pytest.raises(UsageError, match="undo it first"):
        memory.undo_edit(first.id, group_id="g")
    memory.undo_edit(second.id, group_id="g")
    with pytest.raises(UsageError, match=r"closed since|undo it first"):
        memory.undo_edit(first.id, group_id="g")


def _entity(memory: Memory, name: str):  # type: ignore[no-untyped-def]
    return memory.get_timeline(name, group_id="g").entity


def test_merge_moves_facts_and_mentions_keeps_aliases_and_records_why(memory, clock):
    replay(memory, clock, [*STORY, (t("2024-01-03T10:00"), "Ally: I live in Paris.")], group_id="g")
    alice, ally = _entity(memory, "Alice"), _entity(memory, "Ally")
    assert alice.id != ally.id
    edit = memory.merge_entities(alice.id, ally.id, group_id="g", reason="Ally is Alice")
    merged = memory.get_timeline("Alice", group_id="g")
    assert {"LIVES_IN", "WORKS_AT"} <= {f.relation for f in merged.facts}
    assert "Ally" in merged.entity.attributes["aliases"]
    assert {"name": "Ally", "reason": "edit", "edit": edit.id} in merged.entity.attributes["merges"]
    assert memory.store.get_entities(["g"], [ally.id]) == []
    assert {m.entity_id for m in memory.store.mentions(["g"], entity_ids=[alice.id])} == {alice.id}
    assert len(memory.store.mentions(["g"], entity_ids=[alice.id])) == 3
    clock.set(t("2024-01-04T10:00"))
    later = memory.add_episode("Ally: I love tea.", group_id="g", reference_time=t("2024-01-04"))
    assert alice.id in {e.id for e in later.entities}  # the alias resolves to the merged entity
    assert memory.list_edits(group_id="g", subject_id=ally.id)[0].reason == "Ally is Alice"

    memory.undo_edit(edit.id, group_id="g")
    assert {f.relation for f in memory.get_timeline("Ally", group_id="g").facts} == {"LIVES_IN"}
    assert _entity(memory, "Ally").id == ally.id
    assert "aliases" not in _entity(memory, "Alice").attributes
    assert len(memory.store.mentions(["g"], entity_ids=[ally.id])) == 1


def test_rename_keeps_the_old_name_as_alias_and_undo_restores_it(memory, clock):
    replay(memory, clock, STORY, group_id="g")
    alice = _entity(memory, "Alice")
    edit = memory.rename_entity(alice.id, "Alice Smith", group_id="g")
    renamed = memory.store.get_entities(["g"], [alice.id])[0]
    assert renamed.name == "Alice Smith" and renamed.attributes["aliases"] == ["Alice"]
    assert memory.store.find_entities("g", ["alice smith"])[0].id == alice.id
    with pytest.raises(UsageError, match="merge"):
        memory.rename_entity(_entity(memory, "pottery").id, "Alice Smith", group_id="g")
    memory.undo_edit(edit.id, group_id="g")
    back = memory.store.get_entities(["g"], [alice.id])[0]
    assert back.name == "Alice" and "aliases" not in back.attributes


def test_split_moves_chosen_mentions_and_facts_to_a_new_entity(memory, clock):
    story = [
        (t("2024-01-01T10:00"), "Alice: I work at Google."),
        (t("2024-01-02T10:00"), "Alice: I live in Paris."),
    ]
    first, second = replay(memory, clock, story, group_id="g")
    alice = _entity(memory, "Alice")
    paris = next(
        f for f in memory.get_timeline("Alice", group_id="g").facts if f.relation == "LIVES_IN"
    )
    edit = memory.split_entity(
        alice.id, "Alice Jones", group_id="g",
        episode_ids=[second.episode.id], fact_ids=[paris.id], reason="two Alices",
    )  # fmt: skip
    new_id = edit.subjects[2]
    jones = memory.store.get_entities(["g"], [new_id])[0]
    assert jones.name == "Alice Jones"
    assert [f.relation for f in memory.get_timeline("Alice Jones", group_id="g").facts] == [
        "LIVES_IN"
    ]
    assert {f.relation for f in memory.timeline_of(alice).facts} == {"WORKS_AT"}
    assert [m.episode_id for m in memory.store.mentions(["g"], entity_ids=[new_id])] == [
        second.episode.id
    ]
    assert [m.episode_id for m in memory.store.mentions(["g"], entity_ids=[alice.id])] == [
        first.episode.id
    ]
    with pytest.raises(UsageError, match="not episodes that mention"):
        memory.split_entity(alice.id, "X", group_id="g", episode_ids=["nope"])
    memory.undo_edit(edit.id, group_id="g")
    assert memory.store.get_entities(["g"], [new_id]) == []
    assert {f.relation for f in memory.timeline_of(alice).facts} == {"WORKS_AT", "LIVES_IN"}
    assert len(memory.store.mentions(["g"], entity_ids=[alice.id])) == 2


def test_bad_corrections_say_how_to_fix_them(memory, clock):
    replay(memory, clock, STORY, group_id="g")
    with pytest.raises(UsageError, match="no fact 'nope'"):
        memory.retract_fact("nope", group_id="g")
    with pytest.raises(UsageError, match="changes nothing"):
        memory.edit_fact(_works_at(memory), group_id="g")
    with pytest.raises(UsageError, match="into itself"):
        alice = _entity(memory, "Alice").id
        memory.merge_entities(alice, alice, group_id="g")
    with pytest.raises(UsageError, match="no edit"):
        memory.undo_edit("nope", group_id="g")
    with pytest.raises(UsageError, match="actor"):
        memory.retract_fact(_works_at(memory), group_id="g", actor=" ")
    assert memory.list_edits(group_id="g") == []  # nothing half-written


def test_async_memory_corrects_as_the_sync_one(make_memory, clock):
    import asyncio

    from chronomem import AsyncMemory

    async def story() -> list[str]:
        memory = AsyncMemory(embedder=make_memory().embedder, clock=clock)
        await asyncio.to_thread(replay, memory.sync, clock, STORY, "g")
        fact_id = _works_at(memory.sync)
        edit = await memory.edit_fact(fact_id, group_id="g", value="Meta", actor="bot")
        await memory.undo_edit(edit.id, group_id="g")
        kinds = [e.kind.value for e in await memory.list_edits(group_id="g")]
        await memory.close()
        return kinds

    assert asyncio.run(story()) == ["undo", "edit_fact"]


def test_a_retracted_ended_fact_keeps_its_end_for_known_at_before(memory, clock):
    story = [
        (t("2024-01-01T10:00"), "Alice: I work at Google."),
        (t("2024-01-15T14:00"), "Alice: I left Google last week."),
    ]
    replay(memory, clock, story, group_id="g")
    old = _works_at(memory)
    ended = memory.get_facts([old], group_id="g")[0]
    assert ended.invalid_at is not None  # the job ended before the retraction
    before = clock.now()
    clock.set(t("2024-02-01T00:00"))
    memory.retract_fact(old, group_id="g")
    during = t("2024-01-05")
    assert _job(memory, valid_at=during, known_at=before) == [STATED]
    assert _job(memory, valid_at=t("2024-01-12"), known_at=before) == []  # ended then
    assert _job(memory, valid_at=during) == []  # never held, as known now
