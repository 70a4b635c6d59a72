"""Export and import of a group: exact, idempotent, any store to any store, versioned."""

from __future__ import annotations

import json

import pytest

from chronomem import Memory
from chronomem.cli.main import main
from chronomem.errors import UsageError
from chronomem.portable import export_lines, import_lines, parse_export
from chronomem.stores import open_store
from chronomem.testing import HashEmbedder, ManualClock
from tests.falkordb_server import fresh_store
from tests.helpers import ALICE_STORY, replay, t

NOW = t("2024-03-01T00:00")


@pytest.fixture
def alice(make_memory, clock: ManualClock) -> Memory:
    """The Alice story (Google, then Meta) with communities, in a SQLite memory."""
    memory = make_memory()
    replay(memory, clock, ALICE_STORY)
    memory.add_episode(
        "Alice: My sister Carol lives in Lisbon.", group_id="demo", reference_time=t("2024-02-01")
    )
    memory.build_communities("demo")
    return memory


def _export(store, group: str = "demo", embedder=None) -> list[str]:  # type: ignore[no-untyped-def]
    return list(export_lines(store, group, embedder=embedder or HashEmbedder(), now=NOW))


def _records(lines: list[str]) -> dict[str, list[dict]]:  # type: ignore[type-arg]
    kinds: dict[str, list[dict]] = {}  # type: ignore[type-arg]
    for line in lines:
        record = json.loads(line)
        kinds.setdefault(record["type"], []).append(record)
    return kinds


def test_export_holds_every_kind_with_four_timestamps_and_a_header(alice):
    records = _records(_export(alice.store))
    (header,) = records["header"]
    assert header["format"] == "chronomem-export" and header["version"] == 1
    assert header["group_id"] == "demo" and header["chronomem_version"]
    assert header["embedder"] == {"name": "hash-256", "dimension": 256}
    assert len(records["episode"]) == 4
    google = next(f for f in records["fact"] if "Google" in f["fact"])
    assert google["valid_at"] and google["invalid_at"] and google["created_at"]
    assert google["expired_at"] and google["episodes"]
    alice_entity = next(e for e in records["entity"] if e["name"] == "Alice")
    assert alice_entity["name_embedding"] and "Person" in alice_entity["labels"]
    assert records["mention"] and records["community"][0]["member_ids"]


def test_sqlite_round_trip_is_exact_and_idempotent(alice, tmp_path):
    first = _export(alice.store)
    with open_store(str(tmp_path / "copy.db")) as target:
        report = import_lines(target, first, embedder=HashEmbedder())
        assert report.written == report.rows and not report.reembedded
        version = target.group_version("demo")
        again = import_lines(target, first, embedder=HashEmbedder())
        assert again.written == 0 and target.group_version("demo") == version
        assert _export(target) == first


def test_imported_group_answers_like_the_original(alice, clock):
    target = Memory(":memory:", embedder=HashEmbedder(), clock=clock)
    import_lines(target.store, _export(alice.store), embedder=HashEmbedder(), group_id="copy")
    now_facts = {f.fact for f in target.search("Where does Alice work?", group_id="copy").facts}
    assert any("Meta" in f for f in now_facts) and not any("Google" in f for f in now_facts)
    then = target.search("Where does Alice work?", group_id="copy", valid_at=t("2024-01-05"))
    assert any("Google" in f.fact for f in then.facts)
    assert not target.store.get_episodes(
        ["demo"], [e.id for e in alice.recent_episodes(group_id="demo", limit=10)]
    )  # the copy went to "copy" only
    target.close()


def test_import_replaces_changed_rows_and_replace_flag_drops_the_rest(alice):
    lines = _export(alice.store)
    target = open_store(":memory:")
    import_lines(target, lines, embedder=HashEmbedder())
    carol = next(e for e in target.list_entities("demo") if e.name == "Carol")
    from dataclasses import replace

    from chronomem.model import ChangeSet, Entity

    target.apply(ChangeSet("demo", entities=(replace(carol, summary="edited"),)))
    stray = Entity(id="stray", group_id="demo", name="Stray", created_at=NOW)
    target.apply(ChangeSet("demo", entities=(stray,)))
    assert import_lines(target, lines, embedder=HashEmbedder()).written == 1  # Carol restored
    assert target.get_entities(["demo"], ["stray"])  # merged: rows the file lacks stay
    import_lines(target, lines, embedder=HashEmbedder(), replace_group=True)
    assert not target.get_entities(["demo"], ["stray"])
    assert _export(target) == lines
    target.close()


def test_unknown_version_and_foreign_files_are_refused_clearly(alice):
    lines = _export(alice.store)
    header = json.loads(lines[0])
    newer = [json.dumps({**header, "version": 99}) + "\n", *lines[1:]]
    with pytest.raises(UsageError, match=r"format version 99.*reads version"):
        parse_export(newer)
    with pytest.raises(UsageError, match="not a chronomem export"):
        parse_export(['{"role": "user", "content": "hi"}\n'])
    with pytest.raises(UsageError, match="line 3: unknown record type 'widget'"):
        parse_export([lines[0], lines[1], '{"type": "widget"}\n'])
    store = open_store(":memory:")
    with pytest.raises(UsageError):
        import_lines(store, newer, embedder=HashEmbedder())
    assert store.recent_episodes("demo", limit=5) == []  # nothing half-written
    store.close()


def test_other_embedder_re_embeds_every_vector(alice):
    small = HashEmbedder(dimension=64)
    target = Memory(":memory:", embedder=small)
    report = import_lines(target.store, _export(alice.store), embedder=small)
    assert report.reembedded
    records = _records(_export(target.store, embedder=small))
    assert records["header"][0]["embedder"] == {"name": "hash-64", "dimension": 64}
    for fact in records["fact"]:
        assert len(fact["embedding"]) == len("A" * 344)  # 64 float32 = 256 bytes in base64
    assert target.search("Meta", group_id="demo").facts  # the new vectors are searchable
    target.close()


def test_store_of_another_embedder_refuses_with_the_fix(alice):
    target = open_store(":memory:")
    target.bind_embedder("hash-64", 64)
    with pytest.raises(UsageError, match="embedding model 'hash-64'"):
        import_lines(target, _export(alice.store), embedder=HashEmbedder())
    target.close()


def test_sqlite_to_falkordb_and_back_is_identical(alice):
    first = _export(alice.store)
    with fresh_store() as falkor:
        import_lines(falkor, first, embedder=HashEmbedder())
        assert _export(falkor) == first
        version = falkor.group_version("demo")
        assert import_lines(falkor, first, embedder=HashEmbedder()).written == 0
        assert falkor.group_version("demo") == version


def test_cli_export_then_import(alice, tmp_path, capsys, monkeypatch):
    from chronomem import memory as memory_module

    monkeypatch.setattr(memory_module, "default_embedder", lambda **_: HashEmbedder())
    source = tmp_path / "source.db"
    with open_store(str(source)) as store:
        import_lines(store, _export(alice.store), embedder=HashEmbedder())
    dump = tmp_path / "demo.jsonl"
    assert main(["export", "--db", str(source), "--group", "demo", "-o", str(dump)]) == 0
    target = tmp_path / "target.db"
    assert main(["import", str(dump), "--db", str(target), "--group", "copy"]) == 0
    assert "written" in capsys.readouterr().out
    assert main(["import", str(dump), "--db", str(target), "--group", "copy"]) == 0
    assert ", 0 written" in capsys.readouterr().out
    bad = tmp_path / "bad.jsonl"
    lines = dump.read_text().splitlines(keepends=True)
    bad.write_text(json.dumps({**json.loads(lines[0]), "version": 7}) + "\n" + "".join(lines[1:]))
    assert main(["import", str(bad), "--db", str(target)]) == 2
    assert "format version 7" in capsys.readouterr().err
    monkeypatch.setattr(memory_module, "default_embedder", lambda **_: HashEmbedder(dimension=64))
    assert main(["export", "--db", str(source), "--group", "demo"]) == 2
    assert "--embedder local|torch|hash|api" in capsys.readouterr().err


@pytest.mark.local_model
def test_export_of_another_model_is_re_embedded_with_the_real_model(alice, clock):
    from tests.real_embedder import real_embedder

    embedder = real_embedder()
    target = Memory(":memory:", embedder=embedder, clock=clock)
    report = import_lines(target.store, _export(alice.store), embedder=embedder)
    assert report.reembedded
    found = target.search("who is her employer these days?", group_id="demo").facts
    assert found and "Meta" in found[0].fact
    header = _records(_export(target.store, embedder=embedder))["header"][0]
    assert header["embedder"] == {"name": embedder.name, "dimension": embedder.dimension}
    target.close()


def test_every_model_field_has_a_place_in_the_format(alice):
    """A field added to a model later must be added to the format too (this test says so)."""
    import dataclasses

    from chronomem.model import Community, Entity, Episode, Fact
    from chronomem.portable.format import to_record

    rows = [
        alice.recent_episodes(group_id="demo", limit=1)[0],
        alice.store.list_entities("demo")[0],
        alice.store.facts_of_entities(
            ["demo"], [e.id for e in alice.store.list_entities("demo")], _history()
        )[0],
        alice.store.get_communities(["demo"])[0],
    ]
    for kind, row in zip((Episode, Entity, Fact, Community), rows, strict=True):
        missing = {f.name for f in dataclasses.fields(kind)} - set(to_record(row)) - {"group_id"}
        assert not missing, f"{kind.__name__} fields not exported: {missing}"


def _history():  # type: ignore[no-untyped-def]
    from chronomem.model import SearchFilter

    return SearchFilter(history=True).resolved(NOW)


def test_an_incomplete_file_is_refused_before_anything_is_written(alice):
    lines = _export(alice.store)
    without_entities = [x for x in lines if json.loads(x)["type"] != "entity"]
    store = open_store(":memory:")
    with pytest.raises(UsageError, match="which the export does not hold"):
        import_lines(store, without_entities, embedder=HashEmbedder())
    with pytest.raises(UsageError, match="twice"):
        import_lines(store, [*lines, lines[1]], embedder=HashEmbedder())
    assert store.recent_episodes("demo", limit=5) == []
    store.close()
