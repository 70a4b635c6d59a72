""" "Until then" is the upcoming day the conversation last told (round 27): the state told
with it holds up to that day. Sentences written for this test, not from any benchmark."""

from __future__ import annotations

from datetime import timedelta

from tests.rules_support import REF, run

DAY = (REF + timedelta(days=40)).strftime("%d %B %Y")  # a day ahead of every turn


def _ends(*turns: str) -> dict[tuple[str, str], str | None]:
    return {
        (f.relation, f.target): f.invalid_at.date().isoformat() if f.invalid_at else None
        for f in run(*turns).facts
    }


def test_a_state_until_then_holds_up_to_the_day_told_before() -> None:
    ends = _ends(f"Ana: I'm moving to Leeds on {DAY}.", "Ana: Until then I'm still living in Hull.")
    assert ends[("LIVES_IN", "Hull")] == (REF + timedelta(days=40)).date().isoformat()


def test_until_then_with_no_day_told_before_sets_no_end() -> None:
    ends = _ends("Ana: I'm moving to Leeds at some point.", "Ana: Until then I'm living in Hull.")
    assert ends[("LIVES_IN", "Hull")] is None
