"""Cross-encoder by LLM: how well each passage answers a query, all passages in one call."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from chronomem.ports import ChatMessage
from chronomem.prompts._format import clip

__all__ = ["NAME", "MAX_SCORE", "PassageScore", "ScoreContext", "ScoreResponse", "render"]

NAME = "score"
MAX_SCORE = 10
PASSAGE_CHARS = 500

SYSTEM = f"""\
Rate how relevant each numbered passage is to the query, from 0 (unrelated) to \
{MAX_SCORE} (answers it directly). Judge each passage on its own. Answer every passage \
number once."""


@dataclass(frozen=True, slots=True)
class ScoreContext:
    query: str
    passages: tuple[str, ...]


class PassageScore(BaseModel):
    id: int
    score: float


class ScoreResponse(BaseModel):
    """A relevance score per passage number."""

    scores: list[PassageScore]


def render(ctx: ScoreContext) -> list[ChatMessage]:
    lines = "\n".join(f"[{n}] {clip(p, PASSAGE_CHARS)}" for n, p in enumerate(ctx.passages))
    return [
        {"role": "system", "content": SYSTEM},
        {
            "role": "user",
            "content": f"<query>{clip(ctx.query, 1000)}</query>\n<passages>\n{lines}\n</passages>",
        },
    ]
