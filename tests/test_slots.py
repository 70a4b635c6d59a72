"""Which held value a new value ends: one decision by slot (``model/slots.py``), read by
round 2 without an LLM and by the values held for the extractor."""

from __future__ import annotations

from datetime import timedelta

import pytest

from chronomem.engine.temporal import background_value
from chronomem.extractors.resolution import find_contradictions
from chronomem.model import Fact
from chronomem.model.relations import FUNCTIONAL_RELATIONS
from chronomem.model.slots import ended_by, family_of, kind_of, same_slot
from tests.helpers import t
from tests.real_embedder import facts_about, real_embedder, target_name, told_memory

JAN, MAR = t("2024-01-10T10:00"), t("2024-03-01T10:00")


def fact(fid: str, relation: str, target: str, text: str, **kw) -> Fact:  # type: ignore[no-untyped-def]
    kw.setdefault("valid_at", JAN)
    return Fact(fid, "g", "maya", target, relation, text, created_at=JAN, **kw)


@pytest.mark.parametrize(
    ("new", "old"),
    [
        (("LIVES_IN", "Maya lives in Porto"), ("LIVES_IN", "Maya lives in Lisbon")),
        (("ENGAGED_TO", "Maya is engaged to Sam"), ("DATING", "Maya is dating Alex")),
        (("MARRIED_TO", "Maya married Sam"), ("ENGAGED_TO", "Maya is engaged to Alex")),
        (("REPORTS_TO", "Maya reports to Ken"), ("MANAGED_BY", "Priscilla is Maya's manager")),
        (
            ("PREFERS", "Maya prefers rooibos tea now"),
            ("HAS_FAVORITE", "Maya's favourite tea is sencha"),
        ),
        (("HAS_FAVORITE", "Now Ferrante"), ("HAS_FAVORITE", "Maya's favourite author is Elena")),
        (("ROLE_HELD_BY", "Dario is Maya's coach"), ("ROLE_HELD_BY", "Jo is Maya's coach")),
    ],
)
def test_values_of_one_slot_replace_each_other(new: tuple[str, str], old: tuple[str, str]) -> None:
    assert same_slot(*new, *old) and same_slot(*old, *new)


@pytest.mark.parametrize(
    ("new", "old"),
    [
        (("LIVES_IN", "Maya lives in Porto"), ("WORKS_AT", "Maya works at Porto Tech")),
        (("LIKES", "Maya likes Sam"), ("DATING", "Maya is dating Alex")),  # likes accumulate
        (("VISITED", "Maya went to Rome"), ("LIVES_IN", "Maya lives in Porto")),
        (
            ("HAS_FAVORITE", "Maya's favourite band is IDLES"),
            ("HAS_FAVORITE", "Maya's favourite food is pho"),
        ),
        (
            ("PREFERS", "Maya prefers aisle seats"),
            ("HAS_FAVORITE", "Maya's favourite band is IDLES"),
        ),
        (
            ("PREFERS", "Maya switched to matcha"),
            ("HAS_FAVORITE", "Maya's favourite band is IDLES"),
        ),
        (("ROLE_HELD_BY", "Dario is Maya's coach"), ("ROLE_HELD_BY", "Dr Banks is Maya's GP")),
        (
            ("SUBSCRIBED_TO_PLAN", "Maya is on the Spotify family plan"),
            ("SUBSCRIBED_TO_PLAN", "Maya is on the Netflix basic plan"),
        ),
    ],
)
def test_values_of_two_slots_leave_each_other_alone(
    new: tuple[str, str], old: tuple[str, str]
) -> None:
    assert not same_slot(*new, *old) and not same_slot(*old, *new)


def test_every_one_value_relation_has_a_slot_and_others_none() -> None:
    assert all(family_of(r) is not None for r in FUNCTIONAL_RELATIONS)
    assert family_of("LIKES") is None and family_of("HAS_PET") is None
    assert kind_of("PREFERS", "Hiro prefers aisle seats") == "seat"
    assert kind_of("LIVES_IN", "Maya's favourite city is Oslo") is None


def test_round_two_closes_a_partner_told_in_another_relation() -> None:
    dating = fact("f1", "DATING", "alex", "Maya is dating Alex")
    friend = fact("f2", "FRIEND_OF", "kim", "Kim is Maya's friend")
    engaged = fact("n1", "ENGAGED_TO", "sam", "Maya is engaged to Sam", valid_at=MAR)
    assert find_contradictions(engaged, [dating, friend]) == ("f1",)
    to_alex = fact("n2", "ENGAGED_TO", "alex", "Maya is engaged to Alex", valid_at=MAR)
    assert find_contradictions(to_alex, [dating]) == ()  # the same person: no rival


def test_the_value_told_as_background_is_the_old_one() -> None:
    told = MAR
    porto = fact("n1", "LIVES_IN", "porto", "Maya lives in Porto", valid_at=told - timedelta(60))
    coimbra = fact("n2", "LIVES_IN", "coimbra", "Before Maya was in Coimbra", valid_at=told)
    assert background_value(porto, coimbra, told) is coimbra
    assert background_value(coimbra, porto, told) is coimbra
    google = fact("n3", "WORKS_AT", "google", "Maya works at Google", valid_at=told)
    meta = fact("n4", "WORKS_AT", "meta", "Maya works at Meta", valid_at=told)
    assert background_value(google, meta, told) is None  # told alike: both stand
    ended = fact("n5", "LIVES_IN", "braga", "Maya lived in Braga", valid_at=told, invalid_at=told)
    assert background_value(porto, ended, told) is None


def _held(memory, name: str, relation: str) -> dict[str, bool]:  # type: ignore[no-untyped-def]
    """``relation`` values of ``name``: target name -> still holds."""
    return {
        target_name(memory, f): f.invalid_at is None for f in facts_about(memory, name, relation)
    }


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("text", "relation", "now", "before"),
    [
        (
            "Paulo: Now I am living in Porto since two months, before I was in Coimbra with my "
            "parents.",
            "LIVES_IN",
            "Porto",
            "Coimbra",
        ),
        (
            "Paulo: I joined Aramco's Dhahran office in January as a reservoir engineer, having "
            "previously worked for Schlumberger in Abu Dhabi.",
            "WORKS_AT",
            "Aramco",
            "Schlumberger",
        ),
    ],
)
def test_a_message_telling_a_new_value_and_the_one_before_keeps_the_new(
    text: str, relation: str, now: str, before: str
) -> None:
    with told_memory(real_embedder(), [("2026-11-28T10:00", text)]) as memory:
        held = _held(memory, "Paulo", relation)
    assert held.get(now) is True, held
    assert held.get(before) is not True, held


@pytest.mark.local_model
@pytest.mark.parametrize(
    "story",
    [
        ["Ana: I work at Google", "Ana: I work at Google and Meta now"],
        ["Ana: we have a cat named Miso", "Ana: we got another cat, Pico, since Monday"],
        ["Ana: I live in Porto", "Ana: my friend Rui moved to Lisbon in June"],
        ["Ana: I live in Porto", "Ana: spent a week in Lisbon in June, lovely"],
    ],
)
def test_values_that_do_not_share_a_slot_are_left_open(story: list[str]) -> None:
    told = [(f"2026-0{i + 1}-10T10:00", text) for i, text in enumerate(story)]
    with told_memory(real_embedder(), told) as memory:
        timeline = memory.get_timeline("Ana", group_id="g")
        first = [f for f in timeline.facts if f.episodes[0] == timeline.facts[0].episodes[0]]
        closed = [f.fact for f in timeline.facts if f.invalid_at is not None]
    assert first and closed == [], closed


def test_a_kindless_value_of_a_family_held_per_kind_ends_its_one_held_value_only() -> None:
    coffee = ("HAS_FAVORITE", "Bram's go-to coffee order is an oat flat white")
    band = ("HAS_FAVORITE", "Bram's favourite band is Wet Leg")
    switched = ("PREFERS", "Bram switched to matcha lattes")
    assert ended_by(*switched, [coffee]) == [0]
    assert ended_by(*switched, [coffee, band]) == []  # which one: unknown, none ends
    assert ended_by("PREFERS", "Bram prefers aisle seats", [coffee]) == []  # a kind of its own
    assert ended_by("LIVES_IN", "Bram lives in Leeds", [coffee]) == []
    held = [("LIVES_IN", "Bram lives in York"), ("WORKS_AT", "Bram works at Arup")]
    assert ended_by("LIVES_IN", "Bram lives in Leeds", held) == [0]


def test_round_two_closes_the_one_preference_a_kindless_switch_replaces() -> None:
    coffee = fact("f1", "HAS_FAVORITE", "flat", "Bram's go-to coffee order is an oat flat white")
    matcha = fact("n1", "PREFERS", "matcha", "Bram switched to matcha lattes", valid_at=MAR)
    assert find_contradictions(matcha, [coffee]) == ("f1",)
    band = fact("f2", "HAS_FAVORITE", "wet leg", "Bram's favourite band is Wet Leg")
    assert find_contradictions(matcha, [coffee, band]) == ()
