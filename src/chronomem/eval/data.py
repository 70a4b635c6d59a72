"""What every benchmark loader returns: conversations of dated turns, and questions on them.

A :class:`Conversation` is one memory (one group): LoCoMo has ten, LongMemEval one per
question (each question brings its own haystack of sessions), the generic JSONL format as
many as its lines name. Turn ids are the benchmark's own (LoCoMo ``D1:3``; LongMemEval
``<session id>:<index>``), so evidence lists compare directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

__all__ = ["Conversation", "Question", "Turn"]


@dataclass(frozen=True, slots=True)
class Turn:
    """One message: ``text`` is what is stored ("Speaker: words")."""

    id: str
    session: str
    text: str
    when: datetime


@dataclass(frozen=True, slots=True)
class Question:
    """A question with its gold answer and the turns (and sessions) that hold the evidence.

    ``abstention``: the answer is not in the conversation (the model should say so); such
    questions have no evidence and count only for answer accuracy."""

    id: str
    question: str
    answer: str
    category: str
    evidence: frozenset[str] = frozenset()
    evidence_sessions: frozenset[str] = frozenset()
    asked_at: datetime | None = None
    abstention: bool = False


@dataclass(frozen=True, slots=True)
class Conversation:
    id: str
    turns: tuple[Turn, ...]
    questions: tuple[Question, ...] = field(default_factory=tuple)

    def session_of(self) -> dict[str, str]:
        """Turn id -> session id."""
        return {t.id: t.session for t in self.turns}

    @property
    def last_time(self) -> datetime:
        return max(t.when for t in self.turns)
