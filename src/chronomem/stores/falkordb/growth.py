"""Where a write goes, and what follows it as the group grows.

:func:`write` sends one write query to the group where it lives (:mod:`.placement`). A packed
group's bucket refuses the write (``held``) while the group is being moved out or once it has
moved: the writer then finds it again, or takes over a move left unfinished past its lease
(:mod:`.moveout`), and sends the write to the group's own graph.

:func:`grow_ahead` runs before one write that alone brings a label to those sizes and to
:data:`AHEAD_ROWS` (an import): the group moves and gets the indexes first, so the write
finds each row it links by index instead of scanning the group for it.

:func:`grow` runs after a write: a packed group holding :data:`schema.LABEL_INDEX_AFTER` rows or
:data:`schema.VECTOR_INDEX_AFTER` vectors of a label moves to its own graph; in its own graph a
label gets its range and full-text indexes, then its HNSW index, at the same sizes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from chronomem.errors import StoreUnavailableError
from chronomem.model import ChangeSet, Vector
from chronomem.stores.falkordb import cypher_packed, moveout
from chronomem.stores.falkordb.catalog import Catalog
from chronomem.stores.falkordb.connection import FalkorDBConnection
from chronomem.stores.falkordb.placement import Placement
from chronomem.stores.falkordb.scope import Scope

__all__ = ["Thresholds", "due_in", "grow", "grow_ahead", "write"]

T = TypeVar("T")
# A write this big on its own is prepared ahead (grow_ahead): without indexes each fact it
# writes scans the group for its two ends, so its cost grows with the square of its size
# (measured: 8,001 rows in one change set 30 s unindexed, 6.6 s indexed first).
AHEAD_ROWS = 1000


@dataclass(slots=True)
class Thresholds:
    """Rows of a label before its indexes (and a packed group's move), vectors before HNSW."""

    rows: int
    vectors: int
    lease_s: float = moveout.LEASE_S


def write(
    conn: FalkorDBConnection,
    placement: Placement,
    group_id: str,
    send: Callable[[Scope], tuple[T, bool]],
    lease_s: float,
) -> tuple[Scope, T]:
    """``send(scope) -> (answer, held)`` where the group lives; again where it has moved to
    if its bucket held it."""
    scope = placement.scope(group_id, fresh=True)
    placement.prepare(scope)
    answer, held = send(scope)
    if not held:
        return scope, answer
    placement.forget(group_id)
    scope = placement.scope(group_id, fresh=True)
    if scope.packed:  # a move is under way, or stopped before publishing
        own = placement.own(group_id)
        if not moveout.move_out(conn, scope, own, lease_s):
            raise StoreUnavailableError(
                f"group {group_id!r} is being moved to its own graph by another writer; "
                "retry in a moment"
            )
        placement.moved(group_id)
        scope = own
    answer, held = send(scope)
    if held:
        raise StoreUnavailableError(f"group {group_id!r} is moving; retry in a moment")
    return scope, answer


def grow(
    conn: FalkorDBConnection,
    catalog: Catalog,
    placement: Placement,
    scope: Scope,
    written: tuple[set[str], set[str]],
    dimension: int | None,
    limits: Thresholds,
) -> Scope:
    """After a write of rows of ``written[0]`` and vectors of ``written[1]``: move a packed
    group out once it is big enough, give an own graph the indexes now due. Returns where
    the group lives."""
    rows, vectors = written
    if scope.packed:
        rows_due = catalog.labels_due(scope, rows, limits.rows)
        vectors_due = catalog.vector_labels_due(scope, vectors, limits.vectors)
        if not rows_due and not vectors_due:
            return scope
        own = placement.own(scope.group_id)
        if not moveout.move_out(conn, scope, own, limits.lease_s):
            return scope  # another writer is moving it
        placement.moved(scope.group_id)
        catalog.forget(own)
        scope, rows = own, rows | rows_due | vectors_due
    indexed = {label for label in rows | vectors if catalog.has_label_indexes(scope, label)}
    with_vectors = {label for label in vectors if catalog.has_vector_index(scope, label)}
    due = catalog.labels_due(scope, rows - indexed, limits.rows)
    due_vectors = catalog.vector_labels_due(scope, vectors - with_vectors, limits.vectors)
    if due or due_vectors:
        catalog.ensure_indexes(scope, dimension, with_vectors | due_vectors, labels=indexed | due)
    return scope


def due_in(changes: ChangeSet, limits: Thresholds) -> tuple[set[str], set[str]]:
    """The labels whose rows, and those whose vectors, ``changes`` alone brings to the
    thresholds and to :data:`AHEAD_ROWS`."""
    written: dict[str, list[Vector | None]] = {
        "Entity": [e.name_embedding for e in changes.entities],
        "Episode": [e.embedding for e in changes.episodes],
        "FACT": [f.embedding for f in changes.facts],
    }
    least_rows, least_vectors = max(limits.rows, AHEAD_ROWS), max(limits.vectors, AHEAD_ROWS)
    rows = {label for label, vs in written.items() if len(vs) >= least_rows}
    vectors = {
        label for label, vs in written.items() if sum(v is not None for v in vs) >= least_vectors
    }
    return rows, vectors


def grow_ahead(
    conn: FalkorDBConnection,
    catalog: Catalog,
    placement: Placement,
    group_id: str,
    due: tuple[set[str], set[str]],
    dimension: int | None,
    limits: Thresholds,
) -> None:
    """Before a write bringing ``due[0]`` labels to :attr:`Thresholds.rows` rows and
    ``due[1]`` labels to :attr:`Thresholds.vectors` vectors on its own: the group moves to
    its own graph (a new group too: its ``Meta`` is made first, so the move is the usual
    crash-safe one) and gets those labels' indexes. Nothing is due: nothing is done."""
    rows, vectors = due
    if not rows and not vectors:
        return
    scope = placement.scope(group_id, fresh=True)
    if scope.packed:
        placement.prepare(scope)
        conn.query(scope, cypher_packed.ENSURE_META, {}, write=True)
        own = placement.own(group_id)
        if not moveout.move_out(conn, scope, own, limits.lease_s):
            return  # another writer is moving it: the write goes where the group is
        placement.moved(group_id)
        catalog.forget(own)
        scope = own
    catalog.ensure_indexes(scope, dimension, vectors, labels=rows | vectors)
