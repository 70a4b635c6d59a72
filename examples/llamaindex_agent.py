"""A LlamaIndex chat engine with chronomem as a memory block, across days (offline by
default).

    python examples/llamaindex_agent.py           # LlamaIndex's MockLLM plays the model
    OPENAI_API_KEY=... python examples/llamaindex_agent.py
        # OpenAI (pip install llama-index-llms-openai)

Each day's message is put into the block (``aput``: remembered as an episode); on each
question the block puts chronomem's dated context into the prompt. ``MockLLM`` answers by
echoing its prompt, so offline the answer is the first fact of the memory it was given.
Needs ``pip install "chronomem[local,llamaindex]"``.
"""

from __future__ import annotations

import asyncio
import os

from _story import GROUP, STORY, USER, at, check, first_fact, open_memory, real_model_wanted
from llama_index.core.chat_engine import SimpleChatEngine
from llama_index.core.llms import LLM, ChatMessage, MockLLM
from llama_index.core.memory import Memory as ChatMemory

from chronomem.integrations.llamaindex import ChronomemMemoryBlock


def real_llm() -> LLM:
    try:
        from llama_index.llms.openai import OpenAI  # type: ignore[import-not-found]
    except ImportError:
        raise SystemExit("a real model here needs: pip install llama-index-llms-openai") from None
    return OpenAI(model=os.environ.get("CHRONOMEM_EXAMPLE_MODEL", "gpt-4o-mini"))


def main() -> None:
    real = real_model_wanted()
    with open_memory() as memory:
        block = ChronomemMemoryBlock(memory=memory, group_id=GROUP, user_name=USER)
        for turn in STORY:
            memory.clock.set(turn.when)  # type: ignore[attr-defined]
            if not turn.expect:  # a statement: remembered at once
                asyncio.run(block.aput([ChatMessage(role="user", content=turn.text)]))
                check(turn, "Noted.")
                continue
            block.valid_at = at(turn.args["valid_at"]) if "valid_at" in turn.args else None
            block.known_at = at(turn.args["known_at"]) if "known_at" in turn.args else None
            engine = SimpleChatEngine.from_defaults(
                llm=real_llm() if real else MockLLM(),
                memory=ChatMemory.from_defaults(session_id=GROUP, memory_blocks=[block]),
            )
            reply = str(engine.chat(turn.text))
            check(turn, reply if real else first_fact(reply))


if __name__ == "__main__":
    main()
