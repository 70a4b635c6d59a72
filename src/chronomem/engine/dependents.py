"""Values that hold within another value end with it (``model.relations.DEPENDENCY_TABLE``).

A job title told with an employer ("I joined Acme as a data analyst") is the role at that
employer; one's manager is a manager at one's employer, whenever either was told. When the
employer fact ends -- a new employer, an ending ("I left Acme"), or, told out of order, a
later employer already stored -- the values tied to it end at the same time, unless this
episode states them again ("I'm a barista at Starbucks now" after "a barista at Blue Bottle"
keeps the title: it is said again, so it is not tied to the stint that ended).

Two ways an episode ends a holder, so that every order of arrival gives one timeline:

* it ends (or moves back the end of) a stored holder: the stored values tied to it that
  were open, or had ended with it, end at its new end;
* it tells a holder as holding ("started at Google as a data engineer") that is nonetheless
  over once decided (a later employer, or the ending, was stored first): the values it told
  with it end there too -- unless it also tells another value of the holder's relation,
  which they may belong to.

Only the subject's own values are touched, and only those the table ties to the holder: a
title told on its own ("I'm a nurse") is an occupation and survives a change of employer.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from datetime import datetime

from chronomem.engine.temporal import close_at
from chronomem.model import Fact
from chronomem.model.relations import Dependency, dependencies_on


def close_dependents(
    new_facts: list[Fact],
    working: MutableMapping[str, Fact],
    stored: Mapping[str, Fact],
    now: datetime,
    told: Sequence[str],
) -> None:
    """Close the values tied to each holder this episode ended (``working``: stored facts
    it changed; ``new_facts``: its new facts, both updated in place; ``told``: ids of the
    facts it told as holding, after deciding)."""
    for holder, before in _ended(working, stored):
        for f in stored.values():
            current = working.get(f.id, f)
            if current.id not in told and _tied(current, holder, before):
                working[f.id] = close_at(current, holder.invalid_at, now)
    for holder in _told_over(new_facts, working, told):
        for n, f in enumerate(new_facts):
            if f.id in told and _tied(f, holder, None):
                new_facts[n] = close_at(f, holder.invalid_at, now)


def _ended(
    working: Mapping[str, Fact], stored: Mapping[str, Fact]
) -> list[tuple[Fact, datetime | None]]:
    """Stored holders whose end this round set or moved, with the end they had before."""
    return [
        (f, stored[i].invalid_at)
        for i, f in working.items()
        if i in stored
        and f.invalid_at is not None
        and f.invalid_at != stored[i].invalid_at
        and dependencies_on(f.relation)
    ]


def _told_over(
    new_facts: Sequence[Fact], working: Mapping[str, Fact], told: Sequence[str]
) -> list[Fact]:
    """Holders this episode told as holding that are over once decided, when it told no
    other value of that relation for that subject that still holds."""
    final = {f.id: f for f in new_facts} | {i: f for i, f in working.items() if i in told}
    said = [final[i] for i in told if i in final]
    return [
        f
        for f in said
        if f.invalid_at is not None
        and dependencies_on(f.relation)
        and not any(
            g.relation == f.relation and g.source_id == f.source_id and _open(g) for g in said
        )
    ]


def _open(f: Fact) -> bool:
    return f.invalid_at is None and f.expired_at is None


def _tied(f: Fact, holder: Fact, before: datetime | None) -> bool:
    """Does ``f`` hold within ``holder`` and still hold (or ended with it, at ``before``)?"""
    end = holder.invalid_at
    rows = [r for r in dependencies_on(holder.relation) if r.relation == f.relation]
    if (
        not rows
        or end is None
        or f.id == holder.id
        or f.source_id != holder.source_id
        or not (_open(f) or (before is not None and f.invalid_at == before))
        or (f.valid_at is not None and f.valid_at > end)
    ):
        return False
    return _by_tie(rows[0], f, holder)


def _by_tie(row: Dependency, f: Fact, holder: Fact) -> bool:
    if row.tie == "told_with":
        return bool(f.episodes) and f.episodes[0] in holder.episodes
    return True  # "held": whichever value holds when the holder ends
