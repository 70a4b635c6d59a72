"""Building a :class:`~chronomem.model.SearchFilter` from the facade's keyword arguments.

The filter itself (groups aside) lives in :mod:`chronomem.model.filters`: ``valid_at`` /
``known_at`` instants on the two timelines, ``history``, relation types, entity labels, and
date ranges on both timelines (``valid_between`` on T, ``created_between`` on T′). Stores
apply it in their queries; the searcher re-checks loaded rows with the same Python rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from chronomem.model import SearchFilter
from chronomem.ports import Store


def with_times(
    base: SearchFilter | None, *, valid_at: datetime | None, known_at: datetime | None
) -> SearchFilter:
    """``base`` (default: current facts, and upcoming ones unless a ``valid_at`` is asked
    for) with ``valid_at`` / ``known_at`` set where given."""
    flt = base or SearchFilter(upcoming=valid_at is None)
    if valid_at is None and known_at is None:
        return flt
    return replace(flt, valid_at=valid_at or flt.valid_at, known_at=known_at or flt.known_at)


def with_thread_episodes(flt: SearchFilter, store: Store, group_ids: Sequence[str]) -> SearchFilter:
    """``flt`` with the episode ids of its ``thread_ids`` (in ``group_ids``) looked up, as
    stores read them (``source_episodes``); unchanged without a thread filter."""
    if flt.thread_ids is None or flt.source_episodes is not None:
        return flt
    found = [i for g in group_ids for t in flt.thread_ids for i in store.thread_episodes(g, t)]
    return replace(flt, source_episodes=tuple(dict.fromkeys(found)))
