"""AsyncMemory runs the same engine without blocking the event loop."""

from __future__ import annotations

import asyncio
import inspect

import pytest

from chronomem import AsyncMemory, Memory
from chronomem.search.context import DEFAULT_MAX_TOKENS
from chronomem.testing import HashEmbedder, ManualClock
from tests.helpers import ALICE_STORY, t


def test_async_memory_round_trip():
    async def scenario() -> None:
        memory = AsyncMemory(embedder=HashEmbedder(), clock=ManualClock(t("2024-02-01T00:00")))
        await asyncio.gather(
            *(
                memory.add_episode(text, group_id=f"g{i}", reference_time=ref)
                for i, (ref, text) in enumerate(ALICE_STORY)
            )
        )
        found = await memory.search("Alice work", group_id="g0")
        assert any("Google" in f.fact for f in found.facts)
        await memory.close()

    asyncio.run(scenario())


def _public(cls: type) -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in inspect.getmembers(cls, inspect.isfunction)
        if not name.startswith("_")
    }


def test_async_memory_has_every_public_method_of_memory_with_the_same_parameters():
    sync, wrapped = _public(Memory), _public(AsyncMemory)
    assert set(sync) <= set(wrapped), f"missing on AsyncMemory: {set(sync) - set(wrapped)}"
    for name, signature in sync.items():
        async_params = wrapped[name].parameters
        assert inspect.iscoroutinefunction(getattr(AsyncMemory, name)), name
        for pname, param in signature.parameters.items():
            twin = async_params.get(pname)
            assert twin is not None, f"AsyncMemory.{name} lacks {pname}"
            assert (twin.kind, twin.default) == (param.kind, param.default), f"{name}.{pname}"
            assert twin.annotation == param.annotation, f"{name}.{pname} annotation"
    init_sync = inspect.signature(Memory.__init__).parameters
    init_async = inspect.signature(AsyncMemory.__init__).parameters
    assert list(init_sync) == list(init_async)


def test_async_with_closes_and_the_read_methods_work():
    async def scenario() -> None:
        clock = ManualClock(t("2024-02-01T00:00"))
        async with AsyncMemory(embedder=HashEmbedder(), clock=clock) as memory:
            ref, text = ALICE_STORY[0]
            result = await memory.add_episode(text, group_id="g", reference_time=ref)
            (recent,) = await memory.recent_episodes(group_id="g", limit=5)
            assert recent.id == result.episode.id
            assert [e.id for e in await memory.get_episodes([recent.id], group_id="g")] == [
                recent.id
            ]
            fact = result.facts[0]
            assert (await memory.get_facts([fact.id], group_id="g"))[0].id == fact.id
            assert await memory.delete_fact(fact.id, group_id="g")
            assert await memory.get_facts([fact.id], group_id="g") == []
            context = await memory.context("Alice", group_id="g")
            assert context.max_tokens == DEFAULT_MAX_TOKENS
        with pytest.raises(Exception):  # noqa: B017 - the store is closed: any use fails
            memory.sync.store.recent_episodes("g", limit=1)

    asyncio.run(scenario())
