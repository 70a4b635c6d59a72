"""LongMemEval's published JSON (``longmemeval_s.json``, ``_m``, ``_oracle``): a list of
questions, each with its own haystack.

Fields used: ``question_id``, ``question_type``, ``question``, ``answer``,
``question_date`` and ``haystack_dates`` (``"2023/05/20 (Sat) 02:21"``),
``haystack_session_ids``, ``haystack_sessions`` (a list of sessions, each a list of
``{role, content, has_answer}``) and ``answer_session_ids``. Each question becomes one
:class:`~chronomem.eval.data.Conversation`; turn ``i`` of session ``s`` has the id
``s:i``, and the turns marked ``has_answer`` are its evidence. A question id ending in
``_abs`` is an abstention question (the answer is not in the haystack).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from chronomem.errors import UsageError
from chronomem.eval.data import Conversation, Question, Turn
from chronomem.eval.locomo import _read

__all__ = ["load_longmemeval", "longmemeval_conversation", "parse_lme_date"]

_DAY = re.compile(r"\s*\([A-Za-z]+\)\s*")
_ROLES = {"user": "User", "assistant": "Assistant"}


def parse_lme_date(text: str) -> datetime:
    """``"2023/05/20 (Sat) 02:21"`` -> 2023-05-20 02:21 UTC (the weekday is dropped)."""
    cleaned = _DAY.sub(" ", str(text)).strip()
    for fmt in ("%Y/%m/%d %H:%M", "%Y/%m/%d"):
        try:
            return datetime.strptime(cleaned, fmt).replace(tzinfo=UTC)
        except ValueError:
            continue
    raise UsageError(f"LongMemEval date {text!r}: expected like '2023/05/20 (Sat) 02:21'")


def load_longmemeval(path: str | Path) -> list[Conversation]:
    data = _read(path)
    if not isinstance(data, list) or not all(isinstance(q, dict) for q in data):
        raise UsageError(f"{path}: not LongMemEval JSON (expected a list of questions)")
    return [longmemeval_conversation(item) for item in data]


def longmemeval_conversation(item: dict[str, Any]) -> Conversation:
    missing = [
        k for k in ("question_id", "question", "answer", "haystack_sessions") if k not in item
    ]
    if missing:
        raise UsageError(f"LongMemEval item lacks {', '.join(missing)}")
    qid = str(item["question_id"])
    sessions = item["haystack_sessions"]
    ids = [str(s) for s in item.get("haystack_session_ids", range(len(sessions)))]
    dates = item.get("haystack_dates") or []
    if len(ids) != len(sessions) or (dates and len(dates) != len(sessions)):
        raise UsageError(f"LongMemEval {qid}: haystack ids, dates and sessions differ in length")
    turns: list[Turn] = []
    evidence: set[str] = set()
    for n, (sid, session) in enumerate(zip(ids, sessions, strict=True)):
        when = parse_lme_date(dates[n]) if dates else datetime(2000, 1, 1, tzinfo=UTC)
        for i, message in enumerate(session):
            turn_id = f"{sid}:{i}"
            role = _ROLES.get(str(message.get("role")), str(message.get("role", "user")))
            turns.append(Turn(turn_id, sid, f"{role}: {message.get('content', '')}", when))
            if message.get("has_answer"):
                evidence.add(turn_id)
    abstention = qid.endswith("_abs")
    question = Question(
        id=qid,
        question=str(item["question"]),
        answer=str(item["answer"]),
        category=str(item.get("question_type", "unknown")),
        evidence=frozenset() if abstention else frozenset(evidence),
        evidence_sessions=frozenset()
        if abstention
        else frozenset(str(s) for s in item.get("answer_session_ids", [])),
        asked_at=parse_lme_date(item["question_date"]) if item.get("question_date") else None,
        abstention=abstention,
    )
    return Conversation(
        id=re.sub(r"[^A-Za-z0-9_-]", "-", qid), turns=tuple(turns), questions=(question,)
    )
