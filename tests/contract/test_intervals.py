"""Contract: every store refuses a fact that ends before it starts, and writes nothing."""

from __future__ import annotations

import pytest

from chronomem.errors import UsageError
from chronomem.ports import Store

from .builders import episode, fact, with_endpoints

G = "g1"


def test_an_inverted_interval_is_refused_with_nothing_written(store: Store) -> None:
    inverted = fact(G, "f1", "alice", "google", "Alice works at Google", valid=10, invalid=8)
    changes = with_endpoints(G, [inverted])
    changes = type(changes)(
        group_id=G,
        episodes=(episode(G, "ep-1", "hello"),),
        entities=changes.entities,
        facts=changes.facts,
    )
    with pytest.raises(UsageError, match=r"ends .* before it starts"):
        store.apply(changes)
    assert store.get_facts([G], ["f1"]) == []
    assert store.get_episodes([G], ["ep-1"]) == []
    assert store.group_version(G) == 0


def test_an_interval_of_one_instant_and_open_ends_are_accepted(store: Store) -> None:
    facts = [
        fact(G, "f1", "alice", "google", "Alice works at Google", valid=8, invalid=8),
        fact(G, "f2", "alice", "paris", "Alice lives in Paris", valid=None, invalid=8),
        fact(G, "f3", "alice", "meta", "Alice works at Meta", valid=9, invalid=None),
    ]
    store.apply(with_endpoints(G, facts))
    assert sorted(f.id for f in store.get_facts([G], ["f1", "f2", "f3"])) == ["f1", "f2", "f3"]
