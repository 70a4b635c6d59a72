"""A LangGraph agent with chronomem as long-term memory, across days (offline by default).

    python examples/langgraph_agent.py            # LangChain's fake chat model plays the model
    OPENAI_API_KEY=... python examples/langgraph_agent.py
        # ChatOpenAI (pip install langchain-openai)

The graph: remember (each human turn becomes an episode) -> agent -> tools (recall,
context_for, timeline) -> agent. Offline, ``GenericFakeChatModel`` makes each question's tool
call, and the agent's answer after the tool is the first fact the tool returned. Needs
``pip install "chronomem[local,langgraph]"``.
"""

from __future__ import annotations

import os

from _story import GROUP, STORY, USER, Turn, check, first_fact, open_memory, real_model_wanted
from langchain_core.language_models import BaseChatModel
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.prebuilt import ToolNode, tools_condition

from chronomem import Memory
from chronomem.integrations.langchain import memory_tools
from chronomem.integrations.langgraph import remember_turns

SYSTEM = (
    f"You talk with {USER}; their messages are remembered for you. Answer questions with the "
    "recall tool: valid_at for a past date, known_at for what you knew then."
)


def scripted(turn: Turn) -> BaseChatModel:
    """Offline: a question's tool call, or "Noted." for a statement."""
    if not turn.expect:
        return GenericFakeChatModel(messages=iter([AIMessage("Noted.")]))
    call = {"name": turn.tool, "args": turn.args, "id": "call-1", "type": "tool_call"}
    return GenericFakeChatModel(messages=iter([AIMessage("", tool_calls=[call])]))


def real_model() -> BaseChatModel:
    try:
        from langchain_openai import ChatOpenAI  # type: ignore[import-not-found]
    except ImportError:
        raise SystemExit("a real model here needs: pip install langchain-openai") from None
    return ChatOpenAI(model=os.environ.get("CHRONOMEM_EXAMPLE_MODEL", "gpt-4o-mini"))


def build(memory: Memory, model: BaseChatModel | None, script: list[Turn]) -> CompiledStateGraph:
    """The graph; offline (``model`` None) the fake plays ``script[0]``'s turn."""
    tools = [t for t in memory_tools(memory, group_id=GROUP, speaker=USER) if t.name != "remember"]

    def agent(state: MessagesState) -> dict[str, list[BaseMessage]]:
        last = state["messages"][-1]
        if model is None:  # offline: the fake's tool call, then the answer from the tool
            if isinstance(last, ToolMessage):
                return {"messages": [AIMessage(first_fact(str(last.content)))]}
            return {"messages": [scripted(script[0]).invoke(state["messages"])]}
        reply = model.bind_tools(tools).invoke([SystemMessage(SYSTEM), *state["messages"]])
        return {"messages": [reply]}

    graph = StateGraph(MessagesState)
    graph.add_node("remember", remember_turns(memory, group_id=GROUP, user_name=USER))
    graph.add_node("agent", agent)
    graph.add_node("tools", ToolNode(tools))
    graph.add_edge(START, "remember")
    graph.add_edge("remember", "agent")
    graph.add_conditional_edges("agent", tools_condition)
    graph.add_edge("tools", "agent")
    return graph.compile()


def main() -> None:
    model = real_model() if real_model_wanted() else None
    script: list[Turn] = []
    with open_memory() as memory:
        app = build(memory, model, script)
        for turn in STORY:
            memory.clock.set(turn.when)  # type: ignore[attr-defined]
            script[:] = [turn]
            out = app.invoke({"messages": [HumanMessage(turn.text)]})
            check(turn, str(out["messages"][-1].content))


if __name__ == "__main__":
    main()
