"""A packed group that grew past the thresholds moves to its own graph, crash-safe.

Steps (each one leaves the group readable in exactly one place):

1. **lock**: the group's ``Meta`` in the bucket gets ``moving`` (a lease, in microseconds);
   writes to the group in the bucket are then refused (``cypher.APPLY`` checks it), so the
   copy cannot miss one. Reads still go to the bucket.
2. **copy** every row of the group (nodes with their embeddings, facts, mentions, the write
   counter) into a staging graph ``<prefix>:m{<own graph key>}``, which no read looks at;
   the hash tag puts it in the own graph's slot.
3. **publish**: ``RENAMENX`` staging -> ``<prefix>:g:<group_id>``, one atomic command, and
   wait until it is durable. From here :class:`.placement.Placement` sends every call to
   the own graph.
4. **clear**: one query deletes the group's rows from the bucket and turns its ``Meta`` into
   a ``moved`` marker that refuses late writes there; then wait until that is durable.

A crash after 1 or 2 leaves the group in its bucket with the lease: a writer that finds the
lease older than ``lease_s`` takes the move over from step 1 (the staging graph is rebuilt
from scratch). A crash after 3 leaves the bucket's rows unseen by every read; the first
process that finds the group in its own graph with a lease still in the bucket runs step 4
(:func:`finish_leftovers`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from typing import cast

from chronomem.stores.falkordb import cypher_packed as q
from chronomem.stores.falkordb.connection import FalkorDBConnection
from chronomem.stores.falkordb.durability import confirm_durable
from chronomem.stores.falkordb.scope import Scope

__all__ = ["LEASE_S", "checkpoint", "finish_leftovers", "move_out"]

LEASE_S = 30.0  # a move not finished after this long is taken over by the next writer
_CHUNK = 100  # rows per paste query (a row may carry a 384-float embedding)


def checkpoint(step: str) -> None:
    """Called after each step ("locked", "copied", "published"); tests replace it to
    interrupt a move there."""


def move_out(conn: FalkorDBConnection, packed: Scope, own: Scope, lease_s: float) -> bool:
    """Move the group of ``packed`` to ``own``; False if another writer holds the move."""
    now = int(time.time() * 1e6)
    stale = now - int(lease_s * 1e6)
    locked = conn.query(packed, q.LOCK_MOVE, {"now": now, "stale": stale}, write=True)
    if not locked:
        return conn.graph_exists(own.key)  # moved meanwhile by another writer, or held
    checkpoint("locked")
    staging = Scope(own.group_id, f"{conn.address.prefix}:m{{{own.key}}}")
    conn.delete_graph(staging.key)  # what a crashed attempt left
    _copy(conn, packed, staging, version=locked[0][0])
    checkpoint("copied")
    if not conn.rename_graph(staging.key, own.key):
        conn.delete_graph(staging.key)  # published by an earlier attempt
    confirm_durable(conn, own)
    checkpoint("published")
    _clear(conn, packed)
    return True


def finish_leftovers(conn: FalkorDBConnection, packed: Scope) -> None:
    """The group lives in its own graph: drop its rows left in the bucket by a move that
    stopped after publishing (its ``Meta`` there still holds the lease)."""
    state = conn.query(packed, q.MOVE_STATE, {})
    if state and state[0][0] is not None and state[0][1] is None:
        _clear(conn, packed)


def _clear(conn: FalkorDBConnection, packed: Scope) -> None:
    conn.query(packed, q.CLEAR_MOVED, {}, write=True)
    confirm_durable(conn, packed)


def _copy(conn: FalkorDBConnection, packed: Scope, staging: Scope, *, version: object) -> None:
    """Every row of the group, from its bucket into the staging graph."""
    for label, prop in q.NODE_LABELS.items():
        found = conn.query(packed, q.COPY_NODES[label], {})
        rows = [_split(_props(r[0]), prop) for r in found]
        _paste(conn, staging, q.PASTE_NODES[label], rows)
    facts = conn.query(packed, q.COPY_FACTS, {})
    rows = [
        {"source": str(r[0]), "target": str(r[1]), **_split(_props(r[2]), "embedding")}
        for r in facts
    ]
    _paste(conn, staging, q.PASTE_FACTS, rows)
    mentions = conn.query(packed, q.COPY_MENTIONS, {})
    _paste(conn, staging, q.PASTE_MENTIONS, [{"episode": r[0], "entity": r[1]} for r in mentions])
    conn.query(staging, q.PASTE_META, {"version": version}, write=True)


def _paste(
    conn: FalkorDBConnection, staging: Scope, query: str, rows: Sequence[Mapping[str, object]]
) -> None:
    for start in range(0, len(rows), _CHUNK):
        conn.query(staging, query, {"rows": list(rows[start : start + _CHUNK])}, write=True)


def _split(props: Mapping[str, object], vector: str) -> dict[str, object]:
    """A row's properties without its embedding, and the embedding as a list of floats."""
    emb = props.get(vector)
    rest = {k: v for k, v in props.items() if k != vector}
    floats = None if emb is None else [float(x) for x in cast(Iterable[float], emb)]
    return {"props": rest, "emb": floats}


def _props(value: object) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise TypeError(f"FalkorDB returned {type(value).__name__} where a property map was due")
    return value
