"""A replayed history learned when said (``engine/learned.py``): each episode's facts get
``created_at`` = its reference time, and the ends it causes that system time, so ``known_at``
between two replayed messages shows what was known then -- through ``add_episodes`` on both
stores, ``chronomem add`` and ``import-chat``, and REST ``.../episodes/batch?learned=said``.
The default (learned now) is unchanged: an import is all learned at the moment of import."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from chronomem import Memory
from chronomem.cli.main import main
from chronomem.errors import UsageError
from chronomem.ports import Store
from chronomem.testing import HashEmbedder, ManualClock
from tests.helpers import ALICE_STORY, t
from tests.service_helpers import asgi_client, make_runtime, wait_idle
from tests.two_stores import STORE_KINDS, fresh

QUESTION = "Where does Alice work?"
IMPORTED = t("2025-06-01T00:00")  # the memory's clock: the day of the import
BETWEEN_1_2 = t("2024-01-10T12:00")  # Google said, its end not yet
BETWEEN_2_3 = t("2024-01-16T00:00")  # the end said (2024-01-15 14:00), Meta not yet
ENDED = t("2024-01-08T00:00")
ITEMS = [
    {"content": text, "group_id": "demo", "reference_time": when.isoformat()}
    for when, text in ALICE_STORY
]


@pytest.fixture(params=STORE_KINDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    with fresh(request.param, tmp_path) as made:
        yield made


def _jobs(memory: Memory, known_at: object) -> dict[str, object]:
    """Alice's employers as the memory knew them at ``known_at``: name -> believed end."""
    found = memory.get_timeline("Alice", group_id="demo", known_at=known_at)  # type: ignore[arg-type]
    return {
        found.name_of(f.target_id): f.invalid_at for f in found.facts if f.relation == "WORKS_AT"
    }


def test_a_history_replayed_as_said_answers_what_was_known_then(store: Store) -> None:
    memory = Memory(store=store, embedder=HashEmbedder(), clock=ManualClock(IMPORTED))
    memory.add_episodes(list(reversed(ITEMS)), learned="said")  # applied in reference order

    assert _jobs(memory, t("2023-12-31")) == {}
    assert _jobs(memory, BETWEEN_1_2) == {"Google": None}
    assert _jobs(memory, BETWEEN_2_3) == {"Google": ENDED}
    assert _jobs(memory, IMPORTED) == {"Google": ENDED, "Meta": None}
    believed = memory.search(QUESTION, group_id="demo", known_at=BETWEEN_1_2).facts
    assert [f.invalid_at for f in believed if f.relation == "WORKS_AT"] == [None]

    google = next(f for f in memory.get_timeline("Alice", group_id="demo").facts)
    assert (google.created_at, google.expired_at) == (ALICE_STORY[0][0], ALICE_STORY[1][0])
    episodes = memory.recent_episodes(group_id="demo")
    assert all(e.created_at == e.reference_time for e in episodes)
    alice = memory.store.find_entities("demo", ["alice"])[0]
    assert alice.created_at == ALICE_STORY[0][0]


def test_learned_now_stays_the_default(store: Store) -> None:
    memory = Memory(store=store, embedder=HashEmbedder(), clock=ManualClock(IMPORTED))
    memory.add_episodes(ITEMS)
    assert _jobs(memory, BETWEEN_2_3) == {}  # nothing was known before the import
    assert _jobs(memory, IMPORTED) == {"Google": ENDED, "Meta": None}
    assert {f.created_at for f in memory.get_timeline("Alice", group_id="demo").facts} == {IMPORTED}


def test_one_episode_learned_when_said_and_a_bad_choice() -> None:
    memory = Memory(embedder=HashEmbedder(), clock=ManualClock(IMPORTED))
    when, text = ALICE_STORY[0]
    result = memory.add_episode(text, group_id="demo", reference_time=when, learned="said")
    assert {f.created_at for f in result.facts} == {when}
    with pytest.raises(UsageError, match="learned='later': use 'now' or 'said'"):
        memory.add_episodes(ITEMS, learned="later")
    assert memory.recent_episodes(group_id="demo") == [result.episode]  # nothing more written


# -- the CLI -----------------------------------------------------------------------------------


@pytest.fixture
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    from chronomem import memory as memory_module

    monkeypatch.setattr(memory_module, "default_embedder", lambda **_: HashEmbedder())


def _cli_jobs(db: str, known_at: object, capsys: pytest.CaptureFixture[str]) -> list[tuple]:
    at = ["--known-at", known_at.isoformat()] if known_at else []  # type: ignore[attr-defined]
    assert main(["timeline", "Alice", "--db", db, "--group", "demo", *at, "--json"]) == 0
    facts = json.loads(capsys.readouterr().out)["facts"]
    return [(f["target"], f["invalid_at"]) for f in facts if f["relation"] == "WORKS_AT"]


@pytest.mark.usefixtures("_hash_embedder")
def test_cli_add_learned_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "history.jsonl"
    src.write_text("\n".join(json.dumps(i) for i in ITEMS), encoding="utf-8")
    said, now = str(tmp_path / "said.db"), str(tmp_path / "now.db")
    assert main(["add", "--db", said, str(src), "--learned", "said", "--json"]) == 0
    assert main(["add", "--db", now, str(src), "--json"]) == 0
    capsys.readouterr()
    assert _cli_jobs(said, BETWEEN_1_2, capsys) == [("Google", None)]
    assert _cli_jobs(said, BETWEEN_2_3, capsys) == [("Google", "2024-01-08T00:00:00+00:00")]
    assert _cli_jobs(now, BETWEEN_2_3, capsys) == []  # learned at the import, today
    with pytest.raises(SystemExit) as refused:
        main(["add", "--db", said, str(src), "--learned", "later"])
    assert refused.value.code == 2
    assert "invalid choice: 'later'" in capsys.readouterr().err


@pytest.mark.usefixtures("_hash_embedder")
def test_cli_import_chat_learned_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chat = tmp_path / "chat.jsonl"
    lines = [
        {"role": "Alice", "content": text.removeprefix("Alice: "), "time": when.isoformat()}
        for when, text in ALICE_STORY
    ]
    chat.write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    db = str(tmp_path / "chat.db")
    args = ["import-chat", str(chat), "--format", "jsonl", "--db", db, "--group", "demo"]
    assert main([*args, "--learned", "said"]) == 0
    assert "3 episodes added" in capsys.readouterr().out
    assert _cli_jobs(db, BETWEEN_1_2, capsys) == [("Google", None)]
    assert _cli_jobs(db, BETWEEN_2_3, capsys) == [("Google", "2024-01-08T00:00:00+00:00")]
    assert _cli_jobs(db, None, capsys) == [
        ("Google", "2024-01-08T00:00:00+00:00"),
        ("Meta", None),
    ]


# -- REST --------------------------------------------------------------------------------------


@pytest.mark.anyio
async def test_rest_batch_learned_said(tmp_path: Path) -> None:
    runtime = make_runtime(tmp_path / "memory.db")
    runtime.start()
    try:
        token = runtime.keys.create(name="admin", groups=["*"], admin=True).token
        batch = {"episodes": [{k: v for k, v in i.items() if k != "group_id"} for i in ITEMS]}
        async with asgi_client(runtime, token) as api:
            bad = await api.post("/v1/groups/demo/episodes/batch?learned=later", json=batch)
            assert bad.status_code == 422
            sent = await api.post("/v1/groups/demo/episodes/batch?learned=said", json=batch)
            assert sent.status_code == 202
            wait_idle(runtime)

            async def jobs(known_at: object) -> dict[str, object]:
                params = {"entity": "Alice", "known_at": known_at.isoformat()}  # type: ignore[attr-defined]
                got = await api.get("/v1/groups/demo/timeline", params=params)
                assert got.status_code == 200, got.text
                return {
                    str(f["target_name"]): f["invalid_at"]
                    for f in got.json()["facts"]
                    if f["relation"] == "WORKS_AT"
                }

            assert await jobs(BETWEEN_1_2) == {"Google": None}
            assert await jobs(BETWEEN_2_3) == {"Google": "2024-01-08T00:00:00Z"}
            found = await api.post(
                "/v1/groups/demo/search",
                json={"query": QUESTION, "known_at": "2024-01-10T12:00:00Z"},
            )
            assert [
                f["invalid_at"] for f in found.json()["facts"] if f["relation"] == "WORKS_AT"
            ] == [None]
    finally:
        runtime.close()
