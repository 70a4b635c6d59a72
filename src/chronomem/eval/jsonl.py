"""The generic JSONL format, for one's own data: one JSON object a line, of two kinds.

``{"type": "turn", "conversation": "c1", "id": "t1", "session": "s1", "speaker": "Alice",
"text": "I moved to Lisbon.", "time": "2024-05-01T10:00:00Z"}`` — ``session`` and
``speaker`` are optional (the text is stored as ``"Speaker: text"`` when a speaker is given).

``{"type": "question", "conversation": "c1", "id": "q1", "question": "Where does Alice
live?", "answer": "Lisbon", "evidence": ["t1"], "category": "single-hop", "time":
"2024-06-01T00:00:00Z"}`` — ``evidence`` (turn ids), ``category`` and ``time`` (when it is
asked) are optional; a question without evidence counts only for answer accuracy.

Conversations keep the order of their first line; ``time`` needs a UTC offset.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from chronomem.errors import UsageError
from chronomem.eval.data import Conversation, Question, Turn
from chronomem.jsontext import json_object
from chronomem.textfiles import read_text

__all__ = ["conversations_from_rows", "load_jsonl"]


def load_jsonl(path: str | Path) -> list[Conversation]:
    lines = read_text(path, what="data file").splitlines()
    rows = [(n, _row(line, path, n)) for n, line in enumerate(lines, 1) if line.strip()]
    return conversations_from_rows(rows, path)


def conversations_from_rows(
    rows: list[tuple[int, dict[str, Any]]], path: str | Path
) -> list[Conversation]:
    """Conversations from rows of this format, each with the number errors cite it by."""
    turns: dict[str, list[Turn]] = {}
    questions: dict[str, list[Question]] = {}
    for number, row in rows:
        conv = str(row.get("conversation", "default"))
        turns.setdefault(conv, [])
        questions.setdefault(conv, [])
        if row.get("type") == "turn":
            turns[conv].append(_turn(row, path, number))
        elif row.get("type") == "question":
            questions[conv].append(_question(row, path, number))
        else:
            raise UsageError(f"{path}:{number}: 'type' must be 'turn' or 'question'")
    out = []
    for conv, conv_turns in turns.items():
        if not conv_turns:
            raise UsageError(f"{path}: conversation {conv!r} has questions but no turns")
        session_of = {t.id: t.session for t in conv_turns}
        fixed = [_with_sessions(q, session_of, path) for q in questions[conv]]
        out.append(Conversation(conv, tuple(conv_turns), tuple(fixed)))
    return out


def _row(line: str, path: str | Path, number: int) -> dict[str, Any]:
    return json_object(line, where=f"{path}:{number}")


def _time(value: object, path: str | Path, number: int) -> datetime:
    try:
        when = datetime.fromisoformat(str(value))
    except ValueError:
        raise UsageError(f"{path}:{number}: time {value!r} is not ISO 8601") from None
    if when.tzinfo is None:
        raise UsageError(f"{path}:{number}: time {value!r} needs a UTC offset (e.g. Z)")
    return when


def _turn(row: dict[str, Any], path: str | Path, number: int) -> Turn:
    for key in ("id", "text", "time"):
        if key not in row:
            raise UsageError(f"{path}:{number}: a turn needs {key!r}")
    text = str(row["text"])
    if row.get("speaker"):
        text = f"{row['speaker']}: {text}"
    session = str(row.get("session", "s1"))
    return Turn(str(row["id"]), session, text, _time(row["time"], path, number))


def _question(row: dict[str, Any], path: str | Path, number: int) -> Question:
    for key in ("id", "question", "answer"):
        if key not in row:
            raise UsageError(f"{path}:{number}: a question needs {key!r}")
    asked = _time(row["time"], path, number) if row.get("time") else None
    return Question(
        id=str(row["id"]),
        question=str(row["question"]),
        answer=str(row["answer"]),
        category=str(row.get("category", "all")),
        evidence=frozenset(str(e) for e in row.get("evidence", [])),
        asked_at=asked,
    )


def _with_sessions(q: Question, session_of: dict[str, str], path: str | Path) -> Question:
    unknown = sorted(q.evidence - set(session_of))
    if unknown:
        raise UsageError(f"{path}: question {q.id!r} cites unknown turn ids {unknown}")
    sessions = frozenset(session_of[e] for e in q.evidence)
    return Question(
        q.id, q.question, q.answer, q.category, q.evidence, sessions, q.asked_at, q.abstention
    )
