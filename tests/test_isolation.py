"""Tenant isolation through every public method: nothing of group B ever shows in group A."""

from __future__ import annotations

import pytest

from chronomem import UsageError
from tests.helpers import ALICE_STORY, replay


@pytest.fixture
def two_tenants(make_memory, clock):
    memory = make_memory()
    replay(memory, clock, ALICE_STORY, group_id="tenant-a")
    replay(memory, clock, ALICE_STORY, group_id="tenant-b")  # identical content on purpose
    return memory


def _ids_of(memory, group):
    store = memory.store
    episodes = {e.id for e in store.recent_episodes(group, limit=100)}
    facts = {f.id for f in store.facts_of_episodes([group], sorted(episodes))}
    mentions = store.mentions([group], episode_ids=sorted(episodes))
    return episodes, facts, {m.entity_id for m in mentions}


def test_every_read_stays_in_its_group(two_tenants):
    memory = two_tenants
    a_eps, a_facts, a_ents = _ids_of(memory, "tenant-a")
    b_eps, b_facts, b_ents = _ids_of(memory, "tenant-b")
    assert (
        a_eps
        and b_eps
        and not (a_eps & b_eps)
        and not (a_facts & b_facts)
        and not (a_ents & b_ents)
    )

    found = memory.search("Where does Alice work?", group_id="tenant-a", limit=50)
    assert {f.id for f in found.facts} <= a_facts
    assert {e.id for e in found.entities} <= a_ents
    timeline = memory.get_timeline("Alice", group_id="tenant-a")
    assert timeline.entity.id in a_ents and {f.id for f in timeline.facts} <= a_facts
    assert set(timeline.entities) <= a_ents
    assert {e.id for e in memory.recent_episodes(group_id="tenant-a", limit=50)} == a_eps
    # asking group A for B's ids returns nothing
    assert memory.get_episodes(sorted(b_eps), group_id="tenant-a") == []
    assert memory.get_facts(sorted(b_facts), group_id="tenant-a") == []


def test_deletes_cannot_reach_another_group(two_tenants):
    memory = two_tenants
    b_eps, b_facts, _ = _ids_of(memory, "tenant-b")
    assert memory.delete_episode(sorted(b_eps)[0], group_id="tenant-a") is False
    assert memory.delete_fact(sorted(b_facts)[0], group_id="tenant-a") is False
    memory.delete_group("tenant-a")
    assert memory.recent_episodes(group_id="tenant-a") == []
    assert _ids_of(memory, "tenant-b") == (b_eps, b_facts, _ids_of(memory, "tenant-b")[2])
    assert memory.search("Where does Alice work?", group_id="tenant-b").facts


def test_multi_group_search_sees_exactly_those_groups(two_tenants, clock):
    memory = two_tenants
    replay(memory, clock, ALICE_STORY[:1], group_id="tenant-c")
    both = memory.search("Alice work Google Meta", group_ids=["tenant-a", "tenant-b"], limit=50)
    assert {f.group_id for f in both.facts} == {"tenant-a", "tenant-b"}


def test_timeline_of_an_unknown_entity_is_a_usage_error(two_tenants):
    with pytest.raises(UsageError, match="no entity named"):
        two_tenants.get_timeline("Zebedee", group_id="tenant-a")
