"""Who speaks: a turn's speaker that is an assistant rather than a person.

On an assistant's turn "I" is the assistant and "you" the user: the rule extractor reads the
turn that way, and the searcher counts only the user's turns as what the user said.
"""

from __future__ import annotations

from chronomem.model.names import normalize_name
from chronomem.text.words import word_set

# A speaker whose turns are an assistant's: "I" is the assistant, "you" the user.
ASSISTANT_NAMES = word_set(
    "assistant ai bot chatbot chatgpt gpt claude gemini copilot model system agent helper"
)


def is_assistant(speaker: str | None) -> bool:
    """Is ``speaker`` an assistant rather than a person ("Assistant", "AI", "ChatGPT")?"""
    return speaker is not None and normalize_name(speaker).replace(" ", "") in ASSISTANT_NAMES
