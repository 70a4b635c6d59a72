"""OpenAI Agents SDK: the four memory tools as ``FunctionTool``\\ s bound to one group.

``Agent(name=..., tools=memory_tools(memory, group_id="u1"))`` lets the model call
``remember``, ``recall``, ``context_for`` and ``timeline``; their docstrings and argument
descriptions are the tool descriptions it sees. The SDK validates arguments against the
schemas built from the signatures; a refused argument (an empty query) and a mistake
chronomem finds (a bad date, an unknown name) go back to the model as the tool's output,
saying what to fix; any other failure as the SDK's default tool error message.

Needs ``pip install "chronomem[openai-agents]"``.
"""

from __future__ import annotations

from typing import Any

from chronomem.integrations import require

require("agents", "openai-agents")

from agents import FunctionTool, ModelBehaviorError, RunContextWrapper, function_tool  # noqa: E402
from agents.tool import default_tool_error_function  # noqa: E402

from chronomem.errors import UsageError  # noqa: E402
from chronomem.integrations.tools import MemoryTools  # noqa: E402
from chronomem.memory import Memory  # noqa: E402

__all__ = ["memory_tools"]


def memory_tools(memory: Memory, *, group_id: str, speaker: str = "User") -> list[FunctionTool]:
    """The memory tools over ``memory``, every call in ``group_id``; ``speaker`` names the
    user in remembered messages ("Sam: I moved to Berlin")."""
    tools = MemoryTools(memory, group_id, speaker=speaker)
    return [function_tool(m, failure_error_function=_tool_error) for m in tools.methods()]


def _tool_error(ctx: RunContextWrapper[Any], error: Exception) -> str:
    """A bad call is shown to the model, so it can fix it: arguments the SDK's schema check
    refused, or a mistake chronomem found. Anything else gets the SDK's default message,
    which hides internals."""
    if isinstance(error, UsageError) or (
        isinstance(error, ModelBehaviorError) and str(error).startswith("Invalid JSON input")
    ):
        return f"Error: {error}"
    return default_tool_error_function(ctx, error)
