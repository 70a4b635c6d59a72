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


class GroupPeople:
    """Who speaks in the searched groups and whom a question names, each read from the store
    once per call.

    A context call needs these answers up to three times each (the search's topic and
    subject, the history's subject, the preference plan's user, the speaker bonus), and the
    speakers' answer alone reads the group's 60 recent turns (round 15, AVX2 machine: 2 ms
    of a call's CPU). One object serves one call and is dropped with it: it holds what the
    store said during that call, so a write between two questions is seen by the next, and
    nothing read for one call's groups serves another call or tenant."""

    def __init__(self, store: Store, groups: Sequence[str]) -> None:
        self.store = store
        self.groups = tuple(groups)
        self._speakers: dict[str, Counter[str]] = {}
        self._named: dict[str, list[str]] = {}
        self._users: set[str] | None = None

    def speakers(self, group: str) -> Counter[str]:
        """How many of ``group``'s recent episodes each non-assistant speaker said."""
        if group not in self._speakers:
            self._speakers[group] = _recent_speakers(self.store, group)
        return self._speakers[group]

    def named(self, text: str) -> list[str]:
        """Ids of the entities ``text`` names (``methods.named_entities``)."""
        if text not in self._named:
            self._named[text] = named_entities(self.store, self.groups, text)
        return self._named[text]

    def users(self) -> set[str]:
        """Per group, the entity of the person who speaks most in its recent episodes."""
        if self._users is None:
            self._users = set()
            for group, name in user_speakers(self).items():
                self._users.update(e.id for e in self.store.find_entities(group, [name]))
        return self._users


def subject_ids(people: GroupPeople, query: str, reading: QueryReading) -> set[str]:
    """Ids of the entities whose facts the question asks about (empty: nobody in particular)."""
    if reading.subject == "named":
        return set(people.named(query))
    if reading.subject == "user":
        return set(people.users())
    return set()


def user_speakers(people: GroupPeople) -> dict[str, str]:
    """Per group, the normalised name of the non-assistant speaker most frequent in its
    recent episodes (a group nobody speaks in is left out)."""
    found: dict[str, str] = {}
    for group in people.groups:
        speakers = people.speakers(group)
        if speakers:
            found[group] = normalize_name(speakers.most_common(1)[0][0])
    return found


def chat_speakers(people: GroupPeople) -> set[str]:
    """The names of the people (not assistants) speaking in the groups' recent episodes, as
    their turns write them."""
    return {speaker for group in people.groups for speaker in people.speakers(group)}


def _recent_speakers(store: Store, group: str) -> Counter[str]:
    """How many of ``group``'s recent episodes each non-assistant speaker said."""
    return Counter(
        speaker
        for e in store.recent_episodes(group, limit=USER_EPISODES, vectors=False)
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
