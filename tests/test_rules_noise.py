"""Facts worth storing: a new job is an employer, not a possession called "job"."""

from __future__ import annotations

from tests.test_rules_replacements import facts


def test_a_new_job_is_no_thing_owned() -> None:
    found = facts(["Pia: got a new job at Tallow & Finch!"])
    assert ("Pia", "WORKS_AT", "Tallow & Finch", False) in found
    assert not [f for f in found if f[1] == "OWNS"], found


def test_a_new_thing_is_still_owned() -> None:
    assert ("Pia", "OWNS", "kayak", False) in facts(["Pia: got myself a new kayak"])
