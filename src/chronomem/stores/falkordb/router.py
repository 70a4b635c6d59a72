"""Spread groups over FalkorDB servers with consistent hashing on ``group_id``.

Each server owns :data:`VIRTUAL_NODES` points on a hash ring (placed by hashing its
``host:port``, so the order of the URL list does not matter); a group belongs to the first
server point at or after the hash of its id. Adding an (N+1)-th server moves about 1/(N+1) of
the groups, all of them onto the new server; :meth:`ShardRouter.rebalance` moves their graphs
there.

A group's calls touch only its own shard, so a stopped server fails exactly the calls of its
tenants (:class:`~chronomem.errors.StoreUnavailableError` naming the shard) while the other
tenants keep working.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from collections.abc import Sequence
from urllib.parse import unquote, urlsplit

from chronomem.errors import UsageError
from chronomem.stores.falkordb.shard import Shard, ShardAddress

__all__ = ["VIRTUAL_NODES", "ShardRouter", "parse_urls"]

VIRTUAL_NODES = 160
SCHEMES = ("falkordb", "falkor", "redis")
DEFAULT_PREFIX = "chronomem"
_PREFIX = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
_HOST_PORT = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[^:\[\]]+):(\d{1,5})$")


def _hash(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def parse_urls(urls: str | Sequence[str]) -> list[ShardAddress]:
    """Server addresses from ``falkordb://[[user]:password@]host:port[,host:port...][/prefix]``.

    A list of such URLs is accepted too; all must name the same graph prefix.
    """
    items = [urls] if isinstance(urls, str) else list(urls)
    if not items:
        raise UsageError("give at least one FalkorDB URL, e.g. 'falkordb://localhost:6379'")
    addresses = [a for item in items for a in _parse_one(item)]
    prefixes = {a.prefix for a in addresses}
    if len(prefixes) > 1:
        raise UsageError(
            f"all FalkorDB URLs must use the same graph prefix, got {sorted(prefixes)}"
        )
    labels = [a.label for a in addresses]
    if len(set(labels)) != len(labels):
        raise UsageError(f"a FalkorDB server is listed twice in {labels}")
    return addresses


def _parse_one(url: str) -> list[ShardAddress]:
    example = "falkordb://[:password@]host:port[/prefix]"
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES:
        raise UsageError(f"not a FalkorDB URL: {url!r}; use {example}")
    userinfo, _, hosts = parts.netloc.rpartition("@")
    username, _, password = userinfo.partition(":") if userinfo else ("", "", "")
    prefix = parts.path.strip("/") or DEFAULT_PREFIX
    if not _PREFIX.fullmatch(prefix):
        raise UsageError(
            f"invalid graph prefix {prefix!r} in {example}: use 1-64 letters, digits, '.', '-', '_'"
        )
    addresses = []
    for host_port in hosts.split(","):
        match = _HOST_PORT.fullmatch(host_port.strip())
        if not match or not 0 < int(match.group(2)) < 65536:
            raise UsageError(
                f"cannot read host:port {host_port!r} in a FalkorDB URL; use {example}"
            )
        addresses.append(
            ShardAddress(
                host=match.group(1).strip("[]"),
                port=int(match.group(2)),
                username=unquote(username) or None,
                password=unquote(password) or None,
                prefix=prefix,
            )
        )
    return addresses


class ShardRouter:
    """Maps each group id to the shard (server) that holds its graph."""

    def __init__(self, shards: Sequence[Shard], *, virtual_nodes: int = VIRTUAL_NODES) -> None:
        if not shards:
            raise UsageError("a ShardRouter needs at least one shard")
        self.shards = tuple(shards)
        ring = sorted(
            (_hash(f"{shard.label}#{i}"), index)
            for index, shard in enumerate(self.shards)
            for i in range(virtual_nodes)
        )
        self._points = [point for point, _ in ring]
        self._owners = [index for _, index in ring]

    def shard_for(self, group_id: str) -> Shard:
        """The shard that holds ``group_id``."""
        if len(self.shards) == 1:
            return self.shards[0]
        at = bisect.bisect_left(self._points, _hash(group_id)) % len(self._points)
        return self.shards[self._owners[at]]

    def by_shard(self, group_ids: Sequence[str]) -> list[tuple[Shard, list[str]]]:
        """``group_ids`` grouped by the shard that holds them (shards in list order)."""
        grouped: dict[int, list[str]] = {}
        for group_id in dict.fromkeys(group_ids):
            grouped.setdefault(self.shards.index(self.shard_for(group_id)), []).append(group_id)
        return [(self.shards[i], grouped[i]) for i in sorted(grouped)]

    def rebalance(self) -> dict[str, tuple[str, str]]:
        """Move every group graph to the shard that owns it under this router.

        Run it after adding or removing a server (with the old servers still listed if they
        hold data), while the moving groups are not written. Returns ``group -> (from, to)``.
        FalkorDB rebuilds the vector indexes of a moved graph in the background, so vector
        search may miss its rows for a moment after the move.
        """
        moved: dict[str, tuple[str, str]] = {}
        for shard in self.shards:
            for group_id in shard.graph_groups():
                owner = self.shard_for(group_id)
                if owner is not shard:
                    shard.move_graph_to(owner, group_id)
                    moved[group_id] = (shard.label, owner.label)
        return moved

    def close(self) -> None:
        for shard in self.shards:
            shard.close()
