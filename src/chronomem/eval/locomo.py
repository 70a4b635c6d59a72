"""LoCoMo's published JSON (``locomo10.json``): a list of samples, each with
``sample_id``, ``conversation`` (``speaker_a``, ``speaker_b``, ``session_<n>`` lists of
``{speaker, dia_id, text[, blip_caption]}`` and ``session_<n>_date_time`` like
``"1:56 pm on 8 May, 2023"``) and ``qa`` (``question``, ``answer``, ``evidence`` dia ids,
``category`` 1-5).

Categories 1-4 are used (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop); category 5
(adversarial) has no gold answer and is left out, as in the published evaluations. A turn is
stored as ``"Speaker: text"``, a shared photo's caption appended.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from chronomem.errors import UsageError
from chronomem.eval.data import Conversation, Question, Turn
from chronomem.jsontext import json_value
from chronomem.textfiles import read_text

__all__ = ["CATEGORIES", "load_locomo", "locomo_conversation"]

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
_DATE_FORMAT = "%I:%M %p on %d %B, %Y"


def load_locomo(path: str | Path) -> list[Conversation]:
    data = _read(path)
    if not isinstance(data, list) or not all(isinstance(s, dict) for s in data):
        raise UsageError(f"{path}: not LoCoMo JSON (expected a list of samples)")
    return [locomo_conversation(sample, n) for n, sample in enumerate(data, 1)]


def locomo_conversation(sample: dict[str, Any], number: int = 1) -> Conversation:
    conv = sample.get("conversation")
    if not isinstance(conv, dict):
        raise UsageError(f"LoCoMo sample {number} has no 'conversation' object")
    turns = _turns(conv)
    known = {t.id for t in turns}
    session_of = {t.id: t.session for t in turns}
    questions = []
    for i, qa in enumerate(sample.get("qa", [])):
        gold = frozenset(e.strip() for e in qa.get("evidence", []) if e.strip() in known)
        category = qa.get("category")
        if category not in CATEGORIES or "answer" not in qa:
            continue
        questions.append(
            Question(
                id=f"q{i}",
                question=str(qa["question"]),
                answer=str(qa["answer"]),
                category=CATEGORIES[category],
                evidence=gold,
                evidence_sessions=frozenset(session_of[e] for e in gold),
            )
        )
    name = str(sample.get("sample_id", f"conv-{number}"))
    return Conversation(
        id=re.sub(r"[^A-Za-z0-9_-]", "-", name), turns=turns, questions=tuple(questions)
    )


def _turns(conv: dict[str, Any]) -> tuple[Turn, ...]:
    turns: list[Turn] = []
    n = 1
    while f"session_{n}" in conv or f"session_{n}_date_time" in conv:
        raw_date = conv.get(f"session_{n}_date_time", "")
        try:
            when = datetime.strptime(raw_date, _DATE_FORMAT).replace(tzinfo=UTC)
        except ValueError:
            raise UsageError(
                f"LoCoMo session_{n}_date_time {raw_date!r}: expected like '1:56 pm on 8 May, 2023'"
            ) from None
        for t in conv.get(f"session_{n}", []):
            text = f"{t['speaker']}: {t['text']}"
            if t.get("blip_caption"):
                text += f" [shares a photo: {t['blip_caption']}]"
            turns.append(Turn(id=str(t["dia_id"]), session=f"session_{n}", text=text, when=when))
        n += 1
    return tuple(turns)


def _read(path: str | Path) -> object:
    return json_value(read_text(path, what="data file"), where=str(path))
