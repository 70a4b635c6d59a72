"""Contract: the store's filter admits exactly what ``SearchFilter.admits_fact`` admits.

Random facts and random filters from a seeded generator; instants come from a few days so
that equal instants (the edges of every comparison) are common.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from chronomem.model import Fact, SearchFilter, Target, TimeRange
from chronomem.ports import Store

from .builders import at, embed, fact, with_endpoints

G = "g1"
RELATIONS = ("LIKES", "WORKS_AT", "LIVES_IN")


def _maybe_day(rng: random.Random, chance: float = 0.6) -> float | None:
    return float(rng.randint(0, 6)) if rng.random() < chance else None


def _random_facts(rng: random.Random, count: int) -> list[Fact]:
    facts = []
    for i in range(count):
        other = f"e{rng.randint(0, 9)}"
        ends = ("hub", other) if rng.random() < 0.5 else (other, "hub")
        valid, invalid = _maybe_day(rng), _maybe_day(rng, 0.4)
        if valid is not None and invalid is not None and invalid < valid:
            valid, invalid = invalid, valid  # stores refuse a fact that ends before it starts
        facts.append(
            fact(
                G,
                f"f{i}",
                *ends,
                f"common fact number {i}",
                relation=rng.choice(RELATIONS),
                created=float(rng.randint(0, 6)),
                valid=valid,
                invalid=invalid,
                expired=_maybe_day(rng, 0.4),
                embedded=False,
            )
        )
    vector = embed("common fact")
    return [replace(f, embedding=vector) for f in facts]


def _random_range(rng: random.Random) -> TimeRange | None:
    if rng.random() < 0.7:
        return None
    start, end = sorted(rng.sample(range(0, 8), 2))
    return TimeRange(
        start=at(start) if rng.random() < 0.8 else None, end=at(end) if rng.random() < 0.8 else None
    )


def _random_filters(rng: random.Random, count: int) -> Iterator[SearchFilter]:
    for _ in range(count):
        relations = tuple(rng.sample(RELATIONS, rng.randint(0, 3))) if rng.random() < 0.3 else None
        flt = SearchFilter(
            valid_at=at(rng.randint(0, 7)) if rng.random() < 0.6 else None,
            known_at=at(rng.randint(0, 7)) if rng.random() < 0.6 else None,
            history=rng.random() < 0.15,
            upcoming=rng.random() < 0.5,
            relations=relations,
            valid_between=_random_range(rng),
            created_between=_random_range(rng),
        )
        yield flt.resolved(at(rng.randint(3, 8)))


@pytest.mark.parametrize("seed", [1, 2])
def test_store_filters_agree_with_admits_fact(store: Store, seed: int) -> None:
    rng = random.Random(seed)
    facts = _random_facts(rng, 250)
    store.apply(with_endpoints(G, facts))
    for flt in _random_filters(rng, 60):
        want = {f.id for f in facts if flt.admits_fact(f)}
        got = {f.id for f in store.facts_of_entities([G], ["hub"], flt)}
        assert got == want, flt
        text = store.text_search(Target.FACTS, [G], "common", limit=1000, filter=flt)
        assert {h[0] for h in text} == want, flt
        vector = store.vector_search(
            Target.FACTS, [G], embed("common fact"), limit=1000, filter=flt
        )
        assert {h[0] for h in vector} == want, flt
        reached = store.walk([G], ["hub"], depth=1, filter=flt)
        assert set(reached) - {"hub"} == {e for f in facts if f.id in want for e in f.endpoints} - {
            "hub"
        }
