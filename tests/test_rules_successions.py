"""States that end under another name (extractors/rules/successions.py and the state rows):
a habit family given up, sobriety, a condition that follows its forerunner, a birth that
ends a pregnancy, a diet broken by eating something again, an injury that healed."""

from __future__ import annotations

import functools
from datetime import UTC, datetime, timedelta

import pytest

from chronomem.extractors.rules.extractor import RuleExtractor
from chronomem.model import Episode
from chronomem.providers.local import LocalEmbedder, local_model_available
from tests.test_rules_states_memory import tell

REF = datetime(2024, 5, 10, 12, tzinfo=UTC)


def story(*turns: str) -> set[tuple[str, str, str, bool]]:
    """(source, relation, target, ended?) of the last turn, read after the earlier ones."""
    episodes = [
        Episode(
            id=f"e{i}",
            group_id="g",
            content=text,
            source="message",
            source_description="chat",
            reference_time=REF + timedelta(days=i),
            created_at=REF + timedelta(days=i),
        )
        for i, text in enumerate(turns)
    ]
    out = RuleExtractor().extract(episodes[-1], tuple(episodes[:-1])).facts
    return {(f.source, f.relation, f.target, f.invalid_at is not None) for f in out}


@pytest.mark.parametrize(
    ("turns", "ended"),
    [
        (["Rosa: I drink wine most evenings", "Rosa: I quit drinking last month"], "wine"),
        (["Theo: I have a whisky every night before bed", "Theo: one year sober as of today!"],
         "whisky"),
        (["Ines: I have a glass of red wine every night", "Ines: no alcohol for me since March"],
         "red wine"),
        (["Vik: I drink like three espressos a day", "Vik: gave up caffeine, it was wrecking "
          "my sleep"], "espresso"),
    ],
)  # fmt: skip
def test_a_habit_family_given_up_ends_its_members(turns: list[str], ended: str) -> None:
    who = turns[0].split(":")[0]
    assert (who, "HAS_HABIT", ended, True) in story(*turns)


def test_sobriety_is_a_current_state_and_ends_nothing_else() -> None:
    found = story("Theo: I smoke. I have a beer every night", "Theo: I've been sober since May")
    assert ("Theo", "HAS_HABIT", "sobriety", False) in found
    assert ("Theo", "HAS_HABIT", "beer", True) in found
    assert not any(t == "smoking" for _, _, t, _ in found)  # smoking is another family


def test_quitting_one_family_leaves_the_others() -> None:
    found = story("Rosa: I drink wine most evenings and I smoke", "Rosa: I quit coffee")
    assert not any(t in ("wine", "smoking") for _, _, t, _ in found)


@pytest.mark.parametrize(
    "turns",
    [
        ["Nina: my doctor says I'm prediabetic", "Nina: got diagnosed with diabetes in March"],
        ["Nina: doc told me I'm pre-diabetic", "Nina: turns out it's type 1 diabetes actually"],
    ],
)
def test_a_condition_ends_its_forerunner(turns: list[str]) -> None:
    found = story(*turns)
    assert ("Nina", "HAS_CONDITION", "diabetes", False) in found
    assert any(r == "HAS_CONDITION" and t.startswith("pre") and e for _, r, t, e in found)


def test_another_condition_does_not_end_a_forerunner() -> None:
    found = story("Nina: I'm pre-diabetic", "Nina: I have the flu this week")
    assert not any(e for _, _, _, e in found)


@pytest.mark.parametrize(
    "last",
    [
        "Priya: I gave birth on Sunday!! a healthy girl",
        "Priya: our son Leo was born last night",
        "Priya: we had the baby! everyone is fine",
    ],
)
def test_a_birth_ends_the_pregnancy(last: str) -> None:
    assert ("Priya", "HAS_CONDITION", "pregnant", True) in story("Priya: I'm pregnant!", last)


def test_a_birth_ends_nothing_but_a_pregnancy() -> None:
    found = story("Sam: I have the flu", "Sam: our daughter was born yesterday")
    assert not any(r == "HAS_CONDITION" for _, r, _, _ in found)


@pytest.mark.parametrize(
    ("turns", "diet"),
    [
        (["Omar: I eat plant based these days", "Omar: ok I'm eating cheese again, sue me"],
         "plant based"),
        (["Jess: I'm pescatarian", "Jess: started eating steak again over the holidays"],
         "pescatarian"),
        (["Kat: I'm dairy free", "Kat: no more dairy-free for me, I missed ice cream"],
         "dairy free"),
    ],
)  # fmt: skip
def test_a_diet_ends_when_its_food_is_eaten_again(turns: list[str], diet: str) -> None:
    who = turns[0].split(":")[0]
    found = story(*turns)
    assert any(
        (s, r, e) == (who, "FOLLOWS_DIET", True) and t.replace("-", " ") == diet
        for s, r, t, e in found
    ), found


def test_eating_a_diet_again_starts_it() -> None:
    found = story("Omar: I'm vegan", "Omar: eating keto again since monday")
    assert ("Omar", "FOLLOWS_DIET", "vegan", True) not in found


@pytest.mark.parametrize(
    ("first", "last", "injury"),
    [
        ("Leo: fractured my wrist at hockey", "Leo: wrist's all better, back on the ice",
         "wrist injury"),
        ("Leo: I tore my ACL skiing", "Leo: finally recovered from the ACL reconstruction",
         "ACL injury"),
        ("Leo: hurt my knee running", "Leo: my knee is better now", "knee injury"),
    ],
)  # fmt: skip
def test_an_injury_ends_when_the_body_part_healed(first: str, last: str, injury: str) -> None:
    assert ("Leo", "HAS_CONDITION", injury, False) in story(first)
    assert ("Leo", "HAS_CONDITION", injury, True) in story(first, last)


MEMORY_STORIES = [
    (["Rosa: I drink wine most evenings", "Rosa: I quit drinking last month"],
     [], [("Rosa", "HAS_HABIT", "wine")]),
    (["Theo: I have a whisky every night before bed", "Theo: one year sober as of today!"],
     [("Theo", "HAS_HABIT", "sobriety")], [("Theo", "HAS_HABIT", "whisky")]),
    (["Nina: my doctor says I'm prediabetic", "Nina: got diagnosed with diabetes in March"],
     [("Nina", "HAS_CONDITION", "diabetes")], [("Nina", "HAS_CONDITION", "prediabetic")]),
    (["Priya: I'm pregnant!", "Priya: our son Leo was born last night"],
     [("Priya", "FAMILY_OF", "Leo")], [("Priya", "HAS_CONDITION", "pregnant")]),
    (["Jess: I'm pescatarian", "Jess: started eating steak again over the holidays"],
     [], [("Jess", "FOLLOWS_DIET", "pescatarian")]),
    (["Leo: fractured my wrist at hockey", "Leo: wrist's all better, back on the ice"],
     [], [("Leo", "HAS_CONDITION", "wrist injury")]),
    (["Omar: my rabbit Clover is so fluffy", "Omar: Clover escaped from the garden :(",
      "Omar: we got a new bunny, we call her Daisy"],
     [("Omar", "HAS_PET", "Daisy")], [("Omar", "HAS_PET", "Clover")]),
]  # fmt: skip


@pytest.mark.local_model
@pytest.mark.parametrize(
    ("turns", "current", "closed"),
    MEMORY_STORIES,
    ids=[" | ".join(s[0])[:70] for s in MEMORY_STORIES],
)
def test_successions_close_the_stored_fact(turns, current, closed) -> None:  # type: ignore[no-untyped-def]
    """End to end on the default path: Memory, rule extractor, the real embedder."""
    facts = tell(_local_embedder(), *turns)
    for triple in current:
        assert facts.get(triple) is True, (triple, facts)
    for triple in closed:
        assert triple in facts and facts[triple] is False, (triple, facts)


@functools.cache
def _local_embedder() -> LocalEmbedder:
    if not local_model_available():
        pytest.skip("chronomem[local] is not installed")
    return LocalEmbedder()


@pytest.mark.parametrize(
    ("turns", "name", "species"),
    [
        (["Zoe: we adopted a kitten last week, we named her Miso"], "Miso", "kitten"),
        (["Zoe: got a puppy!! we're calling him Biscuit"], "Biscuit", "puppy"),
        (["Zoe: we rescued a parrot. Her name's Kiwi and she talks nonstop"], "Kiwi", "parrot"),
    ],
)
def test_a_pet_told_by_its_species_takes_the_name_given_next(
    turns: list[str], name: str, species: str
) -> None:
    episode = Episode(
        id="e", group_id="g", content=turns[-1], source="message", source_description="chat",
        reference_time=REF, created_at=REF,
    )  # fmt: skip
    found = RuleExtractor().extract(episode, ())
    assert ("Zoe", "HAS_PET", name, False) in story(*turns)
    (pet,) = [e for e in found.entities if e.name == name]
    assert pet.attributes.get("species") == species


def test_a_name_given_to_a_person_is_no_pet() -> None:
    found = story("Zoe: we got a kitten! I also met a new guy, his name is Tom")
    assert ("Zoe", "HAS_PET", "Tom", False) not in found
    assert not any(t == "Tom" for _, r, t, _ in found if r == "HAS_PET")
    assert not any(r == "HAS_PET" for _, r, _, _ in story("Zoe: met a guy, his name is Tom"))


@pytest.mark.parametrize(
    "last",
    ["Omar: my cat Pixel escaped last night", "Omar: Pixel disappeared on Sunday :(",
     "Omar: our cat Pixel never came home"],
)  # fmt: skip
def test_a_pet_that_escaped_or_vanished_is_lost(last: str) -> None:
    assert ("Omar", "HAS_PET", "Pixel", True) in story("Omar: my cat Pixel is a menace", last)
