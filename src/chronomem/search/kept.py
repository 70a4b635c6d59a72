"""What one memory's context builder keeps of the turns it has read, for the next question.

A context examines up to a hundred long turns of the group, and the same turns come back
question after question. Reading them -- cutting each into sentences and casefolding it
(``snippets.read_turn``), and for a preference question testing whether the user's turns
state one (``plans.states_preference``) -- was the largest cost of a context on 400 long
turns (round 15, AVX2 machine: snippets 38 of 79 ms CPU, the preference test 25 of a
preference question's 60). :class:`KeptTurns` keeps both answers per text, the least
recently used going first.

Why it is exact: each answer is a pure function of the turn's text, and the text is the
key, so a kept answer is only ever given for that very text -- another tenant's turn, or
a turn as it was before a write, is another key. What it does hold is text: the memory
drops it all when an episode or a group is deleted (no word of a deleted turn stays in
RAM, as for the ingest's kept embeddings).
"""

from __future__ import annotations

import functools

from chronomem.search.plans import states_preference
from chronomem.search.snippets import TurnReading, read_turn

TURNS_KEPT = 1024  # turns whose reading is kept: a few 400-turn groups' worth


class KeptTurns:
    """Readings of turns, kept per text (thread-safe: ``functools.lru_cache``)."""

    def __init__(self, *, size: int = TURNS_KEPT) -> None:
        self._read = functools.lru_cache(maxsize=size)(read_turn)
        self._prefers = functools.lru_cache(maxsize=size)(states_preference)

    def read(self, content: str) -> TurnReading:
        """:func:`~chronomem.search.snippets.read_turn` of ``content``."""
        return self._read(content)

    def states_preference(self, content: str) -> bool:
        """:func:`~chronomem.search.plans.states_preference` of ``content``."""
        return self._prefers(content)

    def forget(self) -> None:
        """Drop every kept turn (after a deletion)."""
        self._read.cache_clear()
        self._prefers.cache_clear()

    def __len__(self) -> int:
        return self._read.cache_info().currsize + self._prefers.cache_info().currsize
