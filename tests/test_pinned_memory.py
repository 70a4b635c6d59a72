"""The same conversation gives the same memory: on every run, and on every machine.

A ten-turn chat goes through ``Memory`` with the default embedder (the rule extractor and
the learned reader, whose gates decide on the encoder's outputs). Its facts — relations, names,
dates — must equal the committed expectation below, written from a run of this code: a
change of the embedder's arithmetic, of a threshold or of a bank shows here as a diff to
read, not as a flaky test elsewhere. Two runs from fresh stores give byte-identical exports
(episodes, entities, facts and their vectors).

When an intended change of the extractor moves a fact, update ``EXPECTED`` in the same commit
and say why.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chronomem import Memory
from chronomem.portable import export_lines
from chronomem.portable.exporter import read_group
from chronomem.testing import ManualClock, SequentialIds
from tests.real_embedder import real_embedder

pytestmark = pytest.mark.local_model

START = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
STORY = [
    "Nadia: Hi! I'm Nadia, I work at Siemens as an engineer and I live in Munich with my cat Miso.",
    "Assistant: Nice to meet you, Nadia! How is Munich treating you?",
    "Nadia: Honestly great, but big news: we've officially made the move to Rotterdam.",
    "Nadia: And I handed in my notice at Siemens, starting at Philips on Monday.",
    "Nadia: My brother Tom just got engaged to Priya, the wedding is on 14 June.",
    "Nadia: Became a member of the Rotterdam Rowing Club last month.",
    "Nadia: Been absolutely loving pottery these days, I go every Thursday.",
    "Nadia: I'm thinking about moving to Lisbon someday, but not now.",
    "Nadia: Correction: Tom's fiancée is called Pria, not Priya.",
    "Nadia: I cancelled my Rotterdam Rowing Club membership, too much rain.",
]
Row = tuple[str, str, str, str | None, str | None]  # source, relation, target, valid, invalid
# Written from a run on 2026-11-28 (AVX-512 VNNI host; the same vectors as AVX2, see
# test_same_vectors_everywhere.py); re-pinned 2026-11-29 when the semantic cue was deleted
# (round 12) and the restatements stage (round 13). Known defects are pinned too (the
# engagement read as DATING, a plan called
# "wedding"; "made the move to Rotterdam" only a mention, so Munich stays open: the cue
# read it, the learned reader does not yet): the reader's issue, not this test's.
EXPECTED: set[Row] = {
    # "handed in my notice at Siemens, starting at Philips on Monday": since round 34 an
    # ending told beside the start of its replacement ends the day that one starts
    # (``Draft.switch_days``), Monday 10 March, not the day it was said
    ("Nadia", "WORKS_AT", "Siemens", "2025-03-03", "2025-03-10"),
    # "at Siemens as an engineer": the title is Nadia's fact (round 7; it was an attribute),
    # told with Siemens, so it ends with that job (round 8, engine/dependents.py)
    ("Nadia", "HAS_JOB_TITLE", "engineer", "2025-03-03", "2025-03-10"),
    ("Nadia", "LIVES_IN", "Munich", "2025-03-03", None),
    ("Nadia", "HAS_PET", "Miso", "2025-03-03", None),
    # a known defect, re-pinned in round 57: "made the move to Rotterdam" is only a mention
    # (above), and since round 57 a new value of a one-value relation on its topic closes
    # such a mention (engine/mention_endings.close_retold_topics): the job at Philips, a
    # cosine of 0.6 or more from it, closes it the day the job starts, though a city is no
    # employer (the rule does not yet ask whether the two entities' kinds could share a slot)
    ("Nadia", "MENTIONED", "Rotterdam", "2025-03-05", "2025-03-10"),
    ("Nadia", "WORKS_AT", "Philips", "2025-03-10", None),  # "starting at": the learned reader
    ("Nadia", "FAMILY_OF", "Tom", "2025-03-07", None),
    # "Correction: Tom's fiancée is called Pria, not Priya": a value corrected inside a clause
    # (round 19, readers/retractions.py): Priya is retracted (it never held), Pria holds,
    # since round 35 from the start told for Priya (re-pinned: was 2025-03-11, the day of
    # the correction; the name set right was the partner's from the first telling)
    ("Tom", "DATING", "Priya", "2025-03-07", "2025-03-07"),
    ("Tom", "DATING", "Pria", "2025-03-07", None),
    ("Nadia", "HAS_PLAN", "wedding", "2025-06-14", None),
    ("Nadia", "MEMBER_OF", "Rotterdam Rowing Club", "2025-02-08", "2025-03-12"),
    ("Nadia", "MENTIONED", "Lisbon", "2025-03-10", None),  # a wish: no residence
    # round 23: the learned step reads every sentence of its first window that tells
    # something, this one too (it named nothing the rules left untyped)
    ("Nadia", "HAS_HABIT", "pottery", "2025-03-09", None),
}


def _told() -> Memory:
    clock = ManualClock(START)
    memory = Memory(embedder=real_embedder(), clock=clock, ids=SequentialIds("x"))
    for day, text in enumerate(STORY):
        clock.set(START + timedelta(days=day, seconds=1))
        memory.add_episode(text, group_id="g", reference_time=START + timedelta(days=day))
    return memory


def _rows(memory: Memory) -> set[Row]:
    rows = read_group(memory.store, "g", now=memory.clock.now())
    names = {e.id: e.name for e in rows.entities}

    def day(when: datetime | None) -> str | None:
        return None if when is None else when.date().isoformat()

    return {
        (names[f.source_id], f.relation, names[f.target_id], day(f.valid_at), day(f.invalid_at))
        for f in rows.facts
    }


def test_the_conversation_gives_the_pinned_facts_and_dates() -> None:
    assert _rows(_told()) == EXPECTED


def test_two_runs_give_identical_memories() -> None:
    first, second = _told(), _told()
    now = first.clock.now()
    exported = [
        list(export_lines(m.store, "g", embedder=m.embedder, now=now)) for m in (first, second)
    ]
    assert len(exported[0]) > len(STORY) and exported[0] == exported[1]
