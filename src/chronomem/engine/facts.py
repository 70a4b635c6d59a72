"""Stages 4-5: turn extracted facts into stored facts, deduplicated and invalidated.

:func:`draft_facts` makes the new facts, their endpoints possibly still ambiguous; the
candidates they are compared with come from :mod:`chronomem.engine.fact_candidates`; once
the resolution round has decided, :func:`apply_fact_decisions` folds duplicates, closes
what the new facts contradict (the rules of ``engine/temporal.py``, ``engine/endings.py``,
``engine/mention_endings.py``, ``engine/timeline_endings.py`` and ``engine/dependents.py``)
and returns what the episode writes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from chronomem.clock import IdFactory
from chronomem.engine.dependents import close_dependents
from chronomem.engine.endings import close_mentions, ended_fact
from chronomem.engine.mention_endings import (
    close_remarks_on_past,
    close_retold_topics,
    close_siblings,
    close_superseded,
    close_told_beside,
    superseded_mentions,
)
from chronomem.engine.temporal import (
    close_at,
    merge_duplicate,
    overlaps,
    resolve_contradiction,
    withdrawn_plan,
)
from chronomem.engine.timeline_endings import (
    close_by_stored_endings,
    close_told_in_order,
    withdraw_moved_plans,
)
from chronomem.model import (
    Entity,
    Episode,
    ExtractedFact,
    Fact,
    Vector,
)
from chronomem.model.belief import CLOSED_BY, closing_note
from chronomem.model.relations import GENERIC_RELATIONS

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class FactDraft:
    """A new fact whose endpoints may still be ambiguous (several possible entity ids)."""

    key: int
    fact: Fact
    source_options: frozenset[str]
    target_options: frozenset[str]


def draft_facts(
    extracted: Sequence[ExtractedFact],
    vectors: Sequence[Vector],
    *,
    provisional: Mapping[str, str],
    options: Mapping[str, frozenset[str]],
    episode: Episode,
    now: datetime,
    ids: IdFactory,
) -> list[FactDraft]:
    """New facts with provisional endpoint ids (``provisional``: entity name -> id)."""
    drafts = []
    for key, (xf, vector) in enumerate(zip(extracted, vectors, strict=True)):
        fact = Fact(
            id=ids(),
            group_id=episode.group_id,
            source_id=provisional[xf.source],
            target_id=provisional[xf.target],
            relation=xf.relation,
            fact=xf.fact,
            created_at=now,
            episodes=(episode.id,),
            valid_at=xf.valid_at,
            invalid_at=xf.invalid_at,
            expired_at=now if xf.invalid_at is not None else None,
            attributes=dict(xf.attributes),
            embedding=vector,
        )
        drafts.append(FactDraft(key, fact, options[xf.source], options[xf.target]))
    return drafts


@dataclass(frozen=True, slots=True)
class FactOutcome:
    """What an episode writes (new and changed facts) and which stored facts it closed."""

    written: tuple[Fact, ...]
    invalidated: tuple[Fact, ...]


def apply_fact_decisions(
    drafts: Sequence[FactDraft],
    *,
    entity_ids: Mapping[str, str],
    stored: Mapping[str, Fact],
    duplicates: Mapping[int, str | None],
    contradictions: Mapping[int, Sequence[str]],
    now: datetime,
    said_at: datetime | None = None,
    stored_said: Mapping[str, datetime] | None = None,
    names: Mapping[str, str] | None = None,
    entities: Callable[[Sequence[str]], Mapping[str, Entity]] | None = None,
) -> FactOutcome:
    """Apply dedup and invalidation decisions (already validated against the candidates).

    ``entity_ids`` maps provisional endpoint ids to final ones (entity resolution's answer).
    ``said_at``: when the new facts were stated; ``stored_said``: when each stored fact was
    (default: its ``created_at``) — together they tell a withdrawn plan. ``names``: final
    entity id -> name of the episode's entities (endings by name, ``engine/endings.py``);
    ``entities``: entity ids -> the entities, from the store (read only when a new
    one-value-at-a-time fact may supersede generic mentions, or a closed fact's value may be
    named by mentions told beside it, ``engine/mention_endings.py``).
    """
    said = _Said(said_at, stored_said or {})
    working: dict[str, Fact] = {}
    new_facts: list[Fact] = []
    told_endings: list[Fact] = []
    told_holding: list[str] = []  # final ids of the facts told as holding (not endings)
    restated = _restated(drafts, duplicates)
    for d in drafts:
        fact = _rebind(d.fact, entity_ids)
        if fact.source_id == fact.target_id:
            log.info("dropped fact %r: both ends resolved to one entity", fact.fact)
            continue
        dup_id = duplicates.get(d.key)
        dup = (working.get(dup_id) or stored.get(dup_id)) if dup_id else None
        if dup is not None and not _same_pair(dup, fact):
            log.info("ignored duplicate %s for %r: different entities", dup.id, fact.fact)
            dup = None
        ending = fact.valid_at is None and fact.invalid_at is not None
        if ending:
            told_endings.append(fact)  # before it is folded into the fact it ends
        if dup is None:
            dup = ended_fact(fact, [working.get(i, f) for i, f in stored.items()])
        if dup is not None:
            dup, fact = _merge_or_reschedule(dup, fact, said, working, now)
        old_ids = [i for i in contradictions.get(d.key, ()) if i not in restated]
        dup, fact = _contradict(old_ids, fact, dup, said, working, stored, now)
        if dup is not None:
            working[fact.id] = fact
        else:
            new_facts.append(fact)
        if not ending:
            told_holding.append(fact.id)
    close_told_in_order(new_facts, now)
    close_by_stored_endings(new_facts, stored, now)
    close_remarks_on_past(new_facts, stored, working, now)
    close_mentions(new_facts, working, stored, now, names, told_endings)
    withdraw_moved_plans(new_facts, working, stored, now, names or {}, said_at)
    _close_superseded(new_facts, working, stored, entities, now, names)
    close_retold_topics(new_facts, stored, working, now)
    close_dependents(new_facts, working, stored, now, told_holding)
    if entities is not None:
        close_told_beside(
            working,
            stored,
            now,
            lambda ids: {i: e.name for i, e in entities(ids).items()},
            new_facts,
        )
    close_siblings(working, stored, now)
    return _outcome(drafts, new_facts, working, stored)


def _outcome(
    drafts: Sequence[FactDraft],
    new_facts: Sequence[Fact],
    working: Mapping[str, Fact],
    stored: Mapping[str, Fact],
) -> FactOutcome:
    """The new facts and the stored ones the episode changed, each closing noted."""
    changed = [f for i, f in working.items() if f != stored.get(i)]
    closer = _episode_of(drafts)
    changed = [_note_closing(f, stored.get(f.id), closer) for f in changed]
    invalidated = tuple(
        f for f in changed if f.id in stored and f.invalid_at != stored[f.id].invalid_at
    )
    return FactOutcome(written=tuple(new_facts) + tuple(changed), invalidated=invalidated)


def _episode_of(drafts: Sequence[FactDraft]) -> str | None:
    """The episode the drafts were read from."""
    return drafts[0].fact.episodes[0] if drafts and drafts[0].fact.episodes else None


def _contradict(
    old_ids: Sequence[str],
    fact: Fact,
    dup: Fact | None,
    said: _Said,
    working: dict[str, Fact],
    stored: Mapping[str, Fact],
    now: datetime,
) -> tuple[Fact | None, Fact]:
    """Close the stored facts ``fact`` contradicts (the decided ``old_ids``, restated ones
    left out), into ``working``. Returns (duplicate or None, fact): an "old" fact on the same
    two entities with the same relation is the same value, folded in as a duplicate."""
    for old_id in old_ids:
        old = working.get(old_id) or stored.get(old_id)
        if (
            old is None
            or old.id == fact.id
            or not ({old.source_id, old.target_id} & set(fact.endpoints))
        ):
            continue
        if _same_pair(old, fact) and old.relation == fact.relation:
            # resolution made both ends the same entities: the same value, not a new one
            if dup is None and overlaps(old, fact):
                dup = old
                fact = merge_duplicate(old, fact, now)
            continue
        old, fact = resolve_contradiction(old, fact, now, said=said.pair(old))
        working[old.id] = old
    return dup, fact


def _close_superseded(
    new_facts: list[Fact],
    working: dict[str, Fact],
    stored: Mapping[str, Fact],
    entities: Callable[[Sequence[str]], Mapping[str, Entity]] | None,
    now: datetime,
    names: Mapping[str, str] | None,
) -> None:
    """Generic mentions a new one-value-at-a-time fact supersedes (``engine/mention_endings.py``);
    the entities' labels, and which of them the episode names untyped, are read only when
    there are such pairs."""
    pairs = superseded_mentions(new_facts, stored, working)
    if pairs and entities is not None:
        ids = sorted({i for n, o in pairs for i in (n.target_id, o.target_id)})
        said_again = _untyped(names, new_facts)
        labels = {i: e.labels for i, e in entities(ids).items()}
        close_superseded(pairs, working, labels, now, said_again, new_facts)


def _untyped(names: Mapping[str, str] | None, new_facts: Sequence[Fact]) -> frozenset[str]:
    """The episode's entities no typed fact of its own names (only mentioned, or named
    with no fact at all: a rival the new value's text was cut before)."""
    typed = {i for f in new_facts if f.relation not in GENERIC_RELATIONS for i in f.endpoints}
    return frozenset(i for i in (names or {}) if i not in typed)


def _restated(drafts: Sequence[FactDraft], duplicates: Mapping[int, str | None]) -> set[str]:
    """Stored facts this episode states again: "I work at Google and Meta" after "I work at
    Google" keeps Google, so no sibling of the same episode contradicts them."""
    return {
        dup
        for d in drafts
        if (dup := duplicates.get(d.key)) is not None
        and not (d.fact.valid_at is None and d.fact.invalid_at is not None)
    }


def _note_closing(fact: Fact, before: Fact | None, episode_id: str | None) -> Fact:
    """Record on a stored fact that ``episode_id`` closed it (or moved its end), with the
    state it had before (``model/belief.py``): ``known_at`` views show that state until
    the closing, and deleting that episode reopens it (engine/deletion.py)."""
    if before is None or fact.invalid_at == before.invalid_at:
        return fact
    note = closing_note(before, episode_id)
    return replace(fact, attributes={**fact.attributes, CLOSED_BY: note})


@dataclass(frozen=True, slots=True)
class _Said:
    """When the new facts were stated, and when each stored fact was."""

    at: datetime | None
    stored: Mapping[str, datetime]

    def pair(self, old: Fact) -> tuple[datetime, datetime] | None:
        if self.at is None:
            return None
        return self.stored.get(old.id, old.created_at), self.at


def _merge_or_reschedule(
    dup: Fact, fact: Fact, said: _Said, working: dict[str, Fact], now: datetime
) -> tuple[Fact | None, Fact]:
    """Fold ``fact`` into its duplicate ``dup`` -- unless it is the same plan on another day
    ("the wedding moved to the 21st"): then the plan stated earlier is withdrawn (closed at
    its own start) and the other stands as its own fact. Returns (duplicate or None, fact)."""
    when = said.pair(dup)
    moved = (
        when is not None
        and dup.valid_at is not None
        and fact.valid_at is not None
        and dup.valid_at.date() != fact.valid_at.date()
    )
    withdrawn = withdrawn_plan(dup, fact, when) if moved and when is not None else None
    if withdrawn is dup:
        working[dup.id] = close_at(dup, dup.valid_at, now)
        return None, fact
    if withdrawn is fact:
        return None, close_at(fact, fact.valid_at, now)
    return dup, merge_duplicate(dup, fact, now)


def _rebind(fact: Fact, entity_ids: Mapping[str, str]) -> Fact:
    return replace(
        fact,
        source_id=entity_ids.get(fact.source_id, fact.source_id),
        target_id=entity_ids.get(fact.target_id, fact.target_id),
    )


def _same_pair(a: Fact, b: Fact) -> bool:
    return {a.source_id, a.target_id} == {b.source_id, b.target_id}
