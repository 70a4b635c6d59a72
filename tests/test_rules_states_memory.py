"""State changes end to end on the default path: Memory, rule extractor, the real embedder.

Each story is told turn by turn (a day apart, the clock set to each turn); afterwards the
old value must be closed and the new one current. Non-functional facts (tastes) and a
second employer told in one breath must stay current.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from chronomem import Memory
from chronomem.testing import ManualClock
from tests.helpers import t

pytestmark = pytest.mark.local_model
START = t("2024-03-01T10:00")


def tell(embedder, *turns: str) -> dict[tuple[str, str, str], bool]:  # type: ignore[no-untyped-def]
    """(source, relation, target) -> current? for every fact of the story."""
    clock = ManualClock(START)
    with Memory(embedder=embedder, clock=clock) as memory:
        for i, turn in enumerate(turns):
            when = START + timedelta(days=i)
            clock.set(when + timedelta(minutes=1))
            memory.add_episode(turn, group_id="g", reference_time=when)
        episodes = memory.recent_episodes(group_id="g", limit=len(turns))
        facts = memory.store.facts_of_episodes(["g"], [e.id for e in episodes])
        ids = {f.source_id for f in facts} | {f.target_id for f in facts}
        names = {e.id: e.name for e in memory.store.get_entities(["g"], sorted(ids))}
        return {
            (names[f.source_id], f.relation, names[f.target_id]): f.invalid_at is None
            and f.expired_at is None
            for f in facts
        }


STORIES = [
    (["Sam: I'm vegan", "Sam: I'm not vegan anymore, I eat meat again"],
     [], [("Sam", "FOLLOWS_DIET", "vegan")]),
    (["Sam: I went vegetarian last year", "Sam: i'm doing keto now lol"],
     [("Sam", "FOLLOWS_DIET", "keto")], [("Sam", "FOLLOWS_DIET", "vegetarian")]),
    (["Sam: I smoke like a pack a day", "Sam: quit smoking 2 weeks ago!!"],
     [], [("Sam", "HAS_HABIT", "smoking")]),
    (["Sam: ugh I have the flu", "Sam: finally over the flu"],
     [], [("Sam", "HAS_CONDITION", "flu")]),
    (["Sam: my dog Max is the best", "Sam: Max passed away yesterday :(",
      "Sam: we adopted a kitten named Miso"],
     [("Sam", "HAS_PET", "Miso")], [("Sam", "HAS_PET", "Max")]),
    (["Sam: I drive a Honda Civic", "Sam: sold my Civic and bought a Tesla"],
     [("Sam", "DRIVES", "Tesla")], [("Sam", "DRIVES", "Honda Civic")]),
    (["Sam: Alice is my manager", "Sam: my new manager is Priya"],
     [("Sam", "MANAGED_BY", "Priya")], [("Sam", "MANAGED_BY", "Alice")]),
    (["Sam: Tom is our team lead", "Sam: Sara is our new team lead"],
     [("Sara", "LEADS", "Sam's team")], [("Tom", "LEADS", "Sam's team")]),
    (["Sam: my favorite movie is Inception. my favorite food is sushi",
      "Sam: my favorite movie is now Dune"],
     [("Sam", "HAS_FAVORITE", "Dune"), ("Sam", "HAS_FAVORITE", "sushi")],
     [("Sam", "HAS_FAVORITE", "Inception")]),
    (["Sam: I joined the gym", "Sam: I quit the gym"], [], [("Sam", "MEMBER_OF", "gym")]),
    (["Sam: I live in Paris", "Sam: sorry, I meant Lyon, not Paris"],
     [("Sam", "LIVES_IN", "Lyon")], [("Sam", "LIVES_IN", "Paris")]),
    (["Sam: my sister Emma lives in Boston",
      "Sam: she doesn't live in Boston anymore, she moved to Chicago"],
     [("Emma", "LIVES_IN", "Chicago")], [("Emma", "LIVES_IN", "Boston")]),
    (["Sam: I live in Boston", "Assistant: Congrats on the move to Denver! Here are some tips."],
     [("Sam", "LIVES_IN", "Denver")], [("Sam", "LIVES_IN", "Boston")]),
    (["Sam: I work at Google", "Sam: I left Google last week"],
     [], [("Sam", "WORKS_AT", "Google")]),
    (["Sam: I work at Google", "Sam: I don't work at Google anymore"],
     [], [("Sam", "WORKS_AT", "Google")]),
    # precision: tastes accumulate, two employers told together both hold
    (["Sam: I like jazz", "Sam: I like rock"],
     [("Sam", "LIKES", "jazz"), ("Sam", "LIKES", "rock")], []),
    (["Sam: I work at Google", "Sam: I work at Google and Meta"],
     [("Sam", "WORKS_AT", "Google"), ("Sam", "WORKS_AT", "Meta")], []),
]  # fmt: skip


@pytest.mark.parametrize(
    ("turns", "current", "closed"), STORIES, ids=[" | ".join(s[0])[:70] for s in STORIES]
)
def test_the_old_value_is_closed_and_the_new_one_current(embedder, turns, current, closed):  # type: ignore[no-untyped-def]
    facts = tell(embedder, *turns)
    for triple in current:
        assert facts.get(triple) is True, (triple, facts)
    for triple in closed:
        assert triple in facts and facts[triple] is False, (triple, facts)
