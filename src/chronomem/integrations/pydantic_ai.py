"""pydantic-ai: the four memory tools as a ``FunctionToolset`` bound to one group.

``Agent(model, toolsets=[memory_toolset(memory, group_id="u1")])`` lets the model call
``remember``, ``recall``, ``context_for`` and ``timeline``; their docstrings and argument
descriptions are the tool descriptions it sees. Arguments are validated by pydantic-ai from
the signatures (an empty query goes back to the model as a retry prompt), and a caller's
mistake chronomem finds (a bad date, an unknown name) is a ``ModelRetry`` with the fix.

Needs ``pip install "chronomem[pydantic-ai]"``.
"""

from __future__ import annotations

from typing import Any

from chronomem.integrations import require

require("pydantic_ai", "pydantic-ai")

from pydantic_ai import ModelRetry  # noqa: E402
from pydantic_ai.toolsets import FunctionToolset  # noqa: E402

from chronomem.integrations.tools import MemoryTools, translating  # noqa: E402
from chronomem.memory import Memory  # noqa: E402

__all__ = ["memory_toolset"]


def memory_toolset(
    memory: Memory, *, group_id: str, speaker: str = "User", max_retries: int = 2
) -> FunctionToolset[Any]:
    """The memory tools over ``memory``, every call in ``group_id``; ``speaker`` names the
    user in remembered messages ("Sam: I moved to Berlin")."""
    tools = MemoryTools(memory, group_id, speaker=speaker)
    return FunctionToolset(
        [translating(m, ModelRetry) for m in tools.methods()],
        max_retries=max_retries,
        docstring_format="google",
    )
