"""Adapters for agent frameworks, one module per framework, each behind its own extra.

=====================  ===========================  =====================================
module                 extra                        what it gives
=====================  ===========================  =====================================
``langchain``          ``chronomem[langchain]``     ``ChronomemRetriever``, ``memory_tools``
``langgraph``          ``chronomem[langgraph]``     ``ChronomemStore``, ``remember_turns``
``openai_agents``      ``chronomem[openai-agents]`` ``memory_tools`` (``FunctionTool``\\ s)
``pydantic_ai``        ``chronomem[pydantic-ai]``   ``memory_toolset`` (``FunctionToolset``)
``llamaindex``         ``chronomem[llamaindex]``    ``ChronomemMemoryBlock``, retriever
=====================  ===========================  =====================================

The framework-neutral part (the four tools, their argument checks and their text) is
:mod:`chronomem.integrations.tools`; each adapter only translates it into its framework's
interface. See ``docs/integrations.md``.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def require(module: str, extra: str) -> ModuleType:
    """Import a framework module, or raise ImportError saying which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(f'{module} is not installed: pip install "chronomem[{extra}]"') from exc
