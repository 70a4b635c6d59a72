"""Rows read back from SQLite are the objects that were written, field for field.

The SQLite store rebuilds model objects without re-running their constructor's checks
(``stores/sqlite/rows.py``: every row was checked when it was written). These tests pin
that the shortcut loses nothing: every field of every kind of row is set and equal to the
object a checked constructor makes, including the awkward values (another time zone, no
thread, instants left open, nested attributes, a JSON episode, members in order).
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta, timezone

import numpy as np

from chronomem.model import (
    ChangeSet,
    Community,
    Entity,
    Episode,
    EpisodeSource,
    Fact,
    SearchFilter,
)
from chronomem.stores import SQLiteStore

G = "household"
EAST = timezone(timedelta(hours=9))


def _same(read: object, written: object) -> None:
    """Every dataclass field of ``read`` is set and equal to ``written``'s."""
    assert type(read) is type(written)
    for f in dataclasses.fields(read):  # type: ignore[arg-type]
        got, want = getattr(read, f.name), getattr(written, f.name)
        if isinstance(want, np.ndarray):
            assert np.array_equal(got, want), f.name
        else:
            assert got == want, f.name
            assert type(got) is type(want), f.name
    assert read == written


def test_every_kind_of_row_reads_back_as_written() -> None:
    when = datetime(2025, 3, 4, 20, 15, 7, 123456, tzinfo=EAST)
    vector = np.linspace(-1.0, 1.0, 8, dtype=np.float32)
    note = Episode(
        id="ep-note",
        group_id=G,
        content='{"meter": 4711, "reading": "2,034 kWh"}',
        source=EpisodeSource.JSON,
        reference_time=when,
        created_at=when + timedelta(days=1),
        source_description="the electricity bill",
        embedding=vector,
    )
    said = Episode(
        id="ep-said",
        group_id=G,
        content="Ines: the boiler man comes on Friday.",
        source="message",  # type: ignore[arg-type]  # the constructor parses the text
        reference_time=datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=UTC),
        created_at=datetime(2025, 1, 1, tzinfo=UTC),
        thread_id="kitchen:2025-01",
    )
    ines = Entity(
        id="en-ines",
        group_id=G,
        name="Ines",
        created_at=when,
        labels=["Person", "Tenant"],  # type: ignore[arg-type]  # made a tuple on check
        summary="Rents the flat upstairs.",
        attributes={"floor": 2, "keys": ["front", "cellar"], "pets": {"cat": None}},
        name_embedding=vector,
    )
    boiler = Entity(id="en-boiler", group_id=G, name="the boiler", created_at=when)
    visit = Fact(
        id="f-visit",
        group_id=G,
        source_id="en-ines",
        target_id="en-boiler",
        relation="HAS_PLAN",
        fact="Ines has the boiler serviced on Friday.",
        created_at=when,
        episodes=["ep-said", "ep-note"],  # type: ignore[arg-type]  # made a tuple on check
        valid_at=when + timedelta(days=3),
        invalid_at=when + timedelta(days=4),
        expired_at=when + timedelta(days=5),
        attributes={"confidence": 0.75},
        embedding=vector,
    )
    plain = Fact(
        id="f-plain",
        group_id=G,
        source_id="en-ines",
        target_id="en-boiler",
        relation="RELATES_TO",
        fact="Ines mentions the boiler.",
        created_at=when,
    )
    house = Community(
        id="c-house",
        group_id=G,
        name="boiler, flat",
        summary="The upstairs flat and its boiler.",
        created_at=when,
        member_ids=["en-boiler", "en-ines"],  # type: ignore[arg-type]
        name_embedding=vector,
    )
    store = SQLiteStore()
    store.apply(
        ChangeSet(
            group_id=G,
            episodes=(note, said),
            entities=(ines, boiler),
            facts=(visit, plain),
            communities=(house,),
        )
    )
    _same(store.get_episodes([G], ["ep-note"])[0], note)
    _same(store.get_episodes([G], ["ep-said"])[0], said)
    _same(store.get_entities([G], ["en-ines"])[0], ines)
    _same(store.get_entities([G], ["en-boiler"])[0], boiler)
    _same(store.get_facts([G], ["f-visit"])[0], visit)
    _same(store.get_facts([G], ["f-plain"])[0], plain)
    _same(store.get_communities([G], ["c-house"])[0], house)
    history = SearchFilter(history=True).resolved(datetime.now(UTC))
    by_entity = {f.id: f for f in store.facts_of_entities([G], ["en-boiler"], history)}
    _same(by_entity["f-visit"], visit)
    recent = store.recent_episodes(G, limit=5)
    assert [e.id for e in recent] == ["ep-note", "ep-said"]
    _same(recent[1], said)
    store.close()


def test_read_instants_are_utc_and_compare_with_any_zone() -> None:
    written = datetime(2025, 6, 1, 8, 30, tzinfo=EAST)
    store = SQLiteStore()
    e = Episode(
        id="ep",
        group_id=G,
        content="Ines: the meter was read.",
        source=EpisodeSource.MESSAGE,
        reference_time=written,
        created_at=written,
    )
    store.apply(ChangeSet(group_id=G, episodes=(e,)))
    read = store.get_episodes([G], ["ep"])[0]
    assert read.reference_time.tzinfo is UTC
    assert read.reference_time == written
    assert read.reference_time.hour == 23 and read.reference_time.day == 31
    store.close()
