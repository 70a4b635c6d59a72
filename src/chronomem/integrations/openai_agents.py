"""OpenAI Agents SDK: the four memory tools as ``FunctionTool``\\ s bound to one group.

``Agent(name=..., tools=memory_tools(memory, group_id="u1"))`` lets the model call
``remember``, ``recall``, ``context_for`` and ``timeline``; their docstrings and argument
descriptions are the tool descriptions it sees. The SDK validates arguments against the
schemas built from the signatures; a caller's mistake chronomem finds (a bad date, an
unknown name) goes back to the model as the tool's output, with the fix, and any other
failure as the SDK's default tool error message.

Needs ``pip install "chronomem[openai-agents]"``.
"""

from __future__ import annotations

from typing import Any

from chronomem.integrations import require

require("agents", "openai-agents")

from agents import FunctionTool, RunContextWrapper, function_tool  # noqa: E402
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
    """A caller's mistake is shown to the model (it says how to fix the call); anything else
    gets the SDK's default message, which hides internals."""
    cause = error.__cause__ if error.__cause__ is not None else error
    if isinstance(cause, UsageError) or isinstance(error, UsageError):
        return f"Error: {cause}"
    return default_tool_error_function(ctx, error)
