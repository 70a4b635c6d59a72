"""Third persons and corrections end to end on the default path: Memory, the rule
extractor and the real embedder. Each story is told a day a turn; afterwards the old value
must be closed and the new one current (own phrasings, not the benchmark's)."""

from __future__ import annotations

import pytest

from tests.test_rules_states_memory import tell

pytestmark = pytest.mark.local_model

STORIES = [
    # a tie between two third persons ends, another starts
    (
        [
            "Kim: my brother Theo is dating this girl Amara",
            "Kim: theo and amara split up, he's going out with a woman named Jess now",
        ],
        [("Theo", "DATING", "Jess")],
        [("Theo", "DATING", "Amara")],
    ),
    (
        ["Kim: my aunt Rosa is married to Phil", "Kim: Rosa and Phil got divorced last spring"],
        [],
        [("Rosa", "MARRIED_TO", "Phil")],
    ),
    # a transfer continues the school told before
    (
        ["Kim: my son Noah studies at Purdue", "Kim: Noah transferred to Northwestern"],
        [("Noah", "STUDIES_AT", "Northwestern")],
        [("Noah", "STUDIES_AT", "Purdue")],
    ),
    # a correction restating the place with another qualifier
    (
        ["Kim: I live in Kingston, Jamaica", "Kim: sorry I meant Kingston, Ontario lol"],
        [("Kim", "LIVES_IN", "Kingston, Ontario")],
        [("Kim", "LIVES_IN", "Kingston")],
    ),
    # a trip moved: the plan that names the place withdraws the one told for the old day
    (
        [
            "Kim: flying to Oslo on March 20th for a conference",
            "Kim: they moved our flight to Oslo to March 27",
        ],
        [("Kim", "HAS_PLAN", "flight")],
        [("Kim", "VISITED", "Oslo")],
    ),
    # a plan called off, a retirement that ends the job and sets the title
    (
        ["Kim: hosting a barbecue on Friday", "Kim: the barbecue is off, rain all weekend"],
        [],
        [("Kim", "HAS_PLAN", "barbecue")],  # a calendar noun since round 23 (was "hosting …")
    ),
    (
        ["Kim: my dad is a pilot at Delta", "Kim: dad finally retired from Delta!"],
        [("Kim's dad", "HAS_JOB_TITLE", "retired")],
        [("Kim's dad", "WORKS_AT", "Delta"), ("Kim's dad", "HAS_JOB_TITLE", "pilot")],
    ),
    # a move taken back: still in the old place
    (
        [
            "Kim: I live in Bristol",
            "Kim: we moved to Bath",
            "Kim: scratch that, we're still in Bristol",
        ],
        [("Kim", "LIVES_IN", "Bristol")],
        [("Kim", "LIVES_IN", "Bath")],
    ),
]


@pytest.mark.parametrize(("turns", "current", "closed"), STORIES)
def test_the_old_value_is_closed_and_the_new_one_current(embedder, turns, current, closed):  # type: ignore[no-untyped-def]
    facts = tell(embedder, *turns)
    for triple in current:
        assert facts.get(triple) is True, (triple, facts)
    for triple in closed:
        assert triple in facts and facts[triple] is False, (triple, facts)
