"""delete_episode removes what only that episode supported; delete_group removes a tenant."""

from __future__ import annotations

from tests.helpers import replay, t

STORY = (
    (t("2024-01-01T10:00"), "Alice: I work at Google."),
    (t("2024-01-02T10:00"), "Alice: I work at Google."),  # restates: second source episode
    (t("2024-01-03T10:00"), "Alice: I love pottery."),
)


def test_delete_episode_keeps_facts_other_episodes_support(make_memory, clock):
    memory = make_memory()
    first, second, third = replay(memory, clock, STORY, group_id="g")
    google = [
        f for f in memory.get_timeline("Alice", group_id="g").facts if f.relation == "WORKS_AT"
    ]
    assert len(google) == 1 and set(google[0].episodes) == {first.episode.id, second.episode.id}

    assert memory.delete_episode(first.episode.id, group_id="g") is True
    kept = memory.get_facts([google[0].id], group_id="g")
    assert kept and kept[0].episodes == (second.episode.id,)

    assert memory.delete_episode(third.episode.id, group_id="g") is True
    facts = memory.get_timeline("Alice", group_id="g").facts
    assert all("pottery" not in f.fact for f in facts)
    assert not memory.store.find_entities("g", ["pottery"])  # only that episode named it
    assert memory.store.find_entities("g", ["alice"])  # still mentioned by the second


def test_delete_unknown_episode_is_false(make_memory):
    memory = make_memory()
    assert memory.delete_episode("nope", group_id="g") is False


def test_delete_fact(make_memory, clock):
    memory = make_memory()
    replay(memory, clock, STORY[:1], group_id="g")
    fact = memory.get_timeline("Alice", group_id="g").facts[0]
    assert memory.delete_fact(fact.id, group_id="g") is True
    assert memory.get_facts([fact.id], group_id="g") == []
    assert memory.delete_fact(fact.id, group_id="g") is False


def test_resending_an_episode_id_is_a_no_op(make_memory, clock):
    memory = make_memory()
    a = memory.add_episode(
        "Alice: I work at Google.",
        group_id="g",
        reference_time=t("2024-01-01T10:00"),
        episode_id="ep-1",
    )
    b = memory.add_episode(
        "Alice: I work at Google.",
        group_id="g",
        reference_time=t("2024-01-01T10:00"),
        episode_id="ep-1",
    )
    assert a.episode.id == b.episode.id == "ep-1"
    assert b.facts == () and len(memory.recent_episodes(group_id="g")) == 1
    assert memory.get_timeline("Alice", group_id="g").facts[0].episodes == ("ep-1",)
