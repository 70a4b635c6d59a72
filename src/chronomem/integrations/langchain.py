"""LangChain: a retriever over one group, and the four memory tools as LangChain tools.

``ChronomemRetriever`` is a ``langchain_core`` ``BaseRetriever``: ``invoke(query)`` returns
the group's relevant facts, then the most relevant raw episodes, as ``Document``\\ s.
Metadata carries the dates: a fact's ``valid_at`` / ``invalid_at`` (world time) and
``created_at`` / ``expired_at`` (when the memory learned or retracted it); an episode's
``reference_time``. ``valid_at`` and ``known_at`` are fields of the retriever, and may also be
passed per call (``retriever.invoke("where do I live?", valid_at=march)``).

Needs ``pip install "chronomem[langchain]"``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from chronomem.integrations import require

require("langchain_core", "langchain")

from langchain_core.callbacks import CallbackManagerForRetrieverRun  # noqa: E402
from langchain_core.documents import Document  # noqa: E402
from langchain_core.retrievers import BaseRetriever  # noqa: E402
from langchain_core.tools import BaseTool, StructuredTool  # noqa: E402
from pydantic import ConfigDict, Field  # noqa: E402

from chronomem.integrations.tools import MemoryTools, check_query  # noqa: E402
from chronomem.memory import Memory  # noqa: E402
from chronomem.model import Episode, Fact, check_group_id  # noqa: E402
from chronomem.search.render import fact_line  # noqa: E402

__all__ = ["ChronomemRetriever", "episode_document", "fact_document", "memory_tools"]


class ChronomemRetriever(BaseRetriever):
    """Facts and episodes of one group as LangChain documents, best first.

    ``k`` caps the facts, ``episodes`` the raw episodes (0 for facts only); ``valid_at`` /
    ``known_at`` ask what was true / what the memory believed at a time (a call's keyword
    arguments override them). An empty query raises ``ValueError``.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    memory: Memory
    group_id: str
    k: int = Field(default=5, ge=1, le=100)
    episodes: int = Field(default=2, ge=0, le=50)
    max_tokens: int = Field(default=2_000, ge=50)
    valid_at: datetime | None = None
    known_at: datetime | None = None

    def model_post_init(self, context: Any, /) -> None:
        check_group_id(self.group_id)

    def _get_relevant_documents(
        self,
        query: str,
        *,
        run_manager: CallbackManagerForRetrieverRun,
        valid_at: datetime | None = None,
        known_at: datetime | None = None,
    ) -> list[Document]:
        found = self.memory.context(
            check_query(query),
            group_id=self.group_id,
            max_tokens=self.max_tokens,
            valid_at=valid_at or self.valid_at,
            known_at=known_at or self.known_at,
        )
        docs = [fact_document(f) for f in found.facts[: self.k]]
        return docs + [episode_document(e) for e in found.episodes[: self.episodes]]


def fact_document(fact: Fact) -> Document:
    """A fact as a document: its dated line as content, its dates and ids as metadata."""
    return Document(
        page_content=fact_line(fact).removeprefix("- "),
        id=fact.id,
        metadata={
            "kind": "fact",
            "fact": fact.fact,
            "relation": fact.relation,
            "group_id": fact.group_id,
            "valid_at": _iso(fact.valid_at),
            "invalid_at": _iso(fact.invalid_at),
            "created_at": _iso(fact.created_at),
            "expired_at": _iso(fact.expired_at),
            "episodes": list(fact.episodes),
        },
    )


def episode_document(episode: Episode) -> Document:
    """A raw episode (a message, text or JSON) as a document."""
    return Document(
        page_content=episode.content,
        id=episode.id,
        metadata={
            "kind": "episode",
            "group_id": episode.group_id,
            "source": episode.source.value,
            "reference_time": _iso(episode.reference_time),
            "created_at": _iso(episode.created_at),
        },
    )


def memory_tools(memory: Memory, *, group_id: str, speaker: str = "User") -> list[BaseTool]:
    """``remember``, ``recall``, ``context_for`` and ``timeline`` as LangChain tools bound to
    one group (for ``bind_tools`` and LangGraph's ``ToolNode``). A bad argument raises
    pydantic's ``ValidationError`` through the tool, as for any LangChain tool."""
    tools = MemoryTools(memory, group_id, speaker=speaker)
    return [
        StructuredTool.from_function(func=method, parse_docstring=False)
        for method in (tools.remember, tools.recall, tools.context_for, tools.timeline)
    ]


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None
