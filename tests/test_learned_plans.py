"""A plan the learned reader reads with no day ahead (round 15).

A plan of a relation holds from the day ahead its clause names ("I start at Stripe in
January"); with no such day the step used to drop it. It is kept as a plan of its value
(``HAS_PLAN``): the memory knows what is planned, and holds nothing of the relation before
it happens. Sentences written for this test."""

from __future__ import annotations

import pytest

from tests.real_embedder import read_facts

pytestmark = pytest.mark.local_model


def test_a_plan_with_no_day_is_kept_as_a_plan_not_as_the_value_held() -> None:
    turn = "Kim: I'm going to study at Ghent University."
    facts = read_facts([turn])
    assert ("Kim", "HAS_PLAN", "Ghent University", False) in facts
    assert ("Kim", "HAS_PLAN", "Ghent University", False) not in read_facts([turn], learned=False)
    assert not any(f[1] == "STUDIES_AT" for f in facts)
