"""A pydantic-ai agent with chronomem tools, across days (offline by default).

    python examples/pydantic_ai_agent.py          # FunctionModel plays the model
    OPENAI_API_KEY=... python examples/pydantic_ai_agent.py
        # a real model (CHRONOMEM_EXAMPLE_MODEL)

Needs ``pip install "chronomem[local,pydantic-ai]"`` (and ``chronomem[openai]`` for a real
model).
"""

from __future__ import annotations

import os

from _story import GROUP, STORY, USER, Turn, check, first_fact, open_memory, real_model_wanted
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models import Model
from pydantic_ai.models.function import AgentInfo, FunctionModel

from chronomem.integrations.pydantic_ai import memory_toolset


def scripted(turn: Turn) -> Model:
    """Offline: call the turn's tool, then answer with the first fact it returned."""

    def reply(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        returned = [p for p in messages[-1].parts if isinstance(p, ToolReturnPart)]
        if returned:
            text = str(returned[0].content)
            return ModelResponse(parts=[TextPart(first_fact(text) if turn.expect else "Noted.")])
        args = turn.args or {"text": turn.text}
        return ModelResponse(parts=[ToolCallPart(turn.tool, args)])

    return FunctionModel(reply)


def main() -> None:
    real = real_model_wanted()
    with open_memory() as memory:
        agent = Agent(
            instructions=f"You talk with {USER}. Remember what {USER} tells you about "
            "themselves; answer questions from memory, using valid_at for a past date.",
            toolsets=[memory_toolset(memory, group_id=GROUP, speaker=USER)],
        )
        for turn in STORY:
            memory.clock.set(turn.when)  # type: ignore[attr-defined]
            model = os.environ.get("CHRONOMEM_EXAMPLE_MODEL", "openai:gpt-4o-mini")
            result = agent.run_sync(
                f"[{turn.when:%Y-%m-%d}] {turn.text}", model=model if real else scripted(turn)
            )
            check(turn, result.output)


if __name__ == "__main__":
    main()
