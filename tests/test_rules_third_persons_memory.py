"""Third persons and the roles people hold, end to end on the default path: Memory, the rule
extractor and the real embedder, a day a turn. Own phrasings, not the benchmark's."""

from __future__ import annotations

import pytest

from tests.rules_support import lost
from tests.test_rules_states_memory import tell

pytestmark = pytest.mark.local_model

STORIES = [
    # a successor in a role the speaker holds: the old holder is closed
    # round 26: read again by the learned step once a role named again stops a value only
    # where the role's holder acts on it ("my GP sent me to Dr. Kaur")
    (
        ["Rui: my dentist is Dr. Varga, very gentle", "Rui: changed dentists, seeing Dr. Osei now"],
        [("Rui", "ROLE_HELD_BY", "Dr. Osei")],
        [("Rui", "ROLE_HELD_BY", "Dr. Varga")],
    ),
    pytest.param(
        [
            "Rui: Dr. Lindahl has been my therapist since 2021",
            "Rui: my therapist Dr Lindahl moved away, the clinic assigned me to Dr. Amos instead",
        ],
        [("Rui", "ROLE_HELD_BY", "Dr. Amos")],
        [("Rui", "ROLE_HELD_BY", "Dr. Lindahl")],
        marks=lost("successors"),
    ),
    pytest.param(
        ["Rui: my tennis coach is Ilona", "Rui: new coach this season, Marek took over from Ilona"],
        [("Rui", "ROLE_HELD_BY", "Marek")],
        [("Rui", "ROLE_HELD_BY", "Ilona")],
        marks=lost("successors"),
    ),
    # a third person's new job, move and retirement
    (
        ["Rui: my friend Tove works at Kestrel Bank", "Rui: Tove's over at Norrland Labs now"],
        [("Tove", "WORKS_AT", "Norrland Labs")],
        [("Tove", "WORKS_AT", "Kestrel Bank")],
    ),
    (
        ["Rui: my cousin Ansel lives in Lyon", "Rui: ansel's back in Nantes, he hated Lyon"],
        [("Ansel", "LIVES_IN", "Nantes")],
        [("Ansel", "LIVES_IN", "Lyon")],
    ),
    (
        ["Rui: my son Tiago works at Pingo Doce", "Rui: he got sacked on monday, poor kid"],
        [],
        [("Tiago", "WORKS_AT", "Pingo Doce")],
    ),
    (
        ["Rui: my mum Edite works at the library", "Rui: mum retired last week, so proud"],
        [("Edite", "HAS_JOB_TITLE", "retired")],
        [("Edite", "WORKS_AT", "library")],
    ),
]


@pytest.mark.parametrize(("turns", "current", "closed"), STORIES)
def test_the_old_value_is_closed_and_the_new_one_current(embedder, turns, current, closed):  # type: ignore[no-untyped-def]
    facts = tell(embedder, *turns)
    for triple in current:
        assert facts.get(triple) is True, (triple, facts)
    for triple in closed:
        assert triple in facts and facts[triple] is False, (triple, facts)


# a role named again without a change, or another person named beside it: nothing moves
KEPT = [
    ["Rui: my dentist is Dr. Varga", "Rui: my dentist Dr. Varga says I should floss more"],
    ["Rui: my GP is Dr. Banks", "Rui: my GP sent me to Dr. Kaur, a dermatologist, for a scan"],
    ["Rui: my coach is Ilona", "Rui: Ilona and her new husband Marek came to practice"],
]


@pytest.mark.parametrize("turns", KEPT)
def test_a_role_named_again_keeps_its_holder(embedder, turns):  # type: ignore[no-untyped-def]
    facts = tell(embedder, *turns)
    held = [t for t, current in facts.items() if t[1] == "ROLE_HELD_BY" and current]
    assert len(held) == 1, facts
    assert held[0][2] in ("Dr. Varga", "Dr. Banks", "Ilona"), facts
