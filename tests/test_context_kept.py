"""What the context keeps between questions never shows a text it was not given now.

The context builder keeps, per turn text, how the turn cuts into sentences and whether it
states a preference (``search/kept.py``), and the SQLite store answers a vector search from
a cached index without asking SQL when the filter admits every row. Two households share
one memory; each asks about its own week: the kept readings must never carry one's words
into the other's context, a deleted turn must leave the context and the kept readings, a
new turn must show up at once, and another process's deletion must reach a vector search.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from chronomem import EpisodeInput, Memory
from chronomem.model import SearchFilter, Target
from chronomem.search.kept import KeptTurns
from chronomem.search.snippets import as_shown, snippet, stems
from chronomem.stores.sqlite.store import SQLiteStore
from chronomem.testing import HashEmbedder, ManualClock
from tests.helpers import daily_chat

START = datetime(2026, 3, 2, 19, 0, tzinfo=UTC)
# the same speaker and the same opening in both households; only the later sentence differs
OPENING = "Noor: Quick update before dinner. The plumber came round today."
NORTH = f"{OPENING} He says the boiler needs a new pressure valve by Friday."
SOUTH = f"{OPENING} He says the kitchen tap only needs a washer, nothing more."
FILLER = [
    "Sam: Did you book the dentist for Tuesday?",
    "Noor: Yes, half past nine. Also the bins go out tonight.",
    "Sam: I finished the puzzle with the lighthouse on it.",
]


def _households() -> Memory:
    memory = Memory(embedder=HashEmbedder(), clock=ManualClock(START + timedelta(days=10)))
    daily_chat(memory, "north", [*FILLER, NORTH], START)
    daily_chat(memory, "south", [*FILLER, SOUTH], START)
    return memory


def test_each_household_sees_its_own_plumber_visit_after_the_other_asked() -> None:
    memory = _households()
    question = "What did the plumber say needs fixing?"
    north = memory.context(question, group_id="north").text
    south = memory.context(question, group_id="south").text
    assert "pressure valve" in north and "pressure valve" not in south
    assert "washer" in south and "washer" not in north
    # asked again (the readings now kept), the same texts
    assert memory.context(question, group_id="north").text == north
    assert memory.context(question, group_id="south").text == south


def test_a_deleted_turn_leaves_the_context_and_the_kept_readings() -> None:
    memory = _households()
    question = "What did the plumber say about the boiler?"
    assert "pressure valve" in memory.context(question, group_id="north").text
    kept = memory._context.kept
    assert len(kept) > 0
    assert memory.delete_episode("t03", group_id="north")
    assert len(kept) == 0  # no word of the deleted turn stays in RAM
    assert "pressure valve" not in memory.context(question, group_id="north").text
    memory.delete_group("south")
    assert len(kept) == 0


def test_a_new_turn_is_shown_at_once() -> None:
    memory = _households()
    question = "What did the plumber say about the boiler?"
    before = memory.context(question, group_id="north").text
    assert "new boiler" not in before
    later = "Noor: Change of plan. The plumber now says we need a new boiler altogether."
    memory.add_episodes(
        [EpisodeInput(content=later, group_id="north", reference_time=START + timedelta(days=5))]
    )
    assert "new boiler" in memory.context(question, group_id="north").text


def test_kept_readings_answer_as_a_fresh_reading_does() -> None:
    kept = KeptTurns(size=2)
    turns = [NORTH, SOUTH, *FILLER, NORTH]  # more turns than it keeps, one asked twice
    terms = stems("plumber valve washer dentist")
    for text in turns:
        for sentences in (0, 1, 2):
            fresh = as_shown(text, terms, sentences, 20, stems("Noor"))
            assert as_shown(text, terms, sentences, 20, stems("Noor"), kept.read) == fresh
            assert fresh[1] == stems(fresh[0])  # the stems are those of the shown text


def test_sentences_end_at_stops_questions_exclamations_and_line_breaks() -> None:
    text = "Ada: Is it ready?! Not yet... The build broke.\n\n```\nmake test\n```\nFixed now."
    assert snippet(text, stems("build"), 1) == "Ada: … The build broke. …"
    assert snippet(text, stems("ready"), 1) == "Ada: Is it ready?! …"
    assert snippet(text, stems("make"), 1) == "Ada: … make test …"
    assert snippet(text, stems("fixed"), 1) == "Ada: … Fixed now."
    # no match: the longest sentence; every sentence matching: the whole turn
    assert snippet(text, stems("zebra"), 1) == "Ada: … The build broke. …"
    assert snippet("Ada: One. Two.", stems("one two"), 2) == "Ada: One. Two."


def test_another_process_deleting_a_turn_reaches_a_vector_search(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.db")
    memory = Memory(path, embedder=HashEmbedder(), clock=ManualClock(START + timedelta(days=9)))
    daily_chat(memory, "north", [*FILLER, NORTH], START)
    vector = HashEmbedder().embed_batch([NORTH])[0]
    now = SearchFilter().resolved(START + timedelta(days=9))
    reader = SQLiteStore(path)
    try:
        first = reader.vector_search(Target.EPISODES, ["north"], vector, limit=2, filter=now)
        assert first[0][0] == "t03"  # the index is now cached in this store
        memory.delete_episode("t03", group_id="north")
        again = reader.vector_search(Target.EPISODES, ["north"], vector, limit=4, filter=now)
        assert "t03" not in [i for i, _ in again] and len(again) == 3
    finally:
        reader.close()
        memory.close()
