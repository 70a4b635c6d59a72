"""``Store.search_batch`` for a store without a cheaper way: the searches one after the
other (an embedded store has no round trip to save); and the checks of a search's
arguments every store makes."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from chronomem.errors import UsageError
from chronomem.model import SearchRequest, Target
from chronomem.ports import Store

__all__ = ["checked_requests", "checked_target", "one_by_one"]


def checked_target(value: Target | str) -> Target:
    """``value`` as a :class:`Target`, or a ``UsageError`` that lists the targets."""
    try:
        return Target(value)
    except ValueError:
        choices = ", ".join(repr(t.value) for t in Target)
        raise UsageError(f"unknown search target {value!r}: use one of {choices}") from None


def checked_requests(requests: Sequence[SearchRequest]) -> list[SearchRequest]:
    """The requests, each checked to carry text for a text search and a vector otherwise."""
    for request in requests:
        if not isinstance(request, SearchRequest):
            raise UsageError(f"search_batch takes SearchRequest items, not {type(request)}")
        text = isinstance(request.query, str)
        if (request.kind == "text") != text or request.kind not in ("text", "vector"):
            raise UsageError(
                "a SearchRequest of kind 'text' needs a str query, of kind 'vector' a vector"
            )
    return list(requests)


def one_by_one(store: Store, requests: Sequence[SearchRequest]) -> list[list[tuple[str, float]]]:
    """Each request through ``store.text_search`` / ``store.vector_search``."""
    answers = []
    for r in checked_requests(requests):
        if r.kind == "text":
            found = store.text_search(
                r.target, r.group_ids, str(r.query), limit=r.limit, filter=r.filter
            )
        else:
            vector = np.asarray(r.query, dtype=np.float32)
            found = store.vector_search(
                r.target, r.group_ids, vector, limit=r.limit, filter=r.filter
            )
        answers.append(found)
    return answers
