"""Out-of-order ingestion (``engine/reread.py``): a newer turn learned before the older one
it refers to is read again once the older one arrives, so its ending closes what the older
one told, as it would have in order. In-order ingestion never reads a turn twice."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from itertools import permutations

import pytest

from chronomem import Memory
from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, Extraction
from chronomem.testing import HashEmbedder, ManualClock
from tests.helpers import t
from tests.real_embedder import real_embedder

START = t("2024-02-01T09:00")


def _replay(memory: Memory, clock: ManualClock, turns: Sequence[str], order: Sequence[int]) -> None:
    """Each turn said a month after the one before, learned in ``order``."""
    for i in order:
        when = START + timedelta(days=30 * i)
        clock.set(max(clock.now(), when) + timedelta(minutes=1))
        memory.add_episode(turns[i], group_id="g", reference_time=when)


def _open(memory: Memory) -> set[tuple[str, str, str]]:
    names = {e.id: e.name for e in memory.store.list_entities("g")}
    return {
        (names[f.source_id], f.relation, names[f.target_id])
        for f in memory.store.list_facts("g")
        if f.invalid_at is None and f.expired_at is None
    }


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("turns", "ended"),
    [
        (["Mia: my cat Pickle sleeps all day", "Mia: pickle passed away on sunday, 14 good years"],
         ("Mia", "HAS_PET", "Pickle")),
        (["Omar: my wife Noor is a chemist", "Omar: noor and I split up, it was mutual"],
         ("Omar", "MARRIED_TO", "Noor")),
        (["Lea: my dog Waffles is a menace", "Lea: we had to put waffles down yesterday, so sad"],
         ("Lea", "HAS_PET", "Waffles")),
    ],
)  # fmt: skip
def test_an_ending_learned_first_closes_the_state_learned_after_it(
    turns: list[str], ended: tuple[str, str, str]
) -> None:
    for order in ([0, 1], [1, 0]):
        clock = ManualClock(START)
        with Memory(embedder=real_embedder(), clock=clock) as memory:
            _replay(memory, clock, turns, order)
            assert ended not in _open(memory), order


class _Counting(RuleExtractor):
    def __init__(self) -> None:
        super().__init__()
        self.read: list[str] = []

    def extract_held(  # what the engine calls (``ports.HeldReader``); extract calls it too
        self, episode: Episode, previous: Sequence[Episode], held: Extraction, **kw: object
    ) -> Extraction:
        self.read.append(episode.content)
        return super().extract_held(episode, previous, held)


def test_in_order_no_turn_is_read_twice_and_out_of_order_only_the_next_turns_are() -> None:
    turns = [f"Ann: note number {i}" for i in range(7)]
    extractor = _Counting()
    clock = ManualClock(START)
    with Memory(embedder=HashEmbedder(), extractor=extractor, clock=clock) as memory:
        _replay(memory, clock, turns, [0, 1, 2, 3, 4, 5])
        assert extractor.read == turns[:6]
        _replay(memory, clock, turns, [6])  # the latest: nothing after it
        assert len(extractor.read) == 7
    extractor = _Counting()
    clock = ManualClock(START)
    with Memory(embedder=HashEmbedder(), extractor=extractor, clock=clock) as memory:
        _replay(memory, clock, turns, [1, 2, 3, 4, 5, 6, 0])  # the first turn arrives last
        # turn 0, then the four turns whose context (the four before them) now holds it
        assert extractor.read[6:] == [turns[0], *turns[1:5]]


def test_a_backfill_of_old_turns_reads_each_newer_turn_again_once() -> None:
    """Importing a history older than what the group holds: the newer turns are read again
    once, with the history as context, not once per imported turn."""
    extractor = _Counting()
    clock = ManualClock(START)
    with Memory(embedder=HashEmbedder(), extractor=extractor, clock=clock) as memory:
        newer = [f"Ann: recent note {i}" for i in range(3)]
        for i, text in enumerate(newer):
            memory.add_episode(text, group_id="g", reference_time=START + timedelta(days=400 + i))
        history = [
            {"content": f"Ann: old note {i}", "group_id": "g",
             "reference_time": START + timedelta(days=i)}
            for i in range(40)
        ]  # fmt: skip
        memory.add_episodes(history)
        again = extractor.read[3 + len(history) :]
        assert sorted(again) == sorted(newer)


@pytest.mark.local_model
@pytest.mark.parametrize("order", list(permutations(range(3))))
def test_any_arrival_order_gives_the_in_order_state(order: tuple[int, ...]) -> None:
    turns = [
        "Rin: I live in Tartu, small but cosy",
        "Rin: moved to Tallinn last week for the new job",
        "Rin: tallinn is growing on me",
    ]
    clock = ManualClock(START)
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        _replay(memory, clock, turns, order)
        homes = {t for s, r, t in _open(memory) if r == "LIVES_IN"}
        assert homes == {"Tallinn"}


def _all(memory: Memory) -> set[tuple[str, str, str, bool]]:
    names = {e.id: e.name for e in memory.store.list_entities("g")}
    return {
        (names[f.source_id], f.relation, names[f.target_id], f.invalid_at is None)
        for f in memory.store.list_facts("g")
    }


@pytest.mark.local_model
@pytest.mark.parametrize(
    "turns",
    [
        ["Gita: I work at Corvid Health in billing", "Gita: wait I mean Corvus Health lol"],
        ["Tom: my cat Noodle is 12", "Tom: noodle had to be put down yesterday"],
    ],
)
def test_a_late_turn_leaves_the_same_facts_as_in_order(turns: list[str]) -> None:
    """No loose mention of the first reading stays beside the typed fact of the second."""
    stores = []
    for order in ([0, 1], [1, 0]):
        clock = ManualClock(START)
        with Memory(embedder=real_embedder(), clock=clock) as memory:
            _replay(memory, clock, turns, order)
            stores.append(_all(memory))
    assert stores[0] == stores[1]
