"""Where a write goes, and what follows it as the group grows.

:func:`write` sends one write query to the group where it lives (:mod:`.placement`). A packed
group's bucket refuses the write (``held``) while the group is being moved out or once it has
moved: the writer then finds it again, or takes over a move left unfinished past its lease
(:mod:`.moveout`), and sends the write to the group's own graph.

:func:`grow` runs after a write: a packed group holding :data:`schema.LABEL_INDEX_AFTER` rows or
:data:`schema.VECTOR_INDEX_AFTER` vectors of a label moves to its own graph; in its own graph a
label gets its range and full-text indexes, then its HNSW index, at the same sizes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from chronomem.errors import StoreUnavailableError
from chronomem.stores.falkordb import moveout
from chronomem.stores.falkordb.catalog import Catalog
from chronomem.stores.falkordb.connection import FalkorDBConnection
from chronomem.stores.falkordb.placement import Placement
from chronomem.stores.falkordb.scope import Scope

__all__ = ["Thresholds", "grow", "write"]

T = TypeVar("T")


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
