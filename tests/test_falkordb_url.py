"""FalkorDB URLs (pure), and the durability check against a server without persistence."""

from __future__ import annotations

import pytest

pytest.importorskip("falkordb", reason="the FalkorDB backend needs chronomem[falkordb]")

from chronomem.errors import StoreError, UsageError
from chronomem.stores.falkordb import FalkorDBServer, FalkorDBStore, parse_url
from tests.contract.builders import small_graph


def test_a_url_names_host_port_password_prefix_and_durability() -> None:
    one = parse_url("falkordb://:s3cr%40t@db.example:6380/acme?replicas=2&wait_ms=900")
    assert (one.host, one.port, one.password, one.username, one.prefix) == (
        "db.example", 6380, "s3cr@t", None, "acme",
    )  # fmt: skip
    assert (one.durability, one.replicas, one.wait_ms) == ("aof", 2, 900)
    assert one.label == "db.example:6380" and "s3cr" not in repr(one)
    plain = parse_url("falkordb://localhost:6379")
    assert plain.prefix == "chronomem" and plain.replicas is None and plain.durability == "aof"
    assert parse_url("redis://h:1?durability=none").durability == "none"
    assert plain.buckets == 16 and parse_url("falkordb://h:1?buckets=0").buckets == 0


@pytest.mark.parametrize(
    ("bad", "hint"),
    [
        ("http://a:1", "not a FalkorDB URL"),
        ("falkordb://a", "host:port"),
        ("falkordb://a:99999", "host:port"),
        ("falkordb://a:1/bad prefix", "graph prefix"),
        ("falkordb://a:1,b:2", "cluster"),
        ("falkordb://a:1?durability=maybe", "durability=aof|none"),
        ("falkordb://a:1?replicas=-1", "replicas"),
        ("falkordb://a:1?shards=3", "unknown or invalid option"),
        ("falkordb://a:1?buckets=5000", "buckets=<0-4096"),
    ],
)
def test_bad_urls_are_usage_errors_that_say_what_to_write(bad: str, hint: str) -> None:
    with pytest.raises(UsageError, match=hint):
        parse_url(bad)


def test_a_server_without_persistence_is_refused_unless_the_url_says_so() -> None:
    server = FalkorDBServer.start(persistence=False)  # fails the test if it cannot
    try:
        refusing = FalkorDBStore.from_url(f"{server.url}/nopersist")
        with refusing, pytest.raises(StoreError, match="--appendonly yes"):
            refusing.apply(small_graph("g"))
        with FalkorDBStore.from_url(f"{server.url}/trusting?durability=none") as store:
            store.apply(small_graph("g"))
            assert store.group_version("g") == 1
    finally:
        server.stop()
