"""``known_at`` views do not leak: a fact shown "as believed at T'" carries the end the memory
knew at T' (``model/belief.py``), not one it learned later -- on both stores, through
Python, the CLI, REST (search, context, graph, timeline, entity detail) and MCP.

The story: Alice starts at Google (said 2024-01-01), says on 2024-01-15 that she left "last
week" (an end dated 2024-01-08, learned on 2024-01-15), and joins Meta on 2024-01-20.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from chronomem import Memory
from chronomem.cli.main import main
from chronomem.mcp.tools import MemoryTools
from chronomem.model import Fact
from chronomem.ports import Store
from chronomem.testing import HashEmbedder, ManualClock
from tests.helpers import ALICE_STORY, replay, t
from tests.service_helpers import asgi_client, replayed_service
from tests.two_stores import STORE_KINDS, fresh

QUESTION = "Where does Alice work?"
BELIEVED = t("2024-01-10T12:00")  # the end (2024-01-08) was not learned yet
LEARNED = t("2024-01-15T14:00:01")  # when it was (the replay's clock: said + 1 s)
AFTER = t("2024-01-16T00:00")  # the end known, Meta not yet
ENDED = t("2024-01-08T00:00")


@pytest.fixture(params=STORE_KINDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    with fresh(request.param, tmp_path) as made:
        yield made


@pytest.fixture
def story(store: Store, clock: ManualClock) -> Memory:
    memory = Memory(store=store, embedder=HashEmbedder(), clock=clock)
    replay(memory, clock, ALICE_STORY)
    return memory


def _google(facts: tuple[Fact, ...] | list[Fact], memory: Memory) -> Fact:
    names = {e.id: e.name for e in memory.store.list_entities("demo")}
    (found,) = [f for f in facts if f.relation == "WORKS_AT" and names[f.target_id] == "Google"]
    return found


def test_search_as_believed_shows_no_end_learned_later(story: Memory) -> None:
    believed = _google(story.search(QUESTION, group_id="demo", known_at=BELIEVED).facts, story)
    assert (believed.invalid_at, believed.expired_at) == (None, None)
    assert "closed_by" not in believed.attributes  # the note names the later closing

    # asked just after the end was learned, about a day before it: the end shows
    then = story.search(QUESTION, group_id="demo", valid_at=t("2024-01-05"), known_at=AFTER)
    ended = _google(then.facts, story)
    assert (ended.invalid_at, ended.expired_at) == (ENDED, LEARNED)
    # the projection is a view: the store still holds the end
    (stored,) = story.get_facts([believed.id], group_id="demo")
    assert (stored.invalid_at, stored.expired_at) == (ENDED, LEARNED)


def test_context_as_believed_says_present(story: Memory) -> None:
    built = story.context(QUESTION, group_id="demo", known_at=BELIEVED)
    google = _google(built.facts, story)
    facts = built.text.split("<FACTS>")[1].split("</FACTS>")[0]
    assert f"- {google.fact} (2024-01-01 – present)" in facts
    assert "2024-01-08" not in facts and "Meta" not in facts

    later = story.context(QUESTION, group_id="demo", valid_at=t("2024-01-05"), known_at=AFTER)
    assert f"- {google.fact} (2024-01-01 – 2024-01-08)" in later.text


def test_timeline_as_known_then(story: Memory) -> None:
    def jobs(**when: object) -> list[tuple[str, object, object]]:
        found = story.get_timeline("Alice", group_id="demo", **when)  # type: ignore[arg-type]
        return [
            (found.name_of(f.target_id), f.invalid_at, f.expired_at)
            for f in found.facts
            if f.relation == "WORKS_AT"
        ]

    assert jobs(known_at=BELIEVED) == [("Google", None, None)]
    assert jobs(known_at=AFTER) == [("Google", ENDED, LEARNED)]
    assert jobs() == [("Google", ENDED, LEARNED), ("Meta", None, None)]
    assert jobs(known_at=t("2023-12-31")) == []


CORRECTION = (
    (t("2024-03-01T10:00"), "Vic: I work at Marlow Insurance"),
    (t("2024-03-02T10:00"), "Vic: wait i mean marlin insurance"),
)


def test_a_retracted_fact_shows_open_before_the_correction(
    store: Store, clock: ManualClock
) -> None:
    memory = Memory(store=store, embedder=HashEmbedder(), clock=clock)
    replay(memory, clock, CORRECTION, group_id="vic")

    def marlow(known_at: object) -> Fact:
        found = memory.get_timeline("Vic", group_id="vic", known_at=known_at)  # type: ignore[arg-type]
        (fact,) = [f for f in found.facts if found.name_of(f.target_id) == "Marlow Insurance"]
        return fact

    before = marlow(t("2024-03-01T12:00"))
    assert (before.valid_at, before.invalid_at, before.expired_at) == (CORRECTION[0][0], None, None)
    after = marlow(t("2024-03-02T12:00"))  # withdrawn: closed at its own start, at the correction
    assert after.invalid_at == after.valid_at == CORRECTION[0][0]
    assert after.expired_at == CORRECTION[1][0] + timedelta(seconds=1)
    found = memory.search(
        "Where does Vic work?", group_id="vic", known_at=t("2024-03-01T12:00")
    ).facts
    assert [f.fact for f in found if f.invalid_at is None] == [before.fact]


PLAN = (
    (t("2024-03-04T10:00"), "Kim: my job interview is on Wednesday"),
    # the plan named again: a plan moved by "it" alone is a known defect since round 13's
    # pruning (bench/RESULTS.md, the sentence readers pruned)
    (t("2024-03-05T10:00"), "Kim: the interview got pushed to Friday, ugh"),
)


def test_a_moved_plan_is_upcoming_as_believed_before_the_move(
    store: Store, clock: ManualClock
) -> None:
    memory = Memory(store=store, embedder=HashEmbedder(), clock=clock)
    replay(memory, clock, PLAN, group_id="kim")
    asked = "When is Kim's job interview?"
    before = memory.search(asked, group_id="kim", known_at=t("2024-03-04T12:00")).facts
    assert [(f.valid_at, f.invalid_at) for f in before] == [(t("2024-03-06"), None)]
    after = memory.search(asked, group_id="kim", known_at=t("2024-03-05T12:00")).facts
    assert [(f.valid_at, f.invalid_at) for f in after] == [(t("2024-03-08"), None)]


# -- the CLI -----------------------------------------------------------------------------------


@pytest.fixture
def story_file(tmp_path: Path, clock: ManualClock, monkeypatch: pytest.MonkeyPatch) -> str:
    from chronomem import memory as memory_module

    monkeypatch.setattr(memory_module, "default_embedder", lambda **_: HashEmbedder())
    db = str(tmp_path / "story.db")
    with Memory(db, embedder=HashEmbedder(), clock=clock) as memory:
        replay(memory, clock, ALICE_STORY)
    return db


def test_cli_search_and_timeline_as_believed(
    story_file: str, capsys: pytest.CaptureFixture[str]
) -> None:
    asked = ["--db", story_file, "--group", "demo", "--known-at", BELIEVED.isoformat()]
    assert main(["search", QUESTION, *asked, "--json"]) == 0
    facts = json.loads(capsys.readouterr().out)["facts"]
    google = [f for f in facts if f["target"] == "Google"]
    assert google and google[0]["invalid_at"] is None and google[0]["expired_at"] is None

    assert main(["timeline", "Alice", *asked, "--json"]) == 0
    timeline = json.loads(capsys.readouterr().out)["facts"]
    assert [(f["target"], f["invalid_at"]) for f in timeline if f["relation"] == "WORKS_AT"] == [
        ("Google", None)
    ]
    assert main(["timeline", "Alice", *asked]) == 0  # the table: Google open, no end date
    table = capsys.readouterr().out
    assert "Google" in table and "2024-01-08" not in table and "Meta" not in table

    assert main(["context", QUESTION, *asked]) == 0
    facts = capsys.readouterr().out.split("<FACTS>")[1].split("</FACTS>")[0]
    assert "Google" in facts and "– present)" in facts and "2024-01-08" not in facts


# -- REST and MCP ------------------------------------------------------------------------------


@pytest.fixture
def service(tmp_path: Path, clock: ManualClock) -> Iterator[tuple[object, str]]:
    with replayed_service(tmp_path / "service.db", clock, ALICE_STORY, "demo") as made:
        yield made


def _rest_jobs(facts: list[dict[str, object]], names: dict[str, str]) -> dict[str, object]:
    return {
        names.get(str(f["target_id"]), str(f["target_id"])): f["invalid_at"]
        for f in facts
        if f["relation"] == "WORKS_AT"
    }


@pytest.mark.anyio
async def test_rest_views_as_believed(service: tuple[object, str]) -> None:
    runtime, token = service
    at = BELIEVED.isoformat().replace("+00:00", "Z")
    async with asgi_client(runtime, token) as api:  # type: ignore[arg-type]
        g = "/v1/groups/demo"
        found = (await api.post(f"{g}/search", json={"query": QUESTION, "known_at": at})).json()
        names = {e["id"]: e["name"] for e in found["entities"]}
        alice = next(i for i, n in names.items() if n == "Alice")
        google = next(i for i, n in names.items() if n == "Google")
        names = {alice: "Alice", google: "Google"}
        assert _rest_jobs(found["facts"], names) == {"Google": None}
        assert all(f["expired_at"] is None for f in found["facts"])

        context = await api.post(f"{g}/context", json={"query": QUESTION, "known_at": at})
        assert "present" in context.json()["context"]
        assert "2024-01-08" not in context.json()["context"]

        graph = (await api.get(f"{g}/graph", params={"known_at": at})).json()
        assert _rest_jobs(graph["facts"], names) == {"Google": None}
        assert [f["state"] for f in graph["facts"] if f["target_id"] == google] == ["current"]
        assert LEARNED.isoformat().replace("+00:00", "Z") in graph["system_events"]

        timeline = await api.get(f"{g}/timeline", params={"entity": "Alice", "known_at": at})
        assert _rest_jobs(timeline.json()["facts"], names) == {"Google": None}
        detail = await api.get(f"{g}/entities/{alice}", params={"known_at": at})
        assert _rest_jobs(detail.json()["facts"], names) == {"Google": None}

        now = await api.get(f"{g}/entities/{alice}")  # no known_at: as stored today
        assert _rest_jobs(now.json()["facts"], names)["Google"] == "2024-01-08T00:00:00Z"
        bad = await api.get(f"{g}/timeline", params={"entity": "Alice", "known_at": "soon"})
        assert bad.status_code == 422


def test_mcp_tools_as_believed(service: tuple[object, str]) -> None:
    runtime, _ = service
    tools = MemoryTools(runtime, default_group="demo", allowed=["*"])  # type: ignore[arg-type]
    at = BELIEVED.isoformat()
    found = tools.search_facts(QUESTION, known_at=at)
    employers = [f for f in found["facts"] if f["relation"] == "WORKS_AT"]  # type: ignore[index,union-attr]
    assert {f["target"]: f["invalid_at"] for f in employers} == {"Google": None}
    context = tools.get_context(QUESTION, known_at=at)["context"]
    assert "present" in str(context) and "2024-01-08" not in str(context)
    timeline = tools.get_timeline("Alice", known_at=at)["facts"]
    jobs = [(f["target"], f["invalid_at"]) for f in timeline if f["relation"] == "WORKS_AT"]  # type: ignore[index,union-attr]
    assert jobs == [("Google", None)]
    later = tools.get_timeline("Alice", known_at=AFTER.isoformat())["facts"]
    jobs = [(f["target"], f["invalid_at"]) for f in later if f["relation"] == "WORKS_AT"]  # type: ignore[index,union-attr]
    assert jobs == [("Google", ENDED.isoformat())]


# -- the projection itself (model/belief.py), pure ---------------------------------------------


def _fact(**times: object) -> Fact:
    base: dict[str, object] = {
        "id": "f",
        "group_id": "g",
        "source_id": "a",
        "target_id": "b",
        "relation": "WORKS_AT",
        "fact": "Alice works at Google",
        "created_at": t("2024-01-01"),
        "episodes": ("e1",),
        "valid_at": t("2024-01-01"),
    }
    return Fact(**{**base, **times})  # type: ignore[arg-type]


def test_an_end_moved_twice_keeps_every_earlier_belief() -> None:
    from chronomem.engine.temporal import close_at
    from chronomem.model.belief import as_known, closing_note, learned_instants

    opened = _fact()
    first = close_at(replace(opened, episodes=("e1", "e2")), t("2024-03-01"), t("2024-02-01"))
    first = replace(first, attributes={"closed_by": closing_note(opened, "e2")})
    second = close_at(replace(first, episodes=("e1", "e2", "e3")), t("2024-01-20"), t("2024-02-10"))
    second = replace(second, attributes={"closed_by": closing_note(first, "e3")})

    def seen(known_at: str) -> tuple[object, object, tuple[str, ...]]:
        f = as_known(second, t(known_at))
        return f.invalid_at, f.expired_at, f.episodes

    assert seen("2024-01-15") == (None, None, ("e1",))
    assert seen("2024-02-05") == (t("2024-03-01"), t("2024-02-01"), ("e1", "e2"))
    assert seen("2024-02-10") == (t("2024-01-20"), t("2024-02-10"), ("e1", "e2", "e3"))
    assert "closed_by" not in as_known(second, t("2024-01-15")).attributes
    assert as_known(second, t("2024-02-05")).attributes["closed_by"] == closing_note(opened, "e2")
    assert second.invalid_at == t("2024-01-20")  # pure: the stored fact is unchanged
    assert sorted(set(learned_instants(second))) == [
        t("2024-01-01"),
        t("2024-02-01"),
        t("2024-02-10"),
    ]


def test_a_fact_closed_without_a_note_shows_open_before_its_end_was_learned() -> None:
    from chronomem.model.belief import as_known

    closed = _fact(invalid_at=t("2024-01-08"), expired_at=t("2024-01-15"))
    assert as_known(closed, t("2024-01-10")).invalid_at is None
    assert as_known(closed, t("2024-01-15")) is closed
    born_closed = _fact(invalid_at=t("2024-01-08"), expired_at=t("2024-01-01"))
    assert as_known(born_closed, t("2024-01-01")) is born_closed


def test_deleting_the_closing_episode_reopens_through_the_note(clock: ManualClock) -> None:
    memory = Memory(embedder=HashEmbedder(), clock=clock)
    results = replay(memory, clock, ALICE_STORY)
    (google,) = [f for f in results[0].facts if f.relation == "WORKS_AT"]
    (stored,) = memory.get_facts([google.id], group_id="demo")
    assert stored.attributes["closed_by"]["episode"] == results[1].episode.id  # type: ignore[index]
    memory.delete_episode(results[1].episode.id, group_id="demo")
    (reopened,) = memory.get_facts([google.id], group_id="demo")
    assert (reopened.valid_at, reopened.invalid_at, reopened.expired_at) == (
        ALICE_STORY[0][0],
        None,
        None,
    )
    assert "closed_by" not in reopened.attributes


def test_demo_as_believed_shows_the_job_open(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from chronomem import memory as memory_module

    monkeypatch.setattr(memory_module, "default_embedder", lambda **_: HashEmbedder())
    assert main(["demo", "--json"]) == 0
    _, _, believed = json.loads(capsys.readouterr().out)[0]["answers"]
    assert believed["as"] == "as believed on 2024-01-10"
    top = believed["facts"][0]
    assert (top["target"], top["invalid_at"], top["expired_at"]) == ("Google", None, None)
    assert main(["demo"]) == 0
    assert "(as believed on 2024-01-10)\n    -> Alice just started a new job at Google" in (
        text := capsys.readouterr().out
    )
    assert "[2024-01-01 10:00 .. now]" in text.split("as believed on 2024-01-10")[1].split("\n")[1]
