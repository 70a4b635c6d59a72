"""Where a group lives: its own graph, or packed with other small groups in a bucket graph.

The one rule, asked by every store call before it queries (:meth:`Placement.scope`):

- the group has its own graph (the key ``<prefix>:g:<group_id>`` exists): there;
- else, when the prefix packs groups: the bucket ``<prefix>:b:<n>``, ``n`` a hash of the
  group id (CRC-32) modulo the number of buckets;
- else its own graph (created by its first write).

A new group therefore starts packed, and a group moves to its own graph once it grows
(:mod:`.moveout`); the rename that publishes the own graph is the instant it changes place.
The number of buckets is recorded on the server (``<prefix>:buckets``) by the first store
that writes under the prefix, and the record wins over the URL: changing it later would
rehash groups into other buckets. Bucket keys carry no hash tag, so buckets spread over a
cluster's masters like group graphs do.

Answers are cached per process for :data:`RECHECK_S`; writes always ask again. So a read in
another process can miss, for that long, a group just moved out (it sees the bucket's
emptied rows), never another group's rows.
"""

from __future__ import annotations

import time
import zlib

from falkordb import FalkorDB

from chronomem.errors import StoreError
from chronomem.stores.falkordb import cypher_packed
from chronomem.stores.falkordb.connection import FalkorDBConnection
from chronomem.stores.falkordb.cypher_search import INDEX_STATES
from chronomem.stores.falkordb.moveout import finish_leftovers
from chronomem.stores.falkordb.scope import Scope

__all__ = ["RECHECK_S", "Placement"]

RECHECK_S = 1.0
_MAX_KNOWN = 100_000  # cached answers kept per process


class Placement:
    """The catalog of where groups live, for one :class:`FalkorDBConnection`."""

    def __init__(self, conn: FalkorDBConnection) -> None:
        self._conn = conn
        self._buckets: int | None = None
        self._known: dict[str, tuple[Scope, float]] = {}
        self._ready: set[str] = set()  # bucket keys whose group_id indexes exist

    # -- where ----------------------------------------------------------------------------------
    @property
    def buckets(self) -> int:
        """How many buckets the prefix packs small groups into (0: none)."""
        if self._buckets is None:
            key = f"{self._conn.address.prefix}:buckets"
            wanted = str(self._conn.address.buckets)

            def call(db: FalkorDB) -> str:
                conn = db.connection
                if conn.set(key, wanted, nx=True):
                    return wanted
                return str(conn.get(key))

            recorded = self._conn.run(None, call)
            if not recorded.isdigit():
                raise StoreError(f"{key} on {self._conn.label} holds {recorded!r}, not a number")
            self._buckets = int(recorded)
        return self._buckets

    def own(self, group_id: str) -> Scope:
        return Scope(group_id, self._conn.graph_key(group_id))

    def bucket(self, group_id: str) -> Scope:
        n = zlib.crc32(group_id.encode()) % max(self.buckets, 1)
        return Scope(group_id, f"{self._conn.address.prefix}:b:{n}", packed=True)

    def scope(self, group_id: str, *, fresh: bool = False) -> Scope:
        """Where the group lives now (cached for :data:`RECHECK_S` unless ``fresh``)."""
        known = self._known.get(group_id)
        if known is not None and not fresh and time.monotonic() < known[1]:
            return known[0]
        own = self.own(group_id)
        if self.buckets == 0:
            found = own
        elif self._conn.graph_exists(own.key):
            found = own
            if known is None or known[0].packed:  # newly seen in its own graph
                finish_leftovers(self._conn, self.bucket(group_id))
        else:
            found = self.bucket(group_id)
        if len(self._known) >= _MAX_KNOWN:  # a long-lived process serving very many groups
            self._known.clear()
        self._known[group_id] = (found, time.monotonic() + RECHECK_S)
        return found

    def moved(self, group_id: str) -> None:
        """The group now lives in its own graph."""
        self._known[group_id] = (self.own(group_id), time.monotonic() + RECHECK_S)

    def forget(self, group_id: str) -> None:
        self._known.pop(group_id, None)

    # -- buckets --------------------------------------------------------------------------------
    def prepare(self, scope: Scope) -> None:
        """Give a bucket its ``group_id`` range indexes before the first write to it."""
        if not scope.packed or scope.key in self._ready:
            return
        for statement in cypher_packed.BUCKET_INDEXES:
            try:
                self._conn.query_bucket(scope.key, statement, {}, write=True)
            except StoreError as exc:
                if "already indexed" not in str(exc):
                    raise
        deadline = time.monotonic() + 60.0  # an index under construction can miss rows
        while time.monotonic() < deadline:
            states = self._conn.query_bucket(scope.key, INDEX_STATES, {})
            if all(str(row[0]) == "OPERATIONAL" for row in states):
                self._ready.add(scope.key)
                return
            time.sleep(0.01)
        raise StoreError(f"the indexes of bucket {scope.key!r} were still being built after 60 s")

    def group_ids(self) -> list[str]:
        """Every group under the prefix: own graphs and the groups of every bucket (every
        master is asked)."""
        found = set(self._conn.graph_groups())
        for key in self._conn.scan_keys(f"{self._conn.address.prefix}:b:*"):
            rows = self._conn.query_bucket(key, cypher_packed.PACKED_GROUPS, {})
            found.update(str(row[0]) for row in rows)
        return sorted(found)
