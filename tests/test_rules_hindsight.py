"""Endings said in hindsight: going somewhere given up, dated by its own clause.

"stopped going to Bodyworks in January" ends the habit of that place (not a habit called
"going"), in January of this year: "going to" a place is motion, not the future. Written
for these tests (own names and places), not from any benchmark.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem import Memory
from chronomem.testing import ManualClock
from chronomem.text.dates import find_time_expressions
from tests.real_embedder import real_embedder, tell
from tests.rules_support import REF, run  # REF: Monday 2024-01-15 14:00 UTC


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Lena: I stopped going to Bodyworks in March", "Bodyworks"),
        ("Lena: quit going to the Ashford pool last month", "Ashford pool"),
        ("Lena: I stopped attending Grace Chapel a while back", "Grace Chapel"),
    ],
)
def test_going_somewhere_given_up_ends_that_place(text: str, place: str) -> None:
    ended = [f.target for f in run(text).facts if f.invalid_at is not None and f.valid_at is None]
    assert any(place.split()[0].lower() in t.lower() for t in ended), ended


def test_going_out_given_up_names_no_place() -> None:
    ended = [f.target for f in run("Lena: I stopped going out on weeknights").facts]
    assert not any(t.lower() in ("out", "weeknights") for t in ended)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("I stopped going to Bodyworks in March", "2023-03-01"),  # motion: looks back
        ("been going to the Y since May", "2023-05-01"),
        ("I'm going to quit in March", "2024-03-01"),  # going to + a verb: ahead
        ("we're going to Lisbon in March", "2024-03-01"),  # an arrangement: ahead
    ],
)
def test_going_to_a_place_is_motion_and_going_to_a_verb_looks_ahead(text: str, day: str) -> None:
    assert [t.when.date().isoformat() for t in find_time_expressions(text, REF)] == [day]


@pytest.mark.local_model
def test_a_place_given_up_in_hindsight_is_closed_from_then_end_to_end() -> None:
    clock = ManualClock(datetime(2024, 9, 1, tzinfo=UTC))
    with Memory(embedder=real_embedder(), clock=clock) as memory:
        tell(
            memory,
            clock,
            [
                ("2024-09-02T09:00", "Lena: going to yoga at Bodyworks every thursday"),
                ("2025-04-01T09:00", "Lena: stopped going to Bodyworks in January, too pricey"),
            ],
        )
        held = memory.get_timeline("Lena", group_id="g").facts
        in_feb = [
            f
            for f in held
            if "Bodyworks" in f.fact
            and (f.valid_at is None or f.valid_at <= datetime(2025, 2, 15, tzinfo=UTC))
            and (f.invalid_at is None or f.invalid_at > datetime(2025, 2, 15, tzinfo=UTC))
            and "stopped" not in f.fact
            and f.relation != "STOPPED"  # having given it up holds from January, rightly
        ]
        assert in_feb == [], [(f.fact, f.valid_at, f.invalid_at) for f in held]
