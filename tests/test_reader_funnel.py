"""The learned reader's funnel: each fact the reader finds, the gate that stops it or the
fact it makes (``learned.hits.learned_fates``, recorded on a ``Trace``), and the script that
counts them against a labelled split (``bench/reader_funnel.py``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from chronomem.extractors import RuleExtractor
from chronomem.extractors.learned.reader import ReadFact, shipped_weights
from chronomem.extractors.rules.trace import ReaderFate, Trace
from chronomem.model import Episode, EpisodeSource
from tests.real_embedder import SAID_AT, real_embedder

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import reader_causes  # noqa: E402
import reader_funnel  # noqa: E402


def _fates(turn: str, *, every: bool = False) -> list[ReaderFate]:
    trace = Trace(reads_every=every)
    extractor = RuleExtractor(embedder=real_embedder(), trace=trace)
    extractor.extract(Episode("e0", "g", turn, EpisodeSource.MESSAGE, SAID_AT, SAID_AT), [])
    return trace.reader


def _value(fate: ReaderFate) -> str:
    return fate.text[fate.fact.value[0] : fate.fact.value[1]]


@pytest.mark.local_model
def test_a_fact_the_step_makes_is_recorded_with_its_key() -> None:
    fates = _fates("Tom: my daily driver is a Skoda Octavia these days")
    made = [f for f in fates if f.fact.relation == "DRIVES" and not f.stopped]
    assert [(_value(f), f.key) for f in made] == [
        ("a Skoda Octavia", ("tom", "skoda octavia", "DRIVES"))
    ]


@pytest.mark.local_model
def test_a_value_the_rules_read_stops_at_known_to_rules() -> None:
    fates = _fates("Maya: I work at Spotify")  # the first window: every sentence that tells
    assert {f.stopped for f in fates if f.fact.relation == "WORKS_AT"} == {"known to rules"}


@pytest.mark.local_model
def test_past_the_first_window_a_sentence_naming_only_what_the_rules_told_is_not_read() -> None:
    turn = "Maya: " + "We talked about the weather and the traffic for a while. " * 12
    turn += "I work at Spotify."
    assert not [f for f in _fates(turn) if f.fact.relation == "WORKS_AT"]
    every = [f for f in _fates(turn, every=True) if f.fact.relation == "WORKS_AT"]
    assert every, "a funnel reads the sentence anyway"
    assert {f.stopped for f in every} == {
        "not read: names only what the rules told, past the first window"
    }
    assert {f.then for f in every} == {"known to rules"}


@pytest.mark.local_model
def test_a_question_is_not_read_but_a_funnel_reads_it_and_says_why() -> None:
    turn = "Maya: should I take the job at Spotify?"
    assert _fates(turn) == []
    every = _fates(turn, every=True)
    assert every, "a funnel reads the sentence anyway"
    assert {f.stopped for f in every} == {"not read: question"}


def test_a_fact_is_right_for_a_label_of_its_relation_subject_kind_value_and_aspect() -> None:
    text = "my brother moved to Utrecht"
    fact = ReadFact("LIVES_IN", "third", "start", (20, 27), confidence=0.6)
    labels: list[dict[str, object]] = [
        {"subject": "speaker's brother", "relation": "LIVES_IN", "value": "Utrecht",
         "aspect": "start"},
        {"subject": "speaker", "relation": "LIVES_IN", "value": "Utrecht", "aspect": "state"},
        {"subject": "Ola", "relation": "LIVES_IN", "value": "Utrecht", "aspect": "end"},
    ]  # fmt: skip
    assert reader_funnel.right_labels(ReaderFate(text, fact, "owner"), labels) == [0]


def test_a_made_fact_is_lost_when_the_memory_still_misses_its_label() -> None:
    fate = ReaderFate("x", ReadFact("LIVES_IN", "speaker", "state", (0, 1)), "", ("a", "b", "c"))
    assert reader_funnel.stage_of(fate, [0], {0: "wrong state (Ana LIVES_IN 'x' (closed))"}) == (
        "made: lost (wrong state)"
    )
    assert reader_funnel.stage_of(fate, [0], {}) == "made: found"
    assert reader_funnel.stage_of(fate, [], {}) == "made: wrong"
    stopped = ReaderFate("x", fate.fact, "owner")
    assert reader_funnel.stage_of(stopped, [0], {}) == "owner"


ITEMS = [
    {"id": "t-1", "voice": "texting", "speaker": "Tom", "speaker_role": "user",
     "text": "my daily driver is a Skoda Octavia these days",
     "facts": [{"subject": "speaker", "relation": "DRIVES", "value": "Skoda Octavia",
                "aspect": "state", "when": None, "ends": None, "text": "x"}]},
    {"id": "t-2", "voice": "texting", "speaker": "Maya", "speaker_role": "user",
     "text": "I work at Spotify",
     "facts": [{"subject": "speaker", "relation": "WORKS_AT", "value": "Spotify",
                "aspect": "state", "when": None, "ends": None, "text": "x"}]},
]  # fmt: skip


@pytest.mark.local_model
def test_the_script_counts_each_stage_and_refuses_examples_of_a_held_out_split(
    tmp_path: Path,
) -> None:
    split = tmp_path / "mine"
    split.mkdir()
    lines = [json.dumps(item) for item in ITEMS]
    (split / "part01.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.json"
    weights = str(shipped_weights())
    args = ["--weights", weights, "--split", str(split), "--json", str(out)]
    assert reader_funnel.main(args) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert (result["labels"], result["found"]) == (2, 2)
    assert result["stages"]["made: found"]["right"] >= 1  # the Octavia, by the step
    known = result["stages"]["known to rules"]
    assert known["right"] >= 1 and known["missed"] == 0  # Spotify, by the rules
    with pytest.raises(SystemExit):
        reader_funnel.main(["--weights", weights, "--split", "corpus/reader_r9", "--examples", "x"])


def test_a_label_the_reader_never_read_right_is_counted_under_the_head_that_missed_it() -> None:
    text = "Ines is moving to Lyon in March"
    lyon = (text.index("Lyon"), text.index("Lyon") + 4)
    plan: dict[str, object] = {
        "subject": "Ines", "relation": "LIVES_IN", "value": "Lyon", "aspect": "plan"
    }  # fmt: skip
    read_as = {
        ("LIVES_IN", "third", "start"): "aspect head: read as holds",
        ("LIVES_IN", "speaker", "plan"): "subject head: read as speaker",
        ("VISITED", "third", "plan"): "relation head: read as VISITED",
    }
    for (relation, kind, aspect), cause in read_as.items():
        fate = ReaderFate(text, ReadFact(relation, kind, aspect, lyon), "")
        assert reader_causes.cause_of(plan, [fate], "") == cause
    assert reader_causes.cause_of(plan, [], "") == "value never spanned"
    assert reader_causes.cause_of({**plan, "value": None}, [], "") == "no value"
    assert reader_causes.cause_of(plan, [], "confidence") == "right: confidence"
    causes = reader_causes.by_cause()
    reader_causes.count(causes, "narration", plan, "value never spanned", False)
    assert dict(causes) == {
        "aspect:plan | value never spanned": [1, 0],
        "voice:narration | value never spanned": [1, 0],
    }
