"""A range told for one value is that value's, not the next one's: "I lived in Porto from
2015 to 2022 and now I'm in Lyon" ends Porto in 2022 and leaves Lyon open
(``rules/hit_dates.owned_times``: a "since" or "until" in the part of a sentence another
hit is told in is that hit's; a name only mentioned has the part its name stands in)."""

from __future__ import annotations

import pytest

from tests.real_embedder import read_dated


@pytest.mark.local_model
@pytest.mark.parametrize(
    "said",
    [
        "Joana: I lived in Porto from 2015 to 2022 and now I'm in Lyon.",
        "Joana: I lived in Porto from 2015 to 2022, since then I've been in Lyon.",
        "Joana: Grew up in Braga, lived in Porto from 2015 to 2022 and since then I've been in "
        "Lyon for my PhD.",
    ],
)
def test_the_next_value_is_not_dated_by_the_range_of_the_one_before(said: str) -> None:
    dated = read_dated([said])
    assert dated[("LIVES_IN", "Porto")] == ("2015-01-01", "2022-01-01")
    (lyon,) = [days for (_, target), days in dated.items() if target == "Lyon"]
    assert lyon == ("2022-01-01", None)


@pytest.mark.local_model
def test_a_range_told_of_two_values_together_dates_both() -> None:
    dated = read_dated(["Joana: I lived in Porto and Lyon from 2015 to 2022"])
    assert dated[("LIVES_IN", "Porto")] == ("2015-01-01", "2022-01-01")
    assert dated[("LIVES_IN", "Lyon")] == ("2015-01-01", "2022-01-01")
