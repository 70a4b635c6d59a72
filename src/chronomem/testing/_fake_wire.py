"""Wire formats of the fake server: reading OpenAI / Anthropic requests, writing replies.

Token accounting follows the Graphiti peer harness, so numbers compare side by side:
prompt tokens = tokens of every message's text + 4 per message + 3; the JSON schema sent
as structured-output format (or tool parameters) is counted separately as schema tokens,
serialised with ``json.dumps`` defaults.
"""

from __future__ import annotations

import json
import time
import warnings
from collections.abc import Mapping
from dataclasses import dataclass

from chronomem.model.graph import JSONValue


def _load_tokenizer() -> tuple[object | None, str]:
    """o200k_base from the offline ``bpe-openai`` package (what Graphiti's harness counts
    with), else None and chars / 4."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # its use of importlib.resources
        try:
            import bpe_openai

            encoding = bpe_openai.get_encoding("o200k_base")
            encoding.encode("warm up")  # load the vocabulary now
        except Exception:  # optional and offline: any failure means "not available"
            return None, "chars/4"
    return encoding, "o200k_base"


_ENCODING, TOKENIZER = _load_tokenizer()


def count_tokens(text: str) -> int:
    """Tokens of ``text`` (o200k_base when ``bpe-openai`` is installed, else chars / 4)."""
    if not text:
        return 0
    if _ENCODING is not None:
        return len(_ENCODING.encode(text))  # type: ignore[attr-defined]
    return (len(text) + 3) // 4


@dataclass(frozen=True, slots=True)
class ChatRequest:
    """What an auto-answerer sees: the task (schema or tool name) and the prompt text."""

    task: str
    system: str
    user: str
    schema: JSONValue


def _text(content: JSONValue) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            str(p.get("text", "")) for p in content if isinstance(p, dict) and "text" in p
        )
    return ""


def _get(mapping: JSONValue | Mapping[str, JSONValue], *keys: str) -> JSONValue:
    node: JSONValue | Mapping[str, JSONValue] = mapping
    for key in keys:
        if not isinstance(node, Mapping):
            return None
        node = node.get(key)
    return node if not isinstance(node, Mapping) else dict(node)


def describe(payload: Mapping[str, JSONValue], *, anthropic: bool) -> tuple[ChatRequest, int, int]:
    """The request as an auto-answerer sees it, its prompt tokens and its schema tokens."""
    raw = payload.get("messages")
    messages = [m for m in raw if isinstance(m, dict)] if isinstance(raw, list) else []
    system_parts = [_text(m.get("content")) for m in messages if m.get("role") == "system"]
    if anthropic and payload.get("system"):
        system_parts.insert(0, _text(payload.get("system")))
    others = [_text(m.get("content")) for m in messages if m.get("role") != "system"]
    tools = payload.get("tools")
    tool = tools[0] if isinstance(tools, list) and tools else None
    if anthropic:
        task, schema = _get(tool, "name"), _get(tool, "input_schema")
    elif _get(payload, "response_format", "type") == "json_schema":
        task = _get(payload, "response_format", "json_schema", "name")
        schema = _get(payload, "response_format", "json_schema", "schema")
    elif tool is not None:
        task, schema = _get(tool, "function", "name"), _get(tool, "function", "parameters")
    else:
        task, schema = _get(payload, "response_format", "type") or "text", None
    texts = system_parts + others
    prompt_tokens = sum(count_tokens(t) + 4 for t in texts) + 3
    schema_tokens = count_tokens(json.dumps(schema)) if schema is not None else 0
    request = ChatRequest(
        task=str(task or ""),
        system="\n".join(system_parts),
        user="\n".join(others),
        schema=schema,
    )
    return request, prompt_tokens, schema_tokens


def render_reply(
    payload: Mapping[str, JSONValue],
    content: JSONValue | str,
    input_tokens: int,
    anthropic: bool,
    truncated: bool = False,
) -> tuple[dict[str, JSONValue], int]:
    """A 200 reply carrying ``content`` in the shape the request asked for; ``truncated``
    reports that the answer hit the output token cap."""
    text = content if isinstance(content, str) else json.dumps(content)
    output_tokens = count_tokens(text)
    tools = payload.get("tools")
    tool = tools[0] if isinstance(tools, list) and tools else None
    model = payload.get("model", "fake-model")
    stamp = int(time.time() * 1e6)
    if anthropic:
        answer, _ = _anthropic_reply(tool, content, text, model, stamp, input_tokens, output_tokens)
        if truncated:
            answer["stop_reason"] = "max_tokens"
        return answer, output_tokens
    message: dict[str, JSONValue] = {"role": "assistant", "content": text, "refusal": None}
    finish = "stop"
    if tool is not None and payload.get("tool_choice") not in (None, "none", "auto"):
        # a forced named tool ({"type": "function", "function": {"name": ...}}) is that tool
        name = _get(payload, "tool_choice", "function", "name") or _get(tool, "function", "name")
        message["content"] = None
        message["tool_calls"] = [
            {
                "id": f"call_{stamp}",
                "type": "function",
                "function": {"name": name, "arguments": text},
            }
        ]
        finish = "tool_calls"
    if truncated:
        finish = "length"
    reply: dict[str, JSONValue] = {
        "id": f"chatcmpl-{stamp}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
        "usage": {
            "prompt_tokens": input_tokens,
            "completion_tokens": output_tokens,
            "total_tokens": input_tokens + output_tokens,
        },
    }
    return reply, output_tokens


def _anthropic_reply(
    tool: JSONValue,
    content: JSONValue | str,
    text: str,
    model: JSONValue,
    stamp: int,
    input_tokens: int,
    output_tokens: int,
) -> tuple[dict[str, JSONValue], int]:
    block: dict[str, JSONValue] = {"type": "text", "text": text}
    stop = "end_turn"
    if tool is not None and isinstance(content, dict):
        block = {
            "type": "tool_use",
            "id": f"toolu_{stamp}",
            "name": _get(tool, "name"),
            "input": content,
        }
        stop = "tool_use"
    reply: dict[str, JSONValue] = {
        "id": f"msg_{stamp}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [block],
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
    }
    return reply, output_tokens
