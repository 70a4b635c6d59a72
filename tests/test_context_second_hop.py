"""The context's second hop: evidence that shares no word with a gathering question.

Priya tells Sam about her weeks. "What activities has Priya done with her family?" finds
the turns that say "family"; the aquarium trip ("I took the kids to the aquarium") says
none of the question's words, but "kids" is said in the turns the first hop ranks best, so
the words those turns share, asked again, bring it into the context. The hop is opt-in
(``ContextConfig.feedback_turns``): on LoCoMo it did not carry over to held-out
conversations (bench/RESULTS.md, round 13).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chronomem import Memory
from chronomem.errors import UsageError
from chronomem.search.context import ContextConfig
from chronomem.search.feedback import feedback_words
from chronomem.search.snippets import stems
from chronomem.testing import HashEmbedder
from chronomem.testing.fakes import ManualClock
from tests.helpers import daily_chat

G = "priya-sam"
START = datetime(2025, 4, 7, 18, 0, tzinfo=UTC)
QUESTION = "What activities has Priya done with her family?"
AQUARIUM = "Priya: Yesterday I took the kids to the aquarium, they adored the sharks."
FAMILY = [
    "Priya: We went camping with the family last weekend and the kids toasted marshmallows.",
    "Priya: Family dinner on Sunday was chaos, the kids cooked pasta for everyone.",
    "Priya: My family loves board games, though the kids always change the rules.",
]
OTHER = [
    "Sam: The quarterly report at work is finally finished.",
    "Priya: My manager moved our planning meeting to Thursday morning.",
    "Sam: I fixed the leaking tap in the bathroom myself.",
    "Priya: The train was late again, forty minutes this time.",
    "Sam: I am reading a novel about a lighthouse keeper.",
    "Priya: Our team is migrating the database over the next sprint.",
    "Sam: The bakery on my street sells excellent rye bread.",
    "Priya: I renewed my passport, the queue took two hours.",
    "Sam: My landlord repainted the hallway a pale green.",
    "Priya: The conference keynote was about battery chemistry.",
    "Sam: I signed up for a Spanish course on Tuesday evenings.",
    "Priya: Our office coffee machine broke down on Monday.",
]


def _turns() -> list[str]:
    """Three weeks of talk: the family turns early, the aquarium trip late, other talk
    between and around them."""
    return [*OTHER[:4], *FAMILY, *OTHER[4:8], *OTHER[8:], AQUARIUM, *OTHER[:6]]


@pytest.fixture(scope="module")
def memory() -> Memory:
    mem = Memory(embedder=HashEmbedder(), clock=ManualClock(START + timedelta(days=40)))
    daily_chat(mem, G, _turns(), START)
    return mem


AQUARIUM_ID = f"t{_turns().index(AQUARIUM):02d}"
TIGHT = 220  # tokens: room for about half the turns
HOP = ContextConfig(max_tokens=TIGHT, feedback_turns=8)
OFF = ContextConfig(max_tokens=TIGHT, feedback_turns=0)


def test_the_aquarium_trip_shares_no_word_with_the_question() -> None:
    body = AQUARIUM.partition(": ")[2]
    assert not stems(body) & stems(QUESTION)


def test_evidence_sharing_no_word_with_the_question_comes_in_through_the_second_hop(
    memory: Memory,
) -> None:
    with_hop = memory.context(QUESTION, group_id=G, config=HOP)
    without = memory.context(QUESTION, group_id=G, config=OFF)
    assert with_hop.query_reading is not None and with_hop.query_reading.kind == "aggregation"
    assert AQUARIUM_ID in with_hop.episode_ids
    assert "aquarium" in with_hop.text
    assert AQUARIUM_ID not in without.episode_ids  # the first hop alone leaves it out
    family_ids = {f"t{_turns().index(t):02d}" for t in FAMILY}
    assert family_ids <= set(with_hop.episode_ids)  # the first hop's evidence stays


@pytest.mark.parametrize("budget", [60, 120, TIGHT, 400, 2_000])
def test_the_second_hop_keeps_the_budget(memory: Memory, budget: int) -> None:
    ctx = memory.context(
        QUESTION, group_id=G, config=ContextConfig(max_tokens=budget, feedback_turns=8)
    )
    assert ctx.tokens <= budget
    assert len(ctx.episode_ids) == len(set(ctx.episode_ids))


def test_a_lookup_is_ranked_by_the_first_hop_alone(memory: Memory) -> None:
    question = "Where does Priya work?"
    hop = memory.context(question, group_id=G, config=HOP)
    off = memory.context(question, group_id=G, config=OFF)
    assert hop.query_reading is not None and hop.query_reading.kind == "lookup"
    assert hop.ranking == off.ranking
    assert hop.text == off.text


def test_the_default_context_has_no_second_hop(memory: Memory) -> None:
    default = memory.context(QUESTION, group_id=G, max_tokens=TIGHT)
    off = memory.context(QUESTION, group_id=G, config=OFF)
    assert ContextConfig().feedback_turns == 0
    assert default.ranking == off.ranking and default.text == off.text


def test_the_second_query_is_what_the_best_turns_share() -> None:
    best = [
        "Priya: Hey Sam! We went camping and the kids loved the campfire.",
        "Priya: The kids baked bread with Sam's recipe, the campfire smell stayed.",
        "Sam: Priya, the kids sound great. Photo of the lake attached.",
    ]
    candidates = [*best, *[f"Sam: photo number {n} of the lake at dusk" for n in range(20)]]
    words = feedback_words(best, candidates, stems("What did Priya do with the family?"), words=5)
    assert words[0] == "kids"  # said in all three best turns, rarely elsewhere
    assert "campfire" in words
    assert "priya" not in words and "sam" not in words  # speakers' names, not topics
    assert "lake" not in words  # said as often among the other candidates
    assert "camping" not in words  # said once among the best turns only


def test_no_shared_word_no_second_query() -> None:
    best = ["Ana: The tram was late.", "Ben: My cat sleeps all day."]
    assert feedback_words(best, best, frozenset(), words=8) == []


def test_words_the_question_asks_are_not_asked_again() -> None:
    best = ["Ana: The kids painted the fence.", "Ben: Our kids painted too."]
    assert feedback_words(best, best, stems("What did the kids paint?"), words=8) == []


@pytest.mark.parametrize(
    ("knobs", "says"),
    [
        ({"feedback_weight": -0.1}, "feedback_weight >= 0"),
        ({"feedback_turns": -1}, "feedback_turns >= 0"),
        ({"feedback_words": 0}, "feedback_words"),
        ({"feedback_kinds": ("gathering",)}, "('aggregation',)"),
        ({"feedback_kinds": "aggregation"}, "tuple of question kinds"),
    ],
)
def test_bad_second_hop_knobs_say_how_to_fix_them(knobs: dict[str, object], says: str) -> None:
    with pytest.raises(UsageError, match=None) as raised:
        ContextConfig(**knobs)  # type: ignore[arg-type]
    assert says in str(raised.value)
