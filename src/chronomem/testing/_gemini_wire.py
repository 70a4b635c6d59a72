"""Gemini's ``generateContent`` wire format for the fake server: requests in, replies out.

A request is ``{"contents": [{"role": "user"|"model", "parts": [{"text": ...}]}],
"systemInstruction": {"parts": [...]}, "generationConfig": {"responseMimeType":
"application/json", "responseJsonSchema" | "responseSchema": {...}, ...}}``; the model name is
in the path (``/v1beta/models/<model>:generateContent``). A reply carries ``candidates[0]
.content.parts[0].text``, a ``finishReason`` and ``usageMetadata`` token counts. Tokens are
counted as for the other wires (:mod:`chronomem.testing._fake_wire`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping

from chronomem.model.graph import JSONValue
from chronomem.testing._fake_wire import ChatRequest, count_tokens

GENERATE = ":generateContent"


def is_gemini(path: str) -> bool:
    return path.endswith(GENERATE)


def model_of(path: str) -> str:
    """``gemini-2.5-flash`` from ``/v1beta/models/gemini-2.5-flash:generateContent``."""
    return path.rsplit("/", 1)[-1].removesuffix(GENERATE)


def _parts_text(content: JSONValue) -> str:
    parts = content.get("parts") if isinstance(content, dict) else None
    if not isinstance(parts, list):
        return ""
    return "".join(str(p.get("text", "")) for p in parts if isinstance(p, dict))


def describe_gemini(payload: Mapping[str, JSONValue]) -> tuple[ChatRequest, int, int]:
    """The request as an auto-answerer sees it, its prompt tokens and its schema tokens.

    The task is the schema's ``title`` when there is one, else ``"json"`` / ``"text"``:
    Gemini requests carry no schema name, so a queued answer's ``task=`` matches on that."""
    raw = payload.get("contents")
    contents = [c for c in raw if isinstance(c, dict)] if isinstance(raw, list) else []
    system = _parts_text(payload.get("systemInstruction"))
    turns = [_parts_text(c) for c in contents]
    config = payload.get("generationConfig")
    config = config if isinstance(config, dict) else {}
    schema = config.get("responseJsonSchema") or config.get("responseSchema")
    title = schema.get("title") if isinstance(schema, dict) else None
    json_mode = config.get("responseMimeType") == "application/json"
    task = str(title) if title else ("json" if json_mode else "text")
    texts = ([system] if system else []) + turns
    prompt_tokens = sum(count_tokens(t) + 4 for t in texts) + 3
    schema_tokens = count_tokens(json.dumps(schema)) if schema is not None else 0
    request = ChatRequest(task=task, system=system, user="\n".join(turns), schema=schema)
    return request, prompt_tokens, schema_tokens


def render_gemini_reply(
    path: str, content: JSONValue | str, input_tokens: int, truncated: bool = False
) -> tuple[dict[str, JSONValue], int]:
    """A 200 ``GenerateContentResponse`` whose one candidate's text is ``content``."""
    text = content if isinstance(content, str) else json.dumps(content)
    output_tokens = count_tokens(text)
    reply: dict[str, JSONValue] = {
        "candidates": [
            {
                "content": {"role": "model", "parts": [{"text": text}]},
                "finishReason": "MAX_TOKENS" if truncated else "STOP",
                "index": 0,
            }
        ],
        "usageMetadata": {
            "promptTokenCount": input_tokens,
            "candidatesTokenCount": output_tokens,
            "totalTokenCount": input_tokens + output_tokens,
        },
        "modelVersion": model_of(path),
        "responseId": f"fake-{int(time.time() * 1e6)}",
    }
    return reply, output_tokens


def gemini_error(status: int, message: str) -> bytes:
    """Google's error envelope: ``{"error": {"code", "message", "status"}}``."""
    names = {
        400: "INVALID_ARGUMENT",
        401: "UNAUTHENTICATED",
        403: "PERMISSION_DENIED",
        404: "NOT_FOUND",
        429: "RESOURCE_EXHAUSTED",
        500: "INTERNAL",
        503: "UNAVAILABLE",
    }
    body = {"error": {"code": status, "message": message, "status": names.get(status, "UNKNOWN")}}
    return json.dumps(body).encode()
