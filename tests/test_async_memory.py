"""AsyncMemory runs the same engine without blocking the event loop."""

from __future__ import annotations

import asyncio

from chronomem import AsyncMemory
from chronomem.testing import HashEmbedder, ManualClock
from tests.helpers import ALICE_STORY, t


def test_async_memory_round_trip():
    async def scenario() -> None:
        memory = AsyncMemory(embedder=HashEmbedder(), clock=ManualClock(t("2024-02-01T00:00")))
        await asyncio.gather(*(
            memory.add_episode(text, group_id=f"g{i}", reference_time=ref)
            for i, (ref, text) in enumerate(ALICE_STORY)
        ))
        found = await memory.search("Alice work", group_id="g0")
        assert any("Google" in f.fact for f in found.facts)
        await memory.close()

    asyncio.run(scenario())
