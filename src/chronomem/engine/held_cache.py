"""Stage held's store rows, kept across ingest calls: one memory's cache, per group.

Stage held (``held.py``) gives the extractor the open values of the people an ingest call
names. Reading them from the store costs four reads per call (the newest turn, entities by
name, their open facts, the values' names): when messages arrive one ``add_episode`` at a
time, most of the extra CPU the stage costs. :class:`HeldRows` are those rows for one
group; :class:`HeldCache` keeps them between calls and keeps them exact:

* the rows are valid at one version of the group (``Store.group_version``, grown by every
  write) and one newest turn. A call reads both first: when anything else wrote to the
  group since (another process on the same file or server, a deletion, an edit, an
  import), or the group was deleted and written again, the rows
  are dropped and read anew;
* the pipeline's own writes (each episode's ChangeSet and the late-turn re-read's,
  :meth:`HeldCache.written`, called by the writer once the store applied it) change the
  rows as the store applied them: facts deleted, entities and facts upserted by id. A
  write applied at another version than the rows', or deleting entities or episodes,
  drops the group;
* a name is looked up once: an entity a write gives a looked-up name joins the rows; a
  person whose open facts were never read has them read when a call first needs them.

So the values a call is given are those a fresh read would give (a test compares them
after every message of a story). Rows hold no vectors; at most :data:`MAX_GROUPS` groups
are kept (the least recently used go), and a group's rows are dropped past
:data:`MAX_NAMES_SEEN` looked-up names.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Final

from chronomem.model import ChangeSet, Entity, Episode, Fact
from chronomem.model.filters import SearchFilter
from chronomem.model.names import normalize_name
from chronomem.model.relations import DAY_RELATIONS, GENERIC_RELATIONS
from chronomem.ports import Store

MAX_GROUPS: Final = 64
MAX_NAMES_SEEN: Final = 50_000  # a group's looked-up names before its rows start over
NAME_BATCH: Final = 500  # names (or ids) per store read
PERSON: Final = "Person"
_FOREVER = datetime(9000, 1, 1, tzinfo=UTC)
# facts not ended and not withdrawn, whenever they start (a plan ahead holds too)
OPEN_VALUES: Final = SearchFilter(valid_at=_FOREVER, known_at=_FOREVER)
# plans and trips told with their end ("flying out 14 March for a week"): held until that
# end has passed (``engine/held.py`` asks per episode), so "Marrakech is off" finds the trip
DAYS_TOLD: Final = SearchFilter(history=True, relations=tuple(sorted(DAY_RELATIONS)))


def held_fact(f: Fact) -> bool:
    """Is ``f`` a value the memory holds: open, or a plan or trip told with its own end (an
    end after its start; a plan withdrawn ends at its start)?"""
    if OPEN_VALUES.admits_fact(f):
        return True
    return (
        f.relation in DAY_RELATIONS
        and f.valid_at is not None
        and f.invalid_at is not None
        and f.invalid_at > f.valid_at
    )


@dataclass(slots=True)
class HeldRows:
    """One group's rows: what stage held read, and the pipeline's writes since."""

    version: int  # the group's version the rows are valid at
    newest: Episode | None  # the group's newest turn (by reference time) at that version
    looked_up: set[str] = field(default_factory=set)  # normalised names looked up
    named: dict[str, Entity] = field(default_factory=dict)  # id -> found by a looked-up name
    read: set[str] = field(default_factory=set)  # entity ids whose open facts are in `facts`
    facts: dict[str, Fact] = field(default_factory=dict)  # id -> an open fact of one of them
    values: dict[str, Entity] = field(default_factory=dict)  # id -> those facts' targets

    norms: dict[str, str] = field(default_factory=dict)  # id -> normalised name, of `named`

    def subjects(self, names: Collection[str], speakers: Collection[str]) -> dict[str, Entity]:
        """The entities ``names`` name that can hold values: people, and the speakers."""
        return {
            i: e
            for i, e in self.named.items()
            if self.norms[i] in names and (PERSON in e.labels or self.norms[i] in speakers)
        }

    def _name(self, e: Entity) -> None:
        self.named[e.id], self.norms[e.id] = e, normalize_name(e.name)

    def fill(self, store: Store, group: str, names: Sequence[str], speakers: set[str]) -> None:
        """Read what the rows lack for ``names``: entities by the names not looked up yet,
        the open facts of the subjects not read yet, the names of their values."""
        fresh = [n for n in names if n not in self.looked_up]
        for part in _batches(fresh):
            for e in store.find_entities(group, part):
                self._name(_bare_entity(e))
        self.looked_up.update(fresh)
        unread = sorted(set(self.subjects(set(names), speakers)) - self.read)
        found = [
            f
            for part in _batches(unread)
            for query in (OPEN_VALUES, DAYS_TOLD)
            for f in store.facts_of_entities([group], part, query)
            if f.source_id in unread and f.relation not in GENERIC_RELATIONS and held_fact(f)
        ]
        self.read.update(unread)
        missing = sorted({f.target_id for f in found} - set(self.values))
        for part in _batches(missing):
            for e in store.get_entities([group], part):
                self.values[e.id] = _bare_entity(e)
        for f in found:
            if f.target_id in self.values:  # a value deleted meanwhile: not held
                self.facts[f.id] = _bare_fact(f)

    def apply(self, changes: ChangeSet) -> None:
        """What the store did with ``changes`` (an ingested episode's, or a re-read's: facts
        deleted, then entities and facts upserted)."""
        for gone in changes.delete_fact_ids:
            self.facts.pop(gone, None)
        for episode in changes.episodes:
            if self.newest is None or episode.reference_time >= self.newest.reference_time:
                self.newest = episode
        written = {e.id: _bare_entity(e) for e in changes.entities}
        for i, e in written.items():
            if i in self.named or normalize_name(e.name) in self.looked_up:
                self._name(e)
            if i in self.values:
                self.values[i] = e
        for f in changes.facts:
            self._apply_fact(f, written)

    def _apply_fact(self, f: Fact, written: dict[str, Entity]) -> None:
        self.facts.pop(f.id, None)
        if f.source_id not in self.read:
            return
        if f.relation in GENERIC_RELATIONS or not held_fact(f):
            return
        target = self.values.get(f.target_id) or written.get(f.target_id)
        if target is None:  # a value the rows do not know: read the subject's facts again
            self.read.discard(f.source_id)
            self.facts = {i: g for i, g in self.facts.items() if g.source_id != f.source_id}
            return
        self.values[f.target_id] = target
        self.facts[f.id] = _bare_fact(f)


@dataclass(frozen=True, slots=True)
class Held:
    """What one read gives stage held for one group: the newest turn's reference time, the
    subjects (id -> entity), their open facts and those facts' values (id -> entity)."""

    newest: datetime | None
    people: dict[str, Entity]
    facts: list[Fact]
    values: dict[str, Entity]


class HeldCache:
    """One memory's :class:`HeldRows` per group, checked against the store on every use
    and changed by the pipeline's own writes (see the module doc)."""

    def __init__(self, *, max_groups: int = MAX_GROUPS) -> None:
        self._groups: OrderedDict[str, HeldRows] = OrderedDict()
        self._lock = threading.Lock()
        self._max = max_groups

    def read(self, store: Store, group: str, names: Sequence[str], speakers: set[str]) -> Held:
        """What the group's subjects named by ``names`` hold, as the store holds it now:
        from the kept rows when nothing else wrote to the group since, else read anew;
        what the rows lack is read."""
        version = store.group_version(group)
        newest = store.recent_episodes(group, limit=1)
        with self._lock:  # taken out while read: a write meanwhile finds no rows to follow,
            rows = self._groups.pop(group, None)  # and moves the version past them
        if rows is None or not _same(rows, version, newest[0] if newest else None):
            rows = HeldRows(version, newest[0] if newest else None)
        if len(rows.looked_up) > MAX_NAMES_SEEN:
            rows = HeldRows(version, rows.newest)
        rows.fill(store, group, names, speakers)  # the store read with no lock held
        people = rows.subjects(set(names), speakers)
        facts = [f for f in rows.facts.values() if f.source_id in people]
        values = {f.target_id: rows.values[f.target_id] for f in facts}
        newest_time = rows.newest.reference_time if rows.newest is not None else None
        with self._lock:
            self._groups[group] = rows
            while len(self._groups) > self._max:
                self._groups.popitem(last=False)
        return Held(newest_time, people, facts, values)

    def written(self, changes: ChangeSet) -> None:
        """An ingested episode's ``changes``, applied by the store at
        ``changes.expected_version``: the group's rows follow, or go when they were valid
        at another version (someone else wrote in between)."""
        with self._lock:
            rows = self._groups.get(changes.group_id)
            if rows is None:
                return
            gone = changes.delete_entity_ids or changes.delete_episode_ids
            if changes.expected_version != rows.version or gone:
                del self._groups[changes.group_id]
                return
            rows.version += 1
            rows.apply(changes)

    def drop(self, group: str | None = None) -> None:
        """Forget one group's rows, or every group's (``None``)."""
        with self._lock:
            if group is None:
                self._groups.clear()
            else:
                self._groups.pop(group, None)


def _same(rows: HeldRows, version: int, newest: Episode | None) -> bool:
    """Are ``rows`` still the group's: the same version and the same newest turn (a group
    deleted and written again may reach the same version)?"""
    if rows.version != version or (rows.newest is None) != (newest is None):
        return False
    return newest is None or (rows.newest is not None and rows.newest.id == newest.id)


def _batches(items: Sequence[str]) -> Iterable[Sequence[str]]:
    for i in range(0, len(items), NAME_BATCH):
        yield items[i : i + NAME_BATCH]


def _bare_entity(e: Entity) -> Entity:
    return replace(e, name_embedding=None) if e.name_embedding is not None else e


def _bare_fact(f: Fact) -> Fact:
    return replace(f, embedding=None) if f.embedding is not None else f
