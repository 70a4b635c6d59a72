"""A LangChain chain that answers from chronomem through the retriever, across days
(offline by default).

    python examples/langchain_agent.py            # LangChain's ParrotFakeChatModel
    OPENAI_API_KEY=... python examples/langchain_agent.py
        # ChatOpenAI (pip install langchain-openai)

Each statement is stored as a message episode; each question runs retriever -> prompt ->
model, with the question's ``valid_at`` / ``known_at`` passed to the retriever.
``ParrotFakeChatModel`` repeats the prompt it is given, so offline the answer is the first
fact the retriever put there. Needs ``pip install "chronomem[local,langchain]"``.
"""

from __future__ import annotations

import os

from _story import GROUP, STORY, USER, Turn, at, check, first_fact, open_memory, real_model_wanted
from langchain_core.language_models import BaseChatModel
from langchain_core.language_models.fake_chat_models import ParrotFakeChatModel
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import Runnable, RunnableLambda, RunnablePassthrough

from chronomem import Memory
from chronomem.integrations.langchain import ChronomemRetriever

PROMPT = ChatPromptTemplate.from_messages(
    [
        ("system", f"You talk with {USER}. Answer from the memories, which carry their dates."),
        ("human", "Memories:\n{memories}\n\nQuestion: {question}"),
    ]
)


def real_model() -> BaseChatModel:
    try:
        from langchain_openai import ChatOpenAI  # type: ignore[import-not-found]
    except ImportError:
        raise SystemExit("a real model here needs: pip install langchain-openai") from None
    return ChatOpenAI(model=os.environ.get("CHRONOMEM_EXAMPLE_MODEL", "gpt-4o-mini"))


def chain(memory: Memory, model: BaseChatModel) -> Runnable[Turn, str]:
    retriever = ChronomemRetriever(memory=memory, group_id=GROUP, k=3, episodes=0)

    def memories(turn: Turn) -> str:
        times = {k: at(v) for k, v in turn.args.items() if k in ("valid_at", "known_at")}
        docs = retriever.invoke(turn.args["query"], **times)
        return "\n".join(f"- {d.page_content}" for d in docs) or "(none)"

    inputs = RunnablePassthrough.assign(memories=RunnableLambda(lambda t: memories(t["turn"])))
    return (
        RunnableLambda(lambda turn: {"turn": turn, "question": turn.text})
        | inputs
        | PROMPT
        | model
        | StrOutputParser()
    )


def main() -> None:
    real = real_model_wanted()
    with open_memory() as memory:
        answer = chain(memory, real_model() if real else ParrotFakeChatModel())
        for turn in STORY:
            memory.clock.set(turn.when)  # type: ignore[attr-defined]
            if not turn.expect:  # a statement: remembered as the user's message
                memory.add_episode(f"{USER}: {turn.text}", group_id=GROUP, reference_time=turn.when)
                check(turn, "Noted.")
                continue
            reply = answer.invoke(turn)
            check(turn, reply if real else first_fact(reply))


if __name__ == "__main__":
    main()
