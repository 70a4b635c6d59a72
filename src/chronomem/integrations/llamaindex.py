"""LlamaIndex: a memory block for ``llama_index.core.memory.Memory`` (its current memory
API) over one chronomem group.

``Memory.from_defaults(memory_blocks=[ChronomemMemoryBlock(memory=m, group_id="u1")])``:
when the chat's short-term memory flushes messages, the block stores the user's as
episodes; on each turn it puts chronomem's dated context for the latest user message into
the prompt (``valid_at`` / ``known_at`` fields ask what was true / believed then, and may be
given per call as ``aget(messages, valid_at=...)``). The query is the latest user message
(its last 2,000 characters when it is longer: a pasted document ends with the question).
Call ``aput`` yourself to remember a turn at once; a long message is stored as passages.

Needs ``pip install "chronomem[llamaindex]"``.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from chronomem.integrations import require

require("llama_index.core", "llamaindex")

from llama_index.core.base.llms.types import ChatMessage, MessageRole  # noqa: E402
from llama_index.core.memory import BaseMemoryBlock  # noqa: E402
from pydantic import Field  # noqa: E402

from chronomem.integrations.tools import MAX_QUERY_CHARS, check_query  # noqa: E402
from chronomem.memory import Memory  # noqa: E402
from chronomem.model import check_group_id  # noqa: E402

__all__ = ["ChronomemMemoryBlock"]


class ChronomemMemoryBlock(BaseMemoryBlock[str]):
    """Long-term memory from chronomem: the dated context for the latest user message."""

    name: str = "chronomem"
    description: str | None = "Facts about the user with the dates they held"
    memory: Memory
    group_id: str
    user_name: str = "User"
    max_tokens: int = Field(default=1_000, ge=50)
    valid_at: datetime | None = None
    known_at: datetime | None = None

    def model_post_init(self, context: Any, /) -> None:
        check_group_id(self.group_id)

    async def _aget(self, messages: list[ChatMessage] | None = None, **block_kwargs: Any) -> str:
        users = [
            m for m in messages or [] if m.role == MessageRole.USER and str(m.content or "").strip()
        ]
        if not users:
            return ""
        found = await asyncio.to_thread(
            self.memory.context,
            check_query(str(users[-1].content)[-MAX_QUERY_CHARS:]),
            group_id=self.group_id,
            max_tokens=self.max_tokens,
            valid_at=block_kwargs.get("valid_at") or self.valid_at,
            known_at=block_kwargs.get("known_at") or self.known_at,
        )
        return found.text

    async def _aput(self, messages: list[ChatMessage]) -> None:
        for message in messages:
            text = str(message.content or "").strip()
            if message.role == MessageRole.USER and text:
                await asyncio.to_thread(
                    self.memory.add_episode,
                    f"{self.user_name}: {text}",
                    group_id=self.group_id,
                    reference_time=self.memory.clock.now(),
                )
