"""``falkordb://`` URLs: where the server (or any node of a cluster) is, our key prefix, and
how durable a write must be before :meth:`FalkorDBStore.apply` returns.

``falkordb://[[user]:password@]host:port[/prefix][?durability=aof|none&replicas=N&wait_ms=M&buckets=B]``

- ``durability=aof`` (default): a write returns once the server has fsynced it to its
  append-only file (``WAITAOF``; the server must run with ``--appendonly yes``);
  ``none`` trusts whatever the server is configured to do.
- ``replicas``: how many replicas must also have fsynced it (default 1 on a cluster, 0 on a
  single server; a master that has no replica connected at the time is waited for alone,
  see ``docs/falkordb.md``).
- ``wait_ms``: how long to wait for that confirmation before the write counts as failed
  (default 5000).
- ``buckets``: how many shared bucket graphs small groups are packed into (default
  :data:`DEFAULT_BUCKETS`; ``0``: every group gets its own graph from its first write).
  Fixed when the prefix is first written: the count recorded on the server wins (see
  :mod:`.placement`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Literal
from urllib.parse import parse_qsl, unquote, urlsplit

from chronomem.errors import UsageError

__all__ = ["DEFAULT_BUCKETS", "DEFAULT_PREFIX", "FalkorDBAddress", "parse_url"]

SCHEMES = ("falkordb", "falkor", "redis")
DEFAULT_PREFIX = "chronomem"
DEFAULT_BUCKETS = 16
EXAMPLE = "falkordb://[:password@]host:port[/prefix][?durability=aof&replicas=1]"
_PREFIX = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
_HOST_PORT = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[^:\[\],]+):(\d{1,5})$")
Durability = Literal["aof", "none"]
_LIMITS = {"replicas": 10**6 - 1, "wait_ms": 10**6 - 1, "buckets": 4096}  # numeric options


@dataclass(frozen=True, slots=True)
class FalkorDBAddress:
    """One server or cluster node, our key prefix and the durability asked of writes."""

    host: str
    port: int
    password: str | None = field(default=None, repr=False)
    username: str | None = None
    prefix: str = DEFAULT_PREFIX
    durability: Durability = "aof"
    replicas: int | None = None  # None: 1 on a cluster, 0 on a single server
    wait_ms: int = 5000
    buckets: int = DEFAULT_BUCKETS  # 0: no packing, every group in its own graph

    @property
    def label(self) -> str:
        """``host:port``: how errors name the server (never the password)."""
        return f"{self.host}:{self.port}"


def parse_url(url: str) -> FalkorDBAddress:
    """The address in ``url``; :class:`UsageError` saying how to write it otherwise."""
    if not isinstance(url, str):
        raise UsageError(f"a FalkorDB URL is one string like {EXAMPLE!r}, got {url!r}")
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES:
        raise UsageError(f"not a FalkorDB URL: {url!r}; use {EXAMPLE}")
    userinfo, _, host_port = parts.netloc.rpartition("@")
    if "," in host_port:
        raise UsageError(
            f"{url!r} lists several servers: chronomem no longer shards by itself. Run the "
            "servers as one FalkorDB cluster (redis cluster mode, docs/falkordb.md) and give "
            "the address of any one node"
        )
    match = _HOST_PORT.fullmatch(host_port.strip())
    if not match or not 0 < int(match.group(2)) < 65536:
        raise UsageError(f"cannot read host:port {host_port!r} in {url!r}; use {EXAMPLE}")
    username, _, password = userinfo.partition(":") if userinfo else ("", "", "")
    prefix = parts.path.strip("/") or DEFAULT_PREFIX
    if not _PREFIX.fullmatch(prefix):
        raise UsageError(
            f"invalid graph prefix {prefix!r} in {EXAMPLE}: use 1-64 letters, digits, '.', '-', '_'"
        )
    address = FalkorDBAddress(
        host=match.group(1).strip("[]"),
        port=int(match.group(2)),
        username=unquote(username) or None,
        password=unquote(password) or None,
        prefix=prefix,
    )
    return replace(address, **_options(parts.query, url))  # type: ignore[arg-type]  # checked


def _options(query: str, url: str) -> dict[str, object]:
    options: dict[str, object] = {}
    for name, value in parse_qsl(query, keep_blank_values=True):
        if name == "durability" and value in ("aof", "none"):
            options["durability"] = value
        elif name in _LIMITS and value.isdigit() and int(value) <= _LIMITS[name]:
            options[name] = int(value)
        else:
            raise UsageError(
                f"unknown or invalid option {name}={value!r} in {url!r}: use durability=aof|none,"
                " replicas=<number of replicas that must confirm a write>, wait_ms=<milliseconds>,"
                " buckets=<0-4096 shared graphs for small groups>"
            )
    return options
