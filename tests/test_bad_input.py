"""Bad input gets a clear UsageError and nothing is written."""

from __future__ import annotations

from datetime import datetime

import pytest

from chronomem import EpisodeInput, UsageError
from tests.helpers import t

GOOD = {"group_id": "g1", "reference_time": t("2024-01-01T10:00")}


def _nothing_written(memory) -> None:
    assert memory.store.group_version("g1") == 0
    assert memory.recent_episodes(group_id="g1") == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"reference_time": datetime(2024, 1, 1, 10, 0)}, "naive datetime"),
        ({"content": ""}, "empty"),
        ({"content": "   \n "}, "empty"),
        ({"source": "email"}, "unknown episode source"),
        ({"group_id": "bad group!"}, "invalid group_id"),
        ({"group_id": ""}, "invalid group_id"),
        ({"source": "json", "content": "{not json"}, "not valid JSON"),
        ({"source": "json", "content": "[" + "1," * 60_000 + "1]"}, "over the limit"),
    ],
    ids=["naive", "empty", "blank", "source", "group", "empty-group", "bad-json", "big-json"],
)
def test_bad_episode_is_refused_and_nothing_is_written(make_memory, change, message):
    memory = make_memory()
    kwargs = {"content": "Alice: hello", **GOOD, **change}
    content = kwargs.pop("content")
    with pytest.raises(UsageError, match=message):
        memory.add_episode(content, **kwargs)
    _nothing_written(memory)


def test_a_bad_episode_in_a_batch_writes_none_of_the_batch(make_memory):
    memory = make_memory()
    batch = [
        EpisodeInput(content="Alice: I live in Paris.", **GOOD),
        EpisodeInput(content="Bob: hi", group_id="g1", reference_time=datetime(2024, 1, 2)),
    ]
    with pytest.raises(UsageError, match="naive"):
        memory.add_episodes(batch)
    _nothing_written(memory)


def test_search_refuses_bad_arguments(make_memory):
    memory = make_memory()
    with pytest.raises(UsageError, match="exactly one of"):
        memory.search("x")
    with pytest.raises(UsageError, match="naive"):
        memory.search("x", group_id="g1", valid_at=datetime(2024, 1, 1))
    with pytest.raises(UsageError, match="unknown search recipe"):
        memory.search("x", group_id="g1", recipe="nope")
    with pytest.raises(UsageError, match="invalid group_id"):
        memory.search("x", group_id="a b")


def test_json_episode_is_accepted(make_memory):
    memory = make_memory()
    result = memory.add_episode('{"customer": "Acme", "plan": "Pro"}', source="json", **GOOD)
    assert result.episode.source == "json"
    assert memory.recent_episodes(group_id="g1")[0].id == result.episode.id
