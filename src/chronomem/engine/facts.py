"""Stages 4-5: turn extracted facts into stored facts, deduplicated and invalidated.

Candidates for the decision step (the extractor's resolution round), per new fact:

* duplicate candidates: stored facts between the same two entities, where either end may
  still be only a resolution *option* (Seattle might turn out to be Boston);
* contradiction candidates, which cannot miss what the new fact may supersede:
  - every stored fact of the same subject (every resolution option of it) with the same
    relation, when that relation holds one value at a time (``model/relations.py``; for an
    object-unique relation such as LEADS: the same object), however many there are;
  - the subject's *current* facts of every other such relation (a change stated loosely,
    as a generic fact, still reaches the decision step; at most one per relation);
  - up to :data:`CONTRADICTION_CANDIDATES` more facts that share an endpoint and are close
    in meaning (cosine >= :data:`MIN_CONTRADICTION_COSINE`) or have the same relation,
    among the :data:`NEAR_FACTS` stored facts closest to the new one (a vector search, so
    the read does not grow with the history of a much-mentioned entity).

  A fact can be both a duplicate and a contradiction candidate: which it is depends on how
  its endpoints resolve, and that is decided in the same round. Never the whole group, which
  would retire unrelated facts.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

import numpy as np
import numpy.typing as npt

from chronomem.clock import IdFactory
from chronomem.engine.endings import (
    close_by_stored_endings,
    close_mentions,
    close_siblings,
    close_superseded,
    ended_fact,
    superseded_mentions,
    withdraw_moved_plans,
)
from chronomem.engine.temporal import (
    close_at,
    merge_duplicate,
    overlaps,
    resolve_contradiction,
    withdrawn_plan,
)
from chronomem.model import (
    Episode,
    ExtractedFact,
    Fact,
    FactQuestion,
    SearchFilter,
    Target,
    Vector,
)
from chronomem.model.belief import CLOSED_BY, closing_note
from chronomem.model.names import normalize_name
from chronomem.model.relations import FUNCTIONAL_RELATIONS, functional_rule
from chronomem.ports import Store

log = logging.getLogger(__name__)

MIN_CONTRADICTION_COSINE = 0.5
CONTRADICTION_CANDIDATES = 8
NEAR_FACTS = 12  # facts read per draft by meaning (those touching its entities are kept)


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


@dataclass(slots=True)
class FactCandidates:
    questions: list[FactQuestion] = field(default_factory=list)
    fast_duplicates: dict[int, str] = field(default_factory=dict)
    stored: dict[str, Fact] = field(default_factory=dict)


def find_fact_candidates(
    store: Store, group_id: str, drafts: Sequence[FactDraft], now: datetime
) -> FactCandidates:
    """Candidates for every draft, read from the store in a size that does not grow with
    the group's history (see :func:`_candidate_pool`)."""
    out = FactCandidates()
    touched = {i for d in drafts for i in d.source_options | d.target_options}
    if not touched:
        return out
    stored = _candidate_pool(store, group_id, drafts, touched, now)
    out.stored = {f.id: f for f in stored}
    cosines = _cosines(drafts, stored)
    for d, row in zip(drafts, cosines, strict=True):
        pair = [f for f in stored if _joins(f, d.source_options, d.target_options)]
        same = _fast_duplicate(d, pair)
        if same is not None:
            out.fast_duplicates[d.key] = same.id
            continue
        near = _contradiction_candidates(d, stored, row)
        if pair or near:
            out.questions.append(FactQuestion(d.key, d.fact, tuple(pair), tuple(near)))
    return out


def _candidate_pool(
    store: Store, group_id: str, drafts: Sequence[FactDraft], touched: set[str], now: datetime
) -> list[Fact]:
    """Every stored fact that can be a candidate of a draft, and not the entities' whole
    history (a speaker's thousands of past facts):

    * the must-offer contradiction candidates: the current facts of every one-value-at-a-time
      relation (``model/relations.py``) touching the drafts' entities, and past ones too
      for the relations the drafts hold;
    * the :data:`NEAR_FACTS` facts closest in meaning to each draft (one vector search,
      past facts included), of which those touching the draft's entities are kept: the
      duplicates (a restatement is the closest text there is) and the close contradiction
      candidates.
    """
    entities = sorted(touched)
    current = SearchFilter(relations=tuple(sorted(FUNCTIONAL_RELATIONS))).resolved(now)
    pool = {f.id: f for f in store.facts_of_entities([group_id], entities, current)}
    drafted = sorted({d.fact.relation for d in drafts} & FUNCTIONAL_RELATIONS)
    if drafted:  # past facts of a one-value relation matter only to a draft of that relation
        past = SearchFilter(history=True, relations=tuple(drafted)).resolved(now)
        pool.update((f.id, f) for f in store.facts_of_entities([group_id], entities, past))
    everything = SearchFilter(history=True).resolved(now)
    near: set[str] = set()
    for d in drafts:
        if d.fact.embedding is not None:
            hits = store.vector_search(
                Target.FACTS, [group_id], d.fact.embedding, limit=NEAR_FACTS, filter=everything
            )
            near.update(i for i, _ in hits)
    missing = sorted(near - pool.keys())
    for f in store.get_facts([group_id], missing) if missing else ():
        if {f.source_id, f.target_id} & touched:
            pool[f.id] = f
    return sorted(pool.values(), key=lambda f: (f.created_at, f.id))


def _cosines(drafts: Sequence[FactDraft], stored: Sequence[Fact]) -> npt.NDArray[np.float32]:
    """Cosine of each draft (rows) to each stored fact (columns), 0.0 where a vector is
    missing, in one matrix product."""
    shapes = [v.shape for v in (d.fact.embedding for d in drafts) if v is not None]
    if not stored or not shapes:
        return np.zeros((len(drafts), len(stored)), dtype=np.float32)
    zero = np.zeros(shapes[0], dtype=np.float32)

    def matrix(vectors: Sequence[Vector | None]) -> npt.NDArray[np.float32]:
        return np.stack([v if v is not None and v.shape == zero.shape else zero for v in vectors])

    return matrix([d.fact.embedding for d in drafts]) @ matrix([f.embedding for f in stored]).T


def _fast_duplicate(d: FactDraft, pair: Sequence[Fact]) -> Fact | None:
    """The stored fact ``d`` certainly restates, settled without asking the extractor:

    * the same relation and text, on the same pair, and the new statement falls within the
      stored interval (a fact that ended before it started is an earlier stint: "I live in
      Boston" after moving back is not folded into the closed Boston fact);
    * an ending ("I left Google last week": no start, an end) of the one open fact with the
      same relation between the same two settled entities — whatever the dates, so an
      ending dated before the start we had still closes it (policy in engine/temporal.py).
    """
    new = d.fact
    same = [f for f in pair if f.relation == new.relation and not _retracted(f)]
    text = normalize_name(new.fact)
    for f in same:
        if normalize_name(f.fact) == text and (
            f.invalid_at is None
            or (new.valid_at is not None and new.valid_at < f.invalid_at)
            or (new.valid_at is None and new.invalid_at is not None)
        ):
            return f
    if new.valid_at is None and new.invalid_at is not None:
        ends = set(new.endpoints)
        open_ = [f for f in same if f.invalid_at is None and set(f.endpoints) == ends]
        if len(open_) == 1:
            return open_[0]
    return None


def _retracted(f: Fact) -> bool:
    return f.expired_at is not None and f.invalid_at is None


def _joins(f: Fact, sources: frozenset[str], targets: frozenset[str]) -> bool:
    return (f.source_id in sources and f.target_id in targets) or (
        f.source_id in targets and f.target_id in sources
    )


def _contradiction_candidates(
    d: FactDraft, stored: Sequence[Fact], cosines: npt.NDArray[np.float32]
) -> list[Fact]:
    """Every same-subject fact of a one-value-at-a-time relation, then the closest others.

    "Same subject" facts of such a relation that are still current are offered whatever
    the new fact's relation: an extractor may state a change loosely ("Accenture upped
    their offer and I took it" as a generic fact) and the decision step, not this filter,
    judges it. There is at most one current value per relation and subject, so this stays
    small.
    """
    must: list[Fact] = []
    for f in stored:
        row = functional_rule(f.relation)
        if row is None:
            continue
        end, mine = (
            (f.source_id, d.source_options)
            if row.unique == "subject"
            else (f.target_id, d.target_options)
        )
        if end not in mine:
            continue
        if f.relation == d.fact.relation or (f.invalid_at is None and f.expired_at is None):
            must.append(f)
    taken = {f.id for f in must}
    ends = d.source_options | d.target_options
    scored: list[tuple[float, Fact]] = []
    for f, row in zip(stored, cosines, strict=True):
        if f.id in taken or not ({f.source_id, f.target_id} & ends):
            continue
        cosine = float(row)
        if f.relation == d.fact.relation or cosine >= MIN_CONTRADICTION_COSINE:
            scored.append((cosine + (1.0 if f.relation == d.fact.relation else 0.0), f))
    scored.sort(key=lambda pair: -pair[0])
    return must + [f for _, f in scored[:CONTRADICTION_CANDIDATES]]


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
    labels: Callable[[Sequence[str]], Mapping[str, Sequence[str]]] | None = None,
) -> FactOutcome:
    """Apply dedup and invalidation decisions (already validated against the candidates).

    ``entity_ids`` maps provisional endpoint ids to final ones (entity resolution's answer).
    ``said_at``: when the new facts were stated; ``stored_said``: when each stored fact was
    (default: its ``created_at``) — together they tell a withdrawn plan. ``names``: final
    entity id -> name of the episode's entities (endings by name, ``engine/endings.py``);
    ``labels``: entity ids -> their labels (read only when a new one-value-at-a-time fact may
    supersede generic mentions, ``engine/endings.py``).
    """
    said = _Said(said_at, stored_said or {})
    working: dict[str, Fact] = {}
    new_facts: list[Fact] = []
    told_endings: list[Fact] = []
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
        if fact.valid_at is None and fact.invalid_at is not None:
            told_endings.append(fact)  # before it is folded into the fact it ends
        if dup is None:
            dup = ended_fact(fact, [working.get(i, f) for i, f in stored.items()])
        if dup is not None:
            dup, fact = _merge_or_reschedule(dup, fact, said, working, now)
        for old_id in contradictions.get(d.key, ()):
            old = working.get(old_id) or stored.get(old_id)
            if (
                old_id in restated
                or old is None
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
        if dup is not None:
            working[fact.id] = fact
        else:
            new_facts.append(fact)
    close_by_stored_endings(new_facts, stored, now)
    close_mentions(new_facts, working, stored, now, names, told_endings)
    withdraw_moved_plans(new_facts, working, stored, now, names or {}, said_at)
    pairs = superseded_mentions(new_facts, stored, working)
    if pairs and labels is not None:
        ids = sorted({i for n, o in pairs for i in (n.target_id, o.target_id)})
        close_superseded(pairs, working, labels(ids), now)
    close_siblings(working, stored, now)
    changed = [f for i, f in working.items() if f != stored.get(i)]
    closer = drafts[0].fact.episodes[0] if drafts and drafts[0].fact.episodes else None
    changed = [_note_closing(f, stored.get(f.id), closer) for f in changed]
    invalidated = tuple(
        f for f in changed if f.id in stored and f.invalid_at != stored[f.id].invalid_at
    )
    return FactOutcome(written=tuple(new_facts) + tuple(changed), invalidated=invalidated)


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
