"""Stage 4, fact candidates: the stored facts the decision step is asked about.

Candidates for the decision step (the extractor's resolution round), per new fact
(a :class:`~chronomem.engine.facts.FactDraft`):

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

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
import numpy.typing as npt

from chronomem.engine.facts import FactDraft
from chronomem.model import Fact, FactQuestion, SearchFilter, Target, Vector
from chronomem.model.names import normalize_name
from chronomem.model.relations import FUNCTIONAL_RELATIONS, dependencies_on, functional_rule
from chronomem.ports import Store

MIN_CONTRADICTION_COSINE = 0.5
CONTRADICTION_CANDIDATES = 8
NEAR_FACTS = 12  # facts read per draft by meaning (those touching its entities are kept)


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
      for the relations the drafts hold and those that hold within them (``engine/dependents.py``);
    * the :data:`NEAR_FACTS` facts closest in meaning to each draft (one vector search,
      past facts included), of which those touching the draft's entities are kept: the
      duplicates (a restatement is the closest text there is) and the close contradiction
      candidates.
    """
    entities = sorted(touched)
    current = SearchFilter(relations=tuple(sorted(FUNCTIONAL_RELATIONS))).resolved(now)
    pool = {f.id: f for f in store.facts_of_entities([group_id], entities, current)}
    drafted = {d.fact.relation for d in drafts} & FUNCTIONAL_RELATIONS
    # past facts of a one-value relation matter only to a draft of that relation, or of the
    # relation they hold within (a title that ended with a job moves with that job's end)
    drafted |= {row.relation for r in drafted for row in dependencies_on(r)}
    if drafted:
        past = SearchFilter(history=True, relations=tuple(sorted(drafted))).resolved(now)
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
    return sorted(pool.values(), key=_chronological)


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


def _chronological(f: Fact) -> tuple[datetime, datetime, str, str]:
    """Learned first, then by what the fact says: never by id (ids are random, and the same
    text must give the same memory)."""
    return (f.created_at, f.valid_at or f.created_at, f.relation, f.fact)
