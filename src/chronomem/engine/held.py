"""Stage held: the values an episode's subjects hold, for an extractor that reads them.

An ending or a replacement often names no value, or only part of it: "the knee is finally
healed", "sold it last week", "we had to put him down", "the new one arrived", "cancelled
the membership". The extractor can tie it to the value it ends only if it knows that value,
and in a real memory the value was often told days and many messages before: far outside
the few turns re-read as context (``pipeline.CONTEXT_EPISODES``). The memory knows the
subject's *open* values, so an extractor with the :class:`~chronomem.ports.HeldReader`
capability is given them with each episode, named as an extraction names them:

* the subjects of an episode are its speaker and the stored people its words name (every
  word and pair of words of the message, looked up by normalised name; lower-case texting
  included);
* their held values are the stored facts with that subject as source, not ended and not
  withdrawn (plans ahead included), in the order they were told.

One :class:`HeldValues` serves one ingest call. It reads each group once, when the call
first extracts an episode of it (before the call writes anything to that group: the next
chunk is prepared while one is written, ``engine/ingest.py``; a call of repeats only reads
nothing), through the memory's :class:`~chronomem.engine.held_cache.HeldCache` (the rows
kept from the calls before, checked against the group's version; only what they lack is
read). After that it learns, in order, what each prepared episode of the call tells ("I
drive a Civic" holds; "sold the Civic" ends it; a new value of a slot replaces the held
value of that slot, ``model/slots.py``: a new home the old one, a favourite band the
favourite band and not the favourite food). A batch so sees the values its own earlier
episodes told, deterministically.

A late episode (older than the group's newest stored turn: a backfill, an import) is read
with what the call told before it only: the stored values may have been told after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from chronomem.engine.held_cache import PERSON, Held, HeldCache
from chronomem.model import Entity, Episode, ExtractedEntity, ExtractedFact, Extraction, Fact
from chronomem.model.names import normalize_name
from chronomem.model.relations import GENERIC_RELATIONS, functional_rule
from chronomem.model.slots import ended_by
from chronomem.ports import Store

MAX_NAMES = 600  # words and pairs of words one episode looks up (a long text: its first ones)


def names_in(episode: Episode) -> list[str]:
    """The normalised names an episode may name its subjects by: its speaker, every word
    and every pair of words (the first :data:`MAX_NAMES`)."""
    speaker = episode.speaker()
    words = normalize_name(episode.content).split()
    out = dict.fromkeys([normalize_name(speaker)] if speaker else [])
    for i, word in enumerate(words):
        if len(out) >= MAX_NAMES:
            break
        out[word] = None
        if i + 1 < len(words):
            out[f"{word} {words[i + 1]}"] = None
    return [n for n in out if n][:MAX_NAMES]


@dataclass(slots=True)
class _Value:
    fact: ExtractedFact
    target: ExtractedEntity
    order: int  # the order it was told in: stored values < 0, then the call's, from 1
    said: datetime | None = None  # a value the call told: its episode's reference time
    episodes: tuple[str, ...] = ()  # a stored value: the episodes that told it
    until: datetime | None = None  # a plan or trip told with its end: held until then


@dataclass(slots=True)
class _Group:
    newest: datetime | None  # the newest stored turn's reference time, when the call began
    subjects: dict[str, ExtractedEntity] = field(default_factory=dict)  # normalised name ->
    # normalised source -> relation -> {normalised target: value}
    values: dict[str, dict[str, dict[str, _Value]]] = field(default_factory=dict)
    told: int = 0  # values learned


class HeldValues:
    """The open values of the subjects an ingest call names: read once per group, then
    kept up to date with the call's own extractions (see the module doc). ``cache``: the
    memory's rows kept across calls (none: a cache of this call's alone)."""

    def __init__(
        self, store: Store, episodes: Sequence[Episode], cache: HeldCache | None = None
    ) -> None:
        self._store = store
        self._cache = cache if cache is not None else HeldCache()
        self._groups: dict[str, _Group] = {}
        self._wanted: dict[str, dict[str, None]] = {}
        self._speakers: dict[str, set[str]] = {}
        for e in episodes:
            self._wanted.setdefault(e.group_id, {}).update(dict.fromkeys(names_in(e)))
            speaker = e.speaker()
            self._speakers.setdefault(e.group_id, set()).add(normalize_name(speaker or ""))

    def of(self, episode: Episode) -> Extraction:
        """The values the subjects of ``episode`` hold, told before it, oldest first: the
        subjects as entities, then the values' entities, and the facts."""
        g = self._group(episode.group_id)
        if g is None:
            return Extraction()
        late = g.newest is not None and episode.reference_time < g.newest
        speaker, said = (
            normalize_name(episode.speaker() or ""),
            f" {normalize_name(episode.content)} ",
        )
        named = [s for s in g.values if s == speaker or f" {s} " in said]  # as names_in would
        found = [
            v
            for name in named
            for values in g.values[name].values()
            for v in values.values()
            if _before(v, episode, late) and (v.until is None or v.until > episode.reference_time)
        ]
        found.sort(key=lambda v: v.order)
        entities = [g.subjects[s] for s in sorted(named) if s in g.subjects]
        entities += list({v.target.name: v.target for v in found}.values())
        return Extraction(tuple(entities), tuple(v.fact for v in found))

    def learn(self, episode: Episode, told: Extraction) -> None:
        """What ``episode`` (prepared in this call) told: its held values, its endings."""
        g = self._group(episode.group_id) or self._groups.setdefault(episode.group_id, _Group(None))
        entities = {normalize_name(e.name): e for e in told.entities}
        for fact in told.facts:
            if fact.relation in GENERIC_RELATIONS:
                continue
            source, target = normalize_name(fact.source), normalize_name(fact.target)
            held = g.values.setdefault(source, {})
            values = held.setdefault(fact.relation, {})
            values.pop(target, None)
            if fact.invalid_at is not None and fact.invalid_at <= episode.reference_time:
                continue  # ended (or told already over)
            _replace_slot(held, fact)
            if source in entities and entities[source].labels[:1] == (PERSON,):
                g.subjects.setdefault(source, entities[source])
            entity = entities.get(target) or ExtractedEntity(fact.target)
            g.told += 1
            values[target] = _Value(
                fact, entity, g.told, said=episode.reference_time, until=fact.invalid_at
            )

    # -- the one read per group ------------------------------------------------------------
    def _group(self, group: str) -> _Group | None:
        """The group's values, read on first use (``None``: the call names no episode of it)."""
        if group not in self._groups and group in self._wanted:
            names = list(self._wanted.pop(group))
            held = self._cache.read(self._store, group, names, self._speakers[group])
            self._groups[group] = _group_of(held)
        return self._groups.get(group)


def _replace_slot(held: dict[str, dict[str, _Value]], fact: ExtractedFact) -> None:
    """A new value of a slot held one per subject (``model/slots.py``: a home, a partner,
    a favourite of one kind) replaces the subject's held values of that slot (the same
    value told in another relation of the family stays: "engaged to Sam", "dating Sam")."""
    rule = functional_rule(fact.relation)
    if rule is None or rule.unique != "subject":
        return
    told = normalize_name(fact.target)
    values = [(r, t, v) for r, by in held.items() for t, v in by.items() if t != told]
    for i in ended_by(fact.relation, fact.fact, [(r, v.fact.fact) for r, _, v in values]):
        relation, target, _ = values[i]
        del held[relation][target]


def _group_of(held: Held) -> _Group:
    """The subjects' values named as an extraction names them, oldest first."""
    g = _Group(held.newest)
    people, targets = held.people, held.values
    facts = sorted(held.facts, key=lambda f: _told_order(f, targets[f.target_id].name))
    for n, f in enumerate(facts):  # by what they say, not by ids: the same on every store
        value, subject = targets[f.target_id], people[f.source_id]
        g.subjects[normalize_name(subject.name)] = _named(subject)
        values = g.values.setdefault(normalize_name(subject.name), {})
        values.setdefault(f.relation, {})[normalize_name(value.name)] = _Value(
            _as_told(f, subject.name, value.name),
            _named(value),
            n - len(facts),
            episodes=f.episodes,
            until=f.invalid_at,
        )
    return g


def _told_order(f: Fact, target: str) -> tuple[datetime, datetime, str, str, str]:
    """Stored values oldest first, by what they say: the same order on every store."""
    return (f.valid_at or f.created_at, f.created_at, f.fact, f.relation, target)


def _before(v: _Value, episode: Episode, late: bool) -> bool:
    """Was ``v`` told before ``episode``? A value the call told: by the reference times.
    A stored one: unless the episode is late, or told it itself (a turn read again)."""
    if v.said is not None:
        return v.said <= episode.reference_time
    return not late and episode.id not in v.episodes


def _named(e: Entity) -> ExtractedEntity:
    return ExtractedEntity(e.name, e.labels, attributes=dict(e.attributes))


def _as_told(f: Fact, source: str, target: str) -> ExtractedFact:
    return ExtractedFact(source, target, f.relation, f.fact, valid_at=f.valid_at)
