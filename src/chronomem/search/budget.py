"""Spending the context's token budget: a section's lines best-first until its cap, and the
EPISODES section's turns best-first, each shown as a snippet, near-duplicates skipped."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date

from chronomem.model import Episode
from chronomem.search.plans import Plan
from chronomem.search.render import day_header, line_tokens, tags
from chronomem.search.snippets import TurnReading, as_shown, near_duplicate

MISFITS = 15  # episodes passed over for not fitting before the EPISODES section stops


class Budget:
    """What is left of the context's token budget; sections spend it best-first."""

    def __init__(self, total: int) -> None:
        self.left = total

    def fill(self, lines: Sequence[str], cap: int, overhead: int) -> int:
        """How many of ``lines`` (best first) fit within ``cap`` and what is left; spends it."""
        cap = min(cap, self.left)
        used, count = overhead, 0
        for line in lines:
            cost = line_tokens(line)
            if used + cost > cap:
                break
            used, count = used + cost, count + 1
        if count:
            self.left -= used
        return count


def choose_episodes(
    ranked: Sequence[Episode],
    terms: frozenset[str],
    names: frozenset[str],
    plan: Plan,
    budget: Budget,
    reader: Callable[[str], TurnReading] | None = None,
) -> tuple[list[tuple[Episode, str]], set[str]]:
    """Best-first episodes that fit the budget, with the text each is shown as; a text
    nearly repeating one already shown is skipped (the plan's ``distinct``). ``reader``:
    where a turn's reading comes from (the builder's kept ones; default: read now)."""
    chosen: list[tuple[Episode, str]] = []
    snipped: set[str] = set()
    days: set[str] = set()
    used = tags("EPISODES")
    shown: set[tuple[date, str]] = set()
    seen: list[frozenset[str]] = []
    misfits = 0
    for episode in ranked:
        text, words = as_shown(
            episode.content, terms, plan.sentences, plan.max_episode_tokens, names, reader
        )
        day = day_header(episode.reference_time)
        said = (episode.reference_time.date(), text)
        if said in shown or near_duplicate(words, seen, plan.distinct):
            continue  # the same words on the same day, or nearly the same words: shown once
        shown.add(said)
        cost = line_tokens(text) + (0 if day in days else line_tokens(day))
        if used + cost > budget.left:
            misfits += 1
            if budget.left - used < 8 or misfits > MISFITS:  # nothing useful fits any more
                break
            continue
        used += cost
        days.add(day)
        seen.append(words)
        chosen.append((episode, text))
        if text != episode.content:
            snipped.add(episode.id)
    if chosen:
        budget.left -= used
    return chosen, snipped
