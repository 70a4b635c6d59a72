"""Values that hold within another value end with it (``model.relations.DEPENDENCY_TABLE``).

A job title told with an employer ("I joined Acme as a data analyst") is the role at that
employer; one's manager is a manager at one's employer, whenever either was told. When the employer
fact closes -- a new employer, an ending ("I left Acme"), or, told out of order, a later
employer already stored -- the values tied to it close at the same end, unless this episode
states them again ("I'm a barista at Starbucks now" after "a barista at Blue Bottle" keeps
the title: it is restated, so it is not tied to the stint that ended).

Only the subject's own values are touched, and only those the table ties to the closed fact:
a title told on its own ("I'm a nurse") is an occupation and survives a change of employer.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from datetime import datetime

from chronomem.engine.temporal import close_at
from chronomem.model import Fact
from chronomem.model.relations import Dependency, dependencies_on


def _open(f: Fact) -> bool:
    return f.invalid_at is None and f.expired_at is None


def close_dependents(
    new_facts: list[Fact],
    working: MutableMapping[str, Fact],
    stored: Mapping[str, Fact],
    now: datetime,
    episode: str | None,
) -> None:
    """Close the values tied to each fact this episode closed (``working``: stored facts
    this episode changed, ``new_facts``: its new facts; both updated in place)."""
    for holder in _closed_holders(new_facts, working, stored):
        end = holder.invalid_at
        assert end is not None  # a closed holder has an end (_closed_holders)
        for row in dependencies_on(holder.relation):
            for f in stored.values():
                current = working.get(f.id, f)
                if episode not in current.episodes and _tied(row, current, holder, end):
                    working[f.id] = close_at(current, end, now)
            if holder.id in stored:
                continue  # what this episode tells anew is not tied to a stint it ended
            for n, f in enumerate(new_facts):
                if _tied(row, f, holder, end):
                    new_facts[n] = close_at(f, end, now)


def _closed_holders(
    new_facts: Sequence[Fact], working: Mapping[str, Fact], stored: Mapping[str, Fact]
) -> list[Fact]:
    """Facts with dependants this round closed: stored ones it ended, and new ones it
    learned already superseded (out of order: a later value was stored first) -- when the
    episode tells no other value of that relation, which its own facts could belong to."""
    out = [
        f
        for i, f in working.items()
        if f.invalid_at is not None
        and i in stored
        and stored[i].invalid_at is None
        and dependencies_on(f.relation)
    ]
    for f in new_facts:
        if f.valid_at is None or f.invalid_at is None or not dependencies_on(f.relation):
            continue
        if not any(
            g.relation == f.relation and g.source_id == f.source_id and _open(g)
            for g in new_facts
        ):
            out.append(f)
    return out


def _tied(row: Dependency, f: Fact, holder: Fact, end: datetime) -> bool:
    """Is ``f`` an open value of ``row`` that holds within ``holder`` (which ends at ``end``)?"""
    if (
        f.relation != row.relation
        or f.id == holder.id
        or f.source_id != holder.source_id
        or not _open(f)
        or (f.valid_at is not None and f.valid_at > end)
    ):
        return False
    if row.tie == "told_with":
        return bool(f.episodes) and f.episodes[0] in holder.episodes
    return True  # "held": whichever value holds when the holder ends
