"""RuleExtractor on state changes in everyday chat: diets, habits, health, pets, things used,
roles, favourites, memberships, corrections, third persons, assistant turns, markdown.

Each case is one or more turns; the last is extracted with the others as previous turns.
A case names the fact it expects as (source, relation, target, ended): ``ended`` True means
the fact is reported as ended (``invalid_at`` set, no ``valid_at``).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chronomem.extractors import RuleExtractor
from chronomem.model import Episode
from chronomem.model.relations import is_functional
from tests.rules_support import REF, found, lost, run

CASES = [
    # habits and diets
    (["Sam: I went vegan last month."], ("Sam", "FOLLOWS_DIET", "vegan", False)),
    (["Sam: i'm keto now lol"], ("Sam", "FOLLOWS_DIET", "keto", False)),
    (["Sam: doing keto rn, down 10 lbs"], ("Sam", "FOLLOWS_DIET", "keto", False)),
    (["Sam: I'm vegan", "Sam: im not vegan anymore"], ("Sam", "FOLLOWS_DIET", "vegan", True)),
    (["Sam: gave up on keto, way too hard"], ("Sam", "FOLLOWS_DIET", "keto", True)),
    (["Sam: quit smoking 2 weeks ago!!"], ("Sam", "HAS_HABIT", "smoking", True)),
    (["Sam: I stopped drinking alcohol in January."], ("Sam", "HAS_HABIT", "alcohol", True)),
    # health
    (["Sam: ugh I have the flu"], ("Sam", "HAS_CONDITION", "flu", False)),
    (["Sam: I have the flu", "Sam: finally over the flu"], ("Sam", "HAS_CONDITION", "flu", True)),
    (["Sam: broke my arm skateboarding lol"], ("Sam", "HAS_CONDITION", "arm injury", False)),
    (
        ["Sam: I broke my arm", "Sam: cast came off today, arm is fully healed"],
        ("Sam", "HAS_CONDITION", "arm injury", True),
    ),
    (
        ["Sam: I was diagnosed with diabetes last year."],
        ("Sam", "HAS_CONDITION", "diabetes", False),
    ),
    # pets
    (["Sam: My dog Max died yesterday."], ("Sam", "HAS_PET", "Max", True)),
    (
        ["Sam: my cat Luna is so cute", "Sam: Luna passed away last night :("],
        ("Sam", "HAS_PET", "Luna", True),
    ),
    (
        ["Sam: I have a cat named Luna and a dog named Rex.", "Sam: my cat passed away"],
        ("Sam", "HAS_PET", "Luna", True),
    ),
    # things used
    (
        ["Sam: I sold my Honda Civic and bought a Tesla Model 3."],
        ("Sam", "DRIVES", "Tesla Model 3", False),
    ),
    (
        ["Sam: I sold my Honda Civic and bought a Tesla Model 3."],
        ("Sam", "DRIVES", "Honda Civic", True),
    ),
    (["Sam: I got a new phone, an iPhone 15."], ("Sam", "USES_PHONE", "iPhone 15", False)),
    (["Sam: I switched from Android to an iPhone."], ("Sam", "USES_PHONE", "Android", True)),
    (["Sam: traded in my Corolla for a Mazda CX-5"], ("Sam", "DRIVES", "Mazda CX-5", False)),
    (["Sam: finally got a MacBook Pro"], ("Sam", "USES_LAPTOP", "MacBook Pro", False)),
    # roles
    (["Sam: My new manager is Priya."], ("Sam", "MANAGED_BY", "Priya", False)),
    (["Sam: Bob is my manager now"], ("Sam", "MANAGED_BY", "Bob", False)),
    (["Sam: I report to Carl now"], ("Sam", "MANAGED_BY", "Carl", False)),
    (["Sam: Tom is our new team lead."], ("Tom", "LEADS", "Sam's team", False)),
    (["Sam: my coach is Ms. Ortiz now"], ("Sam", "ROLE_HELD_BY", "Ms. Ortiz", False)),
    # preferences
    (["Sam: Actually my favorite movie is now Dune."], ("Sam", "HAS_FAVORITE", "Dune", False)),
    (["Sam: I don't like sushi anymore."], ("Sam", "LIKES", "sushi", True)),
    # memberships
    (["Sam: I quit the gym."], ("Sam", "MEMBER_OF", "gym", True)),
    (
        ["Sam: I signed up for Equinox", "Sam: Cancelled Equinox, too pricey"],
        ("Sam", "SUBSCRIBED_TO", "Equinox", True),
    ),
    # self-corrections
    (
        ["Sam: I live in Paris.", "Sam: sorry, I meant Lyon, not Paris."],
        ("Sam", "LIVES_IN", "Lyon", False),
    ),
    (
        ["Sam: I live in Paris.", "Sam: sorry, I meant Lyon, not Paris."],
        ("Sam", "LIVES_IN", "Paris", True),
    ),
    pytest.param(
        ["Sam: I just moved to Berlin", "Sam: oops not Berlin, Munich"],
        ("Sam", "LIVES_IN", "Munich", False),
        marks=lost("corrections"),
    ),
    # third persons, pronouns from earlier turns, chat spellings
    (["Sam: My sister moved to Rome."], ("Sam's sister", "LIVES_IN", "Rome", False)),
    (
        ["Sam: My sister Emma lives in Boston.", "Sam: She just moved to Chicago."],
        ("Emma", "LIVES_IN", "Chicago", False),
    ),
    (["Sam: my bf Jake got a job at Amazon"], ("Jake", "WORKS_AT", "Amazon", False)),
    (
        ["Sam: my bf is Jake", "Sam: my bf quit his job at Amazon"],
        ("Jake", "WORKS_AT", "Amazon", True),
    ),
    (
        ["Lena: i work for Siemens", "Lena: finaly quit siemens. im at BMW now"],
        ("Lena", "WORKS_AT", "Siemens", True),
    ),
    (
        ["Lena: i work for Siemens", "Lena: finaly quit siemens. im at BMW now"],
        ("Lena", "WORKS_AT", "BMW", False),
    ),
    (["Omar: Home Depot let me go"], ("Omar", "WORKS_AT", "Home Depot", True)),
    (["Maya: i dont live in paris anymore"], ("Maya", "LIVES_IN", "Paris", True)),
    # assistant turns: facts about the user
    (
        ["Sam: hi", "Assistant: Congrats on the move to Denver!"],
        ("Sam", "LIVES_IN", "Denver", False),
    ),
    (
        ["Sam: hi", "Assistant: Since you went vegan, here are some recipes."],
        ("Sam", "FOLLOWS_DIET", "vegan", False),
    ),
    # plans
    (
        ["Tom: dentist appointment on Tuesday at 9, ugh"],
        ("Tom", "HAS_PLAN", "dentist appointment", False),
    ),
]


@pytest.mark.parametrize(
    ("turns", "expected"),
    CASES,
    ids=[" | ".join(c.values[0] if hasattr(c, "values") else c[0])[:60] for c in CASES],
)
def test_state_changes_are_extracted(
    turns: list[str], expected: tuple[str, str, str, bool]
) -> None:
    assert expected in found(run(*turns))


def test_relations_emitted_for_one_value_at_a_time_come_from_the_model_table() -> None:
    for relation in ("FOLLOWS_DIET", "DRIVES", "USES_PHONE", "MANAGED_BY", "LEADS", "HAS_FAVORITE"):
        assert is_functional(relation)
    for relation in ("HAS_HABIT", "HAS_CONDITION", "HAS_PET", "LIKES"):
        assert not is_functional(relation)


def test_an_ending_carries_its_date_and_no_start() -> None:
    quit = next(
        f for f in run("Sam: quit smoking 2 weeks ago!!").facts if f.relation == "HAS_HABIT"
    )
    assert quit.valid_at is None and quit.invalid_at == datetime(2024, 1, 1, tzinfo=UTC)


def test_an_ending_told_now_is_not_dated_in_the_future() -> None:
    over = run("Sam: I have covid", "Sam: I'm over covid, back at the office tomorrow")
    covid = next(f for f in over.facts if f.target == "covid")
    assert covid.invalid_at is not None and covid.invalid_at <= REF + timedelta(minutes=1)


NOTHING = [
    "Sam: I would love to go vegan someday",  # a wish
    "Sam: are you vegan?",  # a question
    "Sam: I don't work at Google",  # a plain negation asserts nothing
    "Sam: I drive a hard bargain",  # a DRIVES verb with no car
    "Sam: my favourite thing about Paris is the food?",  # a question again
]


@pytest.mark.parametrize("turn", NOTHING)
def test_wishes_questions_and_plain_negations_assert_no_state(turn: str) -> None:
    states = {"FOLLOWS_DIET", "WORKS_AT", "DRIVES", "HAS_FAVORITE"}
    assert not [f for f in run(turn).facts if f.relation in states and f.invalid_at is None]


def test_a_person_who_passed_is_no_pet() -> None:
    """Round 29: "my dear Winifred" is no name the finder sees (a letter's address), so no
    row that asks for a pet's name may take it for one."""
    facts = found(run("Sam: the last four years alone since my dear Winifred passed."))
    assert not [f for f in facts if f[1] == "HAS_PET"], facts


def test_work_at_two_places_gives_two_current_facts() -> None:
    facts = found(run("Sam: I work at Google and Meta."))
    assert ("Sam", "WORKS_AT", "Google", False) in facts
    assert ("Sam", "WORKS_AT", "Meta", False) in facts


def test_an_assistant_says_nothing_about_itself_or_its_examples() -> None:
    answer = (
        "Assistant: I love helping with this! I work best with examples.\n"
        "## Using Pandas\n1. Install **Pandas** with `pip install pandas`.\n"
        "2. Read the docs at https://pandas.pydata.org/docs\n"
        "```python\nclass Repository:\n    Client = Google()\n```\n"
        "Most people in Berlin use PostgreSQL. Since you live in Denver, try the local meetup."
    )
    facts = found(run("Sam: how do I use pandas?", answer))
    assert facts == {("Sam", "LIVES_IN", "Denver", False)}
    names = {e.name for e in run("Sam: how do I use pandas?", answer).entities}
    assert not names & {"Repository", "Google", "Pandas", "PostgreSQL", "Berlin", "Using Pandas"}


def test_code_blocks_in_a_user_turn_make_no_entities() -> None:
    turn = "Sam: my script fails:\n```\nimport Foo\nBar = Baz()\n```\nI live in Oslo btw"
    extraction = run(turn)
    assert ("Sam", "LIVES_IN", "Oslo", False) in found(extraction)
    assert not {e.name for e in extraction.entities} & {"Foo", "Bar", "Baz"}


def _long_chat_bench():  # type: ignore[no-untyped-def]
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "bench" / "long_chat_noise.py"
    spec = importlib.util.spec_from_file_location("long_chat_noise", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_long_markdown_assistant_answers_give_only_facts_about_the_user() -> None:
    # before: about 40 facts and 42 entities per ~600-token answer (bench/long_chat_noise.py)
    bench = _long_chat_bench()
    turns = bench.chat(24, seed=3)
    episodes = [
        Episode(f"e{i}", "g", f"{who}: {text}", "message", REF + timedelta(minutes=i), REF)
        for i, (who, text) in enumerate(turns)
    ]
    extractor = RuleExtractor()
    for i, episode in enumerate(episodes):
        if episode.speaker() != "Assistant":
            continue
        extraction = extractor.extract(episode, episodes[max(0, i - 4) : i])
        assert len(extraction.facts) <= 3, [
            (f.source, f.relation, f.target) for f in extraction.facts
        ]
        assert len(extraction.entities) <= 5, [e.name for e in extraction.entities]
        assert all(f.source == bench.USER for f in extraction.facts)
