"""Which held value a new value ends: one decision by slot (``model/slots.py``), read by
round 2 without an LLM and by the values held for the extractor."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from chronomem.extractors.resolution import find_contradictions
from chronomem.model import Fact
from chronomem.model.relations import FUNCTIONAL_RELATIONS
from chronomem.model.slots import ended_by, family_of, kind_of, same_slot
from tests.helpers import t
from tests.real_embedder import real_embedder, told_memory

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
        # a value chosen over another: the other, preferred later, is the same choice
        (
            ("PREFERS", "Maya prefers rooibos these days"),
            ("PREFERS", "Maya prefers chai over rooibos"),
        ),
        (("PREFERS", "Maya prefers trains now"), ("PREFERS", "Maya preferred flying to trains")),
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
            ("PREFERS", "Maya prefers dogs these days"),
            ("PREFERS", "Maya prefers chai over rooibos"),
        ),
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


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Maya prefers chai over rooibos", "chai"),
        ("Maya prefers oat milk these days", "milk"),
        ("Maya prefers window seats on long flights", "seat"),
        ("Maya prefers the aisle now", "aisle"),
    ],
)
def test_a_preferences_kind_is_its_last_word_not_the_word_after(text: str, kind: str) -> None:
    assert kind_of("PREFERS", text) == kind


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
    assert find_contradictions(to_alex, [dating]) == ("f1",)  # the same person, a step on
    again = fact("n3", "DATING", "alex", "Maya has been dating Alex for years", valid_at=MAR)
    engaged_to_alex = replace(to_alex, id="f3", valid_at=JAN)
    assert find_contradictions(again, [engaged_to_alex]) == ()  # a step back ends nothing
    assert find_contradictions(again, [dating]) == ()  # the same value told again


@pytest.mark.local_model
def test_a_wedding_ends_the_engagement_to_the_same_person() -> None:
    story = [
        ("2026-01-10T10:00", "Ana: Luis proposed last night and we are engaged!!"),
        ("2026-05-10T10:00", "Ana: we finally got married to Luis on Saturday, best day ever"),
    ]
    with told_memory(real_embedder(), story) as memory:
        facts = memory.get_timeline("Ana", group_id="g").facts
    ties = {(f.relation, f.invalid_at is None) for f in facts if f.relation != "MENTIONED"}
    assert ties == {("ENGAGED_TO", False), ("MARRIED_TO", True)}


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
        facts = memory.get_timeline("Ana", group_id="g").facts
    assert facts, "the story told nothing"
    assert [f.fact for f in facts if f.invalid_at is not None] == []


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


@pytest.mark.local_model
def test_a_switch_told_as_a_preference_ends_the_favourite_it_replaces() -> None:
    story = [
        ("2025-01-22T08:00", "Bram: my go-to coffee order is an oat flat white, every morning"),
        ("2025-01-23T08:00", "Bram: my favourite band is Wet Leg"),
        ("2025-05-05T08:00", "Bram: switched to matcha lattes, coffee makes me jittery"),
    ]
    with told_memory(real_embedder(), story[::2]) as memory:
        current = {
            f.fact for f in memory.get_timeline("Bram", group_id="g").facts if not f.invalid_at
        }
    assert any("matcha" in f for f in current) and not any("flat white" in f for f in current)
    with told_memory(real_embedder(), story) as memory:  # two favourites held: which one?
        current = {
            f.fact for f in memory.get_timeline("Bram", group_id="g").facts if not f.invalid_at
        }
    assert any("flat white" in f for f in current) and any("Wet Leg" in f for f in current)


def test_a_plan_ends_the_plan_of_its_service_and_one_naming_no_service_any_plan() -> None:
    dropbox = ("SUBSCRIBED_TO_PLAN", "Mo is on the Dropbox Plus plan")
    assert ended_by("SUBSCRIBED_TO_PLAN", "Mo has the Hulu Basic plan", [dropbox]) == [0]
    hulu = ("SUBSCRIBED_TO_PLAN", "Mo is on the Hulu Basic plan")
    assert ended_by(*hulu, [dropbox]) == []  # two services: two slots
    band = ("HAS_FAVORITE", "Bram's favourite band is Wet Leg")
    assert ended_by("PREFERS", "Bram prefers aisle seats", [band]) == []


def test_the_held_values_replace_a_value_of_its_slot_only() -> None:
    from chronomem.engine.held import HeldValues
    from chronomem.model import Episode, ExtractedEntity, ExtractedFact, Extraction
    from chronomem.stores import SQLiteStore

    def told(day: int, *facts: tuple[str, str, str]) -> Episode:
        when = JAN + timedelta(days=day)
        episode = Episode(f"e{day}", "g", f"Maya: day {day}", "message", when, when)
        extraction = Extraction(
            (ExtractedEntity("Maya", ("Person",)),),
            tuple(
                ExtractedFact("Maya", target, rel, text, valid_at=when)
                for rel, target, text in facts
            ),
        )
        held.learn(episode, extraction)
        return episode

    store = SQLiteStore(":memory:")
    held = HeldValues(store, [])
    told(1, ("HAS_FAVORITE", "IDLES", "Maya's favourite band is IDLES"))
    told(2, ("HAS_FAVORITE", "pho", "Maya's favourite food is pho"))
    told(3, ("DATING", "Alex", "Maya is dating Alex"), ("HAS_PET", "Miso", "Maya has a cat Miso"))
    told(4, ("HAS_FAVORITE", "Fontaines DC", "Maya's favourite band is Fontaines DC"))
    told(5, ("ENGAGED_TO", "Sam", "Maya is engaged to Sam"), ("HAS_PET", "Pico", "Maya got Pico"))
    probe = told(6)
    values = {(f.relation, f.target) for f in held.of(probe).facts}
    assert values == {
        ("HAS_FAVORITE", "pho"),
        ("HAS_FAVORITE", "Fontaines DC"),
        ("ENGAGED_TO", "Sam"),
        ("HAS_PET", "Miso"),
        ("HAS_PET", "Pico"),
    }
