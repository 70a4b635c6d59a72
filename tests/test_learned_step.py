"""The learned step of the offline extractor (``extractors/learned``) through the extractor
and ``Memory`` on the real default encoder. Each positive is checked to be the step's doing
(the extractor without it does not find it); each decoy, that the step adds nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from chronomem import Memory
from chronomem.extractors import RuleExtractor
from chronomem.model import Episode, EpisodeSource
from chronomem.providers.hashing import HashEmbedder
from chronomem.testing import ManualClock
from tests.real_embedder import (
    SAID_AT,
    current_names,
    facts_about,
    read_facts,
    real_embedder,
    rule_extractor,
    tell,
)

pytestmark = pytest.mark.local_model

WHEN = SAID_AT
_extractor = rule_extractor
_facts = read_facts


DECOYS = [
    ["Maya: I live in Leeds.", "Assistant: Congrats on the move to Lisbon!"],
    # an assistant's pleasantry names no one: the reader alone reads each as the user's
    ["Maya: my cousin builds boats", "Assistant: Working at Halvorsen Marine must be a dream!"],
    ["Maya: it snowed all week", "Assistant: Living in Reykjavik must be amazing in winter."],
    ["Maya: I love old cameras", "Assistant: Owning a Leica M6 must be a joy, I imagine."],
    ["Maya: we might move to Berlin next year if the visa works out"],
    ["Maya: can you remind me what my sister said about Porto?"],
    ["Maya: my brother just got a job at Spotify"],
]


@pytest.mark.parametrize("turns", DECOYS, ids=lambda v: v[-1][:40])
def test_a_decoy_gets_nothing_from_the_learned_step(turns: list[str]) -> None:
    assert _facts(turns) == _facts(turns, learned=False)


CONDITIONS = [
    ["Maya: Hi.", "Assistant: If you did switch to Spotify Family, you could drop the other two."],
    ["Maya: unless I switch to Vodafone the bill goes up again"],
    ["Maya: if i ever got a place in Bristol id get a dog straight away"],
    ["Maya: Should we adopt the greyhound, Luna would have a garden at last."],
    ["Maya: in case I take the job at Ocado, can you remind me to ask about parking"],
]


@pytest.mark.parametrize("turns", CONDITIONS, ids=lambda v: v[-1][:40])
def test_a_condition_tells_nothing_held(turns: list[str]) -> None:
    """A clause opened by a condition ("if", "unless", "in case") holds nothing, whoever
    says it; the step reads it as the rules do."""
    assert _facts(turns) == _facts(turns, learned=False)


def test_a_trip_ahead_is_a_visit_dated_when_it_happens_never_a_home() -> None:
    episode = Episode("e0", "g", "Maya: spending a week in Lisbon in june, cant wait",
                      EpisodeSource.MESSAGE, WHEN, WHEN)  # fmt: skip
    facts = _extractor(True).extract(episode, []).facts
    assert not any(f.relation == "LIVES_IN" for f in facts)
    for fact in facts:  # a plan, or the visit itself: from June on, not now
        assert fact.valid_at is not None and fact.valid_at.month == 6, fact


def test_without_the_trained_encoder_the_step_is_off() -> None:
    turns = ["Maya: finally handed in my notice at Brightwave"]
    off = RuleExtractor(embedder=HashEmbedder(), learned=True)
    episodes = [Episode("e0", "g", turns[0], EpisodeSource.MESSAGE, WHEN, WHEN)]
    assert off.extract(episodes[0], []) == RuleExtractor().extract(episodes[0], [])


# (round 8: the rules now read "my new manager is called X" themselves; this wording of a
# car in use is one they miss)
NEW_CAR = ["Tom: my daily driver is a Skoda Octavia these days"]


def test_a_car_told_in_passing_is_added_by_the_step() -> None:
    assert ("Tom", "DRIVES", "Skoda Octavia", False) in _facts(NEW_CAR)
    assert not any(f[1] == "DRIVES" for f in _facts(NEW_CAR, learned=False))


def test_the_added_car_is_current_in_memory() -> None:
    clock = ManualClock(datetime(2025, 1, 1, tzinfo=UTC))
    with Memory(embedder=real_embedder(), clock=clock) as memory:  # the default extractor
        tell(memory, clock, [("2025-04-02T10:00", NEW_CAR[0])])
        cars = facts_about(memory, "Tom", "DRIVES")
        assert current_names(memory, cars) == {"Skoda Octavia"}


def test_the_step_is_on_by_default_and_off_when_asked() -> None:
    episode = Episode("e0", "g", NEW_CAR[0], EpisodeSource.MESSAGE, WHEN, WHEN)
    default = RuleExtractor(embedder=real_embedder())
    assert any(f.relation == "DRIVES" for f in default.extract(episode, []).facts)
    off = RuleExtractor(embedder=real_embedder(), learned=False)
    assert not any(f.relation == "DRIVES" for f in off.extract(episode, []).facts)


# a trip or a stay somewhere, told past or ahead: a visit at most, never a home
TRIPS = [
    "Maya: spent the long weekend in Bruges with the kids",
    "Maya: I was in Valencia for my cousin's wedding.",
    "Maya: got back from Kraków on Tuesday, still tired",
    "Maya: off to Porto next month for a conference!",
]


@pytest.mark.parametrize("turn", TRIPS, ids=lambda v: v[6:40])
def test_the_step_never_reads_a_trip_as_a_home(turn: str) -> None:
    added = _facts([turn]) - _facts([turn], learned=False)
    assert not any(relation == "LIVES_IN" for _, relation, _, _ in added), added


def test_the_step_is_a_named_stage_explain_shows_and_an_ablation_switches_off() -> None:
    from chronomem.extractors.rules.explain import explain

    said = NEW_CAR[0].partition(": ")[2]
    on = explain(said, at=WHEN, speaker="Tom", embedder=real_embedder())
    cars = [f for f in on.extraction.facts if f.relation == "DRIVES"]
    assert [on.stage_of(f) for f in cars] == ["learned"]
    off = explain(said, at=WHEN, speaker="Tom", embedder=real_embedder(), disable=["learned"])
    assert not any(f.relation == "DRIVES" for f in off.extraction.facts)
    ablated = RuleExtractor(embedder=real_embedder(), disable=["learned"])
    episode = Episode("e0", "g", NEW_CAR[0], EpisodeSource.MESSAGE, WHEN, WHEN)
    assert not any(f.relation == "DRIVES" for f in ablated.extract(episode, []).facts)


def test_explain_lists_each_fact_the_reader_read_and_what_became_of_it() -> None:
    from chronomem.extractors.rules.explain import explain, render

    said = "Now I work in the shipyard canteen in Kure. Please help me with a menu."
    explained = explain(said, at=WHEN, speaker="Honoka", embedder=real_embedder())
    fates = explained.trace.reader
    assert fates, "the reader read nothing"
    text = render(explained)
    assert "learned reader (each fact it read, and the gate that stopped it):" in text
    for fate in fates:  # each fact with its relation, whose, aspect and fate
        head = f"  {fate.fact.relation} {fate.fact.subject} {fate.fact.aspect} "
        line = next(line for line in text.splitlines() if line.startswith(head))
        assert line.endswith(f": {fate.stopped or 'made'}")
    off = render(explain(said, at=WHEN, speaker="Honoka", embedder=None))
    assert "learned reader" not in off  # no embedder: no reader, no section


def test_a_fact_the_step_adds_replaces_the_open_mention_of_its_value() -> None:
    found = _facts(NEW_CAR)
    assert ("Tom", "DRIVES", "Skoda Octavia", False) in found
    assert not any(relation == "MENTIONED" for _, relation, _, _ in found), found
    # the rules alone keep the mention: the step's fact is what explains it
    assert ("Tom", "MENTIONED", "Skoda Octavia", False) in _facts(NEW_CAR, learned=False)
