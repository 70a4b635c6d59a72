"""What the learned reader reads on the default path where a deleted table of the relation
pattern table read before (issue 20, item 4; ``bench/RESULTS.md``, round 13). Each case is
checked to be the reader's doing: the extractor without the learned step does not find it.
What neither reads any more is listed in RESULTS as a known defect, not tested here."""

from __future__ import annotations

import pytest

from tests.real_embedder import read_facts
from tests.rules_support import misread, values

R20 = misread("round-20")  # read right by the round-10 weights, not by round 20's

pytestmark = pytest.mark.local_model

Found = tuple[str, str, str, bool]  # source, relation, target, ended

READ: list[object] = [  # (turns, fact), or a pytest.param of them
    # tastes.py: a taste told by what one listens to, a preference by its verb
    pytest.param(["Ines: lately I've been listening to Nina Simone nonstop"],
                 ("Ines", "LIKES", "Nina Simone", False), marks=R20),
    pytest.param(["Ines: I prefer the early shift honestly"],
                 ("Ines", "PREFERS", "early shift", False), marks=R20),
    (["Ines: my husband prefers the mountains"], ("Ines's husband", "PREFERS", "mountains", False)),
    # (moves.py's recovery rows, "recovering from wrist surgery", and "moved ... to a flat in
    # Delft" are read by the pattern table again since round 17:
    # tests/test_rules_habits_health_changes.py)
    # nominal.py's homes told without the usual verb and object; the old home a move leaves
    (["Lina: home base is Valencia these days"], ("Lina", "LIVES_IN", "Valencia", False)),
    (["Lina: I'm based out of Denver now"], ("Lina", "LIVES_IN", "Denver", False)),
    (["Lina: we've been in Tallinn since 2019"], ("Lina", "LIVES_IN", "Tallinn", False)),
    (["Lina: we live in a small town outside Ghent"], ("Lina", "LIVES_IN", "Ghent", False)),
    pytest.param(["Lina: we moved from Utrecht to a flat in Delft."],
                 ("Lina", "LIVES_IN", "Utrecht", True), marks=misread("round-13")),
    # wellbeing.py's pains told as a subject, a baby's arrival
    (["Cleo: my upper back pain is brutal this week"],
     ("Cleo", "HAS_CONDITION", "upper back pain", False)),
    (["Cleo: I'm pregnant!", "Cleo: our baby girl Amara arrived on friday"],
     ("Cleo", "FAMILY_OF", "Amara", False)),
    # endings.py's notice handed in: the job ends
    pytest.param(["Rosa: I handed in my notice at KPMG this morning"],
                 ("Rosa", "WORKS_AT", "KPMG", True), marks=R20),
]  # fmt: skip


@pytest.mark.parametrize(("turns", "fact"), READ, ids=[values(r)[0][-1][6:46] for r in READ])
def test_the_learned_reader_reads_what_a_deleted_table_read(turns: list[str], fact: Found) -> None:
    assert fact in read_facts(turns), read_facts(turns)
    assert fact not in read_facts(turns, learned=False)
