"""Ranking by what the question asks (``reading.py``): the subject's matching fact first.

A fact answers a question when its subject is whose facts the question asks about (the
user, or a person it names) and its relation is one the question asks for; for a question
about a time ("where did I live in March?") the fact must also have held then. Ranking
keeps the search's order inside each tier:

0. the subject's asked-for fact, holding at the asked time;
1. the subject's asked-for fact at another time, or an asked-for fact when the question
   names no one;
2. anything else about the subject;
3. everything else;
4. someone else's asked-for fact (a sister's city does not answer "where do I live?").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime

from chronomem.model import Fact, SearchFilter
from chronomem.model.names import normalize_name
from chronomem.ports import Store
from chronomem.search.methods import named_entities
from chronomem.search.reading import QueryReading, read_query
from chronomem.text.dates import find_time_expressions
from chronomem.text.speakers import is_assistant

USER_EPISODES = 60  # recent episodes whose most frequent non-assistant speaker is the user


def reading_of(query: str, now: datetime) -> QueryReading:
    """The question's reading, with the instant of a dated question resolved against
    ``now`` (a month named in a question is the last one: "in March" asked in November)."""
    times = find_time_expressions(query, now, prefer_future=False)
    return read_query(query, at=times[0].when if times else None)


def answer_filter(reading: QueryReading, flt: SearchFilter, now: datetime) -> SearchFilter:
    """For a question about a past time that the caller left undated, the facts that held
    then; for a history or order question, every fact."""
    undated = flt.valid_at is None and flt.known_at is None and not flt.history
    if reading.scope == "at" and reading.at is not None and reading.at < now and undated:
        return replace(flt, valid_at=reading.at, upcoming=False)
    if reading.scope in ("ever", "order") and undated:
        return replace(flt, history=True)
    return flt


def subject_ids(store: Store, groups: Sequence[str], query: str, reading: QueryReading) -> set[str]:
    """Ids of the entities whose facts the question asks about (empty: nobody in particular)."""
    if reading.subject == "named":
        return set(named_entities(store, groups, query))
    if reading.subject == "user":
        return user_ids(store, groups)
    return set()


def user_ids(store: Store, groups: Sequence[str]) -> set[str]:
    """Per group, the entity of the person who speaks most in its recent episodes."""
    found: set[str] = set()
    for group, name in user_speakers(store, groups).items():
        found.update(e.id for e in store.find_entities(group, [name]))
    return found


def user_speakers(store: Store, groups: Sequence[str]) -> dict[str, str]:
    """Per group, the normalised name of the non-assistant speaker most frequent in its
    recent episodes (a group nobody speaks in is left out)."""
    found: dict[str, str] = {}
    for group in groups:
        speakers = _recent_speakers(store, group)
        if speakers:
            found[group] = normalize_name(speakers.most_common(1)[0][0])
    return found


def chat_speakers(store: Store, groups: Sequence[str]) -> set[str]:
    """The names of the people (not assistants) speaking in the groups' recent episodes, as
    their turns write them."""
    return {speaker for group in groups for speaker in _recent_speakers(store, group)}


def _recent_speakers(store: Store, group: str) -> Counter[str]:
    """How many of ``group``'s recent episodes each non-assistant speaker said."""
    return Counter(
        speaker
        for e in store.recent_episodes(group, limit=USER_EPISODES)
        if (speaker := e.speaker()) and not is_assistant(speaker)
    )


def rank_facts(
    facts: Sequence[Fact], reading: QueryReading, subjects: set[str], at: datetime
) -> list[Fact]:
    """``facts`` in the tiers of the module's docstring, search order inside each."""
    if not reading.relations and not subjects:
        return list(facts)

    def tier(fact: Fact) -> int:
        mine = fact.source_id in subjects
        asked = reading.asks(fact.relation)
        if asked and subjects and not mine:
            return 4
        if asked and mine and _held(fact, at):
            return 0
        if asked:
            return 1
        return 2 if mine else 3

    order = {f.id: i for i, f in enumerate(facts)}
    return sorted(facts, key=lambda f: (tier(f), order[f.id]))


def _held(fact: Fact, at: datetime) -> bool:
    started = fact.valid_at is None or fact.valid_at <= at
    return started and (fact.invalid_at is None or at < fact.invalid_at)


def in_plan_order(facts: Sequence[Fact], reading: QueryReading | None) -> list[Fact]:
    """The order the context shows its chosen facts in: a history or order question reads
    them oldest first (by when they started to hold); any other, best first."""
    if reading is None or reading.kind != "history":
        return list(facts)
    first = datetime.min.replace(tzinfo=UTC)
    return sorted(facts, key=lambda f: f.valid_at or f.created_at or first)
