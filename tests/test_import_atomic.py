"""Issue 22, findings 1, 2, 5, 6: an import checks the whole file before its first write, and
writes it in one transaction, so a refused import leaves the group exactly as it was (with
``replace`` too), on every store. Kill -9 in the middle: ``tests/test_import_kill.py``."""

from __future__ import annotations

import base64
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from chronomem.errors import UsageError
from chronomem.model import ChangeSet, Entity, Episode, Fact, Mention
from chronomem.portable import export_lines, import_lines
from chronomem.ports import Store
from chronomem.stores import SQLiteStore
from chronomem.testing import HashEmbedder
from tests.contract.stores import STORES
from tests.helpers import t

NOW = t("2024-03-01T00:00")
EMBEDDER = HashEmbedder()


@pytest.fixture(params=["sqlite-file", "falkordb"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    with STORES[request.param](tmp_path) as fresh:
        fresh.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)
        yield fresh


def fill(store: Store, group: str, n: int, *, word: str = "old") -> None:
    """``n`` entities, ``n - 1`` facts between them, one episode mentioning the first."""
    names = [f"{word} person {i}" for i in range(n)]
    vectors = EMBEDDER.embed_batch(names)
    entities = tuple(
        Entity(id=f"{word}-e{i}", group_id=group, name=name, created_at=NOW, name_embedding=v)
        for i, (name, v) in enumerate(zip(names, vectors, strict=True))
    )
    facts = tuple(
        Fact(
            id=f"{word}-f{i}",
            group_id=group,
            source_id=f"{word}-e{i}",
            target_id=f"{word}-e{i + 1}",
            relation="KNOWS",
            fact=f"{names[i]} knows {names[i + 1]}",
            created_at=NOW,
            attributes={"n": i},
            episodes=(f"{word}-ep",) if i == 0 else (),
            embedding=EMBEDDER.embed_batch([names[i]])[0],
        )
        for i in range(n - 1)
    )
    episode = Episode(
        id=f"{word}-ep",
        group_id=group,
        content=f"{names[0]} said hello",
        source="text",  # type: ignore[arg-type]
        reference_time=NOW,
        created_at=NOW,
        embedding=EMBEDDER.embed_batch(["hello"])[0],
    )
    mention = Mention(group_id=group, episode_id=episode.id, entity_id=entities[0].id)
    store.apply(
        ChangeSet(group, episodes=(episode,), entities=entities, facts=facts, mentions=(mention,))
    )


def exported(store: Store, group: str = "g") -> list[str]:
    return list(export_lines(store, group, embedder=EMBEDDER, now=NOW))


def new_file(tmp_store: Store, n: int) -> list[str]:
    fill(tmp_store, "g", n, word="new")
    return exported(tmp_store)


@pytest.fixture
def new_lines(tmp_path: Path) -> list[str]:
    with STORES["sqlite-memory"](tmp_path) as source:
        source.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)
        return new_file(source, 301)


def spoil(lines: list[str], kind: str, index: int, **fields: object) -> list[str]:
    """The file with the ``index``-th record of ``kind`` changed."""
    out, seen = [], -1
    for line in lines:
        record = json.loads(line)
        if record["type"] == kind:
            seen += 1
            if seen == index:
                record.update(fields)
                line = json.dumps(record) + "\n"
        out.append(line)
    return out


SHORT = base64.b64encode(np.ones(3, dtype="<f4").tobytes()).decode()
NAN = base64.b64encode(np.full(256, np.nan, dtype="<f4").tobytes()).decode()


@pytest.mark.parametrize("replace", [False, True], ids=["merge", "replace"])
@pytest.mark.parametrize(
    ("kind", "index", "fields", "why"),
    [
        ("entity", 300, {"name_embedding": SHORT}, r"dimension|shape"),
        ("fact", 299, {"embedding": SHORT}, r"dimension|shape"),
        ("entity", 300, {"name_embedding": NAN}, r"NaN|finite"),
        ("entity", 300, {"id": "e\u0000vil"}, r"NUL"),
        ("entity", 300, {"name": "Mal\u0000lory"}, r"NUL"),
        ("fact", 10, {"id": "f\u0000"}, r"NUL"),
        ("episode", 0, {"content": "hi \u0000"}, r"NUL"),
        ("entity", 300, {"attributes": {"x": float("nan")}}, r"NaN|finite"),
        ("fact", 299, {"attributes": {"x": float("inf")}}, r"NaN|finite|infinit"),
        ("entity", 300, {"summary": "\ud800"}, r"surrogate|Unicode"),
    ],
    ids=[
        "short-entity-vector",
        "short-fact-vector",
        "nan-vector",
        "nul-entity-id",
        "nul-name",
        "nul-fact-id",
        "nul-content",
        "nan-attribute",
        "infinite-attribute",
        "surrogate-summary",
    ],
)
def test_a_refused_import_leaves_the_group_as_it_was(
    store: Store, new_lines: list[str], kind: str, index: int, fields: dict, why: str, replace: bool
) -> None:
    fill(store, "g", 5)
    before = exported(store)
    version = store.group_version("g")
    bad = spoil(new_lines, kind, index, **fields)
    with pytest.raises(UsageError, match=why):
        import_lines(store, bad, embedder=EMBEDDER, replace_group=replace)
    assert exported(store) == before
    assert store.group_version("g") == version


def test_a_replace_import_gives_exactly_the_file(store: Store, new_lines: list[str]) -> None:
    fill(store, "g", 5)
    report = import_lines(store, new_lines, embedder=EMBEDDER, replace_group=True)
    assert exported(store) == new_lines and report.written == report.rows
    version = store.group_version("g")
    again = import_lines(store, new_lines, embedder=EMBEDDER, replace_group=True)
    assert again.written == 0 and store.group_version("g") == version


def test_a_merge_import_keeps_the_rest_in_one_write(store: Store, new_lines: list[str]) -> None:
    fill(store, "g", 5)
    version = store.group_version("g")
    import_lines(store, new_lines, embedder=EMBEDDER)
    assert store.group_version("g") == version + 1  # one transaction, not one per chunk
    assert store.get_entities(["g"], ["old-e0", "new-e300"]) and len(exported(store)) > 600


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ('{"type": "entity", "id": "x", "name": "X", "created_at": ' + "9" * 5000 + "}", "digits"),
        ('{"type": "entity", "id": "\\ud800", "name": "X"}', r"surrogate|Unicode"),
        ("[" * 50_000 + "]" * 50_000, "nested"),
        ('{"type": "fact", "attributes": {"x": NaN}}', r"NaN|finite"),
        ('{"type": "entity", "attributes": {"x": Infinity}}', r"NaN|finite|Infinity"),
    ],
    ids=["huge-integer", "lone-surrogate", "deep-nesting", "nan-literal", "infinity-literal"],
)
def test_hostile_lines_are_usage_errors(store: Store, new_lines: list[str], line, why) -> None:
    fill(store, "g", 3)
    before = exported(store)
    with pytest.raises(UsageError, match=why):
        import_lines(store, [new_lines[0], line + "\n"], embedder=EMBEDDER, replace_group=True)
    assert exported(store) == before


def test_a_large_import_into_a_packed_falkordb_group_is_indexed_before_the_write(
    tmp_path: Path,
) -> None:
    """One change set of 1,000+ rows: the group moves out and gets its indexes first (each
    fact then finds its ends by index, not by scanning the group)."""
    from chronomem.stores.falkordb import cypher, growth

    with STORES["sqlite-memory"](tmp_path) as source:
        source.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)
        lines = new_file(source, growth.AHEAD_ROWS + 1)
    with STORES["falkordb"](tmp_path) as store:
        store.bind_embedder(EMBEDDER.name, EMBEDDER.dimension)
        fill(store, "g", 3)
        assert store.scope("g").packed  # type: ignore[attr-defined]
        version = store.group_version("g")
        sent_to = []
        query = store.connection.query  # type: ignore[attr-defined]

        def spy(scope, statement, params, **options):  # type: ignore[no-untyped-def]
            if statement == cypher.APPLY:
                sent_to.append(scope)
            return query(scope, statement, params, **options)

        store.connection.query = spy  # type: ignore[attr-defined]
        import_lines(store, lines, embedder=EMBEDDER, replace_group=True)
        assert len(sent_to) == 1 and not sent_to[0].packed  # one write, to the indexed graph
        scope = store.scope("g")  # type: ignore[attr-defined]
        assert not scope.packed and store.group_version("g") == version + 1
        catalog = store._catalog  # type: ignore[attr-defined]
        assert catalog.has_label_indexes(scope, "Entity") and catalog.has_label_indexes(
            scope, "FACT"
        )
        assert exported(store) == lines


@pytest.mark.anyio
@pytest.mark.parametrize("replace", ["true", "false"])
async def test_a_refused_rest_import_leaves_the_group_as_it_was(
    runtime, api, new_lines: list[str], replace: str
) -> None:  # type: ignore[no-untyped-def]
    fill(runtime.memory.store, "g", 5)
    before = (await api.get("/v1/groups/g/export")).text
    for bad in (
        spoil(new_lines, "entity", 300, name_embedding=SHORT),
        [new_lines[0], '{"type": "entity", "id": "x", "n": ' + "9" * 5000 + "}\n"],
        [new_lines[0], '{"type": "entity", "id": "\\ud800", "name": "X"}\n'],
    ):
        r = await api.post(
            "/v1/groups/g/import", content="".join(bad).encode(), params={"replace": replace}
        )
        assert r.status_code == 422, r.text
        assert (await api.get("/v1/groups/g/export")).text == before


def test_an_episode_edited_in_the_store_is_restored_with_its_links(
    store: Store, new_lines: list[str]
) -> None:
    import_lines(store, new_lines, embedder=EMBEDDER)
    if isinstance(store, SQLiteStore):
        with sqlite3.connect(store._path) as conn:  # type: ignore[attr-defined]
            conn.execute("UPDATE episodes SET content = 'edited'")
        conn.close()
    else:
        scope = store.scope("g")  # type: ignore[attr-defined]
        edit = "MATCH (e:Episode) SET e.content = 'edited'"
        store.connection.query(scope, edit, {}, write=True)  # type: ignore[attr-defined]
    assert exported(store) != new_lines
    report = import_lines(store, new_lines, embedder=EMBEDDER)
    assert exported(store) == new_lines  # the episode, its mention and its fact's link
    assert report.written == 3
