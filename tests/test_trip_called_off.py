"""A journey called off ends every part of it told ahead (``readers/plans_ended.called_off_ahead``):
the place the plan goes to, not only the flight told last."""

from __future__ import annotations

import pytest

from tests.real_embedder import facts_about, real_embedder, target_name, told_memory


@pytest.mark.local_model
def test_the_trip_called_off_ends_the_place_and_the_flight() -> None:
    """Round 39: "the trip is cancelled" ended the flight and left the place as a plan."""
    story = [
        ("2025-03-02T10:00", "Lior: We go to Ravello for the lemon festival this year! "
         "Flight on 14 May, the kids can't wait."),
        ("2025-04-28T09:00", "Lior: The trip is cancelled, my mother is in hospital. "
         "We stay home in Haifa."),
    ]  # fmt: skip
    with told_memory(real_embedder(), story) as memory:
        plans = {target_name(memory, f): f for f in facts_about(memory, "Lior", "HAS_PLAN")}
    assert {"Ravello", "Flight"} <= set(plans)
    assert all(f.invalid_at is not None for f in plans.values())


@pytest.mark.local_model
def test_the_trip_called_off_ends_no_other_plan() -> None:
    story = [
        ("2025-03-02T10:00", "Lior: Flight on 14 May! And the dentist on 20 May, ugh."),
        ("2025-04-28T09:00", "Lior: The trip is cancelled, my mother is in hospital."),
    ]
    with told_memory(real_embedder(), story) as memory:
        plans = {target_name(memory, f): f for f in facts_about(memory, "Lior", "HAS_PLAN")}
    assert plans["Flight"].invalid_at is not None
    assert all(f.invalid_at is None for name, f in plans.items() if "dentist" in name.lower())
    assert any("dentist" in name.lower() for name in plans)
