"""Query plans: how the context spends its budget for each kind of question.

The question's reading (``reading.py``) names its kind; the plan says how episodes are
shown and which ones come first:

- **lookup / open** -- the matching facts first, then the quotes that support them: a
  shown fact's source turn is no longer left out of the EPISODES section (it ranks high
  through the fact-source bonus), so the reader sees the words, not only the fact. An extra
  bonus for those quotes was measured and dropped: it crowded out other evidence (LoCoMo
  conversations 1–5, mean of text-only and with-sources recall_all: 0.859 without it,
  0.851 at 0.2 for lookups and 0.1 for the other kinds, 0.840 at twice that; see
  bench/RESULTS.md, round 5);
- **history / order** -- evidence across the whole group as many short snippets as the
  budget holds (one sentence each); the EPISODES section is always oldest first;
- **aggregation** -- broad coverage of distinct turns: one-sentence snippets, and a turn
  whose shown words nearly repeat one already shown is skipped;
- **preference / instruction** -- the user's own turns that state a preference or a
  standing instruction ("I prefer…", "always…", "please don't…") come first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from chronomem.search.reading import Kind, QueryReading

STATES_PREFERENCE = re.compile(
    r"\b(?:i (?:prefer|like|love|hate|dislike|want|need|always|never|usually|don't like)|"
    r"my favou?rite|please (?:always|never|don't|do not|keep|use|avoid)|always|never|"
    r"from now on|remember (?:that|to)|i'm (?:allergic|vegan|vegetarian))\b",
    re.IGNORECASE,
)


def states_preference(content: str) -> bool:
    """Whether a turn states a preference or a standing instruction."""
    return STATES_PREFERENCE.search(content) is not None


@dataclass(frozen=True, slots=True)
class Plan:
    """The episode side of a kind's plan."""

    kind: Kind
    sentences: int  # sentences a snippet keeps
    max_episode_tokens: int  # a shown episode is cut to about this many tokens
    user_statement_bonus: float  # added to the user's turns stating a preference
    distinct: float  # Jaccard overlap of shown words above which a turn is a near-duplicate


def plan_for(reading: QueryReading | None, sentences: int, max_episode_tokens: int) -> Plan:
    """The plan for ``reading`` (``None``: an open question), from the context's defaults."""
    kind: Kind = "open" if reading is None else reading.kind
    if kind in ("history", "aggregation"):
        short = min(max_episode_tokens, 80)
        return Plan(kind, 1, short, 0.0, 0.9)
    if kind == "preference":
        return Plan(kind, sentences, max_episode_tokens, 0.2, 0.9)
    return Plan(kind, sentences, max_episode_tokens, 0.0, 0.9)
