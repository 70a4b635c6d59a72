"""Issue 10 item 1: every stored fact a new fact may supersede reaches the decision step.

On the real default embedder, ordinary phrasings: a new home, employer or car closes the old
one (even when the old place is only an entity-resolution option of the new one, the bug
that kept "Paris" current after "I moved to Berlin"); relations that are not in the table
(likes, friends) accumulate. Both the rule path and the LLM path (fake OpenAI server).
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import pytest

from chronomem import Memory
from chronomem.cli.main import main
from chronomem.extractors.llm import LLMExtractor
from chronomem.model.relations import FUNCTIONAL_RELATIONS, is_functional
from chronomem.testing import ManualClock
from chronomem.testing.fake_openai import FakeOpenAIServer
from chronomem.testing.fake_oracle import FUNCTIONAL, RuleOracle
from tests.helpers import t
from tests.llm_support import make_llm
from tests.real_embedder import facts_about, real_embedder, target_name, tell

pytestmark = pytest.mark.local_model

MOVES = [
    ("Bob", "LIVES_IN", "Bob: I live in Boston.", "Bob: I just moved to Seattle.", "Seattle"),
    (
        "Carol",
        "LIVES_IN",
        "Carol: I live in Paris.",
        "Carol: We relocated to London last month.",
        "London",
    ),
    ("Alice", "LIVES_IN", "Alice: I live in Paris.", "Alice: I moved to Berlin.", "Berlin"),
    (
        "Dan",
        "LIVES_IN",
        "Dan: I'm living in Denver these days.",
        "Dan: Moved to Austin last week!",
        "Austin",
    ),
    (
        "Gina",
        "WORKS_AT",
        "Gina: I work at Google.",
        "Gina: I started a new job at Microsoft.",
        "Microsoft",
    ),
    ("Gina", "WORKS_AT", "Gina: I work at Google.", "Gina: I'm now working at Amazon.", "Amazon"),
]


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(t("2024-01-01"))


@pytest.fixture
def memory(clock: ManualClock) -> Iterator[Memory]:
    with Memory(embedder=real_embedder(), clock=clock) as m:
        yield m


def _assert_replaced(memory: Memory, name: str, relation: str, new: str) -> None:
    facts = facts_about(memory, name, relation)
    current = [f for f in facts if f.invalid_at is None]
    assert [target_name(memory, f) for f in current] == [new], [f.fact for f in facts]
    (old,) = [f for f in facts if f.invalid_at is not None]
    assert old.invalid_at == current[0].valid_at  # closed when the new value began
    assert old.valid_at is None or old.valid_at <= old.invalid_at


@pytest.mark.parametrize(("name", "relation", "before", "after", "new"), MOVES)
def test_a_new_value_of_a_one_value_relation_closes_the_old(
    memory: Memory, clock: ManualClock, name: str, relation: str, before: str, after: str, new: str
) -> None:
    tell(memory, clock, [("2024-01-01T10:00", before), ("2024-03-01T10:00", after)])
    _assert_replaced(memory, name, relation, new)
    question = "Where does %s live?" if relation == "LIVES_IN" else "Where does %s work?"
    found = memory.search(question % name, group_id="g").facts
    assert [target_name(memory, f) for f in found if f.relation == relation] == [new]


def test_moving_back_reopens_nothing_old_and_closes_the_middle(
    memory: Memory, clock: ManualClock
) -> None:
    tell(
        memory,
        clock,
        [
            ("2024-01-01T10:00", "Bob: I live in Boston."),
            ("2024-03-01T10:00", "Bob: I just moved to Seattle."),
            ("2024-06-01T10:00", "Bob: I moved back to Boston."),
        ],
    )
    facts = facts_about(memory, "Bob", "LIVES_IN")
    current = [target_name(memory, f) for f in facts if f.invalid_at is None]
    assert current == ["Boston"], [(f.fact, f.valid_at, f.invalid_at) for f in facts]
    assert len(facts) == 3  # Boston (closed), Seattle (closed), Boston again (current)


@pytest.mark.parametrize(
    ("first", "second", "relation"),
    [
        ("Alice: I love jazz.", "Alice: I love hiking.", "LOVES"),
        ("Alice: Tom is my friend.", "Alice: Sam is my friend.", "FRIEND_OF"),
    ],
)
def test_relations_outside_the_table_accumulate(
    memory: Memory, clock: ManualClock, first: str, second: str, relation: str
) -> None:
    assert not is_functional(relation)
    tell(memory, clock, [("2024-01-01T10:00", first), ("2024-02-01T10:00", second)])
    facts = facts_about(memory, "Alice", relation)
    assert len(facts) == 2 and all(f.invalid_at is None for f in facts), [f.fact for f in facts]


# -- the LLM path (real openai client, fake server answering like a cautious model) ---------


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer(auto_answer=RuleOracle()) as fake:
        yield fake


@pytest.fixture
def llm_memory(server: FakeOpenAIServer, clock: ManualClock) -> Iterator[Memory]:
    extractor = LLMExtractor(llm=make_llm(server))
    with Memory(embedder=real_embedder(), extractor=extractor, clock=clock) as m:
        yield m


def test_the_fake_model_reads_the_one_table() -> None:
    assert FUNCTIONAL == FUNCTIONAL_RELATIONS


@pytest.mark.parametrize(
    ("before", "after", "old", "new"),
    [
        ("Alice: I live in Paris.", "Alice: I moved to Berlin.", "Paris", "Berlin"),
        ("Alice: I live in Boston.", "Alice: I just moved to Seattle.", "Boston", "Seattle"),
        ("Alice: I live in Paris.", "Alice: I am living in London now.", "Paris", "London"),
    ],
)
def test_llm_path_offers_and_closes_the_old_home(
    llm_memory: Memory,
    server: FakeOpenAIServer,
    clock: ManualClock,
    before: str,
    after: str,
    old: str,
    new: str,
) -> None:
    tell(llm_memory, clock, [("2024-01-01T10:00", before), ("2024-03-01T10:00", after)])
    resolve_prompt = [r for r in server.chat_requests() if "consistent" in json.dumps(r.body)]
    assert resolve_prompt, "the old home was never offered to the model"
    user = resolve_prompt[-1].body["messages"][1]["content"]
    assert f'in {old}."' in user.split("<facts>")[1]  # the old home reached the decision
    _assert_replaced(llm_memory, "Alice", "LIVES_IN", new)


def test_llm_path_closes_any_relation_of_the_table(
    llm_memory: Memory, server: FakeOpenAIServer, clock: ManualClock
) -> None:
    """A relation the fake model's extraction patterns do not know (DRIVES): the engine
    still offers the old car, and the model (reading the table) closes it."""
    for car, when in (
        ("Toyota Corolla", "2024-01-01T10:00"),
        ("Tesla Model 3", "2024-05-01T10:00"),
    ):
        server.enqueue(
            {
                "entities": [
                    {"name": "Frank", "labels": ["Person"], "summary": "Frank drives a car."},
                    {"name": car, "labels": ["Product"], "summary": "Frank's car."},
                ],
                "facts": [
                    {
                        "source": "Frank",
                        "target": car,
                        "relation": "DRIVES",
                        "fact": f"Frank drives a {car}.",
                        "valid_at": when[:10] + "T00:00:00Z",
                        "invalid_at": None,
                    }
                ],
            },
            task="extract",
        )
        tell(llm_memory, clock, [(when, f"Frank: I drive a {car} now.")])
    _assert_replaced(llm_memory, "Frank", "DRIVES", "Tesla Model 3")


# -- the README's command-line example, on the real embedder -------------------------------


def test_the_readme_cli_example_closes_paris(tmp_path, capsys, monkeypatch) -> None:
    real_embedder()  # skip when the model is missing; the CLI builds its own default
    db = str(tmp_path / "memory.db")
    src = tmp_path / "episodes.jsonl"
    first = {
        "content": "Alice: I live in Paris.",
        "group_id": "demo",
        "reference_time": "2024-01-01T10:00:00Z",
    }
    src.write_text(json.dumps(first) + "\n")
    assert main(["add", str(src), "--db", db]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("Alice: I moved to Berlin."))
    assert (
        main(
            [
                "add",
                "--db",
                db,
                "--group",
                "demo",
                "--source",
                "message",
                "--reference-time",
                "2024-03-01T10:00:00Z",
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert main(["search", "Where does Alice live?", "--db", db, "--group", "demo", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    places = [f["target"] for f in found["facts"] if f["relation"] == "LIVES_IN"]
    assert places == ["Berlin"]
