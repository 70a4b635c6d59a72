"""Round 46: a mention told to end ahead ("his wife stays in Pune until school finishes in
May") ends no one's value: the learned reader's reading of the brother's home in the same
place keeps its start and stays open, for the later move to close in the memory. A verb of
leaving or ending before a value the learned reader read ends it, whatever its aspect head
read ("finished at the sawmill"). A sentence that is only a time dates the one before it
("... at the salmon farm. since monday.")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem.extractors.learned.hits import learned_fates
from chronomem.extractors.learned.reader import ReadFact
from chronomem.extractors.learned.told import ended_before
from chronomem.extractors.rules.analysis.analyse import analyse
from chronomem.extractors.rules.analysis.known import Known
from chronomem.extractors.rules.normalise.time_fragments import joined_time_fragments
from chronomem.extractors.rules.readers.end_words import ends_tie
from chronomem.model import Episode, EpisodeSource
from tests.real_embedder import SAID_AT, rule_extractor


def test_a_mention_over_only_ahead_ends_no_ones_home() -> None:
    said = (
        "Ana: My cousin Ravi drives a taxi in Pune since 2018. Last month he moved to Dubai. "
        "His wife Meera stays in Pune with the children until school finishes in May."
    )
    episode = Episode("e", "g", said, EpisodeSource.MESSAGE, SAID_AT, SAID_AT)
    facts = rule_extractor(True).extract(episode, ()).facts
    pune = [f for f in facts if (f.source, f.relation, f.target) == ("Ravi", "LIVES_IN", "Pune")]
    assert [(f.valid_at, f.invalid_at) for f in pune] == [(datetime(2018, 1, 1, tzinfo=UTC), None)]
    dubai = [f for f in facts if (f.source, f.relation, f.target) == ("Ravi", "LIVES_IN", "Dubai")]
    assert [f.invalid_at for f in dubai] == [None]


@pytest.mark.parametrize(
    ("said", "value", "over"),
    [
        ("my cousin Mele finished at the cannery before easter, she packed fish", "the cannery", 1),
        ("Dad sold the Corolla in May", "the Corolla", True),
        ("she no longer works at the library", "the library", True),
        ("my cousin Mele works at the cannery since easter", "the cannery", False),
        ("I finished at the gym at 6, then went home", "the gym", False),  # a day's end
    ],
)
def test_a_verb_of_leaving_before_a_value_the_reader_read_ends_it(
    said: str, value: str, over: bool
) -> None:
    """The step reads the value's tie as over whatever its aspect head read."""
    start = said.index(value)
    assert ended_before(said, (start, start + len(value))) is bool(over)


@pytest.mark.parametrize(
    ("before", "after", "over"),
    [
        ("my nephew finished at ", " before christmas", True),
        ("she finished up at ", " in May", True),
        ("I finished at ", " at 6 and went home", False),  # a day's work, not the job
    ],
)
def test_finishing_at_a_place_ends_the_tie(before: str, after: str, over: bool) -> None:
    assert ends_tie(before, after) is over


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        (
            "feed barge at the salmon farm, by the pier. since monday.",
            "feed barge at the salmon farm, by the pier, since monday.",
        ),
        (
            "Got the keys to our flat in Tartu! Yesterday!",
            "Got the keys to our flat in Tartu, Yesterday!",
        ),
        ("New job at the depot. Starting 1 March.", "New job at the depot, Starting 1 March."),
        # a sentence that says more than a time stays one
        (
            "New job at the depot. Since monday I drive.",
            "New job at the depot. Since monday I drive.",
        ),
        ("I moved to Riga. Every Sunday.", "I moved to Riga. Every Sunday."),
        ("Dr. Last week.", "Dr. Last week."),  # no sentence before: an abbreviation
        # an abbreviation's stop is a full stop only: "st!!" ends a sentence
        ("bike shop on fenn st!! starting monday", "bike shop on fenn st, starting monday"),
    ],
)
def test_a_sentence_that_is_only_a_time_dates_the_one_before(said: str, plain: str) -> None:
    assert joined_time_fragments(said) == plain


def test_a_change_dated_by_a_time_said_alone_after_it() -> None:
    said = "Ana: new job at the Kaunas depot, driving the night bus. since monday."
    episode = Episode("e", "g", said, EpisodeSource.MESSAGE, SAID_AT, SAID_AT)
    facts = rule_extractor(True).extract(episode, ()).facts
    depot = [f for f in facts if f.source == "Ana" and f.relation == "WORKS_AT"]
    assert [f.valid_at for f in depot] == [datetime(2025, 3, 10, tzinfo=UTC)]  # a Monday


@pytest.mark.parametrize(
    "said",
    [
        "It says the 14th of September, not the 4th. Monday 14 September, 10:15. Sorry.",
        "March. 2 March. Not May.",
    ],
)
def test_a_time_said_again_after_a_time_stays_a_sentence(said: str) -> None:
    assert joined_time_fragments(said) == said


def _fate(
    said: str, speaker: str, relation: str, aspect: str, value: str, confidence: float
) -> str:
    """The gate a reading of ``value`` in ``said`` stops at ("": made)."""
    known = Known()
    sentence = analyse(said, SAID_AT, speaker, known)
    start = said.index(value)
    fact = ReadFact(relation, "speaker", aspect, (start, start + len(value)), None, confidence, ())
    (fate,) = learned_fates(sentence, [fact], [], "user", known)
    return fate.stopped


def test_a_place_is_no_job_title() -> None:
    said = "I got a teaching post in Delhi from April."
    assert _fate(said, "Dolma", "HAS_JOB_TITLE", "start", "Delhi", 0.6) != ""
    assert _fate(said, "Dolma", "LIVES_IN", "start", "Delhi", 0.6) == ""


@pytest.mark.parametrize(("aspect", "stopped"), [("end", True), ("start", False)])
def test_an_unsure_ending_needs_a_surer_reading_than_a_start(aspect: str, stopped: bool) -> None:
    """A wrong ending tells a value held since ever: the border collie of "a new pup now,
    Kópur, border collie" read as ended."""
    said = "I have a new pup now, Kópur, a border collie from a farm up the valley."
    fate = _fate(said, "Tóki", "HAS_PET", aspect, "border collie", 0.3)
    assert (fate == "confidence") is stopped
