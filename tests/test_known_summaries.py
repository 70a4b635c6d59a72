"""Issue 21 item 5: an entity's summary "as known at T′" says only what was learned by T′.

The store keeps each summary in its latest state; a ``known_at`` view rebuilds the summary
of an entity that a later message mentions from the messages learned by then
(``engine/known_entities.py``). Checked through Python (search, context, timeline), the CLI
(search, timeline, context), REST (search, context, timeline, entity detail) and MCP.

The story: Priya is a nurse in Leeds (said 2024-02-01); on 2024-02-20 she is offered a post
at Orkney Labs; on 2024-03-05 she says she is moving to Kirkwall for it. As known on
2024-02-10 nothing of Orkney or Kirkwall was said.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from chronomem import Memory
from chronomem.cli.main import main
from chronomem.engine.known_entities import entities_as_known
from chronomem.mcp.tools import MemoryTools
from chronomem.testing import HashEmbedder, ManualClock
from tests.helpers import replay, t
from tests.service_helpers import asgi_client, replayed_service

STORY = (
    (t("2024-02-01T09:00"), "Priya: I work as a nurse at St Mary's hospital in Leeds."),
    (t("2024-02-20T18:00"), "Priya: Big news, I've been offered a research post at Orkney Labs."),
    (t("2024-03-05T08:00"), "Priya: I'm moving to Kirkwall next month for the Orkney Labs job."),
)
QUESTION = "Where does Priya work?"
THEN = t("2024-02-10T12:00")  # after the first message, before the second was learned
BETWEEN = t("2024-02-25T12:00")  # the offer known, the move not yet
LATER = ("Orkney", "Kirkwall")


def _leaks(text: str, words: tuple[str, ...] = LATER) -> list[str]:
    return [w for w in words if w in text]


@pytest.fixture
def memory(clock: ManualClock) -> Memory:
    made = Memory(embedder=HashEmbedder(), clock=clock)
    replay(made, clock, STORY, group_id="p")
    return made


def _priya(entities) -> str:  # type: ignore[no-untyped-def]
    (found,) = [e.summary for e in entities if e.name == "Priya"]
    return str(found)


def test_search_shows_the_summary_as_known_then(memory: Memory) -> None:
    now = _priya(memory.search(QUESTION, group_id="p").entities)
    assert _leaks(now) == ["Orkney", "Kirkwall"]  # today's summary has both: the decoy

    then = _priya(memory.search(QUESTION, group_id="p", known_at=THEN).entities)
    assert "nurse" in then and _leaks(then) == []
    between = _priya(memory.search(QUESTION, group_id="p", known_at=BETWEEN).entities)
    assert "Orkney Labs" in between and "Kirkwall" not in between
    stored = memory.store.find_entities("p", ["priya"])[0]
    assert _leaks(stored.summary) == ["Orkney", "Kirkwall"]  # a view: the store is unchanged


def test_context_as_known_then_names_nothing_learned_later(memory: Memory) -> None:
    built = memory.context(QUESTION, group_id="p", known_at=THEN)
    assert "<ENTITIES>" in built.text and "Priya:" in built.text
    assert _leaks(built.text) == []
    assert _leaks(memory.context(QUESTION, group_id="p").text)  # today it does


def test_timeline_entities_as_known_then(memory: Memory) -> None:
    then = memory.get_timeline("Priya", group_id="p", known_at=THEN)
    assert "nurse" in then.entity.summary and _leaks(then.entity.summary) == []
    assert all(_leaks(e.summary) == [] for e in then.entities.values())
    assert _leaks(memory.get_timeline("Priya", group_id="p").entity.summary)


def test_an_entity_no_later_message_names_is_shown_as_stored(memory: Memory) -> None:
    leeds = memory.store.find_entities("p", ["leeds"])[0]
    (same,) = entities_as_known(memory.store, [leeds], THEN)
    assert same is leeds  # nothing to rebuild: the stored row itself


# -- the CLI -----------------------------------------------------------------------------------


@pytest.fixture
def story_file(tmp_path: Path, clock: ManualClock, monkeypatch: pytest.MonkeyPatch) -> str:
    from chronomem import memory as memory_module

    monkeypatch.setattr(memory_module, "default_embedder", lambda **_: HashEmbedder())
    db = str(tmp_path / "priya.db")
    with Memory(db, embedder=HashEmbedder(), clock=clock) as made:
        replay(made, clock, STORY, group_id="p")
    return db


def test_cli_views_as_known_then(story_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    asked = ["--db", story_file, "--group", "p", "--known-at", THEN.isoformat()]
    assert main(["search", QUESTION, *asked]) == 0
    table = capsys.readouterr().out
    assert "nurse" in table and _leaks(table) == []
    assert main(["timeline", "Priya", *asked, "--json"]) == 0
    entity = json.loads(capsys.readouterr().out)["entity"]
    assert "nurse" in entity["summary"] and _leaks(entity["summary"]) == []
    assert main(["context", QUESTION, *asked]) == 0
    assert _leaks(capsys.readouterr().out) == []

    assert main(["search", QUESTION, "--db", story_file, "--group", "p"]) == 0
    assert _leaks(capsys.readouterr().out)  # without --known-at: today's summary


# -- REST and MCP ------------------------------------------------------------------------------


@pytest.fixture
def service(tmp_path: Path, clock: ManualClock) -> Iterator[tuple[object, str]]:
    with replayed_service(tmp_path / "service.db", clock, STORY, "p") as made:
        yield made


@pytest.mark.anyio
async def test_rest_views_as_known_then(service: tuple[object, str]) -> None:
    runtime, token = service
    at = THEN.isoformat().replace("+00:00", "Z")
    async with asgi_client(runtime, token) as api:  # type: ignore[arg-type]
        g = "/v1/groups/p"
        found = (await api.post(f"{g}/search", json={"query": QUESTION, "known_at": at})).json()
        assert "nurse" in _priya_json(found["entities"])
        assert _leaks(json.dumps(found["entities"])) == []
        context = await api.post(f"{g}/context", json={"query": QUESTION, "known_at": at})
        assert _leaks(context.json()["context"]) == []

        priya = next(e["id"] for e in found["entities"] if e["name"] == "Priya")
        detail = (await api.get(f"{g}/entities/{priya}", params={"known_at": at})).json()
        assert "nurse" in detail["entity"]["summary"] and _leaks(json.dumps(detail)) == []
        assert detail["mentions"] == 1  # the two later messages were not learned yet
        today = (await api.get(f"{g}/entities/{priya}")).json()
        assert _leaks(today["entity"]["summary"]) and today["mentions"] == 3

        timeline = await api.get(f"{g}/timeline", params={"entity": "Priya", "known_at": at})
        assert _leaks(json.dumps(timeline.json())) == []


def _priya_json(entities: list[dict[str, object]]) -> str:
    (found,) = [e["summary"] for e in entities if e["name"] == "Priya"]
    return str(found)


def test_mcp_context_as_known_then(service: tuple[object, str]) -> None:
    runtime, _ = service
    tools = MemoryTools(runtime, default_group="p", allowed=["*"])  # type: ignore[arg-type]
    then = str(tools.get_context(QUESTION, known_at=THEN.isoformat())["context"])
    assert "<ENTITIES>" in then and _leaks(then) == []
    assert _leaks(str(tools.get_context(QUESTION)["context"]))
    timeline = tools.get_timeline("Priya", known_at=THEN.isoformat())
    assert _leaks(json.dumps(timeline)) == []
