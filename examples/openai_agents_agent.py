"""An OpenAI Agents SDK agent with chronomem tools, across days (offline by default).

    python examples/openai_agents_agent.py        # chronomem's fake OpenAI server plays the model
    OPENAI_API_KEY=... python examples/openai_agents_agent.py
        # a real model (CHRONOMEM_EXAMPLE_MODEL)

Offline, the fake server answers each turn's first request with the turn's tool call (the
turn forces that tool) and the request after the tool with the first fact the tool
returned. Needs ``pip install "chronomem[local,openai-agents]"``.
"""

from __future__ import annotations

import asyncio
import os

from _story import GROUP, STORY, USER, check, first_fact, open_memory, real_model_wanted
from agents import Agent, ModelSettings, OpenAIChatCompletionsModel, Runner, set_tracing_disabled
from openai import AsyncOpenAI

from chronomem.integrations.openai_agents import memory_tools
from chronomem.testing.fake_openai import ChatRequest, FakeOpenAIServer

INSTRUCTIONS = (
    f"You talk with {USER}. Remember what {USER} tells you about themselves; answer "
    "questions from memory, using valid_at for a past date and known_at for what you knew then."
)


def answer_from_tool_output(request: ChatRequest) -> str:
    """The fake model's turn after a tool ran: the first dated fact in what it was sent."""
    return first_fact(request.user) if "(" in request.user else "Noted."


def main() -> None:
    asyncio.run(converse())


async def converse() -> None:
    set_tracing_disabled(True)  # no trace upload, offline or not
    real = real_model_wanted()
    with open_memory() as memory, FakeOpenAIServer(auto_answer=answer_from_tool_output) as fake:
        client = AsyncOpenAI() if real else AsyncOpenAI(base_url=fake.base_url, api_key="fake")
        async with client:  # closes its connections on the loop that opened them
            name = os.environ.get("CHRONOMEM_EXAMPLE_MODEL", "gpt-4o-mini") if real else "fake"
            model = OpenAIChatCompletionsModel(model=name, openai_client=client)
            tools = memory_tools(memory, group_id=GROUP, speaker=USER)
            for turn in STORY:
                memory.clock.set(turn.when)  # type: ignore[attr-defined]
                settings = ModelSettings()
                if not real:
                    fake.enqueue(turn.args or {"text": turn.text, "when": None})
                    settings = ModelSettings(tool_choice=turn.tool)
                agent = Agent(
                    name="assistant",
                    instructions=INSTRUCTIONS,
                    model=model,
                    model_settings=settings,
                    tools=tools,
                )
                result = await Runner.run(agent, f"[{turn.when:%Y-%m-%d}] {turn.text}")
                check(turn, str(result.final_output))


if __name__ == "__main__":
    main()
