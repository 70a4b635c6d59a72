"""Old values closed end to end on the default path, by kind of language (branch ``cls``).

* an old value the reader could only mention (no kind known: "the view from our balcony in
  Harlow") is closed when the message telling the new value names it again beside it
  ("moved to Stevenage, harlow was too pricey");
* a value whose start was only when it was heard ("my aunt Funmi lives in Ibadan", said on
  1 March) is closed by later news that dates its own start before that ("funmi moved to
  Abeokuta a few weeks ago", said on 20 March), in either order of arrival -- before, the
  later news was itself closed at the hearing and the old value stayed current;
* an ending that names a body by its initials ("let my NTS membership lapse") closes the
  membership told in full ("a member of the National Trust for Scotland");

Sentences written for these tests, in several voices.
"""

from __future__ import annotations

import pytest

from chronomem import Memory
from tests.real_embedder import told_memory

pytestmark = pytest.mark.local_model


def current_targets(memory: Memory, who: str) -> set[str]:
    """Names of the other ends of ``who``'s current facts (any relation)."""
    names = {e.id: e.name for e in memory.store.list_entities("g")}
    me = {i for i, n in names.items() if n == who}
    return {
        names[f.target_id]
        for f in memory.store.list_facts("g")
        if f.source_id in me and f.invalid_at is None and f.expired_at is None
    }


NAMED_AGAIN = [
    ("Maya", "Stevenage", "Harlow", [
        ("2024-01-05T19:00", "Maya: the view from our balcony in Harlow is unreal"),
        ("2024-07-01T19:00", "Maya: moved to Stevenage last week, harlow was too pricey"),
    ]),
    ("Dev", "Pinecrest", "Orvel", [
        ("2024-01-05T19:00", "Dev: the canteen at Orvel is honestly grim"),
        ("2024-07-01T19:00", "Dev: the new job at Pinecrest is much calmer than orvel"),
    ]),
]  # fmt: skip


@pytest.mark.parametrize(("who", "new", "old", "turns"), NAMED_AGAIN, ids=["home", "job"])
def test_an_old_value_only_mentioned_closes_when_named_beside_the_new_one(
    embedder, who: str, new: str, old: str, turns: list[tuple[str, str]]
) -> None:  # type: ignore[no-untyped-def]
    with told_memory(embedder, turns[:1]) as memory:
        assert old in current_targets(memory, who)  # told, only as a mention
    with told_memory(embedder, turns) as memory:
        now = current_targets(memory, who)
        assert new in now and old not in now, now


def test_a_mention_the_new_message_does_not_name_stays(embedder) -> None:  # type: ignore[no-untyped-def]
    turns = [
        ("2024-01-05T19:00", "Maya: the view from our balcony in Harlow is unreal"),
        ("2024-07-01T19:00", "Maya: moved to Stevenage last week"),
    ]
    with told_memory(embedder, turns) as memory:
        assert {"Harlow", "Stevenage"} <= current_targets(memory, "Maya")


LATER_NEWS = [
    ("Funmi", "Abeokuta", "Ibadan", [
        ("2024-03-01T18:00", "Ade: my aunt Funmi lives in Ibadan"),
        ("2024-03-20T18:00", "Ade: funmi moved to Abeokuta a few weeks ago"),
    ]),
    ("Greta", "Pellucid", "Harrow & Finch", [
        ("2024-05-02T09:00", "Greta: I work at Harrow & Finch, mostly audits."),
        ("2024-05-20T09:00", "Greta: I joined Pellucid last month, much better hours."),
    ]),
]  # fmt: skip


@pytest.mark.parametrize("reverse", [False, True], ids=["in order", "out of order"])
@pytest.mark.parametrize(("who", "new", "old", "turns"), LATER_NEWS, ids=["home", "job"])
def test_later_news_dated_before_the_hearing_of_the_old_value_closes_it(
    embedder, who: str, new: str, old: str, turns: list[tuple[str, str]], reverse: bool
) -> None:  # type: ignore[no-untyped-def]
    with told_memory(embedder, turns[::-1] if reverse else turns) as memory:
        now = current_targets(memory, who)
        assert new in now and old not in now, now


INITIALS = [
    [("2024-02-01T10:00",
      "Hamish: I have been a member of the National Trust for Scotland for years."),
     ("2024-09-01T10:00", "Hamish: I have let my NTS membership lapse, sadly.")],
    [("2024-02-01T10:00", "Kat: joined the Leith Climbing Collective last week, obsessed"),
     ("2024-09-01T10:00", "Kat: cancelled my LCC membership, knee's not up to it")],
]  # fmt: skip


@pytest.mark.parametrize("turns", INITIALS, ids=["formal", "texting"])
def test_an_ending_by_initials_closes_the_membership_told_in_full(
    embedder, turns: list[tuple[str, str]]
) -> None:  # type: ignore[no-untyped-def]
    who = turns[0][1].split(":")[0]
    with told_memory(embedder, turns[:1]) as memory:
        assert memberships(memory, who)  # held by its full name
    with told_memory(embedder, turns) as memory:
        assert memberships(memory, who) == set()


def memberships(memory: Memory, who: str) -> set[str]:
    """Names of ``who``'s current memberships."""
    names = {e.id: e.name for e in memory.store.list_entities("g")}
    return {
        names[f.target_id]
        for f in memory.store.list_facts("g")
        if names[f.source_id] == who
        and f.relation == "MEMBER_OF"
        and f.invalid_at is None
        and f.expired_at is None
    }
