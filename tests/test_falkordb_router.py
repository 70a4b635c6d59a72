"""FalkorDB URLs and the consistent-hash router (pure), then two real servers behind it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

pytest.importorskip("falkordb", reason="the FalkorDB backend needs chronomem[falkordb]")

from chronomem.errors import StoreUnavailableError, UsageError
from chronomem.model import ChangeSet, Target
from chronomem.stores import open_store
from chronomem.stores.falkordb import (
    FalkorDBServer,
    FalkorDBStore,
    Shard,
    ShardAddress,
    ShardRouter,
    parse_urls,
)
from tests.contract.builders import embed, now_filter, small_graph
from tests.falkordb_server import drop_prefix

GROUPS = [f"user-{i}" for i in range(2000)]


def _router(*ports: int) -> ShardRouter:
    return ShardRouter([Shard(ShardAddress(host="10.0.0.1", port=p)) for p in ports])


# -- URLs -------------------------------------------------------------------------------------
def test_a_url_names_host_port_password_and_graph_prefix() -> None:
    (one,) = parse_urls("falkordb://:s3cr%40t@db.example:6380/acme")
    assert (one.host, one.port, one.password, one.username, one.prefix) == (
        "db.example", 6380, "s3cr@t", None, "acme",
    )  # fmt: skip
    assert one.label == "db.example:6380" and "s3cr" not in repr(one)
    (plain,) = parse_urls("falkordb://localhost:6379")
    assert plain.prefix == "chronomem" and plain.password is None


def test_several_servers_come_as_a_host_list_or_a_list_of_urls() -> None:
    listed = parse_urls("falkordb://:pw@a:1,b:2/p")
    assert [(a.label, a.password, a.prefix) for a in listed] == [
        ("a:1", "pw", "p"),
        ("b:2", "pw", "p"),
    ]
    assert [a.label for a in parse_urls(["falkordb://a:1/p", "falkordb://b:2/p"])] == ["a:1", "b:2"]


@pytest.mark.parametrize(
    "bad",
    [
        "http://a:1",
        "falkordb://a",
        "falkordb://a:99999",
        "falkordb://a:1/bad prefix",
        "falkordb://a:1,a:1",
        ["falkordb://a:1/x", "falkordb://b:1/y"],
    ],
)
def test_bad_urls_are_usage_errors(bad: str | list[str]) -> None:
    with pytest.raises(UsageError, match=r"falkordb|FalkorDB|prefix|twice"):
        parse_urls(bad)


# -- the ring ---------------------------------------------------------------------------------
def test_groups_spread_evenly_and_stably_over_servers() -> None:
    router = _router(1, 2, 3)
    counts = Counter(router.shard_for(g).label for g in GROUPS)
    assert set(counts) == {"10.0.0.1:1", "10.0.0.1:2", "10.0.0.1:3"}
    assert min(counts.values()) > len(GROUPS) / 3 * 0.75
    again = _router(3, 1, 2)  # the order of the URL list does not matter
    assert all(router.shard_for(g).label == again.shard_for(g).label for g in GROUPS)


def test_adding_a_server_moves_only_its_share_and_only_onto_it() -> None:
    before, after = _router(1, 2, 3), _router(1, 2, 3, 4)
    moved = [g for g in GROUPS if before.shard_for(g).label != after.shard_for(g).label]
    assert {after.shard_for(g).label for g in moved} == {"10.0.0.1:4"}
    assert 0.15 < len(moved) / len(GROUPS) < 0.35  # about 1/4


# -- two real servers -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def two_servers() -> Iterator[list[FalkorDBServer]]:
    servers: list[FalkorDBServer] = []
    try:
        for _ in range(2):
            servers.append(FalkorDBServer.start(threads=1))
    except Exception as exc:
        for server in servers:
            server.stop()
        pytest.skip(f"FalkorDB server unavailable: {type(exc).__name__}: {exc}")
    yield servers
    for server in servers:
        server.stop()


def _groups_on_each(store: FalkorDBStore) -> dict[str, str]:
    """One group id per shard label."""
    found: dict[str, str] = {}
    for group in GROUPS:
        found.setdefault(store.router.shard_for(group).label, group)
    return found


def test_two_servers_hold_different_tenants_in_isolation(two_servers: list[FalkorDBServer]) -> None:
    url = f"falkordb://127.0.0.1:{two_servers[0].port},127.0.0.1:{two_servers[1].port}/iso"
    store = open_store(url)
    assert isinstance(store, FalkorDBStore)
    try:
        on_each = _groups_on_each(store)
        assert len(on_each) == 2, "the hash ring should use both servers"
        a, b = on_each.values()
        for group in (a, b):
            store.apply(small_graph(group))
        for server in two_servers:  # each server holds exactly its own tenant's graph
            shard = next(s for s in store.router.shards if s.address.port == server.port)
            assert shard.graph_groups() == [on_each[shard.label]]
        assert [e.group_id for e in store.get_entities([a], ["alice"])] == [a]
        both = store.get_entities([a, b], ["alice"])
        assert sorted(e.group_id for e in both) == sorted([a, b])
        hits = store.vector_search(
            Target.ENTITIES, [a, b], embed("Alice"), limit=4, filter=now_filter()
        )
        assert [h[0] for h in hits][:2] == ["alice", "alice"]  # one per group, merged by score
        store.apply(ChangeSet(group_id=a, delete_entity_ids=("alice",)))
        assert store.get_entities([b], ["alice"]) != []
    finally:
        store.close()
        drop_prefix(url, "iso")


def test_a_stopped_server_fails_only_its_own_tenants(two_servers: list[FalkorDBServer]) -> None:
    victim = FalkorDBServer.start(threads=1)
    survivor = two_servers[0]
    url = f"falkordb://127.0.0.1:{survivor.port},127.0.0.1:{victim.port}/down"
    store = FalkorDBStore.from_url(url)
    try:
        on_each = _groups_on_each(store)
        lost, kept = on_each[f"127.0.0.1:{victim.port}"], on_each[f"127.0.0.1:{survivor.port}"]
        for group in (lost, kept):
            store.apply(small_graph(group))
        victim.stop()
        for call in (
            lambda: store.get_entities([lost], ["alice"]),
            lambda: store.apply(small_graph(lost)),
            lambda: store.text_search(
                Target.FACTS, [lost, kept], "Alice", limit=3, filter=now_filter()
            ),
        ):
            with pytest.raises(StoreUnavailableError) as caught:
                call()
            assert f"127.0.0.1:{victim.port}" in str(caught.value)
            assert repr(lost) in str(caught.value)
        assert [e.id for e in store.get_entities([kept], ["alice"])] == ["alice"]
        store.apply(ChangeSet(group_id=kept, delete_fact_ids=("f-acme",)))
        assert store.group_version(kept) == 2
    finally:
        victim.stop()
        store.close()
        drop_prefix(f"falkordb://127.0.0.1:{survivor.port}", "down")


def test_adding_a_server_then_rebalancing_moves_its_share_of_tenants(
    two_servers: list[FalkorDBServer],
) -> None:
    first, added = two_servers
    groups = GROUPS[:12]
    with FalkorDBStore.from_url(f"falkordb://127.0.0.1:{first.port}/grow") as one:
        for group in groups:
            one.apply(small_graph(group))
    url = f"falkordb://127.0.0.1:{first.port},127.0.0.1:{added.port}/grow"
    try:
        with FalkorDBStore.from_url(url) as both:
            movers = {g for g in groups if both.router.shard_for(g).address.port == added.port}
            assert movers and both.get_entities([min(movers)], ["alice"]) == []  # not moved yet
            assert both.rebalance() == {
                g: (f"127.0.0.1:{first.port}", f"127.0.0.1:{added.port}") for g in movers
            }
            for group in groups:
                assert [e.id for e in both.get_entities([group], ["alice"])] == ["alice"]
                assert both.group_version(group) == 1
                hits = both.text_search(
                    Target.FACTS, [group], "Globex", limit=3, filter=now_filter()
                )
                assert [h[0] for h in hits] == ["f-globex"]
            assert both.rebalance() == {}
    finally:
        drop_prefix(url, "grow")
