"""RuleExtractor on a state told of the speaker and another person together."""

from __future__ import annotations

import pytest

from tests.rules_support import found, lost, run


@lost("together")
@pytest.mark.parametrize(
    ("text", "both"),
    [
        ("Rhea: Tomasz and I work at Unilever", ("WORKS_AT", "Unilever", "Tomasz")),
        ("Rhea: Keanu and I both work at Deloitte", ("WORKS_AT", "Deloitte", "Keanu")),
        ("Rhea: me and Dana live in Leeds now", ("LIVES_IN", "Leeds", "Dana")),
        ("Rhea: Ines and I moved to Porto last year", ("LIVES_IN", "Porto", "Ines")),
        ("Rhea: Ines and I are vegan", ("FOLLOWS_DIET", "vegan", "Ines")),
    ],
)
def test_the_person_beside_the_speaker_holds_the_state_too(
    text: str, both: tuple[str, str, str]
) -> None:
    relation, target, other = both
    facts = found(run(text))
    assert ("Rhea", relation, target, False) in facts
    assert (other, relation, target, False) in facts


@pytest.mark.parametrize(
    "text",
    [
        "Rhea: Ines and I went to Rome",  # a trip, no shared state
        "Rhea: Google and I parted ways",  # not a person
        "Rhea: I work at Unilever and Dana lives in Leeds",  # two states, one each
    ],
)
def test_no_shared_state_without_a_person_in_the_subject(text: str) -> None:
    facts = found(run(text))
    assert not [f for f in facts if f[0] == "Ines" or (f[0] == "Dana" and f[1] == "WORKS_AT")]
    assert not [f for f in facts if f[0] == "Google"]
    assert not [f for f in facts if f[0] == "Rhea" and f[1] == "LIVES_IN"]
