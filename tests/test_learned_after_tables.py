"""What the learned reader reads on the default path where a deleted table of the relation
pattern table read before (issue 20, item 4; ``bench/RESULTS.md``, round 13). Each case is
checked to be the reader's doing: the extractor without the learned step does not find it.
What neither reads any more is listed in RESULTS as a known defect, not tested here."""

from __future__ import annotations

import pytest

from tests.real_embedder import read_facts

pytestmark = pytest.mark.local_model

Found = tuple[str, str, str, bool]

READ = [
    # tastes.py: a taste told by what one listens to, a preference by its verb
    (["Ines: lately I've been listening to Nina Simone nonstop"], ("Ines", "LIKES", "Nina Simone")),
    (["Ines: I prefer the early shift honestly"], ("Ines", "PREFERS", "early shift")),
    (["Ines: my husband prefers the mountains"], ("Ines's husband", "PREFERS", "mountains")),
    # moves.py's recovery rows: an operation one is recovering from, said by the assistant
    (["Noor: what should I cook this week?",
      "Assistant: Since you're recovering from wrist surgery, pick one-pan meals."],
     ("Noor", "HAS_CONDITION", "wrist surgery")),
    # nominal.py's homes told without the usual verb and object
    (["Lina: home base is Valencia these days"], ("Lina", "LIVES_IN", "Valencia")),
    (["Lina: I'm based out of Denver now"], ("Lina", "LIVES_IN", "Denver")),
    (["Lina: we've been in Tallinn since 2019"], ("Lina", "LIVES_IN", "Tallinn")),
    (["Lina: we live in a small town outside Ghent"], ("Lina", "LIVES_IN", "Ghent")),
    (["Lina: we moved from Utrecht to a flat in Delft."], ("Lina", "LIVES_IN", "Delft")),
]  # fmt: skip


def test_a_move_from_one_town_to_a_home_in_another_ends_the_first() -> None:
    """nominal.py's move "to a flat in X": the learned reader reads the new home and ends
    the old one."""
    facts = read_facts(["Lina: we moved from Utrecht to a flat in Delft."])
    assert ("Lina", "LIVES_IN", "Utrecht", True) in facts, facts
    assert ("Lina", "LIVES_IN", "Utrecht", True) not in read_facts(
        ["Lina: we moved from Utrecht to a flat in Delft."], learned=False
    )


def _held(found: set[Found]) -> set[tuple[str, str, str]]:
    return {(source, relation, target) for source, relation, target, ended in found if not ended}


@pytest.mark.parametrize(("turns", "fact"), READ, ids=[r[0][-1][6:46] for r in READ])
def test_the_learned_reader_reads_what_a_deleted_table_read(
    turns: list[str], fact: tuple[str, str, str]
) -> None:
    assert fact in _held(read_facts(turns)), read_facts(turns)
    assert fact not in _held(read_facts(turns, learned=False))
